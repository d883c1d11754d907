import SceneFlowKit
import Foundation
import ScenarioSpec
import StoryCheck
import TraceFormat

/// `check`'s output, like a test runner's: a line per story step, and for each failure where, what was expected,
/// what happened and the trace around it.
public enum CheckReportText {
    public static func text(_ report: StoryChecker.Report, style: TerminalStyle = .plain) -> String {
        var out = style.paint("\(report.scenario.file)", bold: true) + style.paint(" — \(report.scenario.name) (\(report.scenario.pattern.rawValue))", .gray) + "\n"
        // Whether the trace is of this scenario at all comes first: every other line depends on it.
        let (first, rest) = (report.runChecks.filter { $0.name == "scenario" }, report.runChecks.filter { $0.name != "scenario" })
        out += runChecks(first, style: style)
        for step in report.steps {
            let unchecked = !step.checks.isEmpty && step.checks.allSatisfy { $0.outcome == .notChecked }
            let mark = step.checks.isEmpty || unchecked ? style.paint("·", .gray)
                : (step.passed ? style.paint("✓", .green) : style.paint("✗", .red, bold: true))
            let count = step.checks.isEmpty ? style.paint("  (nothing to check)", .gray) : ""
            out += "  \(mark) \(step.step)  \(step.title)\(count)\n"
            for check in step.checks where !check.passed { out += failure(check, style: style) }
        }
        out += runChecks(rest, style: style)
        return out
    }

    static func runChecks(_ checks: [StoryChecker.Check], style: TerminalStyle) -> String {
        var out = ""
        for check in checks {
            let mark = check.passed ? style.paint("✓", .green)
                : check.outcome == .notChecked ? style.paint("·", .gray) : style.paint("✗", .red, bold: true)
            if check.passed {
                out += "  \(mark) \(check.name): \(check.expected)\n"
            } else {
                out += "  \(mark) \(check.name)\n" + failure(check, style: style)
            }
        }
        return out
    }

    /// A failed check as a compiler says an error (`file:line:col: error: …`, at the left margin, where Xcode and
    /// editors find it), then the trace around it; a check the trace cannot answer, as a warning.
    static func failure(_ check: StoryChecker.Check, style: TerminalStyle) -> String {
        let place = check.location.map { style.paint("\($0): ", bold: true) } ?? ""
        if check.outcome == .notChecked {
            return place + style.paint("warning:", .magenta, bold: true) + " "
                + style.paint("\(check.name): not checked: \(check.actual)", .yellow) + "\n"
        }
        var out = place + style.paint("error:", .red, bold: true)
            + " \(check.name): expected \(style.paint(check.expected, .green)), got \(style.paint(check.actual, .red))\n"
        for line in check.excerpt { out += "        " + style.paint(line, .gray) + "\n" }
        return out
    }

    /// Every failed check (an error) and every check the trace cannot answer (a warning) of `report`, as
    /// diagnostics: what `--format json|github` says of a check. The id is the check's kind (`check/scene`,
    /// `check/data-store`, `check/architecture`).
    public static func diagnostics(_ report: StoryChecker.Report) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let steps = report.runChecks.filter { $0.name == "scenario" }.map { (nil as StoryChecker.StepResult?, $0) }
            + report.steps.flatMap { step in step.checks.map { (Optional(step), $0) } }
            + report.runChecks.filter { $0.name != "scenario" }.map { (nil as StoryChecker.StepResult?, $0) }
        for (step, check) in steps where !check.passed {
            let prefix = step.map { "step \($0.step) '\($0.title)': " } ?? ""
            let location = check.location ?? SourceLocation(file: report.scenario.file, line: 1, column: 1)
            let id = "check/" + Diagnostic.idKind(check.name.split(separator: " ").first.map(String.init) ?? "expectation")
            if check.outcome == .notChecked {
                out.append(.warning(prefix + "\(check.name): not checked: \(check.actual)", at: location, id: id))
            } else {
                out.append(.error(prefix + "\(check.name): expected \(check.expected), got \(check.actual)", at: location,
                                  notes: check.excerpt.map { Diagnostic.Note($0) }, id: id))
            }
        }
        return out
    }

    public static func summary(_ result: ScenarioCheck.Result, style: TerminalStyle = .plain) -> String {
        summary(scenarios: result.files, passed: result.passed, failed: result.failed, notChecked: result.notChecked,
                errors: result.errors.count, style: style)
    }

    public static func summary(scenarios: Int, passed: Int, failed: Int, notChecked: Int = 0, errors: Int = 0,
                               style: TerminalStyle = .plain) -> String {
        var text = "\(scenarios) scenario\(scenarios == 1 ? "" : "s"): \(passed) checks passed, \(failed) failed"
        if notChecked > 0 { text += ", \(notChecked) not checked" }
        if errors > 0 { text += ", \(errors) scenario\(errors == 1 ? "" : "s") with errors" }
        return failed == 0 && errors == 0 ? style.paint(text, .green, bold: true) : style.paint(text, .red, bold: true)
    }
}
