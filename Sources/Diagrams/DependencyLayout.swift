import ScenarioSpec

/// Places a dependency diagram without a general graph layout: every scene is drawn with the same template for
/// its pattern (the VIP triangle, Router and DataStore beneath, Workers beside), and scenes are placed in
/// columns by their distance from the start scene along routes. Linear in the number of scenes.
struct DependencyLayout {
    struct Box {
        var x: Double  // centre
        var y: Double  // centre, y down
        var width: Double
        var height: Double

        var left: Double { x - width / 2 }
        var right: Double { x + width / 2 }
        var top: Double { y - height / 2 }
        var bottom: Double { y + height / 2 }
    }

    static let componentHeight = 40.0
    static let columnGap = 70.0
    static let rowGap = 48.0
    static let scenePadding = 22.0
    static let sceneTitleHeight = 24.0
    static let sceneGapX = 120.0
    /// Room under a scene for the lanes of links leaving it, before their labels.
    static let sceneGapY = 76.0
    /// At most this many scenes are stacked in one column before the column wraps.
    static let maxScenesPerColumn = 6
    /// Cross-scene links run in separate lanes this far apart, cycling after `lanes`.
    static let lanes = 10
    static let laneSpacing = 5.0
    /// The row each link leaving a scene runs out in, under the scene, with its label (two lines) under it.
    static let routeRow = 28.0

    /// How many lines a link's label has.
    static func labelLines(_ label: String) -> Double { Double(label.split(separator: "\n").count) }

    let diagram: DependencyDiagram
    private(set) var components: [String: Box] = [:]
    private(set) var scenes: [Box] = []
    /// The left and right edges of the column each scene stands in.
    private(set) var sceneColumns: [(left: Double, right: Double)] = []
    /// Where the scenes start: cross-scene links run in the corridor above.
    private(set) var scenesTop = 0.0
    private(set) var legend = Box(x: 0, y: 0, width: 0, height: 0)
    private(set) var width = 0.0
    private(set) var height = 0.0
    let titleHeight = 34.0

    static func componentWidth(_ component: DependencyDiagram.Component) -> Double {
        max(110, max(TextMetrics.width(component.name, size: 10.5, bold: true),
                     TextMetrics.width("«\(component.role.rawValue)»", size: 8)) + 26)
    }

    /// (column, row) of each role in a scene's template, chosen by the pattern's structure: a hub (the View's
    /// events go to the Presenter) in one line with the WireFrame beneath; a line when there is no Presenter (its
    /// Router beneath the View); the VIP triangle otherwise, with a DataStore the View writes under the View. Workers
    /// stack from `worker`'s row down.
    static func template(_ definition: PatternDefinition) -> [ComponentRole: (column: Int, row: Int)] {
        if definition.flow.entry == .presenter {
            return [.view: (0, 0), .presenter: (1, 0), .interactor: (2, 0), .worker: (3, 0), .router: (1, 1), .dataStore: (2, 1)]
        }
        if !definition.has(.presenter) {
            // The Router the View makes when it routes, under the View.
            return [.view: (0, 0), .interactor: (1, 0), .worker: (2, 0), .router: (0, 1)]
        }
        if definition.flow.viewWritesDataStore {
            // The View's own DataStore under it, the Router beside it: no line crosses the Presenter.
            return [.view: (0, 0), .interactor: (2, 0), .worker: (3, 0), .presenter: (1, 1), .dataStore: (0, 2), .router: (1, 2)]
        }
        return [.view: (0, 0), .interactor: (2, 0), .worker: (3, 0), .presenter: (1, 1), .router: (0, 2), .dataStore: (2, 2)]
    }

    /// - Parameter labelWidth: how wide a link's label is drawn, to give neighbouring columns room for it.
    init(_ diagram: DependencyDiagram, legendSize: (width: Double, height: Double),
         labelWidth: (DependencyDiagram.Link) -> Double) {
        self.diagram = diagram
        let template = Self.template(diagram.pattern.definition)
        let columnCount = (template.values.map(\.column).max() ?? 0) + 1

        // Gaps between template columns fit the labels of links running between them in one row.
        var cellOf: [String: (column: Int, row: Int)] = [:]
        for scene in diagram.scenes {
            for component in scene.components { cellOf[component.id] = template[component.role] }
        }
        var gaps = [Double](repeating: Self.columnGap, count: max(0, columnCount - 1))
        for link in diagram.links {
            guard let a = cellOf[link.from], let b = cellOf[link.to], a.row == b.row, abs(a.column - b.column) == 1
            else { continue }
            gaps[min(a.column, b.column)] = max(gaps[min(a.column, b.column)], labelWidth(link) + 24)
        }

        // Each scene's block, at the origin.
        var blocks: [(size: (Double, Double), places: [String: Box])] = []
        for scene in diagram.scenes {
            var columnWidth = [Double](repeating: 0, count: columnCount)
            for component in scene.components {
                guard let cell = template[component.role] else { continue }
                columnWidth[cell.column] = max(columnWidth[cell.column], Self.componentWidth(component))
            }
            var columnX: [Double] = []
            var x = Self.scenePadding
            for column in 0..<columnCount {
                let w = columnWidth[column]
                columnX.append(x + w / 2)
                x += w + (w > 0 && column < gaps.count ? gaps[column] : 0)
            }
            let blockWidth = x + Self.scenePadding
            var places: [String: Box] = [:]
            var workerIndex = 0
            var bottom = 0.0
            for component in scene.components {
                guard let cell = template[component.role] else { continue }
                var row = Double(cell.row)
                if component.role == .worker {
                    row += Double(workerIndex)
                    workerIndex += 1
                }
                let y = Self.sceneTitleHeight + Self.scenePadding + Self.componentHeight / 2
                    + row * (Self.componentHeight + Self.rowGap)
                places[component.id] = Box(x: columnX[cell.column], y: y, width: Self.componentWidth(component),
                                           height: Self.componentHeight)
                bottom = max(bottom, y + Self.componentHeight / 2)
            }
            let titleWidth = TextMetrics.width(scene.name.rawValue, size: 12, bold: true) + 2 * Self.scenePadding
            blocks.append((size: (max(blockWidth, titleWidth), bottom + Self.scenePadding), places: places))
        }

        // Columns of scenes by distance from the start along routes; unreachable scenes come last.
        let order = Self.layers(diagram)
        // Each link leaving a scene puts a label under it.
        let sceneIndex = Dictionary(uniqueKeysWithValues: diagram.scenes.enumerated().map { ($1.name.rawValue, $0) })
        var leaving: [Int: Int] = [:]
        for link in diagram.links where link.kind == .route || link.kind == .passes {
            if let index = sceneIndex[String(link.from.prefix { $0 != "." })] { leaving[index, default: 0] += 1 }
        }
        var x = Self.scenePadding
        let crossLinks = diagram.links.filter { $0.kind == .route || $0.kind == .passes }.count
        let corridor = 24 + Double(min(crossLinks, Self.lanes)) * Self.laneSpacing
        let top = titleHeight + legendSize.height + 16 + corridor
        scenesTop = top
        var maxBottom = top
        scenes = Array(repeating: Box(x: 0, y: 0, width: 0, height: 0), count: diagram.scenes.count)
        sceneColumns = Array(repeating: (0, 0), count: diagram.scenes.count)
        for layer in order {
            for chunkStart in stride(from: 0, to: layer.count, by: Self.maxScenesPerColumn) {
                let chunk = layer[chunkStart..<min(layer.count, chunkStart + Self.maxScenesPerColumn)]
                let columnWidth = chunk.map { blocks[$0].size.0 }.max() ?? 0
                var y = top
                for index in chunk {
                    let (w, h) = blocks[index].size
                    let originX = x + (columnWidth - w) / 2
                    scenes[index] = Box(x: originX + w / 2, y: y + h / 2, width: w, height: h)
                    sceneColumns[index] = (x, x + columnWidth)
                    for (id, box) in blocks[index].places {
                        components[id] = Box(x: originX + box.x, y: y + box.y, width: box.width, height: box.height)
                    }
                    y += h + Self.sceneGapY + Double(leaving[index] ?? 0) * Self.routeRow
                }
                maxBottom = max(maxBottom, y)
                x += columnWidth + Self.sceneGapX
            }
        }
        // Shared workers sit above the scenes' first row, right of the legend. The AppState sits under the scenes,
        // centred: every View and Interactor line to it runs down, clear of the legend, and lines from either side part.
        var sharedX = Self.scenePadding + legendSize.width + 40
        for component in diagram.shared where component.role != .appState {
            let w = Self.componentWidth(component)
            components[component.id] = Box(x: sharedX + w / 2, y: titleHeight + Self.componentHeight / 2 + 4,
                                           width: w, height: Self.componentHeight)
            sharedX += w + Self.columnGap
        }
        let below = diagram.shared.filter { $0.role == .appState }
        let belowWidth = below.map(Self.componentWidth).reduce(0, +) + Double(max(0, below.count - 1)) * Self.columnGap
        var belowX = max(Self.scenePadding, (x - Self.sceneGapX + Self.scenePadding - belowWidth) / 2)
        let belowY = maxBottom + Self.componentHeight / 2
        for component in below {
            let w = Self.componentWidth(component)
            components[component.id] = Box(x: belowX + w / 2, y: belowY, width: w, height: Self.componentHeight)
            belowX += w + Self.columnGap
        }
        if !below.isEmpty { maxBottom = belowY + Self.componentHeight / 2 }
        legend = Box(x: Self.scenePadding + legendSize.width / 2, y: titleHeight + legendSize.height / 2,
                     width: legendSize.width, height: legendSize.height)
        width = max(x - Self.sceneGapX + Self.scenePadding, legend.right + Self.scenePadding, sharedX, belowX)
        height = maxBottom + Self.scenePadding
    }

    /// Scene indices grouped by breadth-first distance from the start scene (the first scene).
    static func layers(_ diagram: DependencyDiagram) -> [[Int]] {
        let index = Dictionary(uniqueKeysWithValues: diagram.scenes.enumerated().map { ($1.name.rawValue, $0) })
        var next: [Int: [Int]] = [:]
        for link in diagram.links where link.kind == .route {
            guard let from = index[String(link.from.prefix { $0 != "." })],
                  let to = index[String(link.to.prefix { $0 != "." })] else { continue }
            if !(next[from] ?? []).contains(to) { next[from, default: []].append(to) }
        }
        guard !diagram.scenes.isEmpty else { return [] }
        var depth = [Int: Int]()
        depth[0] = 0
        var queue = [0]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for target in next[current] ?? [] where depth[target] == nil {
                depth[target] = depth[current]! + 1
                queue.append(target)
            }
        }
        let deepest = depth.values.max() ?? 0
        var layers = [[Int]](repeating: [], count: deepest + 1)
        for scene in queue { layers[depth[scene]!].append(scene) }
        let unreachable = diagram.scenes.indices.filter { depth[$0] == nil }
        if !unreachable.isEmpty { layers.append(unreachable) }
        return layers
    }

    /// Where the segment from `box`'s centre towards `point` leaves the box.
    static func border(of box: Box, towards point: (Double, Double)) -> (Double, Double) {
        let dx = point.0 - box.x, dy = point.1 - box.y
        guard dx != 0 || dy != 0 else { return (box.x, box.y) }
        let scaleX = dx == 0 ? Double.infinity : (box.width / 2) / abs(dx)
        let scaleY = dy == 0 ? Double.infinity : (box.height / 2) / abs(dy)
        let scale = min(scaleX, scaleY)
        return (box.x + dx * scale, box.y + dy * scale)
    }
}
