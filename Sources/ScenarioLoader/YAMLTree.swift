import Yams

/// A YAML document as plain values, for files that are not scenarios (the importer's ground truth, accepted
/// findings): scalars as written, mappings in document order, each value with its 1-based line.
public indirect enum YAMLTree: Sendable, Hashable {
    case scalar(String, at: Place)
    case sequence([YAMLTree], at: Place)
    case mapping([Entry], at: Place)
    case null(at: Place)

    /// A node's 1-based line and column.
    public struct Place: Sendable, Hashable {
        public var line: Int
        public var column: Int
    }

    public struct Entry: Sendable, Hashable {
        public var key: String
        /// Where the key is written.
        public var keyPlace: Place
        public var value: YAMLTree
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String
        public var description: String { "\(line): \(message)" }
    }

    /// The document in `text`, or the parser's complaint with its line. Aliases are read as what they name.
    public static func parse(_ text: String) throws -> YAMLTree {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Failure(line: Self.line(of: error), message: "\(error)")
        }
        guard let node else { return .null(at: Place(line: 1, column: 1)) }
        return tree(node, depth: 0)
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return 1
        }
    }

    /// Deeper documents than any hand-written file are cut off (as nothing) rather than recursed into.
    static let deepest = 64

    private static func tree(_ node: Node, depth: Int) -> YAMLTree {
        let place = Self.place(node)
        guard depth < deepest else { return .null(at: place) }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, NodeReader.nullWords.contains(scalar.string) { return .null(at: place) }
            return .scalar(scalar.string, at: place)
        case .sequence(let sequence):
            return .sequence(sequence.map { tree($0, depth: depth + 1) }, at: place)
        case .mapping(let mapping):
            return .mapping(mapping.map { key, value in
                Entry(key: key.scalar?.string ?? "\(key)", keyPlace: Self.place(key), value: tree(value, depth: depth + 1))
            }, at: place)
        case .alias:
            return .null(at: place)
        }
    }

    private static func place(_ node: Node) -> Place {
        Place(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    // MARK: - Reading

    public var place: Place {
        switch self {
        case .scalar(_, let place), .sequence(_, let place), .mapping(_, let place), .null(let place): place
        }
    }

    public var line: Int { place.line }

    /// A mapping's value for `key`.
    public subscript(key: String) -> YAMLTree? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    public var bool: Bool? {
        switch string { case "true"?, "yes"?: true; case "false"?, "no"?: false; default: nil }
    }

    /// A sequence's items; nothing for null; a single scalar as one item.
    public var items: [YAMLTree] {
        switch self {
        case .sequence(let items, _): items
        case .null: []
        default: [self]
        }
    }

    /// A mapping's entries in order; nothing for anything else.
    public var entries: [Entry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
