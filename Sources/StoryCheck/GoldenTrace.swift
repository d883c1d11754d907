import Foundation
import TraceFormat
import TraceReading

/// Golden-trace regression testing: `run --golden DIR` records `<DIR>/<scenario>.jsonl`; `check --golden DIR`
/// compares each new run with it, message by message.
public enum GoldenTrace {
    /// The golden file of a scenario in `folder`.
    public static func file(named name: String, in folder: URL) -> URL {
        folder.appendingPathComponent(name + ".jsonl")
    }

    /// The run against its golden trace, as one check; the diff (one unchanged message around each change) is
    /// the excerpt.
    public static func compare(_ trace: Trace, with file: URL) -> StoryChecker.Check {
        let name = "golden trace"
        guard FileManager.default.fileExists(atPath: file.path) else {
            return StoryChecker.Check(name: name, passed: false, expected: "a golden trace at \(file.relativePath)",
                                      actual: "none; record it with 'sceneflow run FILE --golden \(file.deletingLastPathComponent().relativePath)'",
                                      location: nil)
        }
        let golden: Trace
        do {
            golden = try TraceReader.read(contentsOf: file)
        } catch {
            return StoryChecker.Check(name: name, passed: false, expected: "a golden trace at \(file.relativePath)",
                                      actual: "an unreadable file: \(error)", location: nil)
        }
        let diff = TraceDiff(from: golden, to: trace)
        let expected = "the same messages as \(file.lastPathComponent)"
        if diff.isEmpty {
            return StoryChecker.Check(name: name, passed: true, expected: expected, actual: "the same", location: nil)
        }
        let lines = diff.text(context: 1, describe: describe).split(separator: "\n").map(String.init)
        let excerpt = lines.dropLast()
        return StoryChecker.Check(name: name, passed: false, expected: expected, actual: lines.last ?? "different",
                                  location: nil,
                                  excerpt: Array(excerpt.prefix(30)) + (excerpt.count > 30 ? ["… \(excerpt.count - 30) more lines; see 'sceneflow diff'"] : []))
    }

    /// How diffs show an event: sequence, sender, arrow, receiver and the message.
    public static func describe(_ event: TraceEvent) -> String {
        "\(event.sequence)  \(event.from.name) \(event.kind.isReturn ? "⇢" : "→") \(event.to.name)  \(event.text(payloadLimit: 60))"
    }
}
