/// A DOT graph as a value: statements in order, attributes in order, so encoding is deterministic.
public struct DOTGraph: Sendable, Hashable {
    /// Every graph is named: Graphviz numbers unnamed graphs with a process-wide counter.
    public var name: String
    public var directed: Bool
    public var attributes: DOTAttributes
    public var nodeDefaults: DOTAttributes
    public var edgeDefaults: DOTAttributes
    public var statements: [DOTStatement]

    public init(name: String, directed: Bool = true, attributes: DOTAttributes = [:], nodeDefaults: DOTAttributes = [:],
                edgeDefaults: DOTAttributes = [:], statements: [DOTStatement] = []) {
        self.name = name
        self.directed = directed
        self.attributes = attributes
        self.nodeDefaults = nodeDefaults
        self.edgeDefaults = edgeDefaults
        self.statements = statements
    }

    public mutating func node(_ id: String, _ attributes: DOTAttributes = [:]) {
        statements.append(.node(DOTNode(id: id, attributes: attributes)))
    }

    public mutating func edge(_ from: String, _ to: String, _ attributes: DOTAttributes = [:]) {
        statements.append(.edge(DOTEdge(from: from, to: to, attributes: attributes)))
    }
}

public enum DOTStatement: Sendable, Hashable {
    case node(DOTNode)
    case edge(DOTEdge)
    case subgraph(DOTSubgraph)
}

public struct DOTNode: Sendable, Hashable {
    public var id: String
    public var attributes: DOTAttributes

    public init(id: String, attributes: DOTAttributes = [:]) {
        self.id = id
        self.attributes = attributes
    }
}

public struct DOTEdge: Sendable, Hashable {
    public var from: String
    public var to: String
    public var attributes: DOTAttributes

    public init(from: String, to: String, attributes: DOTAttributes = [:]) {
        self.from = from
        self.to = to
        self.attributes = attributes
    }
}

/// A subgraph; an id starting with `cluster` makes Graphviz draw it as a box.
public struct DOTSubgraph: Sendable, Hashable {
    public var id: String
    public var attributes: DOTAttributes
    public var statements: [DOTStatement]

    public init(id: String, attributes: DOTAttributes = [:], statements: [DOTStatement] = []) {
        self.id = id
        self.attributes = attributes
        self.statements = statements
    }
}

/// An attribute value: text (quoted and escaped), an HTML-like label (already built by `HTMLLabel`), or a number.
public enum DOTValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case html(HTMLLabel)
    case number(Double)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

/// Attributes in the order they were set.
public struct DOTAttributes: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    public private(set) var entries: [(key: String, value: DOTValue)] = []

    public init(dictionaryLiteral elements: (String, DOTValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    public subscript(key: String) -> DOTValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    public static func == (lhs: DOTAttributes, rhs: DOTAttributes) -> Bool {
        lhs.entries.map(\.key) == rhs.entries.map(\.key) && lhs.entries.map(\.value) == rhs.entries.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
