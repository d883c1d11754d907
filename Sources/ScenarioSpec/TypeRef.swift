/// A field's type as a scenario declares it: `String`, `Int`, `Double`, `Bool`, `Date`, `Decimal`, `T?`, `[T]`,
/// or a named entity or enum.
public indirect enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    case string
    case int
    case double
    case bool
    /// An instant (Swift's `Date`), to the millisecond.
    case date
    /// An exact decimal number (Swift's `Decimal`), as money is.
    case decimal
    case optional(TypeRef)
    case list(TypeRef)
    /// An entity (`IceCream`), an enum (`ShippingSpeed`) or a record the scenario defines (`Login.Login.Request`).
    case named(String)

    /// The names a scenario cannot give its own types.
    public static let builtinNames: Set<String> = ["String", "Int", "Double", "Bool", "Date", "Decimal"]

    /// Swift spelling: `[String]?`.
    public var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .decimal: "Decimal"
        case .optional(let wrapped): "\(wrapped)?"
        case .list(let element): "[\(element)]"
        case .named(let name): name
        }
    }

    /// True for `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// `T` for `T?`, itself otherwise.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// `T?` for `T`; an optional stays as it is (Swift flattens `T??` in optional chains the same way).
    public var asOptional: TypeRef { isOptional ? self : .optional(self) }

    /// True for Int and Double.
    public var isNumeric: Bool { self == .int || self == .double }

    /// Parses the Swift spelling (`[String]?`, `Int`, `IceCream`); nil when the text is not a type.
    public init?(parsing text: String) {
        var parser = TypeTextParser(Array(text.unicodeScalars))
        guard let type = parser.parseType(), parser.atEnd else { return nil }
        self = type
    }
}

extension TypeRef: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let type = TypeRef(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a type")
        }
        self = type
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Recursive-descent reader of the type grammar: `type := ('[' type ']' | identifier) '?'*`.
private struct TypeTextParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool {
        var i = index
        while i < scalars.count, scalars[i] == " " { i += 1 }
        return i == scalars.count
    }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " { index += 1 }
    }

    mutating func parseType(depth: Int = 0) -> TypeRef? {
        guard depth < 32 else { return nil }
        skipSpaces()
        guard index < scalars.count else { return nil }
        var type: TypeRef
        if scalars[index] == "[" {
            index += 1
            guard let element = parseType(depth: depth + 1) else { return nil }
            skipSpaces()
            guard index < scalars.count, scalars[index] == "]" else { return nil }
            index += 1
            type = .list(element)
        } else {
            let start = index
            while index < scalars.count, Self.isIdentifier(scalars[index], first: index == start) { index += 1 }
            guard index > start else { return nil }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            switch name {
            case "String": type = .string
            case "Int": type = .int
            case "Double": type = .double
            case "Bool": type = .bool
            case "Date": type = .date
            case "Decimal": type = .decimal
            default: type = .named(name)
            }
        }
        skipSpaces()
        while index < scalars.count, scalars[index] == "?" {
            index += 1
            type = type.asOptional
            skipSpaces()
        }
        return type
    }

    static func isIdentifier(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        first ? SwiftIdentifier.isHead(scalar) : SwiftIdentifier.isCharacter(scalar)
    }
}
