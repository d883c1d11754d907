import ScenarioSpec

extension DependencyDiagram {
    /// The diagram as DOT for Graphviz's `dot` layout: one cluster per scene, routes between them, a legend.
    public func dot(name: String = "dependencies") -> DOTGraph {
        var graph = DOTGraph(
            name: name,
            attributes: [
                "rankdir": "LR", "compound": "true", "newrank": "true", "nodesep": 0.35, "ranksep": 0.7,
                "fontname": .text(RolePalette.fontName), "fontsize": 11, "bgcolor": "#ffffff", "pad": 0.2,
                "label": .html(.text(title, size: 13, color: "#111827", bold: true)), "labelloc": "t", "labeljust": "l",
            ],
            nodeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 10, "shape": "box",
                           "style": "rounded,filled", "margin": "0.12,0.06"],
            edgeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 9, "arrowsize": 0.7])
        var known = Set<String>()
        for (index, scene) in scenes.enumerated() {
            var cluster = DOTSubgraph(id: "cluster_scene\(index)", attributes: [
                "label": .html(.text(scene.name.rawValue, size: 12, color: "#111827", bold: true)),
                "style": "rounded,filled", "fillcolor": "#f9fafb", "color": "#d1d5db", "labeljust": "l",
            ])
            for component in scene.components {
                cluster.statements.append(.node(node(component)))
                known.insert(component.id)
            }
            graph.statements.append(.subgraph(cluster))
        }
        for component in shared {
            graph.statements.append(.node(node(component)))
            known.insert(component.id)
        }
        // Undeclared links may reach components no scene declares: draw them, in red.
        for link in links {
            for end in [link.from, link.to] where !known.contains(end) {
                known.insert(end)
                graph.node(end, ["label": .html(.text(end, size: 10, color: "#b91c1c")), "fillcolor": "#fee2e2",
                                 "color": "#dc2626"])
            }
        }
        for link in links { graph.statements.append(.edge(edge(link))) }
        graph.statements.append(.node(legend()))
        return graph
    }

    private func node(_ component: Component) -> DOTNode {
        let colors = RolePalette.colors(component.role)
        let label = HTMLLabel.text("«\(component.role.rawValue)»", size: 8, color: "#6b7280") + .lineBreak()
            + .text(component.name, size: 10.5, bold: true)
        return DOTNode(id: component.id, attributes: [
            "label": .html(label), "fillcolor": .text(colors.fill), "color": .text(colors.border),
        ])
    }

    private func edge(_ link: Link) -> DOTEdge {
        var attributes: DOTAttributes = [:]
        var color: String
        var style = "solid"
        var arrowhead = "normal"
        switch link.kind {
        case .calls: color = "#111827"
        case .weak:
            color = "#4b5563"
            style = "dashed"
            arrowhead = "vee"
        case .writes:
            color = "#b45309"
            arrowhead = "box"
        case .reads:
            color = "#6b7280"
            style = "dotted"
        case .observes:
            color = "#0e7490"
            style = "dashed"
        case .route:
            color = "#7c3aed"
            style = "bold"
        case .passes:
            color = "#0f766e"
            style = "bold,dashed"
        }
        var label = link.label
        if observed {
            if !link.declared {
                color = "#dc2626"
                style = "bold"
                label += " — not declared"
            } else if link.messages == 0 {
                color = "#9ca3af"
                style = style.contains("dotted") ? "dotted" : "dashed"
                label += " — unused"
            }
            if link.messages > 0 { label += (label.isEmpty ? "" : "\n") + "×\(link.messages)" }
        }
        attributes["color"] = .text(color)
        attributes["fontcolor"] = .text(color == "#111827" ? "#374151" : color)
        attributes["style"] = .text(style)
        attributes["arrowhead"] = .text(arrowhead)
        if !label.isEmpty { attributes["label"] = .text(label) }
        let weight = link.messages > 0 ? min(3.5, 1 + Double(Int.bitWidth - link.messages.leadingZeroBitCount) * 0.4) : 1
        attributes["penwidth"] = .number(link.kind == .route ? max(weight, 1.6) : weight)
        if link.kind == .weak || link.kind == .reads || link.kind == .observes {
            attributes["constraint"] = "false"
        }
        return DOTEdge(from: link.from, to: link.to, attributes: attributes)
    }

    private func legend() -> DOTNode {
        func row(_ symbol: String, _ color: String, _ text: String) -> [HTMLLabel] {
            [.text(symbol, size: 10, color: color, bold: true), .text(text, size: 9, color: "#374151")]
        }
        var rows = [
            row("──▶", "#111827", "calls through a protocol"),
            row("- - ▷", "#4b5563", "weak reference back"),
            row("──■", "#b45309", "writes the DataStore"),
            row("━━▶", "#7c3aed", "routes to a scene"),
            row("━ ━▶", "#0f766e", "passes data to its DataStore"),
        ]
        if observed {
            rows.append(row("×N", "#111827", "messages in this run; thicker is busier"))
            rows.append(row("- - -", "#9ca3af", "declared, unused in this run"))
            rows.append(row("━━▶", "#dc2626", "used, but not declared by the pattern"))
        }
        return DOTNode(id: "legend", attributes: [
            "shape": "box", "style": "rounded", "color": "#d1d5db", "margin": "0.1,0.05",
            "label": .html(.table([[.text("Legend", size: 10, color: "#111827", bold: true), HTMLLabel()]] + rows)),
        ])
    }
}
