#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scripts that paths on the command line name: a directory stands for every
/// `*.script` file below it, a file for itself (whatever its extension). Shared by
/// `test` and `graph --trace`, so both read a folder the same way.
///
/// A path that does not exist, or paths that hold no script at all, are usage errors: a
/// CI job pointed at the wrong folder must fail, not pass on nothing.
func scripts(in paths: [String], standardInput: Bool = false) throws(UsageError) -> [String] {
    var found: [String] = []
    for path in paths {
        if isDirectory(path) {
            found += scripts(under: path)
        } else if access(path, F_OK) == 0 || (standardInput && path == "-") {
            found.append(path)
        } else {
            throw UsageError("no such file or directory: '\(path)'")
        }
    }
    guard !found.isEmpty else {
        throw UsageError("no scripts found in \(paths.joined(separator: ", "))",
                         notes: ["a folder is searched for files ending in .script; name a file to use another extension"])
    }
    return found
}

/// `*.script` files below `directory`, sorted, skipping hidden folders and files.
private func scripts(under directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    var names: [String] = []
    while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name.hasPrefix(".") { continue }
        names.append(name)
    }
    closedir(handle)
    var found: [String] = []
    for name in names.sorted() {
        let path = directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
        if isDirectory(path) {
            found += scripts(under: path)
        } else if name.hasSuffix(".script") {
            found.append(path)
        }
    }
    return found
}
