import Testing
@testable import StatectlRender

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test("equal texts have no diff")
    func equal() {
        #expect(UnifiedDiff.diff(expected: "a\nb\n", actual: "a\nb\n", expectedName: "x", actualName: "y") == nil)
    }

    @Test("a change in the middle shows three lines of context and diff -u numbering")
    func middle() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(UnifiedDiff.diff(expected: old, actual: new, expectedName: "a.golden", actualName: "a.script") == """
        --- a.golden
        +++ a.script
        @@ -2,7 +2,7 @@
         line 2
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
         line 8

        """)
    }

    @Test("changes far apart make separate hunks; close ones merge")
    func hunks() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let far = old.replacingOccurrences(of: "\n2\n", with: "\nB\n").replacingOccurrences(of: "\n18\n", with: "\nR\n")
        let diff = UnifiedDiff.diff(expected: old, actual: far, expectedName: "a", actualName: "b")!
        #expect(diff.components(separatedBy: "\n@@").count == 3)
        let near = old.replacingOccurrences(of: "\n5\n", with: "\nE\n").replacingOccurrences(of: "\n9\n", with: "\nI\n")
        #expect(UnifiedDiff.diff(expected: old, actual: near, expectedName: "a", actualName: "b")!.components(separatedBy: "\n@@").count == 2)
    }

    @Test("an empty expected side is numbered 0,0")
    func emptyExpected() {
        #expect(UnifiedDiff.diff(expected: "", actual: "x\n", expectedName: "a", actualName: "b") == "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n")
    }

    @Test("a missing final newline is shown")
    func noNewline() {
        let diff = UnifiedDiff.diff(expected: "a\n", actual: "a", expectedName: "x", actualName: "y")!
        #expect(diff.hasSuffix("-a\n+a\n\\ No newline at end of file\n"))
    }
}
