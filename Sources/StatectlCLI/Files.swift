#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlParse

/// A file problem, told to the user with the path as they wrote it.
struct FileError: Error {
    var message: String
}

private func describeErrno(_ code: Int32) -> String { String(cString: strerror(code)) }

/// A script's text, read a line at a time. A named file is streamed from disk on each
/// pass; standard input cannot be read twice, so it is held in memory.
enum ScriptSource {
    case file(path: String)
    case memory([UInt8], name: String)

    /// How the script is named in diagnostics: the path as given, never made absolute.
    var displayName: String {
        switch self {
        case .file(let path): return path
        case .memory(_, let name): return name
        }
    }

    /// A script at `path`: streamed from disk when it is a regular file; read once into
    /// memory when it is a pipe or device (`<(…)`, /dev/stdin), which cannot be read twice.
    static func at(_ path: String) throws(FileError) -> ScriptSource {
        if path == "-" { return try standardInput() }
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError(message: "cannot open '\(path)': \(describeErrno(errno))") }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFREG { return .file(path: path) }
        if kind == S_IFDIR { throw FileError(message: "cannot read '\(path)': Is a directory") }
        return .memory(try readFile(path), name: path)
    }

    static func standardInput() throws(FileError) -> ScriptSource {
        .memory(try readAll(descriptor: 0, name: "standard input"), name: "<stdin>")
    }

    /// Calls `body` with the script's text in pieces of any size (lines may be cut), until
    /// the text ends or `body` returns false.
    func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) throws(FileError) {
        switch self {
        case .memory(let bytes, _):
            _ = bytes.withUnsafeBufferPointer(body)
        case .file(let path):
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw FileError(message: "cannot open '\(path)': \(describeErrno(errno))") }
            defer { close(descriptor) }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileError(message: "cannot read '\(path)': \(describeErrno(errno))")
                }
                if count == 0 { return }
                guard chunk.withUnsafeBufferPointer({ body(UnsafeBufferPointer(rebasing: $0[0..<count])) }) else { return }
            }
        }
    }

    /// Calls `body` with every line and its number. Stops early when `body` returns false.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) throws(FileError) {
        var splitter = LineSplitter()
        var going = true
        try forEachChunk { chunk in
            splitter.feed(chunk) { line, number in if going { going = body(line, number) } }
            return going
        }
        if going { splitter.finish { line, number in _ = body(line, number) } }
    }
}

/// Reads a whole file or descriptor into memory.
func readAll(descriptor: Int32, name: String) throws(FileError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw FileError(message: "cannot read \(name): \(describeErrno(errno))")
        }
        if count == 0 { return result }
        result += chunk[0..<count]
    }
}

func readFile(_ path: String) throws(FileError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileError(message: "cannot open '\(path)': \(describeErrno(errno))") }
    defer { close(descriptor) }
    return try readAll(descriptor: descriptor, name: "'\(path)'")
}

/// Writes `bytes` to `path` so that readers see the old file or the whole new one, never
/// a part: a temporary file beside it, flushed, then renamed over it.
func writeFileAtomically(_ path: String, _ bytes: [UInt8]) throws(FileError) {
    let directory: String
    if let slash = path.lastIndex(of: "/") {
        directory = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
        directory = "."
    }
    var template = Array("\(directory)/.statectl-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw FileError(message: "cannot write '\(path)': \(describeErrno(errno))") }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    var offset = 0
    while offset < bytes.count, failure == nil {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if written < 0 {
            if errno != EINTR { failure = describeErrno(errno) }
        } else {
            offset += written
        }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = describeErrno(errno) }
    // mkstemp makes the file 0600; give it the usual permissions a new file gets.
    let mask = umask(0); umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    if close(descriptor) != 0, failure == nil { failure = describeErrno(errno) }
    if failure == nil, rename(temporary, path) != 0 { failure = describeErrno(errno) }
    if let failure {
        unlink(temporary)
        throw FileError(message: "cannot write '\(path)': \(failure)")
    }
}

func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}
