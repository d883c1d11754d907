/// `check --junit`: JUnit XML, one testcase per expectation, as CI systems display it.
public enum JUnitReport {
    /// A scenario that could not be checked: it did not load, or its run could not start.
    public struct ScenarioError: Sendable, Hashable {
        public var file: String
        /// The diagnostics, as the terminal shows them without colour.
        public var message: String

        public init(file: String, message: String) {
            self.file = file
            self.message = message
        }
    }

    /// The reports, then a suite with one erroring testcase per scenario that could not be checked. Times are 0:
    /// the same scenarios give the same file.
    public static func xml(_ reports: [StoryChecker.Report], errors: [ScenarioError] = []) -> String {
        let tests = reports.reduce(0) { $0 + $1.checks.count } + errors.count
        let failures = reports.reduce(0) { $0 + $1.failedCount }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"sceneflow check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors.count)\" time=\"0\">\n"
        for report in reports {
            out += "  <testsuite name=\"\(escape(report.scenario.name))\" tests=\"\(report.checks.count)\" "
                + "failures=\"\(report.failedCount)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            let cases = report.steps.flatMap { step in step.checks.map { ("step \(step.step) · \(step.title) · \($0.name)", $0) } }
                + report.runChecks.map { ($0.name, $0) }
            for (name, check) in cases {
                out += "    <testcase classname=\"\(escape(report.scenario.file))\" name=\"\(escape(name))\" time=\"0\""
                if check.passed {
                    out += "/>\n"
                    continue
                }
                let message = "expected \(check.expected), got \(check.actual)"
                out += ">\n      <failure message=\"\(escape(message))\" type=\"expectation\">"
                out += escape(([check.location.map { "\($0): \(message)" } ?? message] + check.excerpt).joined(separator: "\n"),
                              attribute: false)
                out += "</failure>\n    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        for error in errors {
            out += "  <testsuite name=\"\(escape(error.file))\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\">\n"
            out += "    <testcase classname=\"\(escape(error.file))\" name=\"loads\" time=\"0\">\n"
            let first = error.message.split(separator: "\n").first.map(String.init) ?? error.message
            out += "      <error message=\"\(escape(first))\" type=\"scenario\">\(escape(error.message, attribute: false))</error>\n"
            out += "    </testcase>\n  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// XML escaping for attributes (line breaks and tabs kept as character references) or element text;
    /// characters XML 1.0 cannot hold become U+FFFD.
    public static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            default:
                let v = scalar.value
                if v < 0x20 || (0xD800...0xDFFF).contains(v) || v == 0xFFFE || v == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
