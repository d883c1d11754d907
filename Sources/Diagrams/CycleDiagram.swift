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
        /// A reply or a "uses" relation: dashed.
        public var dashed: Bool
    }
}

public enum CycleDiagramBuilder {
    /// What an edge counts: events of these kinds between these roles.
    struct Template {
        var from: String
        var to: String
        var stage: String
        var label: String
        var through: String?
        var kinds: Set<EventKind>
        var fromRoles: Set<ComponentRole>
        var toRoles: Set<ComponentRole>
        var dashed = false
    }

    public static func build(trace: Trace) -> CycleDiagram {
        let pattern = trace.header.pattern
        let (nodes, templates) = template(pattern)
        var counts = Array(repeating: 0, count: templates.count)
        for event in trace.events {
            for (index, template) in templates.enumerated()
            where template.kinds.contains(event.kind) && template.fromRoles.contains(event.from.role) && template.toRoles.contains(event.to.role) {
                counts[index] += 1
                break
            }
        }
        let edges = templates.enumerated().map { index, template in
            CycleDiagram.Edge(from: template.from, to: template.to, stage: template.stage, label: template.label,
                              through: template.through, count: counts[index], dashed: template.dashed)
        }
        let title: String
        switch pattern {
        case .cleanSwift: title = "Clean Swift — the VIP cycle"
        case .swiftUI: title = "SwiftUI VIP — the cycle"
        case .appState: title = "SwiftUI with AppState — the cycle"
        case .viper: title = "VIPER — the cycle"
        }
        return CycleDiagram(title: "\(title) in “\(trace.header.scenario)”", pattern: pattern, nodes: nodes, edges: edges)
    }

    static func template(_ pattern: Pattern) -> ([CycleDiagram.Node], [Template]) {
        func node(_ id: String, _ name: String, _ detail: String?, _ role: ComponentRole?, _ x: Double, _ y: Double) -> CycleDiagram.Node {
            CycleDiagram.Node(id: id, name: name, detail: detail, role: role, x: x, y: y)
        }
        let user = node("user", "User", nil, .user, 0, 250)
        let action = Template(from: "user", to: "view", stage: "user", label: "action", through: nil,
                              kinds: [.action], fromRoles: [.user], toRoles: [.view])
        switch pattern {
        case .cleanSwift, .swiftUI:
            let swiftUI = pattern == .swiftUI
            var nodes = [
                user,
                node("view", "View", swiftUI ? "SwiftUI View" : "ViewController", .view, 170, 250),
                node("interactor", "Interactor", "business logic", .interactor, 430, 250),
                node("presenter", "Presenter", "formats", .presenter, 300, 80),
                node("worker", "Worker", "does the work", .worker, 660, 250),
                node("dataStore", "DataStore", "the scene's state", .dataStore, swiftUI ? 40 : 660, swiftUI ? 80 : 110),
            ]
            var templates = [
                action,
                Template(from: "view", to: "interactor", stage: "request", label: "Request", through: "BusinessLogic",
                         kinds: [.request], fromRoles: [.view], toRoles: [.interactor]),
                Template(from: "interactor", to: "worker", stage: "worker", label: "work", through: nil,
                         kinds: [.workerCall], fromRoles: [.interactor], toRoles: [.worker]),
                Template(from: "worker", to: "interactor", stage: "worker", label: "result", through: nil,
                         kinds: [.workerResult, .workerError], fromRoles: [.worker], toRoles: [.interactor], dashed: true),
                Template(from: "interactor", to: "presenter", stage: "response", label: "Response", through: "PresentationLogic",
                         kinds: [.response], fromRoles: [.interactor], toRoles: [.presenter]),
                Template(from: "presenter", to: "view", stage: "display", label: "ViewModel", through: "DisplayLogic",
                         kinds: [.display], fromRoles: [.presenter], toRoles: [.view]),
            ]
            if swiftUI {
                templates.append(Template(from: "view", to: "dataStore", stage: "store", label: "sets", through: nil,
                                          kinds: [.dataStoreWrite, .stateWrite], fromRoles: [.view, .interactor], toRoles: [.dataStore, .view]))
            } else {
                templates.append(Template(from: "interactor", to: "dataStore", stage: "store", label: "stores", through: nil,
                                          kinds: [.dataStoreWrite], fromRoles: [.interactor], toRoles: [.dataStore]))
            }
            nodes += [
                node("router", "Router", "navigates", .router, 170, 410),
                node("next", "next scene", "its DataStore", nil, 430, 410),
            ]
            templates += [
                Template(from: "view", to: "router", stage: "route", label: "route", through: "RoutingLogic",
                         kinds: [.route], fromRoles: [.view], toRoles: [.router]),
                Template(from: "router", to: "next", stage: "next", label: "passes data, navigates", through: "DataPassing",
                         kinds: [.dataPassing, .navigation], fromRoles: [.router], toRoles: [.dataStore, .view]),
            ]
            return (nodes, templates)
        case .appState:
            return ([
                user,
                node("view", "View", "observes AppState", .view, 170, 250),
                node("interactor", "Interactor", "business logic", .interactor, 430, 250),
                node("worker", "Worker", "does the work", .worker, 660, 250),
                node("appState", "AppState", "shared, published", .appState, 300, 80),
            ], [
                action,
                Template(from: "view", to: "interactor", stage: "request", label: "Request", through: "BusinessLogic",
                         kinds: [.request], fromRoles: [.view], toRoles: [.interactor]),
                Template(from: "interactor", to: "worker", stage: "worker", label: "work", through: nil,
                         kinds: [.workerCall], fromRoles: [.interactor], toRoles: [.worker]),
                Template(from: "worker", to: "interactor", stage: "worker", label: "result", through: nil,
                         kinds: [.workerResult, .workerError], fromRoles: [.worker], toRoles: [.interactor], dashed: true),
                Template(from: "interactor", to: "appState", stage: "publish", label: "writes", through: "@Published",
                         kinds: [.publish], fromRoles: [.interactor], toRoles: [.appState]),
                Template(from: "appState", to: "view", stage: "render", label: "re-renders", through: nil,
                         kinds: [.render], fromRoles: [.appState], toRoles: [.view]),
            ])
        case .viper:
            return ([
                user,
                node("view", "View", "passive", .view, 170, 250),
                node("presenter", "Presenter", "the hub", .presenter, 430, 250),
                node("interactor", "Interactor", "business logic", .interactor, 690, 250),
                node("worker", "DataManager", "remote, local", .worker, 690, 80),
                node("entity", "Entity", "plain data", nil, 900, 250),
                node("router", "WireFrame", "builds, navigates", .router, 430, 410),
                node("next", "next module", nil, nil, 690, 410),
            ], [
                action,
                Template(from: "view", to: "presenter", stage: "event", label: "event", through: "PresenterProtocol",
                         kinds: [.event], fromRoles: [.view], toRoles: [.presenter]),
                Template(from: "presenter", to: "view", stage: "display", label: "update", through: "ViewProtocol",
                         kinds: [.display], fromRoles: [.presenter], toRoles: [.view]),
                Template(from: "presenter", to: "interactor", stage: "input", label: "input", through: "InteractorInputProtocol",
                         kinds: [.request], fromRoles: [.presenter], toRoles: [.interactor]),
                Template(from: "interactor", to: "presenter", stage: "response", label: "output", through: "InteractorOutputProtocol",
                         kinds: [.response], fromRoles: [.interactor], toRoles: [.presenter]),
                Template(from: "interactor", to: "worker", stage: "worker", label: "fetch, save", through: "DataManagerInputProtocol",
                         kinds: [.workerCall], fromRoles: [.interactor], toRoles: [.worker]),
                Template(from: "worker", to: "interactor", stage: "worker", label: "callback", through: nil,
                         kinds: [.workerResult, .workerError], fromRoles: [.worker], toRoles: [.interactor], dashed: true),
                Template(from: "interactor", to: "entity", stage: "entity", label: "uses", through: nil,
                         kinds: [], fromRoles: [], toRoles: [], dashed: true),
                Template(from: "presenter", to: "router", stage: "route", label: "navigate", through: "WireFrameProtocol",
                         kinds: [.route], fromRoles: [.presenter], toRoles: [.router]),
                Template(from: "router", to: "next", stage: "next", label: "creates, passes data", through: nil,
                         kinds: [.dataPassing, .navigation], fromRoles: [.router], toRoles: [.dataStore, .view]),
            ])
        }
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
            if !edge.kindless { label = label + .lineBreak() + .text(edge.count > 0 ? "×\(edge.count)" : "not in this run", size: 8.5, color: used ? "#1d4ed8" : "#9ca3af") }
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
    var kindless: Bool { stage == "entity" }
}
