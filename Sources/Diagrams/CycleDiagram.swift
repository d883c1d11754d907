import ScenarioSpec
import TraceFormat

/// The pattern's classic cycle picture — View → Interactor → Presenter → View with Router, Worker and DataStore
/// (VIPER: View → Presenter → Interactor with DataManager, WireFrame and Entities) — with how many messages this
/// run sent along each arrow.
public struct CycleDiagram: Sendable, Hashable {
    public var title: String
    public var pattern: Pattern
    public var nodes: [Node]
    public var edges: [Edge]

    public struct Node: Sendable, Hashable {
        /// `view`, `interactor`, … also the DOT id.
        public var id: String
        public var name: String
        public var detail: String?
        public var role: ComponentRole?
        /// Centre in points, y up (Graphviz's convention).
        public var x: Double
        public var y: Double
    }

    public struct Edge: Sendable, Hashable {
        public var from: String
        public var to: String
        /// The stage of the cycle (`request`, `response`, `display`, …): the SVG id is `cycle-<stage>`, which the
        /// HTML report highlights while stepping.
        public var stage: String
        public var label: String
        /// The protocol the arrow goes through, in the pattern's words.
        public var through: String?
        public var count: Int
        /// For an arrow that stands for messages to several components (the Router's data passing to the next
        /// DataStore and its navigation to the next View): how many went to each, by role, in the pattern's order.
        public var countsByReceiver: [(role: ComponentRole, count: Int)] = []
        /// A reply or a "uses" relation: dashed.
        public var dashed: Bool

        /// `×3`, or `×2 to the dataStore · ×1 to the view` when the arrow stands for several kinds of message.
        public var countText: String {
            let counted = countsByReceiver.filter { $0.count > 0 }
            guard counted.count > 1 else { return "×\(count)" }
            return counted.map { "×\($0.count) to the \($0.role.rawValue)" }.joined(separator: " · ")
        }

        public static func == (lhs: Edge, rhs: Edge) -> Bool {
            lhs.from == rhs.from && lhs.to == rhs.to && lhs.stage == rhs.stage && lhs.label == rhs.label && lhs.through == rhs.through
                && lhs.count == rhs.count && lhs.dashed == rhs.dashed && lhs.countText == rhs.countText
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(from); hasher.combine(to); hasher.combine(stage); hasher.combine(count); hasher.combine(countText)
        }
    }
}

public enum CycleDiagramBuilder {
    /// With `tally`, the run's messages are counted from it (a long run keeps only some of its messages in `trace`).
    public static func build(trace: Trace, tally: TraceTally? = nil) -> CycleDiagram {
        let definition = trace.header.patternDefinition
        let cycle = definition.cycle
        var counts = Array(repeating: 0, count: cycle.arrows.count)
        var byReceiver = Array(repeating: [ComponentRole: Int](), count: cycle.arrows.count)
        for (event, count) in (tally ?? TraceTally(trace.events)).entries {
            guard let stage = event.stage else { continue }
            let pair = PatternDefinition.Cycle.RolePair(event.from.role, event.to.role)
            if let index = cycle.arrows.firstIndex(where: { $0.stage == stage && $0.carries.contains(pair) }) {
                counts[index] += count
                byReceiver[index][pair.to, default: 0] += count
            }
        }
        let place = positions(definition)
        var spare = 0.0
        let nodes = cycle.nodes.map { node -> CycleDiagram.Node in
            // A part this layout does not know goes on a row of its own above the picture.
            let (x, y) = place[node.id] ?? { defer { spare += 170 }; return (spare, 560.0) }()
            return CycleDiagram.Node(id: node.id, name: node.name, detail: node.detail, role: node.role, x: x, y: y)
        }
        let edges = cycle.arrows.enumerated().map { index, arrow in
            var edge = CycleDiagram.Edge(from: arrow.from, to: arrow.to, stage: arrow.stage.rawValue, label: arrow.label,
                                         through: arrow.through, count: counts[index], dashed: arrow.dashed)
            var receivers: [ComponentRole] = []
            for pair in arrow.carries where !receivers.contains(pair.to) { receivers.append(pair.to) }
            edge.countsByReceiver = receivers.map { ($0, byReceiver[index][$0] ?? 0) }
            return edge
        }
        return CycleDiagram(title: "\(cycle.title) in “\(trace.header.scenario)”", pattern: definition.pattern,
                            nodes: nodes, edges: edges)
    }

    /// Where the picture's parts go, in points (y up), chosen by the pattern's structure: a hub with the Presenter in
    /// the middle when the View's events go to the Presenter; otherwise the VIP triangle, with the DataStore beside
    /// the View when the View holds it.
    static func positions(_ definition: PatternDefinition) -> [String: (Double, Double)] {
        if definition.flow.entry == .presenter {
            return ["user": (0, 250), "view": (170, 250), "presenter": (430, 250), "interactor": (690, 250),
                    "worker": (690, 80), "entity": (900, 250), "router": (430, 410), "next": (690, 410)]
        }
        return ["user": (0, 250), "view": (170, 250), "interactor": (430, 250), "presenter": (300, 80),
                "worker": (660, 250), "dataStore": definition.flow.viewWritesDataStore ? (40, 80) : (660, 110),
                "router": (170, 410), "next": (430, 410), "appState": (300, 80)]
    }
}

extension CycleDiagram {
    /// The picture as DOT for Graphviz's `nop` engine: nodes where the template puts them, edges routed by
    /// Graphviz. Each edge has the id `cycle-<stage>` (the first of a stage; a reply gets `cycle-<stage>-back`).
    public func dot(name: String = "cycle") -> DOTGraph {
        var graph = DOTGraph(
            name: name,
            attributes: [
                "splines": "true", "bgcolor": "#ffffff", "pad": 0.3, "fontname": .text(RolePalette.fontName),
                "labelloc": "t", "label": .html(.text(title, size: 14, color: "#111827", bold: true)),
            ],
            nodeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 12, "shape": "box", "style": "rounded,filled",
                           "width": 1.6, "height": 0.62, "fixedsize": "true"],
            edgeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 9.5, "penwidth": 1.6, "arrowsize": 0.9])
        for node in nodes {
            var label = HTMLLabel.text(node.name, size: 12, color: "#111827", bold: true)
            if let detail = node.detail { label = label + .lineBreak() + .text(detail, size: 8.5, color: "#4b5563") }
            let colors: (fill: String, border: String) = node.role.map(RolePalette.colors) ?? (fill: "#ffffff", border: "#9ca3af")
            var attributes: DOTAttributes = [
                "label": .html(label), "pos": .text("\(DOTEncoder.number(node.x)),\(DOTEncoder.number(node.y))!"),
                "fillcolor": .text(colors.fill), "color": .text(colors.border), "id": .text("cycle-node-\(node.id)"),
            ]
            if node.role == .user { attributes["shape"] = "ellipse" }
            if node.role == nil { attributes["style"] = "rounded,dashed" }
            graph.node(node.id, attributes)
        }
        var seen: Set<String> = []
        for edge in edges {
            let used = edge.count > 0 || edge.kindless
            let color = used ? (nodes.first { $0.id == edge.from }?.role.map { RolePalette.colors($0).border } ?? "#374151") : "#c0c4cc"
            var label = HTMLLabel.text(edge.label, size: 9.5, color: used ? "#111827" : "#9ca3af", bold: used && !edge.kindless)
            if let through = edge.through { label = label + .lineBreak() + .text(through, size: 8, color: "#6b7280") }
            if !edge.kindless { label = label + .lineBreak() + .text(edge.count > 0 ? edge.countText : "not in this run", size: 8.5, color: used ? "#1d4ed8" : "#9ca3af") }
            let id = seen.insert(edge.stage).inserted ? "cycle-\(edge.stage)" : "cycle-\(edge.stage)-back"
            var attributes: DOTAttributes = [
                "label": .html(.boxed(label, background: "#ffffff")),
                "color": .text(color), "fontcolor": .text(color),
                "style": .text(edge.dashed || !used ? "dashed" : "solid"),
                "penwidth": .number(used ? min(1.4 + Double(edge.count) * 0.15, 3.2) : 1),
                "id": .text(id),
            ]
            // Two arrows between the same pair run side by side: the one going right (or down) along the top (or
            // right) edges, the other back along the bottom (or left) ones, so their labels do not collide.
            if edges.contains(where: { $0.from == edge.to && $0.to == edge.from }),
               let a = nodes.first(where: { $0.id == edge.from }), let b = nodes.first(where: { $0.id == edge.to }) {
                let horizontal = abs(b.x - a.x) >= abs(b.y - a.y)
                let (tail, head): (String, String) = horizontal
                    ? (b.x > a.x ? ("ne", "nw") : ("sw", "se"))
                    : (b.y < a.y ? ("se", "ne") : ("nw", "sw"))
                attributes["tailport"] = .text(tail)
                attributes["headport"] = .text(head)
            }
            graph.edge(edge.from, edge.to, attributes)
        }
        return graph
    }
}

extension CycleDiagram.Edge {
    /// A relation drawn for the picture (VIPER's Interactor uses Entities), not counted.
    var kindless: Bool { stage == CycleStage.entity.rawValue }
}
