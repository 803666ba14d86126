import Foundation

/// The package root, for the docs and examples the tests check.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The statectl binary built beside this test bundle.
let statectlBinary: URL = {
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    let argument0 = URL(fileURLWithPath: CommandLine.arguments[0])
    candidates.append(argument0.deletingLastPathComponent())
    candidates.append(argument0.deletingLastPathComponent().deletingLastPathComponent())
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    for directory in candidates {
        let binary = directory.appendingPathComponent("statectl")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
    }
    fatalError("statectl binary not found beside the tests; looked in \(candidates.map(\.path))")
}()

struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
}

/// Runs statectl with `arguments` in `directory`, feeding `input` on standard input.
func statectl(_ arguments: [String], input: Data = Data(), directory: URL = packageRoot,
              environment: [String: String] = [:]) throws -> ProcessResult {
    let process = Process()
    process.executableURL = statectlBinary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    // Output goes to files rather than pipes, so a large log cannot block the child.
    let scratch = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
    guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
          FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: scratch.path])
    }
    let stdin = Pipe()
    let stdout = try FileHandle(forWritingTo: outURL), stderr = try FileHandle(forWritingTo: errURL)
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("statectl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
