#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlRender

/// The process's terminal and environment, the only place the CLI reads them.
final class Console {
    let out: OutputBuffer
    let err: OutputBuffer
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
        out = OutputBuffer { writeAll(descriptor: 1, $0) }
        err = OutputBuffer(threshold: 0) { writeAll(descriptor: 2, $0) }
    }

    /// Colour only on a terminal and only when NO_COLOR is not set (no-color.org).
    func wantsColor(onStandardError: Bool) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return isatty(onStandardError ? 2 : 1) == 1
    }

    /// Whether standard output is a terminal (where binary output would be garbage).
    var outputIsTerminal: Bool { isatty(1) == 1 }

    func flush() {
        out.flush()
        err.flush()
    }

    func error(_ message: String, notes: [String] = []) {
        err.write("statectl: error: \(message)\n")
        for note in notes { err.write("  note: \(note)\n") }
    }
}

/// Reads an environment snapshot once, at start-up.
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}

/// Writes every byte, retrying short writes; a closed pipe simply ends the output.
func writeAll(descriptor: Int32, _ buffer: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
}

func writeAll(descriptor: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { writeAll(descriptor: descriptor, $0) }
}
