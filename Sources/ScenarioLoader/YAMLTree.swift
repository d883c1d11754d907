import Yams

/// A YAML document as plain values, for files that are not scenarios (the importer's ground truth, accepted
/// findings): scalars as written, mappings in document order, each value with its 1-based line.
public indirect enum YAMLTree: Sendable, Hashable {
    case scalar(String, line: Int)
    case sequence([YAMLTree], line: Int)
    case mapping([Entry], line: Int)
    case null(line: Int)

    public struct Entry: Sendable, Hashable {
        public var key: String
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
        guard let node else { return .null(line: 1) }
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
        let line = node.mark?.line ?? 1
        guard depth < deepest else { return .null(line: line) }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, NodeReader.nullWords.contains(scalar.string) { return .null(line: line) }
            return .scalar(scalar.string, line: line)
        case .sequence(let sequence):
            return .sequence(sequence.map { tree($0, depth: depth + 1) }, line: line)
        case .mapping(let mapping):
            return .mapping(mapping.map { key, value in
                Entry(key: key.scalar?.string ?? "\(key)", value: tree(value, depth: depth + 1))
            }, line: line)
        case .alias:
            return .null(line: line)
        }
    }

    // MARK: - Reading

    public var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line), .null(let line): line
        }
    }

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
