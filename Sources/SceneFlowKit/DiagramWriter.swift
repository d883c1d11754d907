import Diagrams
import Foundation
import GraphvizRenderer
import ScenarioSpec
import TraceFormat

/// The diagrams SceneFlow draws.
public enum DiagramKind: String, Sendable, CaseIterable {
    case sequence, dependencies, flow, cycle
}

/// The files a diagram can be written as.
public enum DiagramFormat: String, Sendable, CaseIterable {
    case svg, png, pdf, dot

    var graphviz: GraphvizRenderer.Format? {
        switch self {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot: nil
        }
    }
}

/// Draws diagrams of a run and writes them: always `<kind>.dot`, then each requested format rendered in process.
public struct DiagramWriter {
    public struct Options: Sendable {
        public var kinds: [DiagramKind]
        public var formats: [DiagramFormat]
        public var sequence: SequenceDiagramBuilder.Options
        /// The most messages the sequence diagram (and the report) draws; a longer run stops there and says so.
        public var maxSequenceMessages: Int
        /// The most messages on one page of the sequence diagram; a longer run is cut into pages at story steps.
        public var messagesPerPage: Int
        /// Helper processes that render a long sequence diagram's pages beside this one: this tool's executable
        /// (it serves `render-pages`) and how many to start. Nil renders every page here.
        public var pageHelpers: (executable: URL, count: Int)?

        public init(kinds: [DiagramKind] = DiagramKind.allCases, formats: [DiagramFormat] = [.svg],
                    sequence: SequenceDiagramBuilder.Options = .init(),
                    maxSequenceMessages: Int = DiagramWriter.defaultMaxSequenceMessages,
                    messagesPerPage: Int = SequencePage.defaultMessages, pageHelpers: (executable: URL, count: Int)? = nil) {
            self.pageHelpers = pageHelpers
            self.kinds = kinds
            self.formats = formats
            self.sequence = sequence
            self.maxSequenceMessages = maxSequenceMessages
            self.messagesPerPage = messagesPerPage
        }
    }

    /// What was written, and what Graphviz had to say.
    public struct Result: Sendable {
        public var files: [URL] = []
        public var warnings: [String] = []
        /// Diagrams whose rendering failed; their `.dot` was still written.
        public var failures: [String] = []
        /// The SVG rendered, by name, for the report to reuse.
        public var svg: [String: Data] = [:]
        /// What a reader should know about what was drawn (a sequence diagram cut short).
        public var notes: [String] = []
        /// The pages of the sequence diagram, when it has more than one (`sequence-<n>.*`; `sequence.*` is their index).
        public var sequencePages: [SequencePage] = []
        /// The SVG of each page, in order, for the report.
        public var pageSVG: [Data] = []
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// The DOT of one diagram and the Graphviz engine that lays it out.
    /// `tally` counts every message of a run whose `trace` keeps only its first messages.
    public static func graph(_ kind: DiagramKind, trace: Trace, scenario: Scenario?,
                             sequence: SequenceDiagramBuilder.Options, tally: TraceTally? = nil) -> (DOTGraph, GraphvizRenderer.Engine)? {
        switch kind {
        case .sequence:
            return (SequenceDiagramBuilder.build(trace, options: sequence).dot(name: "sequence"), .pinned)
        case .dependencies:
            guard let scenario else { return nil }
            return (DependencyDiagramBuilder.build(scenario: scenario, trace: trace, tally: tally).dot(name: "dependencies"), .pinned)
        case .flow:
            guard let scenario else { return nil }
            return (FlowDiagramBuilder.build(scenario: scenario, trace: trace, tally: tally).dot(name: "flow"), .dot)
        case .cycle:
            return (CycleDiagramBuilder.build(trace: trace, tally: tally).dot(name: "cycle"), .pinnedNodes)
        }
    }

    /// What breaks a rule in a run: the scenario's findings and acceptances decide, or, for a trace without its
    /// scenario, its pattern's rules alone.
    public static func ruleBreaks(trace: Trace, scenario: Scenario?) -> RuleBreaks {
        scenario.map(RuleBreaks.init) ?? RuleBreaks(pattern: Pattern(rawValue: trace.header.pattern) ?? .default)
    }

    /// Up to this many trace events, the sequence diagram's SVG text is measured with Pango.
    public static let measuredSequenceLimit = 2_000

    /// The most messages one sequence diagram draws by default (`--max-diagram-messages`).
    public static let defaultMaxSequenceMessages = 20_000

    /// The longest side of a PNG, in pixels: a bigger drawing is scaled down to fit (image viewers give up on
    /// larger ones). A page's height is bounded by its messages; its width grows with the scenes on it, and
    /// scaling keeps every arrow whole where splitting columns would cut them.
    public static let maxPNGPixels = 8_000

    /// Writes one graph as `<name>.dot` and renders it to each format. `measuresText: false` is for graphs whose
    /// boxes all have their size in the DOT: their SVG skips Pango's text measurement.
    public static func write(_ graph: DOTGraph, engine: GraphvizRenderer.Engine, as name: String,
                             formats: [DiagramFormat], to folder: URL, measuresText: Bool = true) throws -> Result {
        try write(dot: DOTEncoder.encode(graph), engine: engine, as: name, formats: formats, to: folder, measuresText: measuresText)
    }

    /// Writes DOT text as `<name>.dot` (unless it is there already: `writesDOT: false`) and renders it to each format.
    static func write(dot: String, engine: GraphvizRenderer.Engine, as name: String, formats: [DiagramFormat], to folder: URL,
                      measuresText: Bool = true, writesDOT: Bool = true) throws -> Result {
        var result = Result()
        let dotFile = folder.appendingPathComponent("\(name).dot")
        if writesDOT { try AtomicFile.write(dot, to: dotFile) }
        result.files.append(dotFile)
        for format in formats {
            guard let graphviz = format.graphviz else { continue }
            do {
                let output = try GraphvizRenderer.shared.render(dot, engine: engine, format: graphviz, source: dotFile.lastPathComponent,
                                                                measuresText: measuresText, graphAttributes: Self.attributes(for: format))
                let file = folder.appendingPathComponent("\(name).\(format.rawValue)")
                try AtomicFile.write(output.data, to: file)
                result.files.append(file)
                if format == .svg { result.svg[name] = output.data }
                result.warnings += output.warnings.map { "\(name).\(format.rawValue): \($0)" }
            } catch let failure as GraphvizRenderer.Failure {
                result.failures.append("\(name).\(format.rawValue): \(failure.message)")
            }
        }
        return result
    }

    /// What a format adds to every graph: Graphviz draws PNG at 96 dpi, and `size` (inches) scales a bigger
    /// drawing down to fit `maxPNGPixels`.
    static func attributes(for format: DiagramFormat) -> [String: String] {
        guard format == .png else { return [:] }
        let inches = DOTEncoder.number(Double(maxPNGPixels) / 96)
        return ["size": "\(inches),\(inches)"]
    }

    /// Draws `trace`; when it keeps only a long run's first messages, `tally` counts them all.
    public func write(trace: Trace, scenario: Scenario?, to folder: URL, tally: TraceTally? = nil) throws -> Result {
        var result = Result()
        var sequence = options.sequence
        if sequence.ruleBreaks == nil { sequence.ruleBreaks = Self.ruleBreaks(trace: trace, scenario: scenario) }
        let drawn = trace.events.filter { event in sequence.steps.map { $0.contains(event.step ?? 1) } ?? true }
        let limit = options.maxSequenceMessages
        // Without a step range, every message of the run counts, kept or not.
        let total = sequence.steps == nil ? max(drawn.count, tally?.messages ?? 0) : drawn.count
        if options.kinds.contains(.sequence), total > limit, !drawn.isEmpty {
            let last = drawn[min(limit, drawn.count) - 1].sequence
            sequence.lastSequence = last
            result.notes.append("the sequence diagram draws \(limit) of the \(total) messages (up to message \(last)); "
                                + "draw later story steps with 'sceneflow render TRACE --from N --to M', or raise --max-diagram-messages")
        }
        for kind in options.kinds {
            if kind == .sequence {
                var pages: [SequencePage] = []
                if sequence.detail != .scene, let first = drawn.first?.sequence {
                    let last = sequence.lastSequence ?? drawn.last!.sequence
                    pages = SequencePage.pages(of: trace, from: first, through: last, perPage: options.messagesPerPage)
                }
                // Pages an earlier, longer run left behind would read as this run's.
                Self.removePages(in: folder, after: pages.count > 1 ? pages.count : 0)
                if pages.count > 1 {
                    try writePages(pages, trace: trace, sequence: sequence, to: folder, into: &result)
                    continue
                }
            }
            guard let (graph, engine) = Self.graph(kind, trace: trace, scenario: scenario, sequence: sequence, tally: tally) else { continue }
            // A big sequence diagram's labels sit in boxes SceneFlow sized: Graphviz's built-in font metrics place
            // them a few pixels from where Pango would, at a fraction of the cost. Small ones keep Pango's exact text.
            let written = try Self.write(graph, engine: engine, as: kind.rawValue, formats: options.formats, to: folder,
                                         measuresText: kind != .sequence || trace.events.count <= Self.measuredSequenceLimit)
            result.merge(written)
        }
        return result
    }

    /// Removes `sequence-<n>.{dot,svg,png}` for every n above `count`, and the overview when there are no pages.
    static func removePages(in folder: URL, after count: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where OutputLayout.isOutput(name) {
            // The overview goes with the pages.
            let stale = OutputLayout.sequencePage(name).map { $0 > count } ?? (name.hasPrefix("sequence-scenes.") && count == 0)
            if stale { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        }
    }

    /// Writes each page as `sequence-<n>.*` and their index as `sequence.*`.
    private func writePages(_ pages: [SequencePage], trace: Trace, sequence: SequenceDiagramBuilder.Options, to folder: URL,
                            into result: inout Result) throws {
        result.sequencePages = pages
        // Page n + 1 is built and encoded while Graphviz renders page n; the scenes-only overview comes last.
        let count = pages.count
        let overviewOptions = { var options = sequence; options.detail = .scene; return options }()
        let made = Prefetcher(count: count + 1, ahead: 2) { index -> String? in
            if index < count {
                return DOTEncoder.encode(SequenceDiagramBuilder.build(trace, options: sequence, page: pages[index], of: count).dot(name: "sequence"))
            }
            // A run of several pages also gets the scenes-only overview on one page, while that stays readable.
            let overview = SequenceDiagramBuilder.build(trace, options: overviewOptions)
            return overview.rows.count <= Self.maxOverviewRows ? DOTEncoder.encode(overview.dot(name: "sequence")) : nil
        }
        defer { made.cancel() }
        // With helpers, page n goes to helper n mod (helpers + 1), or stays here; each is written as DOT first.
        let helpers = options.pageHelpers.flatMap { helper in
            count >= Self.pagesForHelpers && helper.count > 0
                ? PageHelpers(executable: helper.executable, count: min(helper.count, count / 2), formats: options.formats) : nil
        }
        // On an error below, the helpers still finish before this returns: nothing is written after it.
        defer { _ = helpers?.finish() }
        var written: [Result?] = Array(repeating: nil, count: count)
        var delegated: [(index: Int, dot: URL)] = []
        for index in 0..<count {
            let name = "sequence-\(pages[index].number)"
            let dot = made.take(index)!
            let lane = helpers.map { index % ($0.count + 1) } ?? 0
            if let helpers, lane > 0 {
                let dotFile = folder.appendingPathComponent("\(name).dot")
                try AtomicFile.write(dot, to: dotFile)
                helpers.submit(dotFile, to: lane - 1)
                delegated.append((index, dotFile))
            } else {
                written[index] = try Self.write(dot: dot, engine: .pinned, as: name, formats: options.formats, to: folder,
                                                measuresText: false)
            }
        }
        // What the helpers rendered is read back; what they did not, this process renders.
        let outcomes = helpers?.finish() ?? [:]
        for (index, dotFile) in delegated {
            let name = "sequence-\(pages[index].number)"
            if case .rendered(let warnings)? = outcomes[dotFile.path] {
                var page = Result()
                page.files.append(dotFile)
                page.warnings = warnings
                for format in options.formats where format.graphviz != nil {
                    let file = folder.appendingPathComponent("\(name).\(format.rawValue)")
                    page.files.append(file)
                    if format == .svg { page.svg[name] = try Data(contentsOf: file) }
                }
                written[index] = page
            } else {
                let dot = String(decoding: try Data(contentsOf: dotFile), as: UTF8.self)
                written[index] = try Self.write(dot: dot, engine: .pinned, as: name, formats: options.formats, to: folder,
                                                measuresText: false)
            }
        }
        for (index, page) in written.enumerated() {
            guard let page else { continue }
            if let svg = page.svg["sequence-\(pages[index].number)"] { result.pageSVG.append(svg) }
            result.merge(page)
        }
        var hasOverview = false
        if let overview = made.take(count) {
            result.merge(try Self.write(dot: overview, engine: .pinned, as: "sequence-scenes",
                                        formats: options.formats, to: folder, measuresText: false))
            hasOverview = true
        } else {
            for format in DiagramFormat.allCases {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("sequence-scenes.\(format.rawValue)"))
            }
        }
        let index = SequencePage.index(title: "\(trace.header.scenario) — sequence", pages: pages,
                                       overview: hasOverview ? "sequence-scenes.svg" : nil, note: result.notes.first)
        result.merge(try Self.write(index, engine: .dot, as: "sequence", formats: options.formats, to: folder))
    }

    /// The fewest pages worth starting helper processes for.
    public static let pagesForHelpers = 4

    /// The helper's side of `pageHelpers` (`sceneflow render-pages`): renders the DOT files named on standard input.
    public static func servePages(formats: [DiagramFormat]) {
        PageHelpers.serve(formats: formats)
    }

    /// The most rows (cycles and navigations) the scenes-only overview of a paged run has; a longer run has none.
    public static let maxOverviewRows = 300
}

extension DiagramWriter.Result {
    mutating func merge(_ other: DiagramWriter.Result) {
        files += other.files
        warnings += other.warnings
        failures += other.failures
        svg.merge(other.svg) { _, new in new }
    }
}
