import Testing
@testable import StatectlSimulate

/// `MachineState` keeps the library's four keys as numbers and other keys as text; these
/// check that the two forms never tell the same state apart, nor different ones together.
@Suite("Machine states")
struct MachineStateTests {
    @Test("a library key made from any string is the same state, with the same hash, as the numbered one")
    func libraryKeysAreCanonical() {
        for (index, key) in MachineState.libraryKeys.enumerated() {
            // Built at run time, in a buffer of its own, not as a literal.
            let made = String(decoding: Array(key.utf8), as: UTF8.self)
            #expect(MachineState.view(made) == MachineState.library(index))
            #expect(MachineState.view(made).hashValue == MachineState.library(index).hashValue)
            #expect(MachineState.view(made).keyOrNil == key)
            #expect(MachineState.view(made).libraryCode == UInt8(index + 1))
        }
    }

    @Test("custom keys, near misses of the library's included, are kept as their text")
    func customKeys() {
        for key in ["Loading", "errors", "empt", "", "content ", "none", "a\nb"] {
            let state = MachineState.view(key)
            #expect(state.keyOrNil == key)
            #expect(state.libraryCode == nil)
            #expect(!MachineState.libraryKeys.indices.contains { state == .library($0) })
        }
        #expect(MachineState.view("x") != MachineState.view("y"))
        #expect(MachineState.view("x") == MachineState.view("x"))
    }

    @Test("names: none reads as content, a view keyed content logs as view(content)")
    func names() {
        #expect(MachineState.none.stateName == "content")
        #expect(MachineState.none.logName == "content")
        #expect(MachineState.none.keyOrNil == nil)
        #expect(MachineState.none.libraryCode == 0)
        #expect(MachineState.view("content") != .none)
        #expect(MachineState.view("content").stateName == "content")
        #expect(MachineState.view("content").logName == "view(content)")
        #expect(MachineState.view("error").logName == "error")
        #expect(MachineState.view("custom").logName == "custom")
    }
}
