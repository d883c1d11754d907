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

    /// A column: one component instance.
    public struct Participant: Sendable, Hashable {
        /// Stable identifier (the trace's participant id, e.g. `Login#1.LoginInteractor`).
        public var id: String
        public var name: String
        public var role: ComponentRole
        /// The group (scene instance) it belongs to.
        public var group: Int?
        /// The row at which its scene was created; nil when it exists from the start.
        public var createdAt: Int?
        /// The row at which its scene was removed (popped or dismissed); its lifeline ends there.
        public var removedAt: Int?
    }

    public struct Group: Sendable, Hashable {
        public var title: String
        /// Participant indices, in column order.
        public var members: [Int]
    }

    public enum Row: Sendable, Hashable {
        case message(Message)
        case note(Note)
        /// A scene is configured: its participants' headers are drawn here and their lifelines start.
        case creation(group: Int)
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
