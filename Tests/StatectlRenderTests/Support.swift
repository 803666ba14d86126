import Foundation
import Testing
import StatectlSimulate

let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("golden")

/// Compares `actual` with a golden file. With STATECTL_UPDATE_GOLDENS=1 (and not under CI)
/// the golden is rewritten instead, for an intended change.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = goldenDirectory.appendingPathComponent(name)
    let environment = ProcessInfo.processInfo.environment
    if environment["STATECTL_UPDATE_GOLDENS"] == "1", environment["CI"] == nil {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(actual == expected, "golden \(name) differs; rerun with STATECTL_UPDATE_GOLDENS=1 if intended", sourceLocation: sourceLocation)
}

/// Simulates a script held in memory and returns its records.
func records(of source: String) -> [Record] {
    let collector = RecordCollector()
    let script = Script(mode: .run(collector))
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        _ = script.feed(line: Array(line.utf8), number: index + 1)
    }
    _ = script.finish()
    return collector.records
}

/// Whether this test process runs under AddressSanitizer or ThreadSanitizer (scripts/test.sh
/// runs the suite under both). Their allocators keep freed memory aside, so a test that
/// watches resident memory cannot run under them.
let runningUnderSanitizer: Bool = {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
        || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}()
