import Testing
import StatectlParse
@testable import StatectlSimulate

@Suite("Call text written as bytes")
struct CallTextTests {
    @Test("strings and keys are spelled as SwiftLiteral spells them", arguments: [
        "", "plain", "a\nb", "q\"uote", "b\\s", "t\tab", "c\rr", "bell\u{7}", "del\u{7F}", "ünïcode 🎉", "two words", "_id9", "9lives",
    ])
    func literals(_ text: String) {
        // Read out before `#expect`: a CallText is not copyable, and the macro's closures capture.
        var string = CallText()
        string.appendString(text)
        let spelled = string.text
        #expect(spelled == SwiftLiteral.string(text))
        var key = CallText()
        key.appendKey(text)
        let keySpelled = key.text
        #expect(keySpelled == SwiftLiteral.key(text))
    }

    @Test("a character to escape is found wherever it lies: in a whole word, or in the bytes past the last one")
    func escapesAnywhere() {
        for length in 1...24 {
            for position in 0..<length {
                for special in ["\"", "\\", "\n", "\u{7F}"] {
                    var bytes = Array(repeating: "a", count: length)
                    bytes[position] = special
                    let text = bytes.joined()
                    var call = CallText()
                    call.appendString(text)
                    let spelled = call.text
                    #expect(spelled == SwiftLiteral.string(text), "length \(length), position \(position)")
                }
            }
        }
    }

    @Test("numbers are written as String(_:) writes them", arguments: [Int64.min, -100_000, -10, -1, 0, 7, 9, 10, 99, 100, 320, 86_400_000, 1_000_000_000_000_000_000, Int64.max])
    func numbers(_ value: Int64) {
        var text = CallText()
        text.append(value)
        let written = text.text
        #expect(written == String(value))
    }

    @Test("every number of a few digits, and every length's first and last, is written as String(_:) writes it")
    func numbersOfEveryLength() {
        var values = Array(Int64(-10_000)...10_000)
        var power: Int64 = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        values += [Int64.min, Int64.min + 1, Int64.max, Int64.max - 1]
        var text = CallText()
        var expected = ""
        for value in values {
            text.append(value)
            text.append(",")
            expected += String(value) + ","
        }
        let written = text.text
        #expect(written == expected)
        for value in values.map(\.magnitude) + [UInt64.max, 0] {
            #expect(DecimalDigits.count(value) == String(value).count, "\(value)")
        }
    }

    @Test("a record made of a prefix, a number and a suffix is the one FieldEncoder makes of their text",
          arguments: [Int64.min, -301, -1, 0, 9, 10, 300, 86_400_000, Int64.max])
    func prefixNumberSuffix(_ value: Int64) {
        #expect(CallText.record("wait ", value, "ms") == FieldEncoder.encode(.call, string: "wait \(value)ms"))
        #expect(CallText.record("", value, "") == FieldEncoder.encode(.call, string: String(value)))
    }

    @Test("the record is the one FieldEncoder makes of the text")
    func record() {
        var text = CallText()
        text.append("endLoading(animated: ")
        text.append(true)
        text.append(", error: ")
        text.appendString("é\u{1}")
        text.append(")")
        let written = text.text
        #expect(written == "endLoading(animated: true, error: \"é\\u{1}\")")
        let record = text.record()
        #expect(record == FieldEncoder.encode(.call, string: "endLoading(animated: true, error: \"é\\u{1}\")"))
        let empty = CallText().record()
        #expect(empty == FieldEncoder.encode(.call, string: ""))
    }

    @Test("a text longer than the room reserved grows the buffer, escapes and all")
    func long() {
        let long = String(repeating: "0123456789", count: 30) + "\n\"" + String(repeating: "x", count: 17)
        var text = CallText(capacity: 4)
        text.append("wait ")
        text.appendString(long)
        text.append(Int64(-12))
        let written = text.text
        #expect(written == "wait " + SwiftLiteral.string(long) + "-12")
        let record = text.record()
        #expect(record == FieldEncoder.encode(.call, string: written))
    }

    @Test("a StatefulViewController command's record is its description, encoded")
    func statefulViewController() {
        typealias Model = StatefulViewControllerModel
        let commands: [Model.Command] = [
            .setHasContent(true), .setupInitialViewState(completion: false), .startLoading(animated: false, completion: false),
            .endLoading(animated: true, error: nil, completion: true), .endLoading(animated: false, error: "a \"b\"\n", completion: false),
            .transitionViewStates(loading: true, error: "e", animated: false, completion: true),
            .transition(to: .none, animated: true, completion: true), .transition(to: .view("two words"), animated: false, completion: false),
            .addView("custom", .zero), .addView("x y", Insets(top: -3, left: 0, bottom: 100_000, right: 1)),
            .removeView("v1"), .setBounds(width: 0, height: 667),
        ]
        for command in commands {
            let record = Model.statementRecord(command).record()
            #expect(record == FieldEncoder.encode(.call, string: Model.describe(command)))
        }
        #expect(Model.describe(.endLoading(animated: false, error: "a \"b\"\n", completion: false))
                == "endLoading(animated: false, error: \"a \\\"b\\\"\\n\", completion: nil)")
        #expect(Model.describe(.addView("x y", Insets(top: -3, left: 0, bottom: 100_000, right: 1)))
                == "addView(\"x y\", top: -3, left: 0, bottom: 100000, right: 1)")
    }
}
