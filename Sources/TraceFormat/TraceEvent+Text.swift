extension TraceEvent {
    /// What the message says, in one short line: the call, an assignment, a shown value or an outcome.
    /// Payloads longer than `payloadLimit` characters are cut with `…`.
    public func text(payloadLimit: Int = 60) -> String {
        // An empty record (`Request()`) says nothing on a line of text.
        let brief = payload.flatMap { value -> String? in
            if case .record(let record) = value, record.isEmpty { return nil }
            return Self.brief(value, limit: payloadLimit)
        }
        switch message {
        case .configure(let property, _, let value):
            return "\(property) = \(value.name)"
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write):
            return "\(write.field) = \(brief ?? "nil")"
        case .show(let label, _):
            return "shows \(label) = \(brief ?? "nil")"
        case .dataPassing(let pass):
            return "\(pass.method): destination.\(pass.field) = \(pass.source) → \(brief ?? "nil")"
        case .navigation(let navigation):
            return "\(navigation.method) [\(navigationNote(navigation))]"
        case .workerResult(let answer):
            return brief.map { "\(answer.invocation.method) → \($0)" } ?? "\(answer.invocation.method) → done"
        case .workerError(let answer, _):
            return "\(answer.invocation.method) ✗ \(brief ?? "error")"
        case .load, .appear, .render, .action, .request, .event, .call, .workerCall, .response, .display, .route:
            return brief.map { "\(signature) \($0)" } ?? signature
        }
    }

    /// How a navigation is described in brackets: its style, or where going back leads.
    public func navigationNote(_ navigation: Navigation) -> String {
        switch navigation.style {
        case .push, .present, .replace: navigation.style.rawValue
        case .pop, .dismiss, .popToScene: "back to \(to.sceneInstance ?? to.name)"
        case .tab: navigation.removed.isEmpty ? "tab" : "tab; keeps " + navigation.removed.map { $0.sceneInstance ?? $0.name }.joined(separator: ", ")
        }
    }

    /// A value's text, cut to `limit` characters.
    public static func brief(_ value: Value, limit: Int) -> String {
        let text = value.description
        guard text.count > limit else { return text }
        return String(text.prefix(max(1, limit - 1))) + "…"
    }
}
