/// Every key the scenario format knows, per kind of mapping. The JSON Schema in `docs/` lists the same keys;
/// a test keeps the two in agreement.
enum Vocabulary {
    static let scenario = ["scenario", "pattern", "wiring", "description", "start", "enums", "entities", "workers", "appState", "scenes",
                           "story", "repeat", "accept"]
    static let scene = ["description", "dataStore", "view", "workers", "useCases", "routes", "accept", "names", "external", "without", "tabs"]
    /// `accept: { rule: …, reason: … }`, at the top, in a scene or on a step.
    static let acceptance = ["rule", "reason"]
    /// Keys every step takes besides its kind's own.
    static let everyStep = ["accept"]
    static let view = ["state", "shows"]
    static let field = ["type", "default", "description"]
    static let operation = ["description", "input", "output", "cases", "result", "let", "returns", "update", "error", "fixture",
                            "latency", "method", "style", "callbacks"]
    static let callbacks = ["result", "error"]
    static let workerCase = ["when", "result", "let", "returns", "update", "error", "fixture", "latency"]
    static let useCase = ["description", "trigger", "request", "sends", "event", "interactor", "response", "presenter",
                          "viewModel", "view", "outputs", "methods", "delegate"]
    static let output = ["description", "response", "presenter", "viewModel", "view", "methods"]
    static let useCaseMethods = ["event", "interactor", "presenter", "view"]
    static let outputMethods = ["presenter", "view"]
    static let route = ["to", "navigation", "presentation", "input", "pass", "method", "passData", "navigate", "description"]
    static let storyStep = ["appear", "do", "back", "route", "tab", "request", "with", "given", "expect", "title"]
    static let stub = ["result", "error", "fixture", "latency"]
    static let expect = ["scene", "stack", "shown", "viewModel", "dataStore", "appState", "route", "messages",
                         "absent"]

    /// Step kinds (exactly one per step) and the keys each allows besides its own.
    static let stepKinds: [(kind: String, modifiers: [String])] = [
        ("call", ["with", "as", "onError"]),
        ("validate", ["else"]),
        ("store", []),
        ("respond", ["output"]),
        ("let", []),
        ("if", ["then", "else"]),
        ("show", []),
        ("set", []),
        ("route", ["when", "with"]),
        ("display", ["with"]),
        ("leave", []),
        ("wait", []),
        ("delegate", ["with"]),
    ]
    static var stepKeys: [String] {
        var keys: [String] = []
        for (kind, modifiers) in stepKinds {
            for key in [kind] + modifiers + everyStep where !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
