import ScenarioSpec

/// Where everything of a sequence diagram goes, in points, with y growing downwards from the top.
///
/// Graphviz has no sequence layout, so it is computed here: columns are spaced so that every label fits between
/// the lifelines it spans, rows are as tall as their text, and Graphviz is then given every position.
public struct SequenceLayout: Sendable {
    public static let labelSize = 11.0
    public static let detailSize = 9.0
    public static let headerSize = 11.5
    static let lineHeight = 13.0
    static let headerHeight = 34.0
    static let bandHeight = 18.0
    static let barWidth = 8.0
    static let margin = 24.0
    static let selfLoopWidth = 28.0
    static let selfLoopHeight = 14.0

    public let diagram: SequenceDiagram
    /// Centre of each participant's column.
    public private(set) var columnX: [Double] = []
    public private(set) var headerWidth: [Double] = []
    /// The y of each row's arrow (messages), or of its top (notes, creations).
    public private(set) var rowY: [Double] = []
    public private(set) var rowHeight: [Double] = []
    /// Where the top headers stand (their centre).
    public private(set) var headerY = 0.0
    /// Where the bottom headers stand (their centre).
    public private(set) var footerY = 0.0
    public private(set) var width = 0.0
    public private(set) var height = 0.0
    /// Where the title's baseline centre stands, and the legend's rows (each a list of entries with their x).
    public private(set) var titleY = 0.0
    public private(set) var legend: [(style: SequenceDiagram.Style, x: Double, y: Double)] = []
    static let titleSize = 13.0
    static let legendSample = 30.0

    /// The innermost activation level of each participant at each row (`participant * rows + row`), -1 for none.
    private var barLevels: [Int32] = []

    public init(_ diagram: SequenceDiagram) {
        self.diagram = diagram
        indexActivations()
        placeColumns()
        placeRows()
    }

    private mutating func indexActivations() {
        let rows = diagram.rows.count
        barLevels = Array(repeating: -1, count: diagram.participants.count * rows)
        for bar in diagram.activations where bar.participant < diagram.participants.count && bar.firstRow <= bar.lastRow {
            let base = bar.participant * rows
            for row in max(0, bar.firstRow)...min(rows - 1, bar.lastRow) {
                barLevels[base + row] = max(barLevels[base + row], Int32(bar.level))
            }
        }
    }

    // MARK: - Text sizes

    static func labelWidth(_ message: SequenceDiagram.Message) -> Double {
        max(TextMetrics.width(message.label, size: labelSize),
            message.detail.map { TextMetrics.width($0, size: detailSize) } ?? 0)
    }

    static func headerText(_ participant: SequenceDiagram.Participant) -> (role: String, name: String) {
        ("«\(participant.role.rawValue)»", participant.name)
    }

    // MARK: - Columns

    private mutating func placeColumns() {
        let participants = diagram.participants
        guard !participants.isEmpty else {
            width = 2 * Self.margin
            return
        }
        headerWidth = participants.map { participant -> Double in
            let (role, name) = Self.headerText(participant)
            let nameWidth = TextMetrics.width(name, size: Self.headerSize, bold: true)
            let roleWidth = TextMetrics.width(role, size: Self.detailSize)
            return max(72, max(nameWidth, roleWidth) + 20)
        }
        // gaps[k] is the distance between the centres of columns k and k + 1.
        var gaps: [Double] = []
        for index in 0..<max(0, participants.count - 1) {
            let halfWidths: Double = (headerWidth[index] + headerWidth[index + 1]) / 2
            gaps.append(halfWidths + 18)
        }
        var rightOverflow = 0.0

        // (first column, last column, distance needed between their centres)
        var needs: [(Int, Int, Double)] = []
        for (row, item) in diagram.rows.enumerated() {
            switch item {
            case .message(let message):
                let width = Self.labelWidth(message)
                if message.from == message.to {
                    if message.from + 1 < participants.count {
                        needs.append((message.from, message.from + 1, width + Self.selfLoopWidth + 26))
                    } else {
                        rightOverflow = max(rightOverflow, width + Self.selfLoopWidth + 16 - headerWidth[message.from] / 2)
                    }
                } else {
                    // The label starts beside the sender and must end before the first bar it would reach: the
                    // receiver's, or a column in between that is busy at this row.
                    let step = message.to > message.from ? 1 : -1
                    var stop = message.to
                    var column = message.from + step
                    while column != message.to {
                        if level(column, row: row) >= 0 { stop = column; break }
                        column += step
                    }
                    let nesting = Double(max(0, level(stop, row: row)) + max(0, level(message.from, row: row))) * Self.barWidth / 2
                    needs.append((min(message.from, stop), max(message.from, stop), width + 34 + nesting))
                }
            case .note(let note):
                let width = note.lines.map { TextMetrics.width($0, size: Self.detailSize) }.max() ?? 0
                let have = (headerWidth[note.first] + headerWidth[note.last]) / 2
                if note.last > note.first {
                    needs.append((note.first, note.last, width + 24 - have))
                } else {
                    rightOverflow = max(rightOverflow, width / 2 - headerWidth[note.first] / 2)
                }
            case .creation:
                break
            }
        }
        for frame in diagram.frames where frame.lastColumn > frame.firstColumn {
            needs.append((frame.firstColumn, frame.lastColumn, TextMetrics.width(frame.title, size: Self.detailSize, bold: true) - 10))
        }
        for group in diagram.groups where group.members.count > 1 && !group.title.isEmpty {
            needs.append((group.members.first!, group.members.last!, TextMetrics.width(group.title, size: Self.detailSize, bold: true)))
        }
        // Short spans first: widening them also serves the longer ones.
        for (first, last, distance) in needs.sorted(by: { ($0.1 - $0.0, $0.0) < ($1.1 - $1.0, $1.0) }) where last > first {
            let current = gaps[first..<last].reduce(0, +)
            guard current < distance else { continue }
            let extra = (distance - current) / Double(last - first)
            for k in first..<last { gaps[k] += extra }
        }
        var x = Self.margin + max(headerWidth[0] / 2, Self.margin)
        columnX = [x]
        for gap in gaps {
            x += gap
            columnX.append(x)
        }
        let frameMargin = 14.0
        width = x + headerWidth[participants.count - 1] / 2 + max(rightOverflow, frameMargin) + Self.margin
    }

    // MARK: - Rows

    private mutating func placeRows() {
        var y = Self.margin
        titleY = y + Self.titleSize / 2
        y += Self.titleSize + 10
        if diagram.groups.contains(where: { !$0.title.isEmpty }) { y += Self.bandHeight + 4 }
        headerY = y + Self.headerHeight / 2
        y += Self.headerHeight + 12

        let frameStarts = Dictionary(grouping: diagram.frames, by: \.firstRow).mapValues(\.count)
        let frameEnds = Dictionary(grouping: diagram.frames, by: \.lastRow).mapValues(\.count)
        for (index, row) in diagram.rows.enumerated() {
            y += Double(frameStarts[index] ?? 0) * 26
            let height: Double
            switch row {
            case .message(let message):
                if message.delay > 0 { y += 10 + min(40, Double(message.delay) / 15) }
                let lines = message.detail == nil ? 1.0 : 2.0
                let above = 6 + lines * Self.lineHeight
                y += above
                rowY.append(y)
                height = message.from == message.to ? Self.selfLoopHeight + 8 : 8
            case .note(let note):
                y += 6
                rowY.append(y)
                height = Double(note.lines.count) * Self.lineHeight + 10
            case .creation:
                y += 8
                rowY.append(y)
                height = Self.bandHeight + 4 + Self.headerHeight + 10
            }
            rowHeight.append(height)
            y += height
            y += Double(frameEnds[index] ?? 0) * 10
        }
        y += 16
        footerY = y + Self.headerHeight / 2
        y += Self.headerHeight + 18
        // The legend: one entry per style of arrow drawn, in a row that wraps at the diagram's width.
        let styles = SequenceDiagram.Style.allCases.filter { style in
            diagram.rows.contains { if case .message(let message) = $0 { message.style == style } else { false } }
        }
        var x = Self.margin
        for style in styles {
            let entry = Self.legendSample + 8 + TextMetrics.width(Self.legendText(style), size: Self.detailSize) + 18
            if x + entry > max(width, 400) - Self.margin && x > Self.margin {
                x = Self.margin
                y += Self.lineHeight + 6
            }
            legend.append((style, x, y + Self.lineHeight / 2))
            x += entry
        }
        if !styles.isEmpty { y += Self.lineHeight }
        height = y + Self.margin
    }

    /// What an arrow's style means, for the legend.
    public static func legendText(_ style: SequenceDiagram.Style) -> String {
        switch style {
        case .call: "call"
        case .reply: "worker's result"
        case .failure: "worker's error"
        case .write: "state write"
        case .dataPassing: "data passed to the next scene"
        case .navigation: "navigation"
        case .show: "shown to the user"
        case .lifecycle: "view lifecycle"
        case .render: "AppState renders the View"
        case .violation: "breaks a rule"
        }
    }

    /// The innermost activation level of a participant at a row; -1 when it is idle.
    func level(_ participant: Int, row: Int) -> Int {
        let rows = diagram.rows.count
        return row >= 0 && row < rows ? Int(barLevels[participant * rows + row]) : -1
    }

    /// The x where a message leaves or reaches a participant's activation bar at a row.
    func edgeX(_ participant: Int, row: Int, towards otherX: Double) -> Double {
        let level = level(participant, row: row)
        guard level >= 0 else { return columnX[participant] }
        let center = columnX[participant] + Double(level) * Self.barWidth / 2
        return otherX > center ? center + Self.barWidth / 2 : center - Self.barWidth / 2
    }

    /// A box: left, top, right, bottom, in points from the top left.
    public struct Box: Sendable, Hashable {
        public var left, top, right, bottom: Double

        public func intersects(_ other: Box) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }
    }

    /// The size of a message's label box.
    static func labelSize(_ message: SequenceDiagram.Message) -> (width: Double, height: Double) {
        (labelWidth(message) + 6, (message.detail == nil ? 1 : 2) * lineHeight + 2)
    }

    /// Where the label of the message at `row` is drawn: above its arrow, beside its sender (to the right of a
    /// self-message's loop).
    public func labelBox(row: Int) -> Box? {
        guard case .message(let message) = diagram.rows[row] else { return nil }
        let (width, height) = Self.labelSize(message)
        let arrowY = rowY[row]
        let fromX = columnX[message.from]
        if message.from == message.to {
            let outer = edgeX(message.from, row: row, towards: fromX + 1) + Self.selfLoopWidth
            let centerY = arrowY - height / 2 + 4
            return Box(left: outer + 6, top: centerY - height / 2, right: outer + 6 + width, bottom: centerY + height / 2)
        }
        let startX = edgeX(message.from, row: row, towards: columnX[message.to])
        let left = columnX[message.to] > fromX ? startX + 6 : startX - 6 - width
        return Box(left: left, top: arrowY - height - 1, right: left + width, bottom: arrowY - 1)
    }

    /// Where an activation bar is drawn.
    public func barBox(_ bar: SequenceDiagram.Activation) -> Box {
        let x = columnX[bar.participant] + Double(bar.level) * Self.barWidth / 2
        return Box(left: x - Self.barWidth / 2, top: rowY[bar.firstRow] - 2, right: x + Self.barWidth / 2,
                   bottom: rowY[bar.lastRow] + max(6, rowHeight[bar.lastRow] - 2))
    }
}
