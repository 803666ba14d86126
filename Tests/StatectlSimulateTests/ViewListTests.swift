import Testing
@testable import StatectlSimulate

/// The machine's lists of views pack small ones into a word and spill the rest into an
/// array; each test runs the same operations on a list and on an array and compares them.
@Suite("View list")
struct ViewListTests {
    private func view(_ key: String, _ serial: Int) -> PlaceholderView { PlaceholderView(key: key, serial: serial) }

    private func inOrder(_ a: PlaceholderView, _ b: PlaceholderView) -> Bool { (a.key, a.serial) < (b.key, b.serial) }

    @Test("inserted in order, as an array sorted by key then serial would hold them",
          arguments: [
            [("loading", 3), ("error", 2), ("empty", 1)],
            [("loading", 3), ("content", 9), ("empty", 1), ("error", 2)],
            [("error", 2), ("error", 7), ("error", 5), ("loading", 3), ("empty", 1)],  // five: spills
            [("loading", 3), ("spinner", 4), ("empty", 1)],  // a custom key: spills
            [("error", 5000), ("loading", 3)],  // a serial too large to pack
          ])
    func insertInOrder(views: [(String, Int)]) {
        var list = ViewList()
        var array: [PlaceholderView] = []
        for (key, serial) in views {
            list.insertInOrder(view(key, serial))
            array.append(view(key, serial))
            array.sort(by: inOrder)
            #expect(Array(list) == array)
        }
        for element in array {
            #expect(list.contains(element))
            #expect(list.firstIndex(of: element) == array.firstIndex(of: element))
        }
        #expect(!list.contains(view("loading", 99)))
    }

    @Test("inserting unless present is contains-then-insertInOrder, packed, full and spilled",
          arguments: [
            [("loading", 3), ("error", 2), ("loading", 3), ("empty", 1), ("error", 2)],
            [("error", 2), ("error", 7), ("error", 5), ("loading", 3), ("error", 7), ("empty", 1)],  // five: spills
            [("content", 4), ("loading", 3), ("spinner", 4), ("loading", 3)],  // a custom key
            [("error", 5000), ("loading", 3), ("error", 5000)],  // a serial too large to pack
          ])
    func insertInOrderIfAbsent(views: [(String, Int)]) {
        var list = ViewList()
        var expected = ViewList()
        for (key, serial) in views {
            list.insertInOrderIfAbsent(view(key, serial))
            if !expected.contains(view(key, serial)) { expected.insertInOrder(view(key, serial)) }
            #expect(Array(list) == Array(expected))
        }
    }

    @Test("removing all but one key's views removes what filtering an array removes, in order",
          arguments: [nil, 0, 1, 2, 3] as [Int?])
    func removeAllButKey(kept: Int?) {
        var list = ViewList()
        for (code, serial) in [(1, 3), (2, 2), (1, 9), (3, 1)] { list.append(libraryKey: code, serial: serial) }
        let before = Array(list)
        var removed: [String] = []
        #expect(list.removePacked(keeping: kept) { removed.append(libraryKey($0)) })
        let keptKey = kept.map(libraryKey)
        #expect(Array(list) == before.filter { $0.key == keptKey })
        #expect(removed == before.filter { $0.key != keptKey }.map(\.key))
        var spilled = ViewList()
        spilled.append(view("spinner", 1))
        #expect(!spilled.removePacked(keeping: kept) { _ in Issue.record("a spilled list is left to the caller") })
        #expect(Array(spilled) == [view("spinner", 1)])
    }

    @Test("removing from any place keeps the others in order, packed or spilled", arguments: [3, 4, 6])
    func remove(count: Int) {
        let keys = ["content", "empty", "error", "loading", "spinner", "error"]
        for removed in 0..<count {
            var list = ViewList()
            var array: [PlaceholderView] = []
            for index in 0..<count {
                list.append(view(keys[index], index + 1))
                array.append(view(keys[index], index + 1))
            }
            #expect(list.remove(at: removed) == array.remove(at: removed))
            #expect(Array(list) == array)
            list.append(view("loading", 50))
            array.append(view("loading", 50))
            #expect(Array(list) == array)
        }
    }

    @Test("appending by key number is appending the view, packed, past four and with large serials")
    func appendByNumber() {
        let views = [(1, 3), (2, 2), (0, 9), (3, 1), (1, 5000), (2, 4)]
        var byNumber = ViewList()
        var byView = ViewList()
        for (code, serial) in views {
            byNumber.append(libraryKey: code, serial: serial)
            byView.append(view(libraryKey(code), serial))
            #expect(Array(byNumber) == Array(byView))
        }
        #expect(Array(byNumber).map(\.key) == ["loading", "error", "content", "empty", "loading", "error"])
        var keys: [UInt8] = []
        #expect(!byNumber.forEachPackedKey { keys.append($0) }, "six views do not pack")
        var four = ViewList()
        for (code, serial) in views.prefix(4) { four.append(libraryKey: code, serial: serial) }
        #expect(four.forEachPackedKey { keys.append($0) })
        #expect(keys == [1, 2, 0, 3])
    }

    @Test("a copy is independent, and emptying packs the list again")
    func copiesAndEmptying() {
        var list = ViewList()
        list.append(view("error", 2))
        var copy = list
        copy.append(view("custom", 8))
        list.append(view("loading", 3))
        #expect(Array(list) == [view("error", 2), view("loading", 3)])
        #expect(Array(copy) == [view("error", 2), view("custom", 8)])
        copy.removeAll()
        #expect(copy.isEmpty)
        copy.append(view("empty", 1))
        #expect(Array(copy) == [view("empty", 1)])
    }
}
