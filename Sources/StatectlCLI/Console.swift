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
    /// The first error writing standard output met, for `run` to report (a file system
    /// full, say); a closed pipe is not one.
    var outputError: Int32? { outputFailure.error }
    private let outputFailure = WriteFailure()

    init(environment: [String: String]) {
        self.environment = environment
        let outputFailure = outputFailure
        // 256 KiB blocks rather than the buffer's 64 KiB: a quarter as many writes, which cost
        // 3-8 % of the CPU time of a long log into a file and woke a reader on a pipe 6,600
        // times for the 1M-statement benchmark (1,700 now); a block still fits in a core's L2.
        out = OutputBuffer(threshold: 1 << 18) { bytes in
            if let error = writeAll(descriptor: 1, bytes), error != EPIPE, outputFailure.error == nil { outputFailure.error = error }
        }
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

/// Where the first error writing standard output is kept, for the buffer's drain to set.
private final class WriteFailure {
    var error: Int32?
}

/// Writes every byte, retrying short writes; the error that stopped it, if any (a closed
/// pipe, EPIPE, simply ends the output).
@discardableResult
func writeAll(descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}

@discardableResult
func writeAll(descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { writeAll(descriptor: descriptor, $0) }
}

/// Lets a pipe on standard output hold a mebibyte instead of 64 KiB, so that statectl and
/// the reader (`statectl run S | grep …`) each run longer between waits: fewer switches when
/// they share one core, less lock-step when a loaded host delays either. Best effort: other
/// kinds of output, a kernel that refuses, or a system without it, leave things as they are.
func enlargeOutputPipe() {
    #if os(Linux)
    var status = stat()
    guard fstat(1, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's Swift module does not export
    _ = fcntl(1, setPipeSize, Int32(1 << 20))
    #endif
}

/// Has the C allocator give blocks of a mebibyte or more their own mapping, returned to the
/// system as soon as they are freed. Left to itself, glibc raises that bound (up to 32 MiB)
/// each time such a block is freed: after the check pass freed a 100 MB line, the run
/// pass's buffer for the same line grew through heap blocks whose pages the heap then kept,
/// 30 MiB of the peak for nothing. Smaller blocks, all a normal script uses, are unaffected.
///
/// `mallopt` is looked up at run time: Glibc's Swift module does not include <malloc.h>.
/// Best effort: without it (another C library), nothing changes.
func returnLargeBlocksWhenFreed() {
    #if canImport(Glibc)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD, from <malloc.h>
    // RTLD_DEFAULT (a null handle): the symbol as the process already links it.
    guard let symbol = dlsym(nil, "mallopt") else { return }
    // Unsafe: a C function pointer given its C signature, `int mallopt(int, int)`.
    _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 1 << 20)
    #endif
}
