import Foundation

/// The expression language's semantics in Swift, for generated code: arithmetic that stops the app where Swift
/// traps (an overflow, a division by zero, an index out of range) with the engine's words in the trace
/// (`Recorder.stop`), Int and Double mixing as the scenario language allows, text as the engine shows values, and the
/// engine's own date and money formats. Each function matches the engine exactly, so generated code records the same
/// trace as the simulation, failures included.
public enum ScenarioLogic {
    // MARK: Placeholders

    /// A `todo` the scenario leaves in an expression: the run stops there, as the simulation stops, until a
    /// developer writes the value.
    public static func placeholder<T>() -> T {
        Recorder.stop("the run reached a placeholder ('todo'); write the expression")
    }

    // MARK: Arithmetic

    public static func add(_ a: Int, _ b: Int) -> Int { checked(a.addingReportingOverflow(b), "\(a) + \(b)") }
    public static func subtract(_ a: Int, _ b: Int) -> Int { checked(a.subtractingReportingOverflow(b), "\(a) - \(b)") }
    public static func multiply(_ a: Int, _ b: Int) -> Int { checked(a.multipliedReportingOverflow(by: b), "\(a) * \(b)") }

    public static func divide(_ a: Int, _ b: Int) -> Int {
        guard b != 0 else { Recorder.stop("division by zero") }
        return checked(a.dividedReportingOverflow(by: b), "\(a) / \(b)")
    }

    public static func remainder(_ a: Int, _ b: Int) -> Int {
        guard b != 0 else { Recorder.stop("division by zero") }
        return checked(a.remainderReportingOverflow(dividingBy: b), "\(a) % \(b)")
    }

    public static func add(_ a: Double, _ b: Double) -> Double { finite(a + b, a, "+", b) }
    public static func subtract(_ a: Double, _ b: Double) -> Double { finite(a - b, a, "-", b) }
    public static func multiply(_ a: Double, _ b: Double) -> Double { finite(a * b, a, "*", b) }

    public static func divide(_ a: Double, _ b: Double) -> Double {
        guard b != 0 else { Recorder.stop("division by zero") }
        return finite(a / b, a, "/", b)
    }

    public static func add(_ a: Int, _ b: Double) -> Double { add(Double(a), b) }
    public static func add(_ a: Double, _ b: Int) -> Double { add(a, Double(b)) }
    public static func subtract(_ a: Int, _ b: Double) -> Double { subtract(Double(a), b) }
    public static func subtract(_ a: Double, _ b: Int) -> Double { subtract(a, Double(b)) }
    public static func multiply(_ a: Int, _ b: Double) -> Double { multiply(Double(a), b) }
    public static func multiply(_ a: Double, _ b: Int) -> Double { multiply(a, Double(b)) }
    public static func divide(_ a: Int, _ b: Double) -> Double { divide(Double(a), b) }
    public static func divide(_ a: Double, _ b: Int) -> Double { divide(a, Double(b)) }

    // Operations that cannot fail: the translation of `+` is the same whatever the operands' types.
    public static func add(_ a: String, _ b: String) -> String { a + b }
    public static func add<Element>(_ a: [Element], _ b: [Element]) -> [Element] { a + b }

    public static func add(_ a: Decimal, _ b: Decimal) -> Decimal { a + b }
    public static func subtract(_ a: Decimal, _ b: Decimal) -> Decimal { a - b }
    public static func multiply(_ a: Decimal, _ b: Decimal) -> Decimal { a * b }
    public static func add(_ a: Decimal, _ b: Int) -> Decimal { a + Decimal(b) }
    public static func add(_ a: Int, _ b: Decimal) -> Decimal { Decimal(a) + b }
    public static func multiply(_ a: Decimal, _ b: Int) -> Decimal { a * Decimal(b) }
    public static func multiply(_ a: Int, _ b: Decimal) -> Decimal { Decimal(a) * b }

    public static func negate(_ a: Int) -> Int { subtract(0, a) }
    public static func negate(_ a: Double) -> Double { -a }

    // MARK: Comparison

    public static func equal<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }
    public static func equal<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a == b }
    public static func equal(_ a: Int, _ b: Double) -> Bool { Double(a) == b }
    public static func equal(_ a: Double, _ b: Int) -> Bool { a == Double(b) }
    public static func less<T: Comparable>(_ a: T, _ b: T) -> Bool { a < b }
    public static func less(_ a: Int, _ b: Double) -> Bool { Double(a) < b }
    public static func less(_ a: Double, _ b: Int) -> Bool { a < Double(b) }
    public static func lessOrEqual<T: Comparable>(_ a: T, _ b: T) -> Bool { a <= b }
    public static func lessOrEqual(_ a: Int, _ b: Double) -> Bool { Double(a) <= b }
    public static func lessOrEqual(_ a: Double, _ b: Int) -> Bool { a <= Double(b) }

    // MARK: Lists

    /// `list[index]`, or the engine's error when it is out of range.
    public static func element<Element>(_ list: [Element], _ index: Int) -> Element {
        guard index >= 0 && index < list.count else {
            Recorder.stop("index \(index) is out of range: the list has \(list.count) item\(list.count == 1 ? "" : "s")")
        }
        return list[index]
    }

    /// `list?[index]`: nil when the list is.
    public static func element<Element>(_ list: [Element]?, _ index: Int) -> Element? {
        guard let list else { return nil }
        let item: Element = element(list, index)
        return item
    }

    // MARK: Text

    /// A value as the engine shows it on screen and in interpolation: text as it is, `nil` for no value, Doubles
    /// always with a point, dates in ISO 8601 (UTC), enum cases by name.
    public static func text(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if let optional = value as? OptionalDescribing { return optional.describedOrNil }
        if let convertible = value as? TraceValueConvertible { return convertible.traceValue.displayText }
        return "\(value)"
    }

    // MARK: Formats

    /// `date.formatted("M/d/yy")`, in UTC with English names, as the engine formats it.
    public static func format(_ date: Date, _ pattern: String) -> String {
        guard let pieces = try? ValueFormat.datePattern(pattern) else { return pattern }
        return ValueFormat.format(DateValue(date), pieces: pieces)
    }

    /// `amount.formatted(currency: "$")`: `$1,234.50`.
    public static func format(_ amount: Decimal, currency symbol: String) -> String {
        ValueFormat.number(DecimalValue(amount), fractionDigits: 2, currency: symbol)
    }

    public static func format(_ amount: Int, currency symbol: String) -> String { format(Decimal(amount), currency: symbol) }
    public static func format(_ amount: Double, currency symbol: String) -> String {
        ValueFormat.decimal(amount, places: 2).map { ValueFormat.number($0, fractionDigits: 2, currency: symbol) } ?? "\(amount)"
    }

    public static func format(_ amount: Decimal, fractionDigits: Int) -> String {
        ValueFormat.number(DecimalValue(amount), fractionDigits: fractionDigits)
    }

    public static func format(_ amount: Int, fractionDigits: Int) -> String { format(Decimal(amount), fractionDigits: fractionDigits) }
    public static func format(_ amount: Double, fractionDigits: Int) -> String {
        ValueFormat.decimal(amount, places: fractionDigits).map { ValueFormat.number($0, fractionDigits: fractionDigits) } ?? "\(amount)"
    }

    // MARK: Values

    /// A date written in the scenario (`2026-11-22`, `2026-11-22T09:30:00Z`).
    public static func date(_ iso8601: String) -> Date {
        Date(DateValue(iso8601: iso8601) ?? DateValue(milliseconds: 0))
    }

    /// A decimal written in the scenario (`12.50`).
    public static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }

    private static func checked(_ result: (partialValue: Int, overflow: Bool), _ operation: String) -> Int {
        if result.overflow { Recorder.stop("\(operation) overflows Int") }
        return result.partialValue
    }

    private static func finite(_ result: Double, _ a: Double, _ op: String, _ b: Double) -> Double {
        guard result.isFinite else { Recorder.stop("\(Value.format(a)) \(op) \(Value.format(b)) is too large for a Double") }
        return result
    }
}

/// An Optional, seen through `Any`, so `text` can say `nil` for one that holds nothing.
protocol OptionalDescribing {
    var describedOrNil: String { get }
}

extension Optional: OptionalDescribing {
    var describedOrNil: String {
        switch self {
        case .none: "nil"
        case .some(let wrapped): ScenarioLogic.text(wrapped)
        }
    }
}

extension DateValue {
    /// The instant, to the millisecond.
    public init(_ date: Date) {
        self.init(milliseconds: Int((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

extension Date {
    public init(_ value: DateValue) {
        self.init(timeIntervalSince1970: Double(value.milliseconds) / 1000)
    }
}

extension DecimalValue {
    /// An exact decimal from Foundation's (its places as Foundation writes them: 12.5 for 12.50).
    public init(_ decimal: Decimal) {
        self = DecimalValue(NSDecimalNumber(decimal: decimal).description(withLocale: Locale(identifier: "en_US_POSIX")))
            ?? DecimalValue(significand: 0, scale: 0)
    }
}
