import Foundation

/// A Swift value as the trace writes it: generated Requests, Responses, ViewModels and entities conform, field by
/// field in declaration order, so recorded payloads read like the simulation's.
public protocol TraceValueConvertible {
    var traceValue: Value { get }
}

extension String: TraceValueConvertible { public var traceValue: Value { .string(self) } }
extension Int: TraceValueConvertible { public var traceValue: Value { .int(self) } }
extension Double: TraceValueConvertible { public var traceValue: Value { .double(self) } }
extension Bool: TraceValueConvertible { public var traceValue: Value { .bool(self) } }
extension Date: TraceValueConvertible { public var traceValue: Value { .date(DateValue(self)) } }
extension Decimal: TraceValueConvertible { public var traceValue: Value { .decimal(DecimalValue(self)) } }

extension Optional: TraceValueConvertible where Wrapped: TraceValueConvertible {
    public var traceValue: Value { self?.traceValue ?? .null }
}

extension Array: TraceValueConvertible where Element: TraceValueConvertible {
    public var traceValue: Value { .list(map(\.traceValue)) }
}

extension Record {
    /// A record of named values, in order: `Record(traced: [("id", id), ("name", name)])`.
    public init(traced fields: [(String, TraceValueConvertible)]) {
        self.init(fields.map { ($0.0, $0.1.traceValue) })
    }
}
