/// A typed value of the scenario's data: request values, worker results, DataStore contents, payloads.
public indirect enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([Value])
    case record(Record)

    /// Looks up a record's field; nil for other values and for missing fields.
    public subscript(field name: String) -> Value? {
        if case .record(let record) = self { return record[name] }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A record value: fields in declaration order.
public struct Record: Sendable, Hashable {
    public private(set) var names: [String]
    public private(set) var values: [Value]

    public init() {
        names = []
        values = []
    }

    public init(_ fields: [(String, Value)]) {
        names = fields.map(\.0)
        values = fields.map(\.1)
    }

    public var count: Int { names.count }
    public var isEmpty: Bool { names.isEmpty }

    /// The fields as (name, value) pairs, in order.
    public var fields: [(name: String, value: Value)] {
        Array(zip(names, values)).map { (name: $0.0, value: $0.1) }
    }

    public subscript(name: String) -> Value? {
        get {
            guard let index = names.firstIndex(of: name) else { return nil }
            return values[index]
        }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue {
                    values[index] = newValue
                } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}

extension Value: CustomStringConvertible {
    /// Swift-like literal text: `"Ann"`, `42`, `1.5`, `true`, `nil`, `["a", "b"]`, `{userID: "42"}`.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return Value.format(value)
        case .string(let value): return Value.quote(value)
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let record):
            return "{" + record.fields.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }

    /// The text the value shows as on a screen: strings without quotes, everything else as `description`.
    public var displayText: String {
        if case .string(let value) = self { return value }
        return description
    }

    /// A Double in the shortest form that reads back to the same value, always with a decimal point or exponent.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let text = String(value)
        if text.contains(".") || text.contains("e") { return text }
        return text + ".0"
    }

    /// A Swift string literal with `"`, `\`, and control characters escaped.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
