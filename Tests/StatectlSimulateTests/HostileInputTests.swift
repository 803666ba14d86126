import Testing
import StatectlParse
@testable import StatectlSimulate

@Suite("Hostile input")
struct HostileInputTests {
    @Test("seconds convert to milliseconds only from 0 to 86400 s, whole milliseconds", arguments: [
        ("0", 0), ("0.2", 200), ("86400", 86_400_000), ("0.0010", 1), ("1.5", 1500),
        ("-9223372036854775808", nil), ("-1", nil), ("-0.5", nil), ("-0", nil), ("86400.001", nil), ("86401", nil),
        ("9223372036854775807", nil), ("99999999999999999999", nil), ("0.0001", nil),
    ] as [(String, Int64?)])
    func seconds(_ text: String, _ milliseconds: Int64?) {
        #expect(ArgumentReader.milliseconds(fromSeconds: text) == milliseconds)
    }

    @Test("a negative or huge child duration is an error naming the range, not a trap", arguments: [
        "-9223372036854775808", "-1", "9223372036854775807", "86401", "-0.5",
    ])
    func childDuration(_ value: String) {
        let run = simulate("model StateViewController\nchild List(duration: \(value))\nchild Grid(delay: \(value))")
        #expect(run.checkErrors.map(\.id) == ["duration-out-of-range", "duration-out-of-range"])
        #expect(run.checkErrors.allSatisfy { $0.message.contains("from 0 to 86400 seconds") })
    }

    @Test("a note lists at most 20 known names, then how many more")
    func listing() {
        var names = KnownNames(["content"])
        for index in 0..<1_000 { names.insert("v\(index)") }
        let listing = names.listing() ?? ""
        #expect(listing.hasSuffix(" and 981 more"))
        #expect(listing.split(separator: ",").count == KnownNames.listedNames)
        #expect(listing.hasPrefix("content, v0, v1, v10, v100"))
    }

    @Test("suggestions among 200,000 names find the near miss, and see names declared since the last merge")
    func manyNames() {
        var names = KnownNames([])
        for index in 0..<200_000 { names.insert("view\(index)") }
        // Typos that keep the start of the name are found; the neighbours compared are
        // the names around it in sorted order.
        #expect(names.suggestion(for: "view12345x") == "view12345")
        #expect(names.suggestion(for: "view19999x") == "view19999")
        names.insert("zebra")
        #expect(names.suggestion(for: "zebar") == "zebra")
        #expect(names.sorted().count == 200_001)
        #expect(names.sorted() == names.sorted().sorted())
    }

    @Test("an unknown state in a script with many keys says so with a bounded note")
    func unknownAmongMany() {
        let script = (0..<500).map { "addView(key\($0))" }.joined(separator: "\n") + "\nexpect state == kye42"
        let run = simulate(script)
        #expect(run.checkErrors.map(\.id) == ["unknown-state"])
        let notes = run.checkErrors.first?.notes.map(\.message) ?? []
        #expect(notes.first == "did you mean 'key42'?")
        #expect(notes.last?.hasSuffix("and 484 more") == true)
    }

    @Test("a repeated bad line is reported at each of its lines, and not once a declaration makes it good")
    func repeatedBadLines() {
        let checker = Script(mode: .check)
        let bad = Array("expect state == custom".utf8)
        #expect(checker.feed(line: bad, number: 1).map(\.span.line) == [1])
        #expect(checker.feed(line: bad, number: 2).map(\.span.line) == [2])
        #expect(checker.feed(line: bad, number: 3).first?.message == "unknown state 'custom'")
        #expect(checker.feed(line: Array("addView(custom)".utf8), number: 4).isEmpty)
        #expect(checker.feed(line: bad, number: 5).isEmpty)
    }

    @Test("ordered names stay in order across block splits, and neighbours are the names around a word")
    func orderedNames() {
        var names = OrderedNames()
        var generator = SystemRandomNumberGenerator()
        var inserted: [String] = []
        var seen: Set<String> = []
        while inserted.count < 5_000 {
            let name = "n\(UInt32.random(in: 0..<1_000_000, using: &generator))"
            guard seen.insert(name).inserted else { continue }
            names.insert(name)
            inserted.append(name)
        }
        let sorted = inserted.sorted()
        #expect(names.all == sorted)
        #expect(names.prefix(3) == Array(sorted.prefix(3)))
        let probe = sorted[2_500]
        let around = names.neighbours(of: probe, radius: 600)
        #expect(around == Array(sorted[1_900..<3_100]))
        #expect(names.neighbours(of: "", radius: 5) == Array(sorted.prefix(5)))
        #expect(names.neighbours(of: "zzz", radius: 5) == Array(sorted.suffix(5)))
    }
}
