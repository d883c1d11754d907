import CodeGeneration
import HTMLReport
import Narration
import ScenarioSpec
import TraceFormat

/// The code beside a run: the files `sceneflow generate` writes for a scenario's scenes, and for each message the
/// explanation tells, the lines of its sender's file that send it.
public enum SceneCode {
    /// The files that send the narrated messages, and for each message step (by index) where in them it is sent.
    /// Empty when the pattern has no code generator or the scenario is not there.
    public static func places(for narration: Narration, of trace: Trace, scenario: Scenario?) -> (files: [Report.CodeFile], places: [Int: Report.CodePlace]) {
        guard let scenario, CodeGenerator.writes(scenario.pattern.definition),
              let generated = try? CodeGenerator(scenario: scenario, options: .init(sceneFlowPath: "")).generate() else {
            return ([], [:])
        }
        var byName: [String: GeneratedFile] = [:]
        for file in generated where file.path.hasSuffix(".swift") {
            let name = String(file.path.split(separator: "/").last ?? "")
            if byName[name] == nil { byName[name] = file }
        }
        var files: [Report.CodeFile] = []
        var fileIndex: [String: Int] = [:]
        var lines: [String: [Substring]] = [:]
        var places: [Int: Report.CodePlace] = [:]
        for (index, step) in narration.steps.enumerated() {
            guard step.kind == .message, let code = step.code, let sequence = step.sequences.first,
                  sequence >= 1, sequence <= trace.events.count else { continue }
            // The sender's file: `LoginInteractor.swift` for a message LoginInteractor sends.
            let name = trace.events[sequence - 1].from.name + ".swift"
            guard let file = byName[name] else { continue }
            if lines[name] == nil { lines[name] = file.text.split(separator: "\n", omittingEmptySubsequences: false) }
            let sending = lines[name]!.indices.filter { sends(lines[name]![$0], code) }
            guard !sending.isEmpty else { continue }
            if fileIndex[name] == nil {
                fileIndex[name] = files.count
                files.append(Report.CodeFile(name: file.path, text: file.text))
            }
            places[index] = Report.CodePlace(file: fileIndex[name]!, lines: sending.map { $0 + 1 })
        }
        return (files, places)
    }

    /// Whether a line of code holds `code`, whose `…` stand for arguments left out: its pieces, in order.
    static func sends(_ line: Substring, _ code: String) -> Bool {
        var rest = line[...]
        for piece in code.components(separatedBy: "…") where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
