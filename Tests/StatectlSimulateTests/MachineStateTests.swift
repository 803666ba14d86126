import Testing
@testable import StatectlSimulate

/// `MachineState` keeps the library's four keys as their numbers and other keys as the
/// numbers their text was given; these check that no state is told apart from itself, nor
/// different ones taken together.
@Suite("Machine states")
struct MachineStateTests {
    private let libraryKeys = ["content", "loading", "error", "empty"]

    @Test("a state's log name is encoded from its literal as from its text", arguments: [0, 1, 2, 3, 4, 5] as [UInt8])
    func logNameLiterals(code: UInt8) {
        let state = code < 5 ? MachineState.withLibraryCode(code) : MachineState.view("spinner")
        let fromLiteral = FieldEncoder(), fromText = FieldEncoder()
        fromLiteral.add(.target, logNameOf: state)
        fromText.add(.target, state.logName)
        #expect(Array(fromLiteral.bytes) == Array(fromText.bytes))
    }

    @Test("a library key made from any string is the same state, with the same hash, as the numbered one")
    func libraryKeysAreCanonical() {
        for (index, key) in libraryKeys.enumerated() {
            // Built at run time, in a buffer of its own, not as a literal.
            let made = String(decoding: Array(key.utf8), as: UTF8.self)
            #expect(MachineState.view(made) == MachineState.withLibraryCode(UInt8(index + 1)))
            #expect(MachineState.view(made).hashValue == MachineState.withLibraryCode(UInt8(index + 1)).hashValue)
            #expect(MachineState.view(made).keyOrNil == key)
            #expect(MachineState.view(made).libraryCode == UInt8(index + 1))
        }
    }

    @Test("custom keys, near misses of the library's included, read back as their text")
    func customKeys() {
        for key in ["Loading", "errors", "empt", "", "content ", "none", "a\nb"] {
            let state = MachineState.view(key)
            #expect(state.keyOrNil == key)
            #expect(state.libraryCode == nil)
            #expect(!libraryKeys.indices.contains { state == .withLibraryCode(UInt8($0 + 1)) })
        }
        #expect(MachineState.view("x") != MachineState.view("y"))
        #expect(MachineState.view("x") == MachineState.view("x"))
    }

    @Test("a custom key made in a buffer of its own is the same state as its literal, from any thread")
    func customKeysFromThreads() async {
        let keys = (0..<200).map { "custom state \($0)" }
        let made = await withTaskGroup(of: [MachineState].self) { group in
            for _ in 0..<4 {
                group.addTask { keys.map { MachineState.view(String(decoding: Array($0.utf8), as: UTF8.self)) } }
            }
            var all: [[MachineState]] = []
            for await states in group { all.append(states) }
            return all
        }
        for states in made {
            #expect(states == keys.map { MachineState.view($0) })
            #expect(states.map(\.keyOrNil) == keys)
        }
        #expect(Set(made[0]).count == keys.count)
    }

    @Test("keys read back while other threads number new ones")
    func customKeysReadWhileNumbering() async {
        let keys = (0..<3000).map { "block key \($0)" }
        let states = keys.map { MachineState.view($0) }
        let readBack = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (0..<3000).allSatisfy { MachineState.view("other key \($0)").keyOrNil == "other key \($0)" } }
            for _ in 0..<3 {
                group.addTask { zip(states, keys).allSatisfy { $0.keyOrNil == $1 } }
            }
            var all = true
            for await each in group { all = all && each }
            return all
        }
        #expect(readBack)
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
