import ScenarioSpec

/// A small text picture of the pattern's cycle, each arrow tagged with its stage so the current one can be
/// highlighted:
///
/// ```
///   User ◀─▶ View ──request──▶ Interactor ◀─▶ Worker
///             │ ▲                │   └─▶ DataStore
///       route │ │ display        ▼ response
///             ▼ └─────────── Presenter
///          Router ─passes data─▶ next scene
/// ```
public struct CyclePicture: Sendable, Hashable {
    /// A run of characters on one line, tagged with the stage of the arrow it draws (nil for names).
    public struct Segment: Sendable, Hashable {
        public var text: String
        public var stage: CycleStage?
    }

    public var lines: [[Segment]]

    /// The lines as plain text.
    public var text: String { lines.map { $0.map(\.text).joined() }.joined(separator: "\n") }

    /// The stages the picture draws.
    public var stages: Set<CycleStage> { Set(lines.flatMap { $0.compactMap(\.stage) }) }

    /// The picture with `stage`'s arrow drawn in heavy lines, for places without colour.
    public func text(highlighting stage: CycleStage?) -> String {
        lines.map { line in
            line.map { segment in segment.stage != nil && segment.stage == stage ? Self.heavy(segment.text) : segment.text }.joined()
        }.joined(separator: "\n")
    }

    /// Light box-drawing lines made heavy.
    public static func heavy(_ text: String) -> String {
        String(text.map { character -> Character in
            switch character {
            case "─": "━"
            case "│": "┃"
            case "└": "┗"
            case "┘": "┛"
            default: character
            }
        })
    }

    /// The shapes of cycle the pictures draw.
    private enum Shape {
        /// View → Interactor → Presenter → View, Router beneath.
        case vip
        /// The same, the View holding (and setting) the DataStore.
        case vipViewHoldsState
        /// No Presenter: the Interactor writes observed state.
        case observedState
        /// The Presenter is the hub between View, Interactor and WireFrame.
        case hub
    }

    /// The picture for `pattern`, chosen by its definition's structure; arrows of stages the pattern does not have
    /// are left out.
    public static func picture(for definition: PatternDefinition) -> CyclePicture {
        let shape: Shape
        if definition.flow.entry == .presenter {
            shape = .hub
        } else if definition.flow.store == .appState {
            shape = .observedState
        } else if definition.flow.viewWritesDataStore {
            shape = .vipViewHoldsState
        } else {
            shape = .vip
        }
        var canvas = Canvas()
        switch shape {
        case .vip:
            canvas.put(0, 2, "User")
            canvas.put(0, 7, "◀─▶", .user)
            canvas.put(0, 11, "View")
            canvas.put(0, 16, "──request──▶", .request)
            canvas.put(0, 29, "Interactor")
            canvas.put(0, 40, "◀─▶", .worker)
            canvas.put(0, 44, "Worker")
            canvas.put(1, 12, "│", .route)
            canvas.put(1, 14, "▲", .display)
            canvas.put(1, 31, "│", .response)
            canvas.put(1, 35, "└─▶", .store)
            canvas.put(1, 39, "DataStore")
            canvas.put(2, 6, "route", .route)
            canvas.put(2, 12, "│", .route)
            canvas.put(2, 14, "│", .display)
            canvas.put(2, 16, "display", .display)
            canvas.put(2, 31, "▼", .response)
            canvas.put(2, 33, "response", .response)
            canvas.put(3, 12, "▼", .route)
            canvas.put(3, 14, "└───────────", .display)
            canvas.put(3, 27, "Presenter")
            canvas.put(4, 9, "Router")
            canvas.put(4, 16, "─passes data─▶", .next)
            canvas.put(4, 31, "next scene")
        case .vipViewHoldsState:
            canvas.put(0, 2, "User")
            canvas.put(0, 7, "◀─▶", .user)
            canvas.put(0, 11, "View")
            canvas.put(0, 16, "──request──▶", .request)
            canvas.put(0, 29, "Interactor")
            canvas.put(0, 40, "◀─▶", .worker)
            canvas.put(0, 44, "Worker")
            canvas.put(1, 12, "│", .store)
            canvas.put(1, 14, "▲", .display)
            canvas.put(1, 31, "│", .response)
            canvas.put(2, 7, "sets", .store)
            canvas.put(2, 12, "│", .store)
            canvas.put(2, 14, "│", .display)
            canvas.put(2, 16, "display", .display)
            canvas.put(2, 31, "▼", .response)
            canvas.put(2, 33, "response", .response)
            canvas.put(3, 12, "▼", .store)
            canvas.put(3, 14, "└───────────", .display)
            canvas.put(3, 27, "Presenter")
            canvas.put(4, 8, "DataStore")
            canvas.put(4, 18, "(the View re-renders)")
        case .observedState:
            canvas.put(0, 2, "User")
            canvas.put(0, 7, "◀─▶", .user)
            canvas.put(0, 11, "View")
            canvas.put(0, 16, "──request──▶", .request)
            canvas.put(0, 29, "Interactor")
            canvas.put(0, 40, "◀─▶", .worker)
            canvas.put(0, 44, "Worker")
            canvas.put(1, 14, "▲", .render)
            canvas.put(1, 31, "│", .publish)
            canvas.put(2, 3, "re-renders", .render)
            canvas.put(2, 14, "│", .render)
            canvas.put(2, 31, "▼", .publish)
            canvas.put(2, 33, "publishes", .publish)
            canvas.put(3, 14, "└───────────", .render)
            canvas.put(3, 27, "AppState")
        case .hub:
            canvas.put(0, 2, "User")
            canvas.put(0, 7, "◀─▶", .user)
            canvas.put(0, 11, "View")
            canvas.put(0, 16, "──event──▶", .event)
            canvas.put(0, 27, "Presenter")
            canvas.put(0, 37, "──input──▶", .input)
            canvas.put(0, 48, "Interactor")
            canvas.put(0, 59, "◀─▶", .worker)
            canvas.put(0, 63, "DataManager")
            canvas.put(1, 14, "▲", .display)
            canvas.put(1, 28, "│", .display)
            canvas.put(1, 30, "│", .route)
            canvas.put(1, 33, "▲", .response)
            canvas.put(1, 51, "│", .response)
            canvas.put(2, 14, "└── update ───┘", .display)
            canvas.put(2, 30, "│", .route)
            canvas.put(2, 33, "└── output ───────┘", .response)
            canvas.put(3, 30, "▼", .route)
            canvas.put(3, 32, "navigate", .route)
            canvas.put(4, 26, "WireFrame")
            canvas.put(4, 36, "─▶", .next)
            canvas.put(4, 39, "next module")
        }
        canvas.erase(keeping: definition.cycle.stages)
        return CyclePicture(lines: canvas.lines())
    }

    /// A character grid that remembers each cell's stage.
    struct Canvas {
        var cells: [[(Character, CycleStage?)]] = []

        mutating func put(_ row: Int, _ column: Int, _ text: String, _ stage: CycleStage? = nil) {
            while cells.count <= row { cells.append([]) }
            for (offset, character) in text.enumerated() {
                let index = column + offset
                while cells[row].count <= index { cells[row].append((" ", nil)) }
                cells[row][index] = (character, stage)
            }
        }

        /// Blanks the arrows of stages not in `stages`.
        mutating func erase(keeping stages: Set<CycleStage>) {
            for row in cells.indices {
                for column in cells[row].indices {
                    if let stage = cells[row][column].1, !stages.contains(stage) { cells[row][column] = (" ", nil) }
                }
            }
        }

        /// Rows as runs of equal stage.
        func lines() -> [[Segment]] {
            cells.map { row in
                var segments: [Segment] = []
                for (character, stage) in row {
                    if let last = segments.last, last.stage == stage {
                        segments[segments.count - 1].text.append(character)
                    } else {
                        segments.append(Segment(text: String(character), stage: stage))
                    }
                }
                return segments
            }
        }
    }
}
