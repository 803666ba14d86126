#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sizes of memory as `--max-memory` takes them: a whole number of bytes, or with K, M, G
/// or T (powers of 1024, with or without a trailing `iB` or `B`): `512M`, `4GiB`.
enum MemorySize {
    static func parse(_ text: String) -> Int? {
        var rest = Substring(text)
        let binary = rest.hasSuffix("iB")
        if binary { rest = rest.dropLast(2) } else if rest.hasSuffix("B") { rest = rest.dropLast() }
        var shift = 0
        if let unit = rest.last.flatMap({ "KMGT".firstIndex(of: Character($0.uppercased())) }) {
            shift = 10 * ("KMGT".distance(from: "KMGT".startIndex, to: unit) + 1)
            rest = rest.dropLast()
        }
        guard !binary || shift > 0, !rest.isEmpty, rest.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(rest), value > 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
    }

    /// `512 MiB`, `4.0 GiB`: for messages.
    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return "\((Double(bytes) / Double(1 << 30) * 10).rounded() / 10) GiB" }
        if bytes >= 1 << 20 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }

    /// Three quarters of what this process can have: the machine's memory, or the control
    /// group's limit when it has a lower one (a container's).
    static func defaultBudget() -> Int {
        var total = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        if let limit = try? readFile("/sys/fs/cgroup/memory.max"),
           let text = String(validating: limit, as: UTF8.self)?.split(separator: "\n").first,
           let bytes = Int(text), bytes > 0 {
            total = min(total, bytes)
        }
        return max(total / 4 * 3, 64 << 20)
    }
}
