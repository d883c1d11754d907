/// A problem found in a scenario, reported the way a compiler reports one.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        /// Errors sort before warnings, warnings before notes.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// An attached explanation (`note: did you mean 'Home'?`), optionally pointing elsewhere.
    public struct Note: Sendable, Hashable, Codable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    /// Short, lowercase, and says what to do.
    public var message: String
    /// Where the problem is; nil only for problems that have no place in a file (an unreadable path).
    public var location: SourceLocation?
    public var notes: [Note]
    /// A stable name for the kind of problem (`generate/reserved-name`), printed after the message as compilers
    /// print a warning's flag; nil for problems that have none yet.
    public var id: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = [], id: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.id = id
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Note] = [], id: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes, id: id)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Note] = [], id: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes, id: id)
    }

    /// The message with its id, as printed: `… [generate/reserved-name]`.
    public var messageWithID: String { message + (id.map { " [\($0)]" } ?? "") }
}

extension Diagnostic: Comparable {
    /// Position first (diagnostics without a place come first), then severity, then text: a stable order.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case let (l?, r?) where l != r: return l < r
        default:
            if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
            return lhs.message < rhs.message
        }
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by position with exact duplicates removed.
    public func normalized() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return sorted().filter { seen.insert($0).inserted }
    }
}

extension Diagnostic: CustomStringConvertible {
    /// The compiler format without colour or excerpt: `file:line:col: error: message`, then one `note:` line each.
    public var description: String {
        var lines = [(location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(messageWithID)"]
        for note in notes {
            lines.append((note.location.map { "\($0): " } ?? "") + "note: \(note.message)")
        }
        return lines.joined(separator: "\n")
    }
}
