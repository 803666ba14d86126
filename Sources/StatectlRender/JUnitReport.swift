/// A JUnit XML report, the format CI systems (GitHub, GitLab, Jenkins) display.
///
/// No timestamps or durations: the report for the same results is the same bytes.
public struct JUnitReport {
    public struct Case {
        public var name: String
        /// Nil when the case passed; else a one-line message and the details.
        public var failure: (message: String, details: String)?

        public init(name: String, failure: (message: String, details: String)?) {
            self.name = name
            self.failure = failure
        }
    }

    public var suiteName: String
    public var cases: [Case]

    public init(suiteName: String, cases: [Case]) {
        self.suiteName = suiteName
        self.cases = cases
    }

    public func xml() -> String {
        let failures = cases.filter { $0.failure != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\(quote(suiteName)) tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        xml += "  <testsuite name=\(quote(suiteName)) tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for testCase in cases {
            let head = "    <testcase classname=\(quote(suiteName)) name=\(quote(testCase.name)) file=\(quote(testCase.name))"
            if let failure = testCase.failure {
                xml += head + ">\n"
                xml += "      <failure message=\(quote(failure.message)) type=\"failure\">" + Self.escape(failure.details) + "</failure>\n"
                xml += "    </testcase>\n"
            } else {
                xml += head + "/>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private func quote(_ text: String) -> String { "\"" + Self.escape(text, attribute: true) + "\"" }

    /// XML text: markup characters as entities; characters XML 1.0 forbids (most controls,
    /// including ANSI escapes) dropped.
    static func escape(_ text: String, attribute: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
