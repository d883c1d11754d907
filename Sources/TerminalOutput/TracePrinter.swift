import Foundation
import ScenarioSpec
import TraceFormat

/// Prints a trace as it is recorded, one line per message, indented by nesting and coloured by role:
///
///     ── cycle 2 · Login.Login · Wrong password ──
///        0 ms  User → LoginViewController  Login {username: "ann", password: "wrong"}
///        0 ms    LoginViewController → LoginInteractor  LoginBusinessLogic.login(request:) {…}
public final class TracePrinter: TraceSink {
    private let style: TerminalStyle
    private let write: (String) -> Void
    /// Nesting depth by sequence number (one byte each, so long runs stay small).
    private var depths: [UInt8] = [0]
    private var lines: [String] = []
    public private(set) var header: TraceHeader?
    /// What breaks a rule of the run's pattern, and what the scenario accepts: such a message ends with the rule's
    /// id, `✗` in red, or `⚑` when accepted.
    public var ruleBreaks: RuleBreaks?

    public init(style: TerminalStyle = .plain, write: @escaping (String) -> Void) {
        self.style = style
        self.write = write
    }

    /// The story step running, for cycle headings.
    private var step: Int?

    public func begin(_ header: TraceHeader) {
        self.header = header
        write(style.paint("\(header.scenario)", bold: true) + style.paint("  (\(header.pattern), \(header.file))", .gray) + "\n")
    }

    public func mark(_ marker: TraceMarker) {
        switch marker {
        case .step(let marked):
            step = marked.number
            // A step that runs no cycle of its own (a route, going back, a scene shown) gets a heading of its own, so
            // its messages do not read as the previous cycle's.
            if case .perform? = marked.action { break }
            if marked.action == nil { break }
            write("\n" + style.paint("── \(marked.heading.replacingOccurrences(of: " — ", with: " · ")) ──", .cyan, bold: true) + "\n")
        case .cycleStart(let cycle):
            // A cycle's frame starts at the left, whatever caused it.
            let note = cycle.title ?? (cycle.trigger == .action ? nil : "\(cycle.scene.map(\.rawValue) ?? cycle.view.name) appears")
            let title = note.map { " · \($0)" } ?? ""
            let story = step.map { " (story step \($0))" } ?? ""
            write("\n" + style.paint("── cycle \(cycle.number) · \(cycle.name)\(title) ──", .cyan, bold: true)
                  + style.paint(story, .gray) + "\n")
        case .cycleEnd:
            break
        }
    }

    public func record(_ event: borrowing TraceEvent) {
        // Messages of a cycle are indented under its heading.
        let depth = event.parent.map { Int(depths[$0]) + 1 } ?? (event.cycle == nil ? 0 : 1)
        depths.append(UInt8(min(depth, 200)))
        let time = String(repeating: " ", count: max(0, 6 - String(event.time).count)) + "\(event.time) ms"
        let indent = String(repeating: "  ", count: min(depth, 12))
        let arrow = event.kind.isReturn ? " ⇢ " : " → "
        let (from, to) = (event.from, event.to)
        let route = style.paint(from.name, color(for: from.role)) + style.paint(arrow, .gray) + style.paint(to.name, color(for: to.role))
        let text = event.kind == .workerError ? style.paint(event.text(), .red) : event.text()
        var flag = ""
        if let broken = ruleBreaks?(event) {
            flag = broken.accepted == nil ? "  " + style.paint("✗ " + broken.rule.id, .red, bold: true) : "  " + style.paint("⚑ " + broken.rule.id + " accepted", .yellow)
        }
        write(style.paint(time, .gray) + "  " + indent + route + "  " + text + flag + "\n")
    }

    public func finish(_ end: RunEnd) {}

    private func color(for role: ComponentRole) -> TerminalColor? {
        switch role {
        case .user: nil
        case .view: .blue
        case .interactor: .green
        case .presenter: .magenta
        case .router: .yellow
        case .worker: .cyan
        case .dataStore, .appState: .gray
        case .configurator: .gray
        }
    }
}
