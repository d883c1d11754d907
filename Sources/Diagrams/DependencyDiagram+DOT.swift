import ScenarioSpec

extension DependencyDiagram {
    /// The diagram as DOT with every position given (Graphviz's `nop2` engine): scenes drawn from one template
    /// per pattern, placed by distance from the start scene; edges straight within a scene and curved between.
    public func dot(name: String = "dependencies") -> DOTGraph {
        DependencyDOT(diagram: self).graph(name: name)
    }
}

struct DependencyDOT {
    let diagram: DependencyDiagram

    struct Look: Hashable {
        var color: String
        var style: String
        var arrowhead: String
        var suffix: String
    }

    /// How a declared link that carried no message is drawn: light grey, dotted, a hollow head — apart from every
    /// other entry of the legend (a weak reference is dark grey, dashed, with an open `vee`).
    static let unused = Look(color: "#9ca3af", style: "dotted", arrowhead: "empty", suffix: "")
    /// A link the pattern does not allow, or that was used without being declared.
    static let undeclared = Look(color: "#dc2626", style: "bold", arrowhead: "inv", suffix: "")

    static func look(_ kind: DependencyDiagram.LinkKind) -> Look {
        switch kind {
        case .calls: Look(color: "#111827", style: "solid", arrowhead: "normal", suffix: "")
        case .weak: Look(color: "#4b5563", style: "dashed", arrowhead: "vee", suffix: "")
        case .copy: Look(color: "#4b5563", style: "dashed", arrowhead: "odiamond", suffix: "")
        case .writes: Look(color: "#b45309", style: "solid", arrowhead: "box", suffix: "")
        case .reads: Look(color: "#6b7280", style: "dotted", arrowhead: "normal", suffix: "")
        case .observes: Look(color: "#0e7490", style: "dashed", arrowhead: "normal", suffix: "")
        case .route: Look(color: "#7c3aed", style: "bold", arrowhead: "normal", suffix: "")
        case .passes: Look(color: "#0f766e", style: "bold,dashed", arrowhead: "normal", suffix: "")
        }
    }

    /// The legend: each entry's look and what it means.
    var legend: [(look: Look, symbol: String, text: String)] {
        // What this pattern draws (a map of code draws every reference the code holds, weak ones too).
        let kinds = Set(diagram.pattern.definition.dependencies.map(\.kind))
        var entries: [(look: Look, symbol: String, text: String)] = [(Self.look(.calls), "──▶", "calls through a protocol")]
        if kinds.contains(.weak) || diagram.fromCode { entries.append((Self.look(.weak), "- - ▷", "weak reference back")) }
        // SwiftUI's Presenter holds no reference back: a copy of the View, which is a value.
        // An AppState View's Interactor and Router are structs too: the View holds values.
        if kinds.contains(.copy) {
            let copiesView = diagram.pattern.definition.dependencies.allSatisfy { $0.kind != .copy || $0.to == .view }
            entries.append((Self.look(.copy), "- -◇", copiesView ? "holds a copy of the View (a value, without its Interactor)" : "holds a value (a struct, copied: nothing to release)"))
        }
        if kinds.contains(.writes) {
            entries.append((Self.look(.writes), "──■", diagram.pattern.definition.flow.store == .appState ? "writes the AppState" : "writes or reads the DataStore"))
        }
        if kinds.contains(.reads) { entries.append((Self.look(.reads), "┈┈▶", "Router reads its DataStore (DataPassing)")) }
        entries.append((Self.look(.route), "━━▶", "routes to a scene, passing the fields named"))
        if kinds.contains(.observes) {
            entries.append((Self.look(.observes), "- -▶", "observes the AppState"))
        }
        if diagram.fromCode {
            entries.append((Self.unused, "┈┈▷", "held, but no call found in the code"))
            entries.append((Self.undeclared, "━━◀", "held or called, but the pattern does not allow it"))
        } else if diagram.observed {
            entries.append((Self.unused, "┈┈▷", "declared, unused in this run"))
            entries.append((Self.undeclared, "━━◀", "used, but not declared by the pattern"))
        }
        return entries
    }

    private func look(_ link: DependencyDiagram.Link) -> Look {
        var look = Self.look(link.kind)
        if diagram.observed {
            if !link.declared {
                look = Self.undeclared
                look.suffix = diagram.fromCode ? " — \(diagram.pattern.rawValue) does not allow it" : " — not declared"
            } else if link.messages == 0 && !(diagram.fromCode && link.kind == .reads) {
                look = Self.unused
                look.suffix = diagram.fromCode ? " — no call found" : " — unused"
            }
        }
        return look
    }

    private var legendRows: [[HTMLLabel]] {
        var rows = [[HTMLLabel.text("Legend", size: 10, color: "#111827", bold: true), HTMLLabel()]]
        for entry in legend {
            rows.append([.text(entry.symbol, size: 10, color: entry.look.color, bold: true), .text(entry.text, size: 9, color: "#374151")])
        }
        if diagram.observed || diagram.fromCode {
            rows.insert([.text("×N", size: 10, color: "#111827", bold: true),
                         .text(diagram.fromCode ? "calls found in the code" : "messages in this run; thicker is busier", size: 9, color: "#374151")],
                        at: rows.count - 2)
        }
        return rows
    }

    func graph(name: String) -> DOTGraph {
        let rows = legendRows
        let legendWidth = rows.map { TextMetrics.width("━ ━▶", size: 10, bold: true) + 18 + TextMetrics.width($0.count > 1 ? "Router reads its DataStore (DataPassing)" : "", size: 9) }.max() ?? 200
        let layout = DependencyLayout(diagram, legendSize: (width: max(legendWidth, 230), height: Double(rows.count) * 15 + 14),
                                      labelWidth: { link in
                                          self.labelText(link).split(separator: "\n")
                                              .map { TextMetrics.width(String($0), size: 9) }.max() ?? 0
                                      })
        func y(_ top: Double) -> Double { layout.height - top }
        func pos(_ x: Double, _ top: Double) -> DOTValue { .text(DOTEncoder.point(x, y(top)) + "!") }
        func inches(_ points: Double) -> DOTValue { .number(points / 72) }

        var graph = DOTGraph(
            name: name,
            attributes: [
                "bb": .text("0,0,\(DOTEncoder.number(layout.width)),\(DOTEncoder.number(layout.height))"),
                // Scene blocks are filled: nodes first, so edges and their labels are drawn over them.
                "outputorder": "nodesfirst", "fontname": .text(RolePalette.fontName), "bgcolor": "#ffffff", "pad": 0.2,
            ],
            nodeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 10, "fixedsize": "shape", "label": ""],
            edgeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 9, "arrowsize": 0.7])
        graph.node("title", [
            "shape": "plaintext", "width": inches(layout.width - 40), "height": inches(20),
            "pos": pos(layout.width / 2, 18), "label": .html(.text(diagram.title, size: 13, color: "#111827", bold: true)),
        ])
        graph.node("legend", [
            "shape": "box", "style": "rounded", "color": "#d1d5db", "margin": 0,
            "width": inches(layout.legend.width), "height": inches(layout.legend.height),
            "pos": pos(layout.legend.x, layout.legend.y), "label": .html(.table(rows, cellPadding: 1)),
        ])
        // Scene blocks first, so components and labels are drawn over them.
        for (index, scene) in diagram.scenes.enumerated() {
            let box = layout.scenes[index]
            graph.node("scene\(index)", [
                "shape": "box", "style": "rounded,filled", "fillcolor": "#f9fafb", "color": "#d1d5db",
                "width": inches(box.width), "height": inches(box.height), "pos": pos(box.x, box.y),
            ])
            let titleWidth = TextMetrics.width(scene.name.rawValue, size: 12, bold: true) + 8
            graph.node("scene\(index)_title", [
                "shape": "plaintext", "width": inches(titleWidth), "height": inches(16),
                "pos": pos(box.left + DependencyLayout.scenePadding / 2 + titleWidth / 2 + 2, box.top + 14),
                "label": .html(.text(scene.name.rawValue, size: 12, color: "#111827", bold: true)),
            ])
        }
        for component in diagram.scenes.flatMap(\.components) + diagram.shared {
            guard let box = layout.components[component.id] else { continue }
            let colors = RolePalette.colors(component.role)
            graph.node(component.id, [
                "shape": "box", "style": "rounded,filled", "fillcolor": .text(colors.fill), "color": .text(colors.border),
                "width": inches(box.width), "height": inches(box.height), "pos": pos(box.x, box.y),
                "label": .html(.text("«\(component.role.rawValue)»", size: 8, color: "#6b7280") + .lineBreak()
                               + .text(component.name, size: 10.5, bold: true)),
            ])
        }
        // Links whose ends no scene declares (undeclared ones) get a box near their other end.
        var extras: [String: DependencyLayout.Box] = [:]
        for link in diagram.links {
            for (end, other) in [(link.from, link.to), (link.to, link.from)] where layout.components[end] == nil && extras[end] == nil {
                let anchor = layout.components[other] ?? DependencyLayout.Box(x: 80, y: layout.height - 40, width: 0, height: 0)
                let box = DependencyLayout.Box(x: anchor.x, y: anchor.bottom + 40, width: 120, height: DependencyLayout.componentHeight)
                extras[end] = box
                graph.node(end, [
                    "shape": "box", "style": "rounded,filled", "fillcolor": "#fee2e2", "color": "#dc2626",
                    "width": inches(box.width), "height": inches(box.height), "pos": pos(box.x, box.y),
                    "label": .html(.text(end, size: 9, color: "#b91c1c")),
                ])
            }
        }
        var crossLane = 0
        var leaving: [Int: Int] = [:]
        // Each scene's boxes, in a fixed order: what a link within a scene must not run through.
        let boxesByScene = Dictionary(grouping: layout.components.sorted { $0.key < $1.key }) { $0.key.prefix { $0 != "." } }
        for (index, link) in diagram.links.enumerated() {
            guard let from = layout.components[link.from] ?? extras[link.from],
                  let to = layout.components[link.to] ?? extras[link.to] else { continue }
            let look = look(link)
            let label = labelText(link)
            let weight = link.messages > 0 ? min(3.5, 1 + Double(Int.bitWidth - link.messages.leadingZeroBitCount) * 0.4) : 1
            let sameScene = link.from.prefix { $0 != "." } == link.to.prefix { $0 != "." }
            // Two links between the same pair (a call and its weak reference back) are drawn apart.
            let hasReverse = diagram.links.contains { $0.from == link.to && $0.to == link.from }
            let offset = hasReverse ? 7.0 : 0
            let sceneIndex = { (id: String) in diagram.scenes.firstIndex { $0.name.rawValue == String(id.prefix { $0 != "." }) } }
            var (points, labelPoint): ([(Double, Double)], (Double, Double))
            if !sameScene, let source = sceneIndex(link.from), let target = sceneIndex(link.to) {
                let longest = label.split(separator: "\n").map { String($0) }.max { $0.count < $1.count } ?? ""
                (points, labelPoint) = routed(from, to, source: source, target: target, lane: crossLane,
                                              localIndex: leaving[source, default: 0], label: longest,
                                              intoBottom: link.kind == .passes, layout: layout)
                leaving[source, default: 0] += 1
                crossLane += 1
            } else {
                // A straight line through another part of the scene would read as that part's arrow: it bends around.
                (points, labelPoint) = straight(from, to, offset: offset)
                let others = boxesByScene[link.from.prefix { $0 != "." }, default: []].filter { $0.key != link.from && $0.key != link.to }
                if others.contains(where: { Self.crosses(points.first!, points.last!, $0.value) }) {
                    (points, labelPoint) = bent(from, to)
                }
            }
            let tip = points.last!
            var attributes: DOTAttributes = [
                "id": .text("link\(index)"), "color": .text(look.color), "style": .text(look.style),
                "arrowhead": .text(look.arrowhead), "penwidth": .number(link.kind == .route ? max(weight, 1.6) : weight),
                "pos": .text("e,\(DOTEncoder.point(tip.0, y(tip.1))) "
                             + points.dropLast().map { DOTEncoder.point($0.0, y($0.1)) }.joined(separator: " ")),
            ]
            if !label.isEmpty {
                attributes["label"] = .text(label)
                attributes["fontcolor"] = .text(look.color == "#111827" ? "#374151" : look.color)
                attributes["lp"] = .text(DOTEncoder.point(labelPoint.0, y(labelPoint.1)))
            }
            graph.edge(link.from, link.to, attributes)
        }
        return graph
    }

    /// A link's label: what it goes through, unused or undeclared, and its message count.
    func labelText(_ link: DependencyDiagram.Link) -> String {
        var label = link.label + look(link).suffix
        if diagram.observed && link.messages > 0 { label += (label.isEmpty ? "" : "\n") + "×\(link.messages)" }
        return label
    }

    /// A straight link between two boxes: spline points (the last is the arrow tip) and the label's place.
    private func straight(_ from: DependencyLayout.Box, _ to: DependencyLayout.Box, offset: Double)
        -> ([(Double, Double)], (Double, Double)) {
        var a = DependencyLayout.border(of: from, towards: (to.x, to.y))
        var b = DependencyLayout.border(of: to, towards: (from.x, from.y))
        let length = max(1, ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot())
        let (ux, uy) = ((b.0 - a.0) / length, (b.1 - a.1) / length)
        // Offset sideways (to the right of the direction of travel) when the pair has a link each way.
        let (nx, ny) = (-uy * offset, ux * offset)
        a = (a.0 + nx, a.1 + ny)
        b = (b.0 + nx, b.1 + ny)
        let base = (b.0 - ux * 7, b.1 - uy * 7)
        let points = [a, (a.0 + (base.0 - a.0) / 3, a.1 + (base.1 - a.1) / 3),
                      (a.0 + 2 * (base.0 - a.0) / 3, a.1 + 2 * (base.1 - a.1) / 3), base, b]
        let middle = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
        let labelPoint: (Double, Double)
        if abs(ux) > abs(uy) {
            // Horizontal: a lone link's label above it; of a pair, each label on its own side.
            let side = offset > 0 ? (ux > 0 ? 1.0 : -1.0) : -1.0
            labelPoint = (middle.0, middle.1 + side * 13)
        } else {
            let side = offset > 0 ? (uy > 0 ? -1.0 : 1.0) : 1.0
            labelPoint = (middle.0 + side * 48, middle.1)
        }
        return (points, labelPoint)
    }

    /// Whether the segment from `a` to `b` passes through `box` (with a margin).
    static func crosses(_ a: (Double, Double), _ b: (Double, Double), _ box: DependencyLayout.Box) -> Bool {
        let (left, right, top, bottom) = (box.left - 4, box.right + 4, box.top - 4, box.bottom + 4)
        // Liang–Barsky: clip the segment to the box; anything left means it crosses.
        var (t0, t1) = (0.0, 1.0)
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        for (p, q) in [(-dx, a.0 - left), (dx, right - a.0), (-dy, a.1 - top), (dy, bottom - a.1)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return false }
        }
        return true
    }

    /// A link bent clear of the boxes between its ends: a curve bulging to the side (above, for a link across a row)
    /// by more than a box's height and the gap around it.
    private func bent(_ from: DependencyLayout.Box, _ to: DependencyLayout.Box) -> ([(Double, Double)], (Double, Double)) {
        let a = DependencyLayout.border(of: from, towards: (to.x, to.y))
        let b = DependencyLayout.border(of: to, towards: (from.x, from.y))
        let length = max(1, ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot())
        let (ux, uy) = ((b.0 - a.0) / length, (b.1 - a.1) / length)
        // The normal pointing up (or left, for a link going straight down).
        var (nx, ny) = (uy, -ux)
        if ny > 0 || (ny == 0 && nx > 0) { (nx, ny) = (-nx, -ny) }
        // A cubic's middle lies three quarters of the way to its control points.
        let bulge = (DependencyLayout.componentHeight + 18) / 0.75
        let c1 = (a.0 + (b.0 - a.0) / 3 + nx * bulge, a.1 + (b.1 - a.1) / 3 + ny * bulge)
        let c2 = (a.0 + 2 * (b.0 - a.0) / 3 + nx * bulge, a.1 + 2 * (b.1 - a.1) / 3 + ny * bulge)
        let base = (b.0 - ux * 7, b.1 - uy * 7)
        let middle = ((a.0 + b.0) / 2 + nx * bulge * 0.75, (a.1 + b.1) / 2 + ny * bulge * 0.75)
        return ([a, c1, c2, base, b], (middle.0 + nx * 12, middle.1 + ny * 12))
    }

    /// An orthogonal path between scenes through free space: down out of the Router's bottom (nothing is below it
    /// in the template), out to the source column's right gap, up to the corridor above all scenes, across to the
    /// target column's left gap, and into the destination View's left side or its DataStore's bottom.
    private func routed(_ from: DependencyLayout.Box, _ to: DependencyLayout.Box, source: Int, target: Int, lane: Int,
                        localIndex: Int, label: String, intoBottom: Bool,
                        layout: DependencyLayout) -> ([(Double, Double)], (Double, Double)) {
        let offset = Double(lane % DependencyLayout.lanes) * DependencyLayout.laneSpacing
        let sourceBlock = layout.scenes[source], targetBlock = layout.scenes[target]
        // Each link leaving a scene runs out under it in its own row, its label right under that run.
        let below = sourceBlock.bottom + 12 + Double(localIndex) * DependencyLayout.routeRow
        let outX = layout.sceneColumns[source].right + 14 + offset
        let corridorY = layout.scenesTop - 14 - offset
        let inX = layout.sceneColumns[target].left - 14 - offset
        var corners: [(Double, Double)] = [(from.x, from.bottom), (from.x, below), (outX, below), (outX, corridorY),
                                           (inX, corridorY)]
        let tip: (Double, Double)
        if intoBottom {
            let under = targetBlock.bottom + 10 + offset
            corners += [(inX, under), (to.x, under), (to.x, to.bottom + 8)]
            tip = (to.x, to.bottom)
        } else {
            corners += [(inX, to.y), (to.left - 8, to.y)]
            tip = (to.left, to.y)
        }
        // Each straight run as a cubic segment with its control points on the line.
        var points = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            points += [(a.0 + (b.0 - a.0) / 3, a.1 + (b.1 - a.1) / 3), (a.0 + 2 * (b.0 - a.0) / 3, a.1 + 2 * (b.1 - a.1) / 3), b]
        }
        points.append(tip)
        // The label sits on the run that leaves the scene, just under it, starting beside the Router.
        let labelPoint = (from.x + 8 + TextMetrics.width(label, size: 9) / 2, below + 3 + DependencyLayout.labelLines(label) * 5.5)
        return (points, labelPoint)
    }
}
