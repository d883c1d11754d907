import ScenarioSpec

extension TraceEvent {
    /// What the message says, in one short line: the call, an assignment, a shown value or an outcome.
    /// Payloads longer than `payloadLimit` characters are cut with `…`.
    public func text(payloadLimit: Int = 60) -> String {
        // An empty record (`Request()`) says nothing on a line of text.
        let brief = payload.flatMap { value -> String? in
            if case .record(let record) = value, record.isEmpty { return nil }
            return Self.brief(value, limit: payloadLimit)
        }
        switch kind {
        case .configure:
            return "\(method) = \(note ?? "?")"
        case .dataStoreWrite, .stateWrite, .publish:
            return "\(method) = \(brief ?? "nil")"
        case .show:
            return "shows \(method) = \(brief ?? "nil")"
        case .dataPassing:
            return "\(method): \(note ?? "") → \(brief ?? "nil")"
        case .navigation:
            return "\(method) [\(note ?? "")]"
        case .workerResult:
            return brief.map { "\(method) → \($0)" } ?? "\(method) → done"
        case .workerError:
            return "\(method) ✗ \(brief ?? "error")"
        case .cycleStart, .cycleEnd:
            return method
        default:
            return brief.map { "\(signature) \($0)" } ?? signature
        }
    }

    /// A value's text, cut to `limit` characters.
    public static func brief(_ value: Value, limit: Int) -> String {
        let text = value.description
        guard text.count > limit else { return text }
        return String(text.prefix(max(1, limit - 1))) + "…"
    }
}
