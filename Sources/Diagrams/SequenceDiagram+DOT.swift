import ScenarioSpec

/// Colours of the components, shared by every diagram.
public enum RolePalette {
    /// (fill, border) for a role's boxes.
    public static func colors(_ role: ComponentRole) -> (fill: String, border: String) {
        switch role {
        case .user: ("#ffffff", "#374151")
        case .view: ("#dbeafe", "#2563eb")
        case .interactor: ("#dcfce7", "#16a34a")
        case .presenter: ("#f3e8ff", "#9333ea")
        case .router: ("#fef3c7", "#d97706")
        case .worker: ("#cffafe", "#0891b2")
        case .dataStore: ("#f3f4f6", "#6b7280")
        case .appState: ("#f3f4f6", "#6b7280")
        case .configurator: ("#f9fafb", "#9ca3af")
        }
    }

    /// The font diagrams name, with the metrics `TextMetrics` measures (DejaVu Sans), then fallbacks that draw narrower.
    public static let fontName = "DejaVu Sans,Helvetica,Arial,sans-serif"
}

extension SequenceDiagram {
    /// The diagram as DOT with every position given, for Graphviz's `nop2` engine (`neato -n2`).
    public func dot(name: String = "sequence") -> DOTGraph {
        SequenceDOT(layout: SequenceLayout(self)).graph(name: name)
    }
}

/// Turns a laid-out sequence diagram into pinned DOT nodes and edges.
struct SequenceDOT {
    let layout: SequenceLayout
    var diagram: SequenceDiagram { layout.diagram }

    /// Graphviz's y axis points up.
    func y(_ top: Double) -> Double { layout.height - top }

    func pos(_ x: Double, _ top: Double) -> DOTValue { .text(DOTEncoder.point(x, y(top)) + "!") }

    static func inches(_ points: Double) -> DOTValue { .number(points / 72) }

    func graph(name: String) -> DOTGraph {
        var graph = DOTGraph(
            name: name,
            attributes: [
                "bb": .text("0,0,\(DOTEncoder.number(layout.width)),\(DOTEncoder.number(layout.height))"),
                "outputorder": "edgesfirst", "splines": "true", "fontname": .text(RolePalette.fontName),
                "bgcolor": "#ffffff", "pad": 0.1,
            ],
            // `fixedsize=shape`: boxes keep the size the layout gave them even if a font draws wider than estimated.
            // The defaults are those of a message's label and arrow, the most numerous: each says only what differs.
            nodeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 11, "fixedsize": "shape", "label": "",
                           "shape": "box", "style": "filled", "fillcolor": "#ffffffd9", "color": "#ffffff00", "margin": 0],
            edgeDefaults: ["fontname": .text(RolePalette.fontName), "fontsize": 10, "arrowsize": 0.8, "penwidth": 1,
                           "color": .text(Self.callLook.color), "style": "solid", "arrowhead": "normal"])
        addFrames(&graph)
        addGroupsAndHeaders(&graph)
        addLifelines(&graph)
        addActivations(&graph)
        addRows(&graph)
        addTitleAndLegend(&graph)
        return graph
    }

    // MARK: - Title and legend

    private func addTitleAndLegend(_ graph: inout DOTGraph) {
        let width = TextMetrics.width(diagram.title, size: SequenceLayout.titleSize, bold: true) + 8
        graph.node("title", [
            "shape": "plaintext", "style": "solid", "fixedsize": "shape", "width": Self.inches(width), "height": Self.inches(SequenceLayout.titleSize + 4),
            "pos": pos(SequenceLayout.margin + width / 2, layout.titleY),
            "label": .html(.text(diagram.title, size: SequenceLayout.titleSize, color: "#111827", bold: true)),
        ])
        for (index, entry) in layout.legend.enumerated() {
            let look = look(entry.style)
            let end = entry.x + SequenceLayout.legendSample
            graph.node("legend\(index)_a", ["shape": "point", "width": 0.01, "style": "invis", "pos": pos(entry.x, entry.y)])
            graph.edge("legend\(index)_a", "legend\(index)_a", [
                "color": .text(look.color), "style": .text(look.style), "arrowhead": .text(look.arrowhead),
                "penwidth": .number(look.penwidth),
                "pos": .text("e,\(DOTEncoder.point(end, y(entry.y))) " + points([
                    (entry.x, entry.y), (entry.x + 7, entry.y), (end - 15, entry.y), (end - 8, entry.y),
                ])),
            ])
            let text = SequenceLayout.legendText(entry.style)
            let textWidth = TextMetrics.width(text, size: SequenceLayout.detailSize) + 4
            graph.node("legend\(index)", [
                "shape": "plaintext", "style": "solid", "fixedsize": "shape", "width": Self.inches(textWidth), "height": Self.inches(SequenceLayout.lineHeight),
                "pos": pos(end + 6 + textWidth / 2, entry.y),
                "label": .html(.text(text, size: SequenceLayout.detailSize, color: look.labelColor)),
            ])
        }
    }

    // MARK: - Frames

    private func addFrames(_ graph: inout DOTGraph) {
        for (index, frame) in diagram.frames.enumerated() {
            let left = layout.columnX[frame.firstColumn] - layout.headerWidth[frame.firstColumn] / 2 - 8
            let right = layout.columnX[frame.lastColumn] + layout.headerWidth[frame.lastColumn] / 2 + 8
            let top = layout.rowY[frame.firstRow] - rowTop(frame.firstRow) - 22
            let bottom = layout.rowY[frame.lastRow] + layout.rowHeight[frame.lastRow] + 4
            graph.node("frame\(index)", [
                "shape": "box", "style": "rounded", "color": "#9ca3af", "penwidth": 1,
                "width": Self.inches(right - left), "height": Self.inches(bottom - top),
                "pos": pos((left + right) / 2, (top + bottom) / 2),
            ])
            let title = frame.title
            let titleWidth = TextMetrics.width(title, size: SequenceLayout.detailSize, bold: true) + 14
            graph.node("frame\(index)_title", [
                "shape": "box", "style": "filled", "fillcolor": "#eef2ff", "color": "#9ca3af", "penwidth": 1,
                "width": Self.inches(titleWidth), "height": Self.inches(16),
                "pos": pos(left + titleWidth / 2, top + 8),
                "label": .html(.text(title, size: SequenceLayout.detailSize, color: "#1f2937", bold: true)),
            ])
        }
    }

    /// How far above its arrow a row's text starts.
    private func rowTop(_ row: Int) -> Double {
        if case .message(let message) = diagram.rows[row] {
            return 6 + (message.detail == nil ? 1 : 2) * SequenceLayout.lineHeight
        }
        return 0
    }

    // MARK: - Headers

    private func headerLabel(_ participant: SequenceDiagram.Participant) -> HTMLLabel {
        let (role, name) = SequenceLayout.headerText(participant)
        return .text(role, size: SequenceLayout.detailSize - 0.5, color: "#6b7280") + .lineBreak()
            + .text(name, size: SequenceLayout.headerSize, bold: true)
    }

    private func header(_ graph: inout DOTGraph, id: String, participant index: Int, centerY: Double) {
        let participant = diagram.participants[index]
        let colors = RolePalette.colors(participant.role)
        graph.node(id, [
            "shape": "box", "style": "filled", "fillcolor": .text(colors.fill), "color": .text(colors.border),
            "width": Self.inches(layout.headerWidth[index]), "height": Self.inches(SequenceLayout.headerHeight),
            "pos": pos(layout.columnX[index], centerY), "label": .html(headerLabel(participant)),
            "tooltip": .text(participant.id),
        ])
    }

    private func band(_ graph: inout DOTGraph, id: String, group: SequenceDiagram.Group, centerY: Double) {
        guard !group.title.isEmpty, let first = group.members.first, let last = group.members.last else { return }
        let left = layout.columnX[first] - layout.headerWidth[first] / 2
        let right = layout.columnX[last] + layout.headerWidth[last] / 2
        graph.node(id, [
            "shape": "box", "style": "filled", "fillcolor": "#e5e7eb", "color": "#e5e7eb",
            "width": Self.inches(right - left), "height": Self.inches(SequenceLayout.bandHeight),
            "pos": pos((left + right) / 2, centerY),
            "label": .html(.text(group.title, size: SequenceLayout.detailSize, color: "#374151", bold: true)),
        ])
    }

    /// The centre of a header drawn at a `creation` row.
    private func createdHeaderY(_ row: Int) -> Double {
        layout.rowY[row] + SequenceLayout.bandHeight + 4 + SequenceLayout.headerHeight / 2
    }

    private func addGroupsAndHeaders(_ graph: inout DOTGraph) {
        let bandY = layout.headerY - SequenceLayout.headerHeight / 2 - 4 - SequenceLayout.bandHeight / 2
        for (index, group) in diagram.groups.enumerated() where group.members.first.map({ diagram.participants[$0].createdAt == nil }) ?? false {
            band(&graph, id: "band\(index)", group: group, centerY: bandY)
        }
        for (row, item) in diagram.rows.enumerated() {
            guard case .creation(let index, let title) = item else { continue }
            var group = diagram.groups[index]
            group.title = title
            band(&graph, id: "band\(index)_\(row)", group: group, centerY: layout.rowY[row] + SequenceLayout.bandHeight / 2)
        }
        for (index, participant) in diagram.participants.enumerated() {
            for (number, life) in participant.lives.enumerated() {
                header(&graph, id: headID(index, life: number), participant: index,
                       centerY: life.createdAt.map(createdHeaderY) ?? layout.headerY)
            }
            if participant.lives.last?.endedAt == nil {
                header(&graph, id: "foot\(index)", participant: index, centerY: layout.footerY)
            }
        }
    }

    /// `head3` for a column's first header, `head3_2` for the header of its third instance.
    private func headID(_ participant: Int, life: Int) -> String {
        life == 0 ? "head\(participant)" : "head\(participant)_\(life)"
    }

    // MARK: - Lifelines and activations

    private func addLifelines(_ graph: inout DOTGraph) {
        for (index, participant) in diagram.participants.enumerated() {
            let x = layout.columnX[index]
            for (number, life) in participant.lives.enumerated() {
                let top = (life.createdAt.map(createdHeaderY) ?? layout.headerY) + SequenceLayout.headerHeight / 2
                let bottom: Double
                switch (life.endedAt, life.removed) {
                case (let row?, true): bottom = layout.rowY[row] + 14
                case (let row?, false): bottom = layout.rowY[row] - 4   // the next instance's band starts below
                case (nil, _): bottom = layout.footerY - SequenceLayout.headerHeight / 2
                }
                let head = headID(index, life: number)
                graph.edge(head, life.endedAt == nil ? "foot\(index)" : head, [
                    "dir": "none", "style": "dashed", "color": "#9ca3af",
                    "pos": .text(spline([(x, top), (x, bottom)])),
                ])
                if life.removed {
                    graph.node(number == 0 ? "end\(index)" : "end\(index)_\(number)", [
                        "shape": "plaintext", "style": "solid", "fixedsize": "false", "pos": pos(x, bottom + 6),
                        "label": .html(.text("✕", size: 12, color: "#6b7280", bold: true)),
                    ])
                }
            }
        }
    }

    private func addActivations(_ graph: inout DOTGraph) {
        for (index, bar) in diagram.activations.enumerated() {
            let box = layout.barBox(bar)
            let (x, top, bottom) = ((box.left + box.right) / 2, box.top, box.bottom)
            let colors = RolePalette.colors(diagram.participants[bar.participant].role)
            graph.node("bar\(index)", [
                "shape": "box", "style": "filled", "fillcolor": .text(colors.fill), "color": .text(colors.border),
                "width": Self.inches(SequenceLayout.barWidth), "height": Self.inches(bottom - top),
                "pos": pos(x, (top + bottom) / 2),
            ])
        }
    }

    // MARK: - Rows

    private func addRows(_ graph: inout DOTGraph) {
        for (row, item) in diagram.rows.enumerated() {
            switch item {
            case .message(let message): addMessage(&graph, message, row: row)
            case .note(let note): addNote(&graph, note, row: row)
            case .creation: break
            }
        }
    }

    private struct Look {
        var color: String
        var style: String
        var arrowhead: String
        var penwidth: Double
        var labelColor: String
    }

    private static let callLook = Look(color: "#111827", style: "solid", arrowhead: "normal", penwidth: 1, labelColor: "#111827")

    private func look(_ style: SequenceDiagram.Style) -> Look {
        switch style {
        case .call: Self.callLook
        case .reply: Look(color: "#4b5563", style: "dashed", arrowhead: "vee", penwidth: 1, labelColor: "#374151")
        case .failure: Look(color: "#dc2626", style: "dashed", arrowhead: "vee", penwidth: 1.2, labelColor: "#b91c1c")
        case .write: Look(color: "#b45309", style: "solid", arrowhead: "box", penwidth: 1.2, labelColor: "#92400e")
        case .dataPassing: Look(color: "#0f766e", style: "bold", arrowhead: "normal", penwidth: 2, labelColor: "#115e59")
        case .navigation: Look(color: "#7c3aed", style: "bold", arrowhead: "normal", penwidth: 2, labelColor: "#5b21b6")
        case .show: Look(color: "#6b7280", style: "dotted", arrowhead: "vee", penwidth: 1, labelColor: "#374151")
        case .lifecycle: Look(color: "#6b7280", style: "solid", arrowhead: "normal", penwidth: 1, labelColor: "#4b5563")
        case .render: Look(color: "#0e7490", style: "dashed", arrowhead: "normal", penwidth: 1, labelColor: "#155e75")
        case .violation: Look(color: "#dc2626", style: "solid", arrowhead: "normal", penwidth: 2.4, labelColor: "#b91c1c")
        }
    }

    private func messageLabel(_ message: SequenceDiagram.Message, look: Look) -> HTMLLabel {
        var label = HTMLLabel.text(message.label, size: SequenceLayout.labelSize, color: look.labelColor)
        if let detail = message.detail {
            label = label + .lineBreak(align: "LEFT") + .text(detail, size: SequenceLayout.detailSize, color: "#6b7280")
        }
        return label + .lineBreak(align: "LEFT")
    }

    private func addMessage(_ graph: inout DOTGraph, _ message: SequenceDiagram.Message, row: Int) {
        let look = look(message.style)
        let arrowY = layout.rowY[row]
        let id = message.sequence.map { "m\($0)" } ?? "row\(row)"
        let textHeight = SequenceLayout.labelSize(message).height
        let box = layout.labelBox(row: row)!
        var attributes: DOTAttributes = ["id": .text(id)]
        if look.color != Self.callLook.color { attributes["color"] = .text(look.color) }
        if look.style != "solid" { attributes["style"] = .text(look.style) }
        if look.arrowhead != "normal" { attributes["arrowhead"] = .text(look.arrowhead) }
        if look.penwidth != 1 { attributes["penwidth"] = .number(look.penwidth) }
        let fromX = layout.columnX[message.from]
        if message.from == message.to {
            // A loop to the right of the lifeline: out, down, back in.
            let start = layout.edgeX(message.from, row: row, towards: fromX + 1)
            let outer = start + SequenceLayout.selfLoopWidth
            let end = (start, arrowY + SequenceLayout.selfLoopHeight)
            attributes["pos"] = .text("e,\(DOTEncoder.point(end.0, y(end.1))) " + points([
                (start, arrowY), (start + 10, arrowY), (outer - 10, arrowY), (outer, arrowY),
                (outer, arrowY + 5), (outer, arrowY + 9), (outer, end.1),
                (outer - 10, end.1), (start + 16, end.1), (start + 9, end.1),
            ]))
            addLabel(&attributes, message, look: look, box: box, background: "#ffffff00")
            graph.edge("head\(message.from)", "head\(message.to)", attributes)
            return
        }
        let toX = layout.columnX[message.to]
        let startX = layout.edgeX(message.from, row: row, towards: toX)
        let endX = layout.edgeX(message.to, row: row, towards: fromX)
        let direction = endX > startX ? 1.0 : -1.0
        let arrowLength = 8.0
        let baseX = endX - direction * arrowLength
        let third = (baseX - startX) / 3
        attributes["pos"] = .text("e,\(DOTEncoder.point(endX, y(arrowY))) " + points([
            (startX, arrowY), (startX + third, arrowY), (startX + 2 * third, arrowY), (baseX, arrowY),
        ]))
        // The label is the arrow's own, above it, starting next to the sender; a light backing keeps the text
        // readable where it crosses other lifelines. One element per message: the label is part of the arrow's group.
        addLabel(&attributes, message, look: look, box: box, background: "#ffffffd9")
        graph.edge("head\(message.from)", "head\(message.to)", attributes)
        if message.delay > 0 {
            graph.node(id + "_delay", [
                "shape": "plaintext", "style": "solid", "fixedsize": "false",
                "pos": pos(fromX + 34, arrowY - textHeight - 12),
                "label": .html(.text("⋯ \(message.delay) ms", size: SequenceLayout.detailSize, color: "#0e7490", bold: true)),
            ])
        }
    }

    /// A message's label on its arrow: in a cell a little larger than the layout's box (the renderer's font may draw
    /// a few points wider or taller), growing right and up so the text starts where the layout put it.
    private func addLabel(_ attributes: inout DOTAttributes, _ message: SequenceDiagram.Message, look: Look,
                          box: SequenceLayout.Box, background: String) {
        let width = ((box.right - box.left) * 1.03 + 4).rounded(.up), height = (box.bottom - box.top + 6).rounded(.up)
        attributes["label"] = .html(.fixedBox(messageLabel(message, look: look), width: width, height: height, background: background))
        attributes["lp"] = .text(DOTEncoder.point(box.left + width / 2, y(box.bottom - height / 2)))
    }

    private func addNote(_ graph: inout DOTGraph, _ note: SequenceDiagram.Note, row: Int) {
        let left = layout.columnX[note.first] - layout.headerWidth[note.first] / 2 + 4
        let right = layout.columnX[note.last] + layout.headerWidth[note.last] / 2 - 4
        let top = layout.rowY[row]
        let height = layout.rowHeight[row] - 4
        var label = HTMLLabel()
        for (index, line) in note.lines.enumerated() {
            if index > 0 { label = label + .lineBreak() }
            label = label + .text(line, size: SequenceLayout.detailSize, color: "#6b7280")
        }
        graph.node("note\(row)", [
            "shape": "note", "style": "filled", "fillcolor": "#fefce8", "color": "#d6d3d1",
            "width": Self.inches(max(right - left, 40)), "height": Self.inches(height),
            "pos": pos((left + right) / 2, top + height / 2), "label": .html(label),
        ])
    }

    // MARK: - Geometry

    private func points(_ list: [(Double, Double)]) -> String {
        list.map { DOTEncoder.point($0.0, y($0.1)) }.joined(separator: " ")
    }

    /// A straight line as a cubic spline (four points), for lifelines.
    private func spline(_ ends: [(Double, Double)]) -> String {
        let (a, b) = (ends[0], ends[1])
        return points([a, (a.0, a.1 + (b.1 - a.1) / 3), (a.0, a.1 + 2 * (b.1 - a.1) / 3), b])
    }
}
