import ScenarioSpec

/// A sequence diagram of a run, before layout: participants in columns, rows of messages and notes, cycle frames
/// and activation bars.
public struct SequenceDiagram: Sendable, Hashable {
    public var title: String
    public var participants: [Participant]
    /// Scene instances: a labelled band over their participants' columns.
    public var groups: [Group]
    /// Top to bottom.
    public var rows: [Row]
    public var frames: [Frame]
    public var activations: [Activation]

    public init(title: String, participants: [Participant] = [], groups: [Group] = [], rows: [Row] = [],
                frames: [Frame] = [], activations: [Activation] = []) {
        self.title = title
        self.participants = participants
        self.groups = groups
        self.rows = rows
        self.frames = frames
        self.activations = activations
    }

    /// A column: one component of a scene, whichever instance of the scene is on stage.
    public struct Participant: Sendable, Hashable {
        /// Stable identifier (the trace's participant id of its first instance, e.g. `Login#1.LoginInteractor`).
        public var id: String
        public var name: String
        public var role: ComponentRole
        /// The group (scene) it belongs to.
        public var group: Int?
        /// The scene instances that live in this column, top to bottom; one from top to bottom when the column
        /// belongs to no scene.
        public var lives: [Life] = [Life()]

        public init(id: String, name: String, role: ComponentRole, group: Int? = nil, lives: [Life] = [Life()]) {
            self.id = id
            self.name = name
            self.role = role
            self.group = group
            self.lives = lives
        }

        /// The row at which its first instance was created; nil when it exists from the start.
        public var createdAt: Int? { lives.first?.createdAt }
        /// The row at which its last instance was removed; nil when it lives to the bottom.
        public var removedAt: Int? { lives.last.flatMap { $0.removed ? $0.endedAt : nil } }
    }

    /// One scene instance's stretch of a column.
    public struct Life: Sendable, Hashable {
        /// The `creation` row that starts it; nil when it is there from the top.
        public var createdAt: Int?
        /// The row where it ends: the navigation that removed it, or the `creation` row of the instance that took
        /// the column over; nil when it lives to the bottom.
        public var endedAt: Int?
        /// Ended by being popped, dismissed or replaced (drawn ✕), not by handing the column over.
        public var removed: Bool

        public init(createdAt: Int? = nil, endedAt: Int? = nil, removed: Bool = false) {
            self.createdAt = createdAt
            self.endedAt = endedAt
            self.removed = removed
        }
    }

    public struct Group: Sendable, Hashable {
        public var title: String
        /// Participant indices, in column order.
        public var members: [Int]
    }

    public enum Row: Sendable, Hashable {
        case message(Message)
        case note(Note)
        /// A scene instance takes its scene's columns: a band with its title (`Login #2`) and the headers are
        /// drawn here, and their lifelines start.
        case creation(group: Int, title: String)
    }

    /// How a message is drawn.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// A call: solid line, filled arrowhead.
        case call
        /// A result returning: dashed line, open arrowhead.
        case reply
        /// A failure returning: dashed red line.
        case failure
        /// A DataStore, state or AppState write: amber, square head.
        case write
        /// Data passed from one DataStore to another: teal, bold.
        case dataPassing
        /// Navigation between scenes: purple, bold.
        case navigation
        /// A value shown to the user: dotted grey.
        case show
        /// The View's own lifecycle (a self-message).
        case lifecycle
        /// AppState notifying an observing View.
        case render
        /// A message that breaks one of the pattern's rules (the mistakes gallery): red, heavy.
        case violation
    }

    public struct Message: Sendable, Hashable {
        public var from: Int
        public var to: Int
        /// The method, with its sequence number.
        public var label: String
        /// A short payload, drawn smaller below the label.
        public var detail: String?
        public var style: Style
        /// The trace event drawn, for linking (`m<sequence>` in SVG).
        public var sequence: Int?
        /// Simulated time that passes before this message (a worker's latency), in milliseconds.
        public var delay: Int
    }

    public struct Note: Sendable, Hashable {
        public var first: Int
        public var last: Int
        public var lines: [String]
    }

    /// A V→I→P→V cycle: rows `firstRow...lastRow` over columns `firstColumn...lastColumn`.
    public struct Frame: Sendable, Hashable {
        public var title: String
        public var firstRow: Int
        public var lastRow: Int
        public var firstColumn: Int
        public var lastColumn: Int
    }

    /// A participant handling a message from `firstRow` until everything it caused is done at `lastRow`.
    public struct Activation: Sendable, Hashable {
        public var participant: Int
        public var firstRow: Int
        public var lastRow: Int
        /// 0 for the outermost bar; nested handling on the same participant is drawn offset to the right.
        public var level: Int
    }

    public var messages: [Message] {
        rows.compactMap { if case .message(let message) = $0 { return message } else { return nil } }
    }
}
