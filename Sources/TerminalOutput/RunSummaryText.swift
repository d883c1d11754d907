import SceneFlowKit
import Foundation
import ScenarioSpec
import SceneEngine

/// The last lines of `sceneflow run`.
public enum RunSummaryText {
    public static func text(_ summary: RunSummary, traceFile: URL?, style: TerminalStyle = .plain) -> String {
        // A long list would fill the screen: the first few, then how many more.
        let names = summary.scenesVisited.map(\.rawValue)
        let scenes = names.count <= 8 ? names.joined(separator: ", ")
            : names.prefix(6).joined(separator: ", ") + " and \(names.count - 6) more"

        let counts = "\(summary.cycles) cycle\(summary.cycles == 1 ? "" : "s"), \(summary.messages) messages, "
            + "scenes \(scenes), \(summary.time) ms simulated"
        let head = summary.completed ? style.paint("✓ story completed", .green, bold: true)
                                     : style.paint("✗ run stopped", .red, bold: true)
        var text = head + ": " + counts
        if let traceFile { text += "\n  trace: " + relative(traceFile.path) }
        return text
    }

    /// The drawings written, for the `diagrams:` line: a paged sequence diagram is its index and a count of pages
    /// (`sequence.svg (index of 6 pages, sequence-1.svg … sequence-6.svg)`), not every page.
    public static func diagramList(_ written: DiagramWriter.Result) -> String {
        let pages = written.sequencePages.count
        let overview = written.files.contains { $0.lastPathComponent.hasPrefix("sequence-scenes.") }
        return written.files.filter { file in
            file.pathExtension != "dot" && !(pages > 1 && file.lastPathComponent.hasPrefix("sequence-"))
        }.map { file in
            let path = relative(file.path)
            guard pages > 1, file.deletingPathExtension().lastPathComponent == "sequence" else { return path }
            let ext = file.pathExtension
            return path + " (index of \(pages) pages, sequence-1.\(ext) … sequence-\(pages).\(ext)"
                + (overview ? ", and the scenes-only overview sequence-scenes.\(ext))" : ")")
        }.joined(separator: ", ")
    }

    /// `{"status": …, "cycles": …, "messages": …, "time": …, "scenes": […], "trace": …, "diagnostics": […]}`
    /// A run's result in the JSON report (`--format json`): how the story ended and what was written.
    public static func result(_ report: ScenarioRun.Report) -> some Encodable & Sendable {
        struct Result: Encodable, Sendable {
            /// `completed`, `failed` (a run-time error or a limit stopped it) or `invalid` (the scenario did not load).
            var story: String
            var cycles: Int?
            var messages: Int?
            var time: Int?
            var scenes: [String]?
            var trace: String?
            var diagrams: [String]
            var report: String?
            var golden: String?
        }
        let summary = report.summary
        return Result(story: report.scenario == nil ? "invalid" : (summary?.completed == true ? "completed" : "failed"),
                      cycles: summary?.cycles, messages: summary?.messages, time: summary?.time,
                      scenes: summary?.scenesVisited.map(\.rawValue), trace: report.traceFile.map { relative($0.path) },
                      diagrams: report.diagrams.files.map { relative($0.path) },
                      report: report.reportFile.map { relative($0.path) }, golden: report.goldenFile.map { relative($0.path) })
    }

    /// A path relative to the current folder when it is inside it.
    public static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}
