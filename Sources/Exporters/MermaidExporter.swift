import Diagrams
import ScenarioSpec

/// Mermaid text, which GitHub, GitLab and most Markdown tools draw from a ```` ```mermaid ```` block:
/// - the sequence diagram as a `sequenceDiagram`: participants boxed by scene, each cycle a shaded `rect`
///   headed by its title, data passing as notes, activations, and `autonumber` kept equal to the trace's
///   sequence numbers;
/// - the scene flow as a `flowchart`.
///
/// Text from a scenario is written with Mermaid's entity codes (`#quot;`, `#35;`, …), so no label can end a
/// statement, open a comment or inject markup.
public enum MermaidExporter {
    public static func sequence(_ diagram: SequenceDiagram) -> String {
        var out = "sequenceDiagram\n"
        out += "    title \(text(diagram.title))\n"
        let alias = { (index: Int) in "p\(index)" }
        func declare(_ index: Int, indent: String) -> String {
            let participant = diagram.participants[index]
            let keyword = participant.role == .user ? "actor" : "participant"
            return "\(indent)\(keyword) \(alias(index)) as \(text(participant.name))\n"
        }
        for index in diagram.participants.indices where diagram.participants[index].group == nil {
            out += declare(index, indent: "    ")
        }
        for group in diagram.groups {
            // Translucent, so the box reads on a light page and on a dark one (GitHub's dark theme draws light text).
            out += "    box rgba(128,128,128,0.12) \(text(group.title))\n"
            for index in group.members { out += declare(index, indent: "        ") }
            out += "    end\n"
        }

        let opening = Dictionary(grouping: diagram.frames, by: \.firstRow)
        let closing = Dictionary(grouping: diagram.frames, by: \.lastRow).mapValues(\.count)
        let barsStarting = Dictionary(grouping: diagram.activations, by: \.firstRow)
        let barsEnding = Dictionary(grouping: diagram.activations, by: \.lastRow)
        var depth = 1
        var next: Int?  // the number autonumber gives the next message
        func line(_ text: String) { out += String(repeating: "    ", count: depth) + text + "\n" }
        for (row, item) in diagram.rows.enumerated() {
            for frame in opening[row] ?? [] {
                line("rect rgba(37,99,235,0.06)")
                depth += 1
                line("Note over \(alias(frame.firstColumn)),\(alias(frame.lastColumn)): \(text(frame.title))")
            }
            switch item {
            case .creation(let group, let title):
                // A later instance of the scene takes its columns.
                let members = diagram.groups[group].members
                line("Note over \(alias(members.first!))" + (members.count > 1 ? ",\(alias(members.last!))" : "")
                     + ": " + text(title))
            case .note(let note):
                line("Note over \(alias(note.first))" + (note.last != note.first ? ",\(alias(note.last))" : "")
                     + ": " + note.lines.map(text).joined(separator: "<br/>"))
            case .message(let message):
                let label = unnumbered(message)
                if message.style == .dataPassing {
                    // Data passing reads best as a note between the Router and the destination's DataStore.
                    // `32 · passDataToHome(source:destination:): destination.userID = source.userID → "42"`
                    let number = message.sequence.map { "\($0) · " } ?? ""
                    let detail = message.detail?.components(separatedBy: " · ") ?? []
                    let method = detail.first.map { $0 + ": " } ?? ""
                    let value = detail.count > 1 ? " → " + detail.dropFirst().joined(separator: " · ") : ""
                    line("Note over \(alias(message.from)),\(alias(message.to)): \(number)\(text(method + label + value))")
                    break
                }
                if let sequence = message.sequence, sequence != next {
                    line("autonumber \(sequence)")
                }
                next = message.sequence.map { $0 + 1 }
                var body = text(label)
                if let detail = message.detail { body += "<br/>" + text(detail) }
                if message.delay > 0 { body += "<br/>" + text("after \(message.delay) ms") }
                line("\(alias(message.from))\(arrow(message.style))\(alias(message.to)): \(body)")
            }
            for bar in (barsStarting[row] ?? []).sorted(by: { $0.level < $1.level }) {
                line("activate \(alias(bar.participant))")
            }
            for bar in (barsEnding[row] ?? []).sorted(by: { $0.level > $1.level }) {
                line("deactivate \(alias(bar.participant))")
            }
            for _ in 0..<(closing[row] ?? 0) {
                depth -= 1
                line("end")
            }
        }
        return out
    }

    /// The label without the sequence number the diagram puts in front (autonumber draws it).
    static func unnumbered(_ message: SequenceDiagram.Message) -> String {
        guard let sequence = message.sequence, message.label.hasPrefix("\(sequence)  ") else { return message.label }
        return String(message.label.dropFirst("\(sequence)  ".count))
    }

    private static func arrow(_ style: SequenceDiagram.Style) -> String {
        switch style {
        case .call, .navigation, .lifecycle: "->>"
        case .reply: "-->>"
        case .failure: "--x"
        case .violation: "-x"
        case .write, .dataPassing: "-)"
        case .show, .render: "--)"
        }
    }

    /// The scene flow as a left-to-right flowchart: scenes with their use cases, routes labelled with what
    /// they pass; with a run, what it visited is coloured and what it never reached is dashed and grey.
    public static func flowchart(_ flow: FlowDiagram) -> String {
        var out = "flowchart LR\n"
        out += "    %% \(text(flow.title))\n"
        let id = Dictionary(uniqueKeysWithValues: flow.scenes.enumerated().map { ($0.element.name, "s\($0.offset)") })
        out += "    start([\"start\"])\n"
        for scene in flow.scenes {
            var label = "<b>\(text(scene.name.rawValue))</b>"
            if !scene.useCases.isEmpty {
                label += "<br/><small>" + scene.useCases.map { useCase in
                    flow.observed && useCase.runs == 0 ? "<s>\(text(useCase.name))</s>" : text(useCase.name)
                }.joined(separator: " · ") + "</small>"
            }
            if scene.isTabBar { label += "<br/><small>tab bar</small>" }
            if flow.observed {
                label += "<br/><small>" + (scene.visits > 0 ? "shown ×\(scene.visits)" : "not visited") + "</small>"
            }
            out += "    \(id[scene.name]!)[\"\(label)\"]\n"
        }
        var links: [(index: Int, used: Bool)] = []
        out += "    start --> \(id[flow.start]!)\n"
        links.append((0, true))
        for route in flow.routes {
            guard let from = id[route.from] else { continue }
            let to: String
            if let destination = route.to {
                guard let known = id[destination] else { continue }
                to = known
            } else {
                // Back to whichever scene is below, and no scene of the scenario shows this one.
                to = "below_\(from)"
                out += "    \(to)([\"(the scene below)\"])\n"
            }
            let used = !flow.observed || route.taken > 0
            var label = text(route.name.rawValue)
            if route.navigation != .push { label += " [\(text(route.navigationLabel))]" }
            if !route.fields.isEmpty { label += "<br/>" + route.fields.map(text).joined(separator: ", ") }
            if route.toWhicheverIsBelow { label += "<br/>back to whoever showed it" }
            if flow.observed && route.taken > 0 { label += "<br/>×\(route.taken)" }
            let arrow = !used || route.navigation == .present ? "-.->" : "==>"
            out += "    \(from) \(arrow)|\"\(label)\"| \(to)\n"
            links.append((links.count, used))
        }
        for tab in flow.tabs {
            // A tab bar holds its tabs' scenes, as the flow diagram draws it.
            guard let from = id[tab.bar], let to = id[tab.scene] else { continue }
            out += "    \(from) -->|\"tab" + (flow.observed && tab.selected > 0 ? "<br/>×\(tab.selected)" : "") + "\"| \(to)\n"
            links.append((links.count, !flow.observed || tab.selected > 0))
        }
        for exit in flow.exits {
            // A View that left its screen itself, as the flow diagram draws it.
            guard let from = id[exit.from], let to = id[exit.to] else { continue }
            out += "    \(from) -.->|\"leaves itself: \(text(PatternNaming.baseName(exit.method)))<br/>×\(exit.taken)\"| \(to)\n"
            links.append((links.count, true))
        }
        out += "    classDef visited fill:#dbeafe,stroke:#2563eb,color:#111827\n"
        out += "    classDef unvisited fill:#ffffff,stroke:#9ca3af,stroke-dasharray:4 3,color:#6b7280\n"
        // A mid blue with white text: seen on a light page and on a dark one.
        out += "    classDef startNode fill:#2563eb,stroke:#1d4ed8,color:#ffffff\n"
        out += "    class start startNode\n"
        let visited = flow.scenes.filter { !flow.observed || $0.visits > 0 }.map { id[$0.name]! }
        let unvisited = flow.scenes.filter { flow.observed && $0.visits == 0 }.map { id[$0.name]! }
        if !visited.isEmpty { out += "    class \(visited.joined(separator: ",")) visited\n" }
        if !unvisited.isEmpty { out += "    class \(unvisited.joined(separator: ",")) unvisited\n" }
        let used = links.filter { $0.used && $0.index > 0 }.map { String($0.index) }
        let unused = links.filter { !$0.used }.map { String($0.index) }
        if !used.isEmpty { out += "    linkStyle \(used.joined(separator: ",")) stroke:#7c3aed,stroke-width:2px\n" }
        if !unused.isEmpty { out += "    linkStyle \(unused.joined(separator: ",")) stroke:#9ca3af\n" }
        return out
    }

    /// Text as Mermaid shows it: characters that end a statement (`;`, `#`, a line break), open a comment (`%`),
    /// quote (`"`), or read as markup (`<`, `>`, `&`, backquote) become entity codes; other control characters and
    /// line or paragraph separators become spaces.
    public static func text(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "#": result += "#35;"
            case ";": result += "#59;"
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "&": result += "#amp;"
            case "%": result += "#37;"
            case "`": result += "#96;"
            case "\n": result += "<br/>"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
