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
    /// A stable name for the kind of problem (`scenario/unknown-name`, `generate/reserved-name`, `clean-swift/one-way`):
    /// what an editor, a JSON reader or a test tells one problem from another by. docs/Diagnostics.md lists them
    /// with their meaning and fix.
    public var id: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Note] = [], id: String) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.id = id
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Note] = [], id: String) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes, id: id)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Note] = [], id: String) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes, id: id)
    }

    /// The message with its id, as the text form prints it: `… [generate/reserved-name]` where the id is one a user
    /// writes or looks up by name (see `namesIDInText`), the message alone otherwise; with `allIDs` (`--verbose`),
    /// every id.
    public func messageWithID(allIDs: Bool = false) -> String {
        allIDs || namesIDInText ? message + " [\(id)]" : message
    }

    /// Whether the text form names the id, as compilers name a warning's flag: a pattern rule's id (a scenario or
    /// an acceptance file accepts a finding by it), an acceptance's own (`accept/unused`) and generate's limits
    /// (docs/Generating.md lists them). A problem to fix in the file — a misspelt name, a wrong type, YAML that does
    /// not parse — is said as a compiler says its errors, without one; JSON, GitHub annotations and `--verbose` give
    /// every id.
    public var namesIDInText: Bool {
        !Self.namespacesSaidWithoutID.contains(id.split(separator: "/", maxSplits: 1).first.map(String.init) ?? id)
    }

    /// An id's kind spelled from a Swift name, as ids are (`dataStoreField` → `data-store-field`).
    public static func idKind(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase { out += (out.isEmpty ? "" : "-") + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    /// The namespaces of problems to fix where they are (docs/Diagnostics.md).
    public static let namespacesSaidWithoutID: Set<String> = [
        "scenario", "expression", "yaml", "file", "fixture", "settings", "output", "trace", "import", "code", "run",
        "check", "render", "export", "translate", "drift", "map", "explain", "init", "graphviz", "usage", "accept-file",
    ]
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
        var lines = [(location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(messageWithID())"]
        for note in notes {
            lines.append((note.location.map { "\($0): " } ?? "") + "note: \(note.message)")
        }
        return lines.joined(separator: "\n")
    }
}

/// What stops a stage before it has a result — a path that cannot be read, an output folder SceneFlow will not write
/// into, a trace of another scenario — said as diagnostics, each with its id and place. The one error SceneFlow's
/// stages throw at a command: the command line prints it as it prints every other diagnostic, and exits 2.
public struct Failure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One error: `id` names its kind, `message` says what to do.
    public init(_ id: String, _ message: String, at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []) {
        self.diagnostics = [.error(message, at: location, notes: notes, id: id)]
    }

    /// The first error's message: the one line a caller that reports nothing else shows.
    public var message: String { (diagnostics.first { $0.severity == .error } ?? diagnostics.first)?.message ?? "" }

    /// The first error's id.
    public var id: String { (diagnostics.first { $0.severity == .error } ?? diagnostics.first)?.id ?? "" }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
