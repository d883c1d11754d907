import ScenarioSpec
import TraceFormat

/// The app's map: scenes, the routes between them with the data they pass, the start, and what a run visited.
public struct FlowDiagram: Sendable, Hashable {
    public var title: String
    public var start: SceneName
    public var scenes: [Scene]
    public var routes: [Route]
    /// Whether a trace was given (otherwise nothing is marked visited).
    public var observed: Bool
    /// Screens a View left by itself in the run (`leave:`), to the scene that came back.
    public var exits: [Exit] = []
    /// Each tab bar's tabs, in order.
    public var tabs: [Tab] = []

    public struct Tab: Sendable, Hashable {
        public var bar: SceneName
        public var scene: SceneName
        /// Times the run selected it (the first tab: also when the tab bar came on screen).
        public var selected: Int
    }

    public struct Exit: Sendable, Hashable {
        public var from: SceneName
        public var to: SceneName
        /// `dismiss(animated:)`, `popViewController(animated:)`.
        public var method: String
        public var taken: Int
    }

    public struct Scene: Sendable, Hashable {
        public var name: SceneName
        public var useCases: [UseCase]
        /// Times the scene was shown in the run.
        public var visits: Int
        /// A screen outside the pattern (a system View Controller): drawn apart.
        public var isExternal = false
        /// A tab bar container (`tabs:`).
        public var isTabBar = false
    }

    public struct UseCase: Sendable, Hashable {
        public var name: String
        /// Times the run went through its cycle.
        public var runs: Int
    }

    public struct Route: Sendable, Hashable {
        public var from: SceneName
        public var to: SceneName?
        public var name: RouteName
        public var navigation: ScenarioSpec.Route.Navigation
        /// How a presented scene covers the one below, when the scenario says (`pageSheet`).
        public var presentation: ScenarioSpec.Route.Presentation?
        public var fields: [String]
        /// Times the run took it.
        public var taken: Int
        /// A route back to whichever scene is below, drawn to one of the scenes whose routes show `from` (`to` is
        /// nil when none does).
        public var toWhicheverIsBelow = false
    }
}

extension FlowDiagram.Route {
    /// `present`, or `present, pageSheet` when the scenario says how.
    public var navigationLabel: String {
        navigation.rawValue + (presentation.map { ", \($0.rawValue)" } ?? "")
    }
}

public enum FlowDiagramBuilder {
    /// With `tally`, the run's messages are counted from it (a long run keeps only some of its messages in `trace`).
    public static func build(scenario: Scenario, trace: Trace?, tally: TraceTally? = nil) -> FlowDiagram {
        var instances: [SceneName: Set<Int>] = [:]
        var taken: [String: Int] = [:]
        var runs: [String: Int] = [:]
        var exits: [FlowDiagram.Exit] = []
        var selected: [SceneName: Int] = [:]
        if let trace {
            let tally = tally ?? TraceTally(trace.events, cycles: trace.cycles)
            runs = tally.runs
            instances = tally.instances
            for (event, count) in tally.entries {
                switch event.message {
                case .route(let route, _):
                    if let scene = event.from.scene ?? event.to.scene { taken["\(scene)|\(route)", default: 0] += count }
                case .navigation(let navigation) where navigation.route != nil && event.from.role == .router:
                    // Where a route back to whichever scene is below went.
                    if let from = event.from.scene, let to = event.to.scene {
                        taken["\(from)|\(navigation.route!)|\(to)", default: 0] += count
                    }
                case .navigation(let navigation) where navigation.style == .tab:
                    if let tab = navigation.shown.first?.scene { selected[tab, default: 0] += count }
                case .navigation(let navigation) where navigation.route == nil && event.from.role == .view:
                    guard let from = event.from.scene, let to = event.to.scene else { break }
                    if let index = exits.firstIndex(where: { $0.from == from && $0.to == to && $0.method == navigation.method }) {
                        exits[index].taken += count
                    } else {
                        exits.append(FlowDiagram.Exit(from: from, to: to, method: navigation.method, taken: count))
                    }
                default:
                    break
                }
            }
        }
        let visits = instances.mapValues(\.count)
        var diagram = FlowDiagram(
            title: "\(scenario.name) — scene flow", start: scenario.start,
            scenes: scenario.scenes.map { scene in
                FlowDiagram.Scene(name: scene.name, useCases: scene.useCases.map {
                    FlowDiagram.UseCase(name: $0.name.rawValue, runs: runs["\(scene.name).\($0.name)"] ?? 0)
                },
                                  visits: visits[scene.name] ?? 0, isExternal: scene.isExternal, isTabBar: scene.isTabBar)
            },
            routes: scenario.scenes.flatMap { scene in
                scene.routes.flatMap { route -> [FlowDiagram.Route] in
                    guard route.destination == nil else {
                        return [FlowDiagram.Route(from: scene.name, to: route.destination?.value, name: route.name,
                                                  navigation: route.navigation, presentation: route.presentation?.value,
                                                  fields: route.pass.map(\.target), taken: taken["\(scene.name)|\(route.name)"] ?? 0)]
                    }
                    // Back to whichever scene is below: an arrow to each scene whose routes show this one.
                    let showers = scenario.scenes.filter { other in
                        other.routes.contains { $0.destination?.value == scene.name && !$0.navigation.goesBack }
                    }.map(\.name)
                    let targets: [SceneName?] = showers.isEmpty ? [nil] : showers
                    return targets.map { target in
                        var drawn = FlowDiagram.Route(from: scene.name, to: target, name: route.name, navigation: route.navigation,
                                                      fields: [], taken: target.map { taken["\(scene.name)|\(route.name)|\($0)"] ?? 0 }
                                                          ?? taken["\(scene.name)|\(route.name)"] ?? 0)
                        drawn.toWhicheverIsBelow = true
                        return drawn
                    }
                }
            },
            observed: trace != nil)
        diagram.exits = exits
        diagram.tabs = scenario.scenes.flatMap { bar in
            bar.tabs.map { FlowDiagram.Tab(bar: bar.name, scene: $0.value, selected: selected[$0.value] ?? 0) }
        }
        return diagram
    }
}

extension FlowDiagram {
    /// Past this many routes or scenes, the map is laid out with Graphviz's work bounded and lines straight.
    public static let largeRoutes = 120
    public static let largeScenes = 80

    /// The map as DOT for Graphviz's `dot` layout, left to right from the start scene.
    public func dot(name: String = "flow") -> DOTGraph {
        var graph = DOTGraph(
            name: name,
            attributes: [
                "rankdir": "LR", "nodesep": 0.5, "ranksep": 0.9, "fontname": .text(RolePalette.fontName),
                "bgcolor": "#ffffff", "pad": 0.2, "labelloc": "t", "labeljust": "l",
                "label": .html(.text(title, size: 13, color: "#111827", bold: true)),
            ],
            nodeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 10, "shape": "box",
                           "style": "rounded,filled", "margin": "0.15,0.08"],
            edgeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 9, "arrowsize": 0.8])
        graph.node("start", ["shape": "circle", "style": "filled", "fillcolor": "#111827", "width": 0.16,
                             "fixedsize": "true", "label": ""])
        for scene in scenes {
            let visited = !observed || scene.visits > 0
            var label = HTMLLabel.text(scene.name.rawValue, size: 12, color: visited ? "#111827" : "#6b7280", bold: true)
            if !scene.useCases.isEmpty {
                // With a run, use cases it never went through are struck out in red.
                label = label + .lineBreak()
                for (index, useCase) in scene.useCases.enumerated() {
                    if index > 0 { label = label + .text(" · ", size: 8.5, color: "#4b5563") }
                    label = label + (observed && useCase.runs == 0
                        ? .text(useCase.name, size: 8.5, color: "#b91c1c", strike: true)
                        : .text(useCase.name, size: 8.5, color: "#4b5563"))
                }
            }
            if scene.isExternal { label = label + .lineBreak() + .text("outside the pattern", size: 8, color: "#6b7280") }
            if scene.isTabBar { label = label + .lineBreak() + .text("tab bar", size: 8, color: "#6b7280") }
            if observed {
                label = label + .lineBreak() + .text(scene.visits > 0 ? "shown ×\(scene.visits)" : "not visited", size: 8,
                                                     color: scene.visits > 0 ? "#1d4ed8" : "#9ca3af")
            }
            var attributes: DOTAttributes = [
                "label": .html(label),
                "fillcolor": .text(visited ? "#dbeafe" : "#ffffff"),
                "color": .text(visited ? "#2563eb" : "#9ca3af"),
                "style": .text(scene.isExternal ? (visited ? "filled,dashed" : "dashed") : visited ? "rounded,filled" : "rounded,dashed"),
                "penwidth": .number(scene.name == start ? 2.2 : 1),
            ]
            // A tab bar is drawn as a folder tab: it holds scenes rather than being one.
            if scene.isTabBar { attributes["shape"] = "tab" }
            graph.node("scene_\(scene.name)", attributes)
        }
        graph.edge("start", "scene_\(start)", ["arrowhead": "normal", "color": "#111827", "label": "start"])
        for route in routes {
            let used = !observed || route.taken > 0
            var text = "\(route.name)"
            if route.navigation != .push { text += " [\(route.navigationLabel)]" }
            if !route.fields.isEmpty { text += "\n" + route.fields.joined(separator: ", ") }
            if route.toWhicheverIsBelow { text += "\nback to whoever showed it" }
            if observed && route.taken > 0 { text += "\n×\(route.taken)" }
            var target = "scene_\(route.to?.rawValue ?? "")"
            if route.to == nil {
                // No scene of the scenario shows this one: the arrow ends at a mark for the scene below.
                target = "below_\(route.from)"
                graph.node(target, ["shape": "plaintext", "style": "", "label": "(the scene below)", "fontsize": 9,
                                    "fontcolor": "#6b7280"])
            }
            graph.edge("scene_\(route.from)", target, [
                "label": .text(text),
                "color": .text(used ? "#7c3aed" : "#9ca3af"), "fontcolor": .text(used ? "#5b21b6" : "#6b7280"),
                "style": .text(used ? (route.navigation == .present ? "bold,dashed" : "bold") : "dashed"),
                "penwidth": .number(used ? 1.8 : 1),
            ])
        }
        for tab in tabs {
            // A tab bar holds its tabs' scenes: not a route of any Router.
            let used = !observed || tab.selected > 0
            graph.edge("scene_\(tab.bar)", "scene_\(tab.scene)", [
                "label": .text("tab" + (observed && tab.selected > 0 ? "\n×\(tab.selected)" : "")),
                "color": .text(used ? "#0f766e" : "#9ca3af"), "fontcolor": .text(used ? "#115e59" : "#6b7280"),
                "style": .text(used ? "solid" : "dashed"), "dir": "both", "arrowtail": "odiamond", "arrowhead": "normal", "penwidth": .number(used ? 1.6 : 1),
            ])
        }
        for exit in exits {
            // A View that left its screen itself: not a route of its Router.
            graph.edge("scene_\(exit.from)", "scene_\(exit.to)", [
                "label": .text("leaves itself: \(PatternNaming.baseName(exit.method))\n×\(exit.taken)"),
                "color": "#b45309", "fontcolor": "#92400e", "style": "dotted", "penwidth": 1.4,
            ])
        }
        // Graphviz's crossing minimisation and spline routing grow faster than the map: past a size, a bounded layout
        // with straight lines (30 scenes that all route to each other: 40 s before, half a second so).
        if routes.count > Self.largeRoutes || scenes.count > Self.largeScenes {
            graph.attributes["nslimit"] = 1
            graph.attributes["nslimit1"] = 1
            graph.attributes["mclimit"] = 0.1
            graph.attributes["remincross"] = "false"
            graph.attributes["splines"] = "line"
        }
        return graph
    }
}
