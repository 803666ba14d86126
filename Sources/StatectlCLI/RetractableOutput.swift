#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output when what is written to it can be taken back: `run` then checks and
/// simulates a script in one pass, and cuts the log back if the script has errors, leaving
/// what two passes (a check that writes nothing, then a run) would have left.
///
/// Only /dev/null and a regular file qualify; a pipe, a terminal or a socket is read as it is
/// written, so there `run` keeps its two passes.
enum RetractableOutput {
    /// /dev/null: nothing written stays.
    case discarded
    /// A regular file, at `offset` (where the log's first byte goes) and `size` long, with
    /// nothing after the offset that writing could overwrite.
    case file(offset: off_t, size: off_t)

    /// Standard output as it is now, or nil when its writes cannot be taken back.
    static func standardOutput() -> RetractableOutput? {
        var output = stat()
        guard fstat(1, &output) == 0 else { return nil }
        switch output.st_mode & S_IFMT {
        case S_IFCHR:
            var null = stat()
            guard stat("/dev/null", &null) == 0, null.st_mode & S_IFMT == S_IFCHR, null.st_rdev == output.st_rdev else { return nil }
            return .discarded
        case S_IFREG:
            let flags = fcntl(1, F_GETFL)
            guard flags >= 0 else { return nil }
            // Opened to append (`>>`), every write goes to the end, wherever the offset is.
            let offset = flags & O_APPEND != 0 ? output.st_size : lseek(1, 0, SEEK_CUR)
            // Bytes after the offset (`1<> file`) would be overwritten, and two passes keep them.
            guard offset >= output.st_size else { return nil }
            return .file(offset: offset, size: output.st_size)
        default:
            return nil
        }
    }

    /// Cuts the file back to what it was and puts the offset back where it was, so that
    /// diagnostics written to the same file (`> file 2>&1`) land where two passes put them.
    /// Call it once everything buffered has been written.
    func takeBack() throws(FileError) {
        guard case .file(let offset, let size) = self else { return }
        guard ftruncate(1, size) == 0, lseek(1, offset, SEEK_SET) >= 0 else {
            throw FileError(message: "cannot take back the log written to standard output: \(String(cString: strerror(errno)))")
        }
    }
}
