import Diagrams
import Foundation
import GraphvizRenderer
import HTMLReport
import Narration
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import TraceFormat

/// `compare`: one scenario's story run under several patterns, where it can be expressed in each.
public struct PatternComparison {
    /// One pattern's outcome.
    public struct Entry {
        public var pattern: Pattern
        /// Why the scenario cannot be expressed in this pattern (its errors), empty when it ran.
        public var refusals: [Diagnostic]
        public var summary: RunSummary?
        public var trace: Trace?
        public var scenario: Scenario?
        /// The translated scenario file, when the pattern is not the scenario's own.
        public var translation: ScenarioTranslate.Result?
        /// Where the run shows other values than the scenario's own pattern at the end of a story step (empty: the
        /// same values at every step).
        public var differences: [String] = []

        /// Messages per cycle, on average.
        public var messagesPerCycle: Double {
            guard let trace, let summary, summary.cycles > 0 else { return 0 }
            let messages = trace.events.filter { $0.cycle != nil }.count
            return Double(messages) / Double(summary.cycles)
        }

        /// "View → Interactor (LoginBusinessLogic)" for each kind of path the run used, role to role.
        public var paths: [String] {
            guard let trace else { return [] }
            var seen: [String] = []
            for event in trace.events {
                switch event.kind {
                case .configure, .load, .appear, .show, .action, .workerResult, .workerError, .navigation:
                    continue
                default: break
                }
                let name = "\(PatternRules.Path(event.from.role, event.to.role))"
                    + (event.protocolName.map { " (\(Self.unscoped($0, event.from.scene)))" } ?? "")
                if !seen.contains(name) { seen.append(name) }
            }
            return seen
        }

        /// Each path's roles alone ("View → Interactor"): what two patterns share, whatever each names its protocol.
        public var rolePaths: Set<String> { Set(paths.map(Self.roles)) }

        /// "View → Interactor (LoginBusinessLogic)" → "View → Interactor".
        static func roles(_ path: String) -> String { path.components(separatedBy: " (").first ?? path }

        /// Where data crosses scenes: data passing events, and who writes DataStores.
        public var dataFlow: String {
            guard let trace else { return "" }
            let passing = trace.events.filter { $0.kind == .dataPassing }.count
            let writers = Set(trace.events.filter { $0.kind == .dataStoreWrite || $0.kind == .publish }
                .map { PatternRules.Path($0.from.role, $0.to.role).description })
            return "\(passing) fields passed between scenes; writes: "
                + (writers.isEmpty ? "none" : writers.sorted().joined(separator: ", "))
        }

        /// `LoginBusinessLogic` → `…BusinessLogic`, so patterns compare across scenes.
        static func unscoped(_ name: String, _ scene: SceneName?) -> String {
            guard let scene, name.hasPrefix(scene.rawValue) else { return name }
            return "…" + name.dropFirst(scene.rawValue.count)
        }
    }

    public var loader = ScenarioLoader()
    public var options = EngineOptions()

    public init() {}

    /// Runs the scenario in each pattern: its own as written, the others translated (`translate`). A pattern it
    /// cannot be translated into is an entry with the reasons.
    public func compare(path: String, patterns: [Pattern]) -> [Entry] {
        let loaded = Pipeline.check(path, loader: loader)
        guard let original = loaded.scenario else {
            return patterns.map { Entry(pattern: $0, refusals: loaded.diagnostics.filter { $0.severity == .error }) }
        }
        let own = run(original, pattern: original.pattern)
        let reference = own.trace.map(ShownValues.perStep)
        return patterns.map { pattern in
            if pattern == original.pattern { return own }
            let translated: ScenarioTranslate.Result
            do throws(ScenarioTranslate.Refusal) {
                translated = try ScenarioTranslate.translate(original, from: path, to: pattern)
            } catch {
                return Entry(pattern: pattern, refusals: error.reasons.map { Diagnostic.error($0, at: nil, id: "translate/refused") })
            }
            var entry = run(translated.scenario, pattern: pattern)
            entry.translation = translated
            if let reference, let trace = entry.trace {
                entry.differences = ShownValues.differences(ShownValues.perStep(trace), from: reference)
            }
            return entry
        }
    }

    func run(_ scenario: Scenario, pattern: Pattern) -> Entry {
        let recorded: Pipeline.Recorded
        do {
            recorded = try Pipeline.record(scenario, options: options)
        } catch {
            return Entry(pattern: pattern, refusals: [.error("the run could not be recorded: \(error)", at: nil, id: "run/not-recorded")], scenario: scenario)
        }
        return Entry(pattern: pattern, refusals: recorded.summary.error.map { [$0.diagnostic] } ?? [], summary: recorded.summary,
                     trace: recorded.trace, scenario: scenario)
    }

    /// Writes each pattern's trace, translated scenario and diagrams (the whole run's, and each story step's
    /// sequence) under `folder/<pattern>/`, and `folder/index.html`: the patterns lined up step by step. Returns the
    /// files written.
    public func write(_ entries: [Entry], title: String, to folder: URL, language: Language = .english) throws -> [URL] {
        let catalogue = Catalogue(language)
        var files: [URL] = []
        var columns: [ComparisonPage.Column] = []
        var runs: [StageAlignment.Run] = []
        // The scenario's own pattern first: the others are read against it.
        let ordered = entries.filter { $0.translation == nil && $0.trace != nil } + entries.filter { !($0.translation == nil && $0.trace != nil) }
        for entry in ordered {
            guard let trace = entry.trace, entry.refusals.isEmpty else {
                columns.append(ComparisonPage.Column(pattern: entry.pattern, status: catalogue.text("compare.refused", ["pattern": entry.pattern.rawValue]),
                                                     refusals: entry.refusals.map(\.message)))
                continue
            }
            let name = entry.pattern.rawValue
            let sub = try OutputLayout.checkFolder(folder.appendingPathComponent(name), under: folder)
            let traceFile = sub.appendingPathComponent("trace.jsonl")
            try AtomicFile.write(Data(TraceEncoder.encode(trace)), to: traceFile)
            files.append(traceFile)
            var link: String?
            if let translation = entry.translation {
                let file = sub.appendingPathComponent("scenario.yml")
                try AtomicFile.write(translation.text, to: file)
                files.append(file)
                link = "\(name)/scenario.yml"
            }
            files += try DiagramWriter(options: .init(kinds: [.sequence, .dependencies], formats: [.svg]))
                .write(trace: trace, scenario: entry.scenario, to: sub).files
            var stepDiagrams: [Int: String] = [:]
            for step in trace.steps {
                var options = DiagramWriter.Options(kinds: [.sequence], formats: [.svg])
                options.sequence.steps = step.number...step.number
                let stepFolder = try OutputLayout.checkFolder(sub.appendingPathComponent("steps/\(step.number)"), under: sub)
                let written = try DiagramWriter(options: options).write(trace: trace, scenario: entry.scenario, to: stepFolder)
                files += written.files
                if written.files.contains(where: { $0.lastPathComponent == "sequence.svg" }) {
                    stepDiagrams[step.number] = "\(name)/steps/\(step.number)/sequence.svg"
                }
            }
            let summary = String(format: "%d cycles, %d messages, %.1f per cycle; ", entry.summary?.cycles ?? 0,
                                 entry.summary?.messages ?? 0, entry.messagesPerCycle) + entry.dataFlow
            let status = catalogue.text(entry.translation == nil ? "compare.own"
                : entry.differences.isEmpty ? "compare.same-values" : "compare.other-values")
            columns.append(ComparisonPage.Column(pattern: entry.pattern, status: status, scenarioLink: link, summary: summary,
                                                 differences: entry.differences, stepDiagrams: stepDiagrams))
            runs.append(StageAlignment.Run(pattern: entry.pattern, trace: trace))
        }
        let page = ComparisonPage(title: title, columns: columns, alignment: StageAlignment(runs), language: language)
        let index = folder.appendingPathComponent("index.html")
        try AtomicFile.write(page.html, to: index)
        files.append(index)
        return files
    }

    /// What differs, as text: per pattern, how it ran (or why it could not), messages per cycle, paths used.
    public static func text(_ entries: [Entry]) -> String {
        var out = ""
        let allPaths = Set(entries.flatMap(\.paths))
        for entry in entries {
            out += "\(entry.pattern.rawValue):\n"
            guard let summary = entry.summary, entry.refusals.isEmpty else {
                out += "  cannot be expressed: "
                    + (entry.refusals.first.map { $0.message + ($0.notes.first.map { " (\($0.message))" } ?? "") } ?? "unknown")
                    + (entry.refusals.count > 1 ? " — and \(entry.refusals.count - 1) more" : "") + "\n"
                continue
            }
            out += String(format: "  %d cycle%@, %d messages, %.1f per cycle; %@\n", summary.cycles, summary.cycles == 1 ? "" : "s",
                          summary.messages, entry.messagesPerCycle, entry.dataFlow)
            let others = entries.filter { $0.pattern != entry.pattern && $0.summary != nil && $0.refusals.isEmpty }
            // A path is only here when no other pattern goes between the same two roles, by any protocol.
            let only = entry.paths.filter { path in !others.contains { $0.rolePaths.contains(Entry.roles(path)) } }
            if entry.translation != nil {
                out += entry.differences.isEmpty ? "  translated; shows the same values as the original at every story step\n"
                    : "  translated; shows other values than the original:\n" + entry.differences.map { "    \($0)\n" }.joined()
            }
            out += "  paths: " + entry.paths.joined(separator: "; ") + "\n"
            if !only.isEmpty && !others.isEmpty && allPaths.count > entry.paths.count - only.count {
                out += "  only here: " + only.joined(separator: "; ") + "\n"
            }
        }
        return out
    }
}
