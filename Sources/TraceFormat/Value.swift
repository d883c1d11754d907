/// A typed value of the scenario's data: request values, worker results, DataStore contents, payloads.
public indirect enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// An instant (Swift's `Date`), to the millisecond.
    case date(DateValue)
    /// An exact decimal number (Swift's `Decimal`), as money is.
    case decimal(DecimalValue)
    /// A case of an enum the scenario declares (`ShippingSpeed.oneDay`); its raw value is the enum's business.
    case enumCase(EnumCaseValue)
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
        case .date(let value): return value.description
        case .decimal(let value): return value.description
        case .enumCase(let value): return value.description
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let record):
            return "{" + record.fields.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }

    /// The text the value shows as on a screen: strings without quotes, everything else as `description`.
    public var displayText: String {
        switch self {
        case .string(let value): return value
        // Swift prints an enum case by its name: `"\(speed)"` is `oneDay`.
        case .enumCase(let value): return value.name
        default: return description
        }
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

/// An instant, in milliseconds since 1970-01-01 00:00:00 UTC. Written as ISO 8601 in UTC
/// (`2026-11-22T09:30:00Z`, milliseconds only when there are some), computed here rather than by the platform's
/// date formatters, so every platform writes the same bytes.
public struct DateValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var milliseconds: Int

    public init(milliseconds: Int) { self.milliseconds = milliseconds }

    public static func < (lhs: DateValue, rhs: DateValue) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The civil date and time in UTC.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let (days, inDay) = milliseconds.floorDivided(by: 86_400_000)
        // Howard Hinnant's days-from-civil, inverted.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
    }

    /// `2026-11-22T09:30:00Z`, or `2026-11-22T09:30:00.250Z` with milliseconds.
    public var description: String {
        let c = components
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
        if c.millisecond != 0 { text += "." + pad(c.millisecond, 3) }
        return text + "Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.sss]Z` (or a date alone, `YYYY-MM-DD`, at midnight UTC).
    public init?(iso8601 text: String) {
        let scalars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[from..<(from + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), scalars.count >= 10, scalars[4] == 0x2D, let month = number(5, 2), scalars[7] == 0x2D,
              let day = number(8, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0, millisecond = 0
        if scalars.count > 10 {
            guard scalars.count >= 20, scalars[10] == 0x54, let h = number(11, 2), scalars[13] == 0x3A, let m = number(14, 2),
                  scalars[16] == 0x3A, let s = number(17, 2), h < 24, m < 60, s < 60 else { return nil }
            (hour, minute, second) = (h, m, s)
            var index = 19
            if scalars[index] == 0x2E {
                guard let ms = number(20, 3) else { return nil }
                millisecond = ms
                index = 23
            }
            guard index == scalars.count - 1, scalars[index] == 0x5A else { return nil }
        }
        // Days from civil (Howard Hinnant).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }
}

/// A case of a declared enum, by type and case name: `ShippingSpeed.oneDay`.
public struct EnumCaseValue: Sendable, Hashable, CustomStringConvertible {
    public var type: String
    public var name: String

    public init(type: String, name: String) {
        self.type = type
        self.name = name
    }

    public var description: String { "\(type).\(name)" }

    /// Reads `Type.case` (the type may itself be dotted: `ShipmentMethod.ShippingSpeed.oneDay`).
    public init?(_ text: String) {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            return nil
        }
        type = String(text[..<dot])
        name = String(text[text.index(after: dot)...])
    }
}

/// An exact decimal number: `significand × 10^-scale`, so 12.50 is (1250, 2) and keeps its two places.
/// Equal values are equal whatever their places (12.5 == 12.50), as Swift's `Decimal`s are.
public struct DecimalValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var significand: Int
    /// Digits after the decimal point.
    public var scale: Int

    public init(significand: Int, scale: Int) {
        self.significand = significand
        self.scale = max(0, scale)
    }

    /// Without trailing zeros after the point: (1250, 2) → (125, 1).
    var normalized: DecimalValue {
        var result = self
        while result.scale > 0, result.significand % 10 == 0 {
            result.significand /= 10
            result.scale -= 1
        }
        return result
    }

    public static func == (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
        let (a, b) = (lhs.normalized, rhs.normalized)
        return a.significand == b.significand && a.scale == b.scale
    }

    public func hash(into hasher: inout Hasher) {
        let n = normalized
        hasher.combine(n.significand)
        hasher.combine(n.scale)
    }

    /// Both values at the larger scale; nil when that overflows.
    static func aligned(_ a: DecimalValue, _ b: DecimalValue) -> (Int, Int, scale: Int)? {
        let scale = max(a.scale, b.scale)
        guard let x = a.significand(atScale: scale), let y = b.significand(atScale: scale) else { return nil }
        return (x, y, scale)
    }

    func significand(atScale target: Int) -> Int? {
        var value = significand
        for _ in scale..<max(scale, target) {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = next
        }
        return value
    }

    public static func < (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
        if let (x, y, _) = aligned(lhs, rhs) { return x < y }
        return lhs.doubleValue < rhs.doubleValue
    }

    /// The nearest Double (for comparisons that would overflow exactly).
    public var doubleValue: Double {
        var value = Double(significand)
        for _ in 0..<scale { value /= 10 }
        return value
    }

    /// `a + b`, `a - b`, `a * b` exactly; nil on overflow.
    public func adding(_ other: DecimalValue) -> DecimalValue? {
        guard let (x, y, scale) = Self.aligned(self, other) else { return nil }
        let (sum, overflow) = x.addingReportingOverflow(y)
        return overflow ? nil : DecimalValue(significand: sum, scale: scale)
    }

    public func subtracting(_ other: DecimalValue) -> DecimalValue? {
        guard let (x, y, scale) = Self.aligned(self, other) else { return nil }
        let (difference, overflow) = x.subtractingReportingOverflow(y)
        return overflow ? nil : DecimalValue(significand: difference, scale: scale)
    }

    public func multiplying(by other: DecimalValue) -> DecimalValue? {
        let (product, overflow) = significand.multipliedReportingOverflow(by: other.significand)
        return overflow ? nil : DecimalValue(significand: product, scale: scale + other.scale).normalizedKeeping(places: max(scale, other.scale))
    }

    /// Drops trailing zeros beyond `places` (2.50 × 3 stays 7.50; 1.5 × 1.5 is 2.25).
    func normalizedKeeping(places: Int) -> DecimalValue {
        var result = self
        while result.scale > places, result.significand % 10 == 0 {
            result.significand /= 10
            result.scale -= 1
        }
        return result
    }

    /// `12.50`, `-0.05`, `3`.
    public var description: String {
        var digits = String(significand.magnitude)
        guard scale > 0 else { return (significand < 0 ? "-" : "") + digits }
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let point = digits.index(digits.endIndex, offsetBy: -scale)
        return (significand < 0 ? "-" : "") + digits[..<point] + "." + digits[point...]
    }

    /// Reads `-12.50`; nil for anything else or for more digits than an Int holds.
    public init?(_ text: String) {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest.removeFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)),
              let magnitude = Int(parts.count == 2 ? whole + parts[1] : whole) else { return nil }
        significand = negative ? -magnitude : magnitude
        scale = parts.count == 2 ? parts[1].count : 0
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Int {
    /// Quotient and remainder rounding towards negative infinity (the remainder is never negative).
    func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let quotient = self / divisor, remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
