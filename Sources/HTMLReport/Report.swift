import Foundation
import Narration
import ScenarioSpec
import TraceFormat

/// `Output/<scenario>/index.html`: one self-contained page — no network, opens from disk — with the run's
/// summary, a step-through that highlights each message in the sequence diagram and the cycle picture while
/// explaining it, the filterable message table, and the diagrams.
///
/// Text from the scenario never becomes markup: it travels as JSON (with `<`, `>`, `&` and line separators
/// escaped) and the page's script puts it into the document with `textContent`; the diagrams are Graphviz SVG,
/// whose texts Graphviz escapes, inlined without comments or anything that could run. A Content-Security-Policy
/// forbids every network request and runs no script but the page's own, allowed by its hash.
public enum Report {
    /// A drawing to include.
    public struct Diagram: Sendable {
        /// `sequence`, `dependencies`, `flow` or `cycle`: also the prefix of its ids in the page.
        public var kind: String
        public var title: String
        public var svg: String

        public init(kind: String, title: String, svg: String) {
            self.kind = kind
            self.title = title
            self.svg = svg
        }
    }

    /// One page of a long run's sequence diagram: the SVG drawing messages `first...last`.
    public struct SequencePage: Sendable {
        public var first: Int
        public var last: Int
        public var svg: String

        public init(first: Int, last: Int, svg: String) {
            self.first = first
            self.last = last
            self.svg = svg
        }
    }

    public struct Input: Sendable {
        public var trace: Trace
        public var scenario: Scenario?
        public var narration: Narration
        public var diagrams: [Diagram]
        public var language: Language
        /// The sequence diagram's pages, when it has more than one (its `Diagram` is then not used).
        public var sequencePages: [SequencePage] = []
        /// The code of the scenes (what `sceneflow generate` writes), and for narration steps by index, where in it
        /// the message is sent: the report shows the whole file with those lines highlighted.
        public var code: [CodeFile] = []
        public var codePlaces: [Int: CodePlace] = [:]
        /// The mistakes gallery beside the report (`mistakes/index.html`), relative to it.
        public var galleryLink: String?

        public init(trace: Trace, scenario: Scenario?, narration: Narration, diagrams: [Diagram], language: Language = .english) {
            self.trace = trace
            self.scenario = scenario
            self.narration = narration
            self.diagrams = diagrams
            self.language = language
        }
    }

    /// One source file of the app's code.
    public struct CodeFile: Sendable, Hashable, Encodable {
        public var name: String
        public var text: String

        public init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// The lines of a file (1-based) that send a message.
    public struct CodePlace: Sendable, Hashable, Encodable {
        public var file: Int
        public var lines: [Int]

        public init(file: Int, lines: [Int]) {
            self.file = file
            self.lines = lines
        }
    }

    /// The CSP source that allows the page's one script and nothing else: the SHA-256 of `script`, base64
    /// (a test recomputes it). The data block is JSON, which a browser does not run.
    static let scriptHash = "sha256-nvpqklQecwVTrt4yVgyWnplxpo0NrP/NX86rfqDVO9Q="

    /// The page.
    public static func html(_ input: Input) -> String {
        let trace = input.trace
        let title = trace.header.scenario
        let svg = Dictionary(input.diagrams.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        var page = """
            <!DOCTYPE html>
            <html lang="\(input.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="SceneFlow">
            <title>\(HTML.escape(title)) — SceneFlow</title>
            <style>\(stylesheet)</style>
            </head>
            <body>
            <header class="top">
              <div class="brand">SceneFlow</div>
              <h1 id="title"></h1>
              <p id="subtitle" class="muted"></p>
              <dl id="summary" class="summary"></dl>
              \(ownershipCard(input))
              <nav><a href="#walkthrough">Walk through</a><a href="#messages">Messages</a><a href="#diagrams">Diagrams</a><a href="#story">Story</a>\(input.galleryLink.map { "<a href=\"\(HTML.escape($0))\">" + HTML.escape(Catalogue(input.language).text("report.mistakes", [:])) + "</a>" } ?? "")</nav>
            </header>
            <main>
            <section id="walkthrough" class="walkthrough">
              <div class="explain">
                <div class="controls" role="toolbar" aria-label="Step through the run">
                  <button id="first" title="First (Home)">«</button>
                  <button id="prev" title="Previous (←)">◀</button>
                  <span id="position" class="position"></span>
                  <button id="next" title="Next (→)">▶</button>
                  <button id="last" title="Last (End)">»</button>
                </div>
                <input id="scrub" type="range" min="0" value="0" aria-label="Step">
                <div id="step" class="step" aria-live="polite">
                  <div id="step-cycle" class="step-cycle"></div>
                  <div id="step-headline" class="step-headline"></div>
                  <p id="step-text" class="step-text"></p>
                  <p id="step-why" class="step-why"></p>
                  <p id="step-data" class="step-data"></p>
                  <p id="step-code" class="step-data step-code"></p>
                  <details id="step-file" class="step-file" hidden><summary></summary><pre></pre></details>
                </div>
                <p class="hint">← → step · Home/End · click a row or an arrow to jump</p>
                <figure class="cycle">\(svg["cycle"].map { HTML.inlineSVG($0.svg, idPrefix: "cyc") } ?? "")</figure>
              </div>
              <figure id="sequence" class="sequence">\(sequenceFigure(input, svg["sequence"]))</figure>
            </section>
            <section id="messages">
              <h2>Messages</h2>
              <div class="filters">
                <label>Scene <select id="filter-scene"><option value="">all</option></select></label>
                <label>Component <select id="filter-component"><option value="">all</option></select></label>
                <label>Kind <select id="filter-kind"><option value="">all</option></select></label>
                <label>Text <input id="filter-text" type="search" placeholder="method, payload…"></label>
                <span id="filter-count" class="muted"></span>
              </div>
              <div class="table-wrap"><table id="table"><thead><tr><th>#</th><th>t</th><th>cycle</th><th>kind</th><th>from → to</th><th>message</th><th>payload</th><th>scenario</th></tr></thead><tbody></tbody></table></div>
            </section>
            <section id="diagrams">
              <h2>Diagrams</h2>

            """
        for kind in ["dependencies", "flow", "cycle"] {
            guard let diagram = svg[kind] else { continue }
            page += "  <figure class=\"diagram\"><figcaption>\(HTML.escape(diagram.title))</figcaption>"
                + HTML.inlineSVG(diagram.svg, idPrefix: "\(kind)-full") + "</figure>\n"
        }
        page += """
            </section>
            <section id="story">
              <h2>Story</h2>
              <ol id="story-steps"></ol>
            </section>
            </main>
            <footer class="muted">Made by SceneFlow from <code id="footer-file"></code>. Logical time: only worker latencies advance it.</footer>
            <script type="application/json" id="data">\(json(input))</script>
            <script>\(script)</script>
            </body>
            </html>

            """
        return page
    }

    /// The sequence diagram as pages the step-through shows one at a time (one page for a short run). Each page's
    /// ids are prefixed `seq<n>-`, so message 26 on page 2 is `seq2-m26`.
    static func sequenceFigure(_ input: Input, _ single: Diagram?) -> String {
        var pages = input.sequencePages
        if pages.isEmpty, let single { pages = [SequencePage(first: 1, last: Int.max, svg: single.svg)] }
        return pages.enumerated().map { index, page in
            "<div class=\"page\" data-prefix=\"seq\(index + 1)\" data-first=\"\(page.first)\" data-last=\"\(page.last == Int.max ? 0 : page.last)\""
                + (index > 0 ? " hidden" : "") + ">" + HTML.inlineSVG(page.svg, idPrefix: "seq\(index + 1)") + "</div>"
        }.joined()
    }

    /// Who holds whom, as `explain` opens with it: the pattern's ownership card, folded.
    static func ownershipCard(_ input: Input) -> String {
        HTML.ownershipCard(input.narration.card)
    }

    // MARK: - Data

    struct Payload: Encodable {
        var title: String
        var subtitle: String
        var pattern: String
        var file: String
        var description: String?
        var summary: [[String]]
        var legend: String
        var steps: [Step]
        var events: [Event]
        var story: [String]
        var labels: [String: String]
        var code: [CodeFile]
    }

    struct Step: Encodable {
        var kind: String
        var seq: [Int]
        var cycle: Int?
        var headline: String?
        var text: String
        var why: String?
        var rule: String?
        var data: String?
        var code: String?
        var codeAt: CodePlace?
        var stage: String?
        var returns: Bool
        var receiver: String?
    }

    struct Event: Encodable {
        var seq: Int
        var cycle: Int?
        var step: Int?
        var t: Int
        var kind: String
        var from: String
        var fromScene: String?
        var to: String
        var toScene: String?
        var message: String
        var payload: String?
        var at: String?
    }

    static func json(_ input: Input) -> String {
        let trace = input.trace
        let catalogue = Catalogue(input.language)
        var summary: [[String]] = [["pattern", trace.header.pattern]]
        if let end = trace.end {
            summary += [["status", end.status.rawValue + (end.error.map { ": \($0)" } ?? "")], ["cycles", String(end.cycles)],
                        ["messages", String(end.messages)], ["simulated time", "\(end.time) ms"]]
        } else {
            summary.append(["status", "interrupted"])
        }
        if let end = trace.end, end.messages > trace.events.count {
            summary.append(["shown", "the first \(trace.events.count) of \(end.messages) messages; the trace holds them all"])
        }
        var scenes: [String] = []
        for event in trace.events {
            for scene in [event.from.scene, event.to.scene].compactMap({ $0?.rawValue }) where !scenes.contains(scene) { scenes.append(scene) }
        }
        summary.append(["scenes", scenes.joined(separator: ", ")])
        let events = trace.events.map { event in
            Event(seq: event.sequence, cycle: event.cycle, step: event.step, t: event.time, kind: event.kind.rawValue,
                  from: event.from.name, fromScene: event.from.scene.map { "\($0)#\(event.from.instance ?? 1)" },
                  to: event.to.name, toScene: event.to.scene.map { "\($0)#\(event.to.instance ?? 1)" },
                  message: Self.message(event), payload: event.payload.map { TraceEvent.brief($0, limit: 400) },
                  at: event.location?.description)
        }
        let kindOf = Dictionary(trace.events.map { ($0.sequence, $0) }, uniquingKeysWith: { first, _ in first })
        let steps = input.narration.steps.enumerated().map { index, step in
            let event = step.kind == .message ? step.sequences.first.flatMap { kindOf[$0] } : nil
            return Step(kind: step.kind.rawValue, seq: step.sequences, cycle: step.cycle, headline: step.headline, text: step.text,
                        why: step.why, rule: step.rule, data: step.data, code: step.code, codeAt: input.codePlaces[index], stage: step.stage?.rawValue,
                        returns: event?.kind.isReturn ?? false,
                        receiver: event.map { Self.roleKey($0.to.role) })
        }
        var story: [String] = []
        for step in input.scenario?.story ?? [] {
            let action: String
            switch step.action {
            case .appear(let scene): action = "appear \(scene.value)"
            case .perform(let scene, let useCase, _): action = "do " + (scene.map { "\($0.value)." } ?? "") + useCase.value.rawValue
            case .back: action = "back"
            case .route(let scene, let route, _): action = "route \(scene.value).\(route.value)"
            case .tab(let scene): action = "tab \(scene.value)"
            }
            story.append(action + (step.title.map { " — \($0)" } ?? ""))
        }
        let payload = Payload(
            title: trace.header.scenario,
            subtitle: input.narration.title,
            pattern: trace.header.pattern, file: trace.header.file,
            description: input.scenario?.description,
            summary: summary, legend: input.narration.legend, steps: steps, events: events, story: story,
            labels: ["why": catalogue.text("why"), "rule": catalogue.text("rule"), "carries": catalogue.text("carries"), "code": catalogue.text("code"),
                     "wholeFile": catalogue.text("code.file")],
            code: input.code)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(payload)) ?? Data("{}".utf8)
        // Inside <script>: nothing may close it or open a comment, and JavaScript's line separators stay escaped.
        var out = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A message as the table lists it: the call, and for wiring, data passing and navigation what they set.
    static func message(_ event: TraceEvent) -> String {
        switch event.message {
        case .configure(_, _, let value): "\(event.signature) — \(value.name)"
        case .dataPassing(let pass): "\(event.signature) — destination.\(pass.field) = \(pass.source)"
        case .navigation(let navigation): "\(event.signature) — \(event.navigationNote(navigation))"
        default: event.signature
        }
    }

    /// The cycle picture's node id for a role.
    static func roleKey(_ role: ComponentRole) -> String {
        switch role {
        case .user: "user"
        case .configurator: "configurator"
        case .view: "view"
        case .interactor: "interactor"
        case .worker: "worker"
        case .dataStore: "dataStore"
        case .presenter: "presenter"
        case .router: "router"
        case .appState: "appState"
        }
    }
}
