import ScenarioSpec
import TraceFormat

/// A message named in an expectation:
/// - `LoginBusinessLogic.login(request:)` — protocol and method;
/// - `AuthWorker.login(username:password:)` — receiver and method;
/// - `login(request:)` — the method, through any protocol;
/// - `login`, `AuthWorker.login` — without parentheses, any method of that base name;
/// - `View -> Interactor` or `LoginInteractor -> AuthWorker` — sender and receiver, by role or name,
///   optionally followed by `: method(…)`; only these name replies (`AuthWorker -> Interactor`).
public struct MessagePattern: Sendable, Hashable, CustomStringConvertible {
    public var text: String
    private var from: String?
    private var to: String?
    private var signature: String?

    public init(_ text: String) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let arrow = trimmed.range(of: "->") ?? trimmed.range(of: "→") {
            from = trimmed[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
            var rest = trimmed[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("(") {
                signature = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                rest = String(rest[..<colon]).trimmingCharacters(in: .whitespaces)
            }
            to = rest
        } else {
            signature = trimmed
        }
    }

    public var description: String { text }

    /// Whether `event` is a message this pattern names.
    public func matches(_ event: TraceEvent) -> Bool {
        let name = event.method ?? event.message.subject
        if let from, !Self.names(event.from, from) { return false }
        if let to, !Self.names(event.to, to) { return false }
        if let signature, !signature.isEmpty {
            // A reply travels back along its call: only `A -> B` patterns name it.
            if event.kind.isReturn && from == nil && to == nil { return false }
            if event.signature == signature || name == signature { return true }
            // `Receiver.method(…)`: the part before the first dot outside the parentheses names the receiver
            // (or the protocol).
            let head = signature.firstIndex(of: "(").map { signature[..<$0] } ?? signature[...]
            let method: Substring
            if let dot = head.lastIndex(of: ".") {
                let owner = String(signature[..<dot])
                guard Self.names(event.to, owner) || event.protocolName == owner else { return false }
                method = signature[signature.index(after: dot)...]
            } else {
                method = signature[...]
            }
            if method.contains("(") { return name == method }
            return Self.baseName(name) == method
        }
        return true
    }

    /// `login` of `login(username:password:)`.
    private static func baseName(_ method: String) -> Substring {
        method.firstIndex(of: "(").map { method[..<$0] } ?? method[...]
    }

    private static func names(_ participant: Participant, _ text: String) -> Bool {
        participant.name == text || participant.id == text
            || participant.role.rawValue.lowercased() == text.lowercased()
            || (participant.role == .router && text.lowercased() == "wireframe")
    }
}

/// Compares an expected value (written in the scenario) with what the run produced. Numbers compare across Int
/// and Double; text written for a non-text value compares with how that value is shown; expected records check
/// the fields they name.
public enum ValueMatch {
    public static func matches(expected: Value, actual: Value?) -> Bool {
        guard let actual else { return expected == .null }
        switch (expected, actual) {
        case (.int(let e), .double(let a)): return Double(e) == a
        case (.double(let e), .int(let a)): return e == Double(a)
        case (.string(let e), .string(let a)): return e == a
        case (.string(let e), _): return e == actual.displayText
        case (.int, .string(let a)), (.double, .string(let a)), (.bool, .string(let a)): return expected.displayText == a
        case (.list(let e), .list(let a)):
            return e.count == a.count && zip(e, a).allSatisfy { matches(expected: $0, actual: $1) }
        case (.record(let e), .record(let a)):
            return e.fields.allSatisfy { field in matches(expected: field.value, actual: a[field.name]) }
        default:
            return expected == actual
        }
    }
}
