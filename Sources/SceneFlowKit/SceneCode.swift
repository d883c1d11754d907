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
              let generated = try? CodeGenerator(scenario: scenario, options: .init()).sceneFiles() else {
            return ([], [:])
        }
        // Each sender's file by its type's name (`LoginInteractor.swift`), split into lines once.
        var byName: [String: (path: String, text: String, lines: [Substring])] = [:]
        for file in generated {
            let name = String(file.path.split(separator: "/").last ?? "")
            if byName[name] == nil { byName[name] = (file.path, file.text, file.text.split(separator: "\n", omittingEmptySubsequences: false)) }
        }
        var files: [Report.CodeFile] = []
        var fileIndex: [String: Int] = [:]
        var places: [Int: Report.CodePlace] = [:]
        for (index, step) in narration.steps.enumerated() {
            guard step.kind == .message, let code = step.code, let sequence = step.sequences.first,
                  sequence >= 1, sequence <= trace.events.count else { continue }
            let name = trace.events[sequence - 1].from.name + ".swift"
            guard let file = byName[name] else { continue }
            // A sending line of several lines is found where they follow each other.
            let parts = code.split(separator: "\n").map { $0.split(separator: "…") }
            let sending = file.lines.indices.filter { start in
                start + parts.count <= file.lines.count && parts.indices.allSatisfy { sends(file.lines[start + $0], parts[$0]) }
            }.flatMap { start in start..<start + parts.count }
            guard !sending.isEmpty else { continue }
            let at = fileIndex[name] ?? files.count
            if at == files.count {
                fileIndex[name] = at
                files.append(Report.CodeFile(name: file.path, text: file.text))
            }
            places[index] = Report.CodePlace(file: at, lines: sending.map { $0 + 1 })
        }
        return (files, places)
    }

    /// Whether a line of code holds the pieces of a sending line (its text between the `…` that stand for
    /// arguments left out), in order.
    static func sends(_ line: Substring, _ pieces: [Substring]) -> Bool {
        var rest = line
        for piece in pieces {
            guard let found = rest.firstRange(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
