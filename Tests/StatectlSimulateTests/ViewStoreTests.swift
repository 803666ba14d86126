import Testing
@testable import StatectlSimulate

/// The machine's view store packs the library's keys' plain views into a word and spills
/// into a dictionary for anything else; each test runs the same changes on a store and a
/// dictionary and compares every read.
@Suite("View store")
struct ViewStoreTests {
    private static let keys = ["content", "loading", "error", "empty", "spinner", ""]

    private func expectSame(_ store: ViewStore, _ dictionary: [String: StoredView]) {
        #expect(store.count == dictionary.count)
        for key in Self.keys { #expect(store[key] == dictionary[key], "key \(key)") }
        let elements = store.elements.sorted { $0.key < $1.key }
        #expect(elements.map(\.key) == dictionary.keys.sorted())
        #expect(elements.map(\.value) == dictionary.keys.sorted().map { dictionary[$0]! })
        for state in [MachineState.none] + Self.keys.map(MachineState.view) {
            #expect(store.view(for: state) == state.keyOrNil.flatMap { dictionary[$0] })
        }
    }

    @Test("adding, replacing and removing views reads as a dictionary would, packed or not",
          arguments: [
            [("loading", 1, 0), ("error", 2, 0), ("loading", 3, 0), ("empty", 4, 0)],  // stays packed
            [("loading", 1, 0), ("error", 2, 5), ("loading", 3, 0)],  // insets: spills
            [("error", 2, 0), ("spinner", 3, 0), ("error", 4, 0)],  // a custom key: spills
            [("", 70000, 0), ("content", 70001, 0)],  // serials too large to pack
          ])
    func changes(views: [(String, Int, Int64)]) {
        var store = ViewStore()
        var dictionary: [String: StoredView] = [:]
        for (key, serial, inset) in views {
            let view = StoredView(serial: serial, insets: Insets(top: inset, left: 0, bottom: 0, right: 0))
            #expect(store.updateValue(view, forKey: key) == dictionary.updateValue(view, forKey: key))
            expectSame(store, dictionary)
        }
        let copy = store
        for key in Self.keys {
            #expect(store.removeValue(forKey: key) == dictionary.removeValue(forKey: key))
            expectSame(store, dictionary)
        }
        #expect(copy.count == Set(views.map(\.0)).count, "a copy keeps its views")
    }
}
