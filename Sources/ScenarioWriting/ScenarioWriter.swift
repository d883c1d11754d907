import Foundation
import ScenarioSpec
import TraceFormat

/// A loaded scenario written back as a scenario file: the normal format, in a fixed order, that the loader reads
/// back to the same scenario (the round trip is a test over every example). Expressions are written as the
/// scenario wrote them, or, when a rewrite made them, as their node reads; names and methods only where they differ
/// from the pattern's conventions is the loader's business, so whatever the model holds is written.
public struct ScenarioWriter {
    /// Comment lines for the top of the file (without `#`).
    public var header: [String] = []
    /// Comments to put above a scene, a use case or a route, keyed by `Scene`, `Scene.UseCase`, `Scene.route`.
    public var notes: [String: [String]] = [:]
    /// How fixture files are written: as the file they were read from (`fixture: path`, the path as the scenario
    /// named it), or inline as the value read (`result:`), for a file written where the fixture path does not reach.
    public var fixtures: FixtureStyle = .path

    public enum FixtureStyle: Sendable { case path, inline }

    private var lines: [String] = []
    /// The scenario's acceptances, written where their scope is.
    private var acceptances: [RuleAcceptance] = []

    public init() {}

    public mutating func text(of scenario: Scenario) -> String {
        lines = header.map { "# " + YAMLText.comment($0) }
        line("scenario: " + YAMLText.scalar(scenario.name))
        if let description = scenario.description { line("description: " + YAMLText.scalar(description)) }
        line("pattern: " + scenario.pattern.rawValue)
        if let wiring = scenario.wiring { line("wiring: " + wiring.rawValue) }
        line("start: " + YAMLText.scalar(scenario.start.rawValue))
        if scenario.storyRepeats != 1 { line("repeat: \(scenario.storyRepeats)") }
        acceptances = scenario.acceptances
        accept(.scenario, indent: 0)
        if !scenario.enums.isEmpty {
            line("")
            line("enums:")
            for item in scenario.enums {
                if item.cases.allSatisfy({ $0.rawValue == nil }) {
                    line("  " + YAMLText.key(item.name) + ": [" + item.cases.map { YAMLText.scalar($0.name) }.joined(separator: ", ") + "]")
                } else {
                    line("  " + YAMLText.key(item.name) + ": { " + item.cases.map {
                        YAMLText.key($0.name) + ": " + ($0.rawValue.map(Self.value) ?? "null")
                    }.joined(separator: ", ") + " }")
                }
            }
        }
        let entities = scenario.entities.filter { !$0.name.contains(".") }
        if !entities.isEmpty {
            line("")
            line("entities:")
            for entity in entities { fields(entity.fields, key: YAMLText.key(entity.name), indent: 2) }
        }
        if !scenario.sharedWorkers.isEmpty {
            line("")
            line("workers:")
            for worker in scenario.sharedWorkers { write(worker, indent: 2, scenario: scenario) }
        }
        if !scenario.appState.isEmpty {
            line("")
            fields(scenario.appState, key: "appState", indent: 0)
        }
        line("")
        line("scenes:")
        for (index, scene) in scenario.scenes.enumerated() {
            if index > 0 { line("") }
            write(scene, scenario: scenario)
        }
        line("")
        if scenario.story.isEmpty {
            line("story: []")
        } else {
            line("story:")
            for step in scenario.story { write(step, scenario: scenario) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Scenes

    private mutating func write(_ scene: Scene, scenario: Scenario) {
        note(scene.name.rawValue, indent: 2)
        line("  " + YAMLText.key(scene.name.rawValue) + ":" + (isEmpty(scene) ? " {}" : ""))
        if let description = scene.description { line("    description: " + YAMLText.scalar(description)) }
        if scene.isExternal { line("    external: true") }
        if scene.isTabBar { line("    tabs: [" + scene.tabs.map { YAMLText.scalar($0.value.rawValue) }.joined(separator: ", ") + "]") }
        if !scene.without.isEmpty { line("    without: [" + scene.without.map(\.rawValue).sorted().joined(separator: ", ") + "]") }
        if !scene.names.isEmpty {
            line("    names:")
            for role in ComponentRole.allCases { if let name = scene.names.components[role] { line("      \(role.rawValue): " + YAMLText.scalar(name.value)) } }
            if let appear = scene.names.appear { line("      appear: " + YAMLText.scalar(appear.value)) }
            if !scene.names.protocols.isEmpty {
                line("      protocols:")
                for slot in ProtocolSlot.allCases { if let name = scene.names.protocols[slot] { line("        \(slot.rawValue): " + YAMLText.scalar(name.value)) } }
            }
        }
        accept(.scene(scene.name), indent: 4)
        if !scene.dataStore.isEmpty { fields(scene.dataStore, key: "dataStore", indent: 4) }
        if !scene.view.state.isEmpty || !scene.view.shows.isEmpty {
            line("    view:")
            if !scene.view.state.isEmpty { fields(scene.view.state, key: "state", indent: 6) }
            if !scene.view.shows.isEmpty { line("      shows: " + Self.assignments(scene.view.shows)) }
        }
        if !scene.workers.isEmpty {
            line("    workers:")
            for worker in scene.workers { write(worker, indent: 6, scenario: scenario) }
        }
        if !scene.useCases.isEmpty {
            line("    useCases:")
            for useCase in scene.useCases { write(useCase, in: scene) }
        }
        if !scene.routes.isEmpty {
            line("    routes:")
            for route in scene.routes {
                note(scene.name.rawValue + "." + route.name.rawValue, indent: 6)
                write(route)
            }
        }
    }

    private func isEmpty(_ scene: Scene) -> Bool {
        scene.description == nil && scene.dataStore.isEmpty && scene.view.state.isEmpty && scene.view.shows.isEmpty
            && scene.workers.isEmpty && scene.useCases.isEmpty && scene.routes.isEmpty && scene.names.isEmpty && !scene.isOutsidePattern && scene.without.isEmpty
            && !acceptances.contains { $0.scope == .scene(scene.name) }
    }

    /// `accept:` for the acceptances of `scope`, at `indent`.
    private mutating func accept(_ scope: RuleAcceptance.Scope, indent: Int) {
        let found = acceptances.filter { $0.scope == scope }
        guard !found.isEmpty else { return }
        let pad = String(repeating: " ", count: indent)
        line(pad + "accept:")
        for acceptance in found {
            line(pad + "  - rule: " + YAMLText.scalar(acceptance.rule))
            line(pad + "    reason: " + YAMLText.scalar(acceptance.reason))
        }
    }

    private mutating func write(_ worker: Worker, indent: Int, scenario: Scenario) {
        let pad = String(repeating: " ", count: indent)
        line(pad + YAMLText.key(worker.name.rawValue) + ":" + (worker.operations.isEmpty && worker.state.isEmpty && worker.protocolName == nil && worker.made == nil ? " {}" : ""))
        if let protocolName = worker.protocolName { line(pad + "  protocol: " + YAMLText.scalar(protocolName.value)) }
        if let made = worker.made { line(pad + "  made: " + made.value.rawValue) }
        if !worker.state.isEmpty { fields(worker.state, key: "state", indent: indent + 2) }
        for operation in worker.operations {
            let pad = pad + "  "
            line(pad + YAMLText.key(operation.name.rawValue) + ":")
            let inner = pad + "  "
            if let description = operation.description { line(inner + "description: " + YAMLText.scalar(description)) }
            if !operation.input.isEmpty { fields(operation.input, key: "input", indent: indent + 4) }
            if let output = operation.output {
                if case .named(let name) = output, let record = scenario.entity(name), name.contains(".") {
                    fields(record.fields, key: "output", indent: indent + 4, emptyAsFlow: true)
                } else {
                    line(inner + "output: " + YAMLText.scalar(output.description))
                }
            }
            if operation.latency != 0 { line(inner + "latency: \(operation.latency)ms") }
            if let signature = operation.signature { line(inner + "method: " + YAMLText.scalar(signature)) }
            if let callbacks = operation.callbacks {
                var pairs: [(String, String)] = []
                if let result = callbacks.result { pairs.append(("result", result)) }
                if let error = callbacks.error { pairs.append(("error", error)) }
                line(inner + "callbacks: " + YAMLText.flow(pairs))
            } else if operation.style != .return {
                line(inner + "style: " + operation.style.rawValue)
            }
            // A single case without a condition is written as the operation's own outcome; an operation without an
            // output whose one case returns nothing needs no outcome at all.
            if operation.cases.count == 1, let only = operation.cases.first, only.condition == nil, only.latency == nil {
                if operation.output == nil, only.bindings.isEmpty, only.updates.isEmpty, case .result(.null) = only.outcome { continue }
                outcome(only, indent: indent + 4)
            } else {
                line(inner + "cases:")
                for item in operation.cases {
                    var first = true
                    if let condition = item.condition {
                        line(inner + "  - when: " + Self.expression(condition))
                        first = false
                    }
                    outcome(item, indent: indent + 8, firstPrefix: first ? inner + "  - " : nil)
                    if let latency = item.latency { line(inner + "    latency: \(latency)ms") }
                }
            }
        }
    }

    /// `result: …`, `fixture: …`, `error: …` or `returns: …`: an operation's answer, as a case or a story's stub
    /// gives it.
    private func outcome(_ outcome: WorkerCase.Outcome) -> String {
        switch outcome {
        case .result(let value): "result: " + Self.value(value)
        case .fixture(let path, let value): fixtures == .path ? "fixture: " + YAMLText.scalar(path) : "result: " + Self.value(value)
        case .error(let message): "error: " + YAMLText.scalar(message)
        case .returns(let expression): "returns: " + Self.expression(expression)
        case .todo: "result: todo"
        }
    }

    /// The outcome keys of a case (`result:`, `error:`, …) at `indent`; the first line starts with `firstPrefix`
    /// when given (a list item).
    private mutating func outcome(_ item: WorkerCase, indent: Int, firstPrefix: String? = nil) {
        let pad = String(repeating: " ", count: indent)
        var entries: [String] = []
        if !item.bindings.isEmpty { entries.append("let: " + Self.assignments(item.bindings)) }
        entries.append(outcome(item.outcome))
        if !item.updates.isEmpty { entries.append("update: " + Self.assignments(item.updates)) }
        for (index, entry) in entries.enumerated() {
            line((index == 0 ? firstPrefix ?? pad : pad) + entry)
        }
    }

    private mutating func write(_ useCase: UseCase, in scene: Scene) {
        note(scene.name.rawValue + "." + useCase.name.rawValue, indent: 6)
        line("      " + YAMLText.key(useCase.name.rawValue) + ":")
        let pad = "        "
        if let description = useCase.description { line(pad + "description: " + YAMLText.scalar(description)) }
        if useCase.trigger != .action { line(pad + "trigger: " + useCase.trigger.rawValue) }
        if let delegate = useCase.delegate { line(pad + "delegate: " + YAMLText.scalar(delegate.value)) }
        if !useCase.request.isEmpty { fields(useCase.request, key: "request", indent: 8) }
        if !useCase.sends.isEmpty { line(pad + "sends: " + Self.assignments(useCase.sends)) }
        var methods: [(String, String)] = []
        if let event = useCase.methods.event { methods.append(("event", event.value)) }
        if let interactor = useCase.methods.interactor { methods.append(("interactor", interactor.value)) }
        let plain = useCase.outputs.count == 1 && useCase.outputs[0].name.rawValue == useCase.name.rawValue
        if plain {
            if let presenter = useCase.outputs[0].methods.presenter { methods.append(("presenter", presenter.value)) }
            if let view = useCase.outputs[0].methods.view { methods.append(("view", view.value)) }
        }
        if !methods.isEmpty { line(pad + "methods: " + YAMLText.flow(methods)) }
        if let event = useCase.event { steps(event, key: "event", indent: 8) }
        if useCase.handledByView {
            line("        interactor: none")
        } else {
            steps(useCase.interactor, key: "interactor", indent: 8, always: true)
        }
        if plain {
            write(useCase.outputs[0], indent: 8)
        } else {
            line(pad + "outputs:")
            for output in useCase.outputs {
                line(pad + "  " + YAMLText.key(output.name.rawValue) + ":" + (isEmpty(output) ? " {}" : ""))
                var methods: [(String, String)] = []
                if let presenter = output.methods.presenter { methods.append(("presenter", presenter.value)) }
                if let view = output.methods.view { methods.append(("view", view.value)) }
                if !methods.isEmpty { line(pad + "    methods: " + YAMLText.flow(methods)) }
                write(output, indent: 12)
            }
        }
    }

    private func isEmpty(_ output: Output) -> Bool {
        let presents: Bool
        switch output.presenter {
        case .viewModel(let mapping): presents = !mapping.isEmpty
        case .steps(let steps): presents = !steps.isEmpty
        }
        return output.response.isEmpty && !presents && output.viewModel.isEmpty && output.view.isEmpty
            && output.methods.presenter == nil && output.methods.view == nil
    }

    private mutating func write(_ output: Output, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        if !output.response.isEmpty { fields(output.response, key: "response", indent: indent) }
        switch output.presenter {
        case .viewModel(let mapping):
            if !mapping.isEmpty {
                line(pad + "presenter:")
                for assignment in mapping {
                    line(pad + "  " + YAMLText.key(assignment.target) + ": " + Self.expression(assignment.value))
                }
            }
        case .steps(let list):
            steps(list, key: "presenter", indent: indent)
        }
        if !output.viewModel.isEmpty { fields(output.viewModel, key: "viewModel", indent: indent) }
        steps(output.view, key: "view", indent: indent)
    }

    private mutating func write(_ route: Route) {
        let pad = "        "
        line("      " + YAMLText.key(route.name.rawValue) + ":")
        if let destination = route.destination { line(pad + "to: " + YAMLText.scalar(destination.value.rawValue)) }
        if route.navigation != .push { line(pad + "navigation: " + route.navigation.rawValue) }
        if let presentation = route.presentation { line(pad + "presentation: " + presentation.value.rawValue) }
        if !route.input.isEmpty { fields(route.input, key: "input", indent: 8) }
        if !route.pass.isEmpty { line(pad + "pass: " + Self.assignments(route.pass)) }
        if let method = route.method { line(pad + "method: " + YAMLText.scalar(method.value)) }
        if let method = route.passDataMethod { line(pad + "passData: " + YAMLText.scalar(method.value)) }
        if let method = route.navigateMethod { line(pad + "navigate: " + YAMLText.scalar(method.value)) }
    }

    // MARK: - Steps

    private mutating func steps(_ list: [Step], key: String, indent: Int, always: Bool = false) {
        let pad = String(repeating: " ", count: indent)
        if list.isEmpty {
            if always { line(pad + key + ": []") }
            return
        }
        line(pad + key + ":")
        for step in list { write(step, indent: indent + 2) }
    }

    private mutating func write(_ step: Step, indent: Int) {
        let item = String(repeating: " ", count: indent) + "- "
        let pad = String(repeating: " ", count: indent + 2)
        switch step.kind {
        case .call(let call):
            line(item + "call: " + YAMLText.scalar(call.receiver.value + "." + call.method.value))
            if !call.arguments.isEmpty {
                line(pad + "with: { " + call.arguments.map { YAMLText.key($0.label) + ": " + Self.expression($0.value) }
                    .joined(separator: ", ") + " }")
            }
            if let binding = call.binding { line(pad + "as: " + YAMLText.scalar(binding.value)) }
            if let onError = call.onError { steps(onError, key: "onError", indent: indent + 2, always: true) }
        case .validate(let condition, let otherwise):
            line(item + "validate: " + Self.expression(condition))
            steps(otherwise, key: "else", indent: indent + 2)
        case .store(let assignments): line(item + "store: " + Self.assignments(assignments))
        case .set(let assignments): line(item + "set: " + Self.assignments(assignments))
        case .bind(let assignments): line(item + "let: " + Self.assignments(assignments))
        case .respond(let output, let fields):
            if fields.isEmpty, let output {
                line(item + "respond: " + YAMLText.scalar(output.value))
            } else {
                line(item + "respond: " + Self.assignments(fields))
                if let output { line(pad + "output: " + YAMLText.scalar(output.value)) }
            }
        case .conditional(let condition, let then, let otherwise):
            line(item + "if: " + Self.expression(condition))
            steps(then, key: "then", indent: indent + 2, always: true)
            steps(otherwise, key: "else", indent: indent + 2)
        case .show(let assignments):
            // `show: message` is short for `show: { message: viewModel.message }`.
            let shorthand = assignments.allSatisfy { assignment in
                if case .member(let base, let name, false) = assignment.value.root.kind, case .identifier("viewModel") = base.kind,
                   name == assignment.target, assignment.value.text == name { return true }
                return false
            }
            if shorthand {
                line(item + "show: " + (assignments.count == 1 ? YAMLText.key(assignments[0].target)
                    : "[" + assignments.map { YAMLText.key($0.target) }.joined(separator: ", ") + "]"))
            } else {
                line(item + "show: " + Self.assignments(assignments))
            }
        case .route(let name, let condition, let arguments):
            line(item + "route: " + YAMLText.scalar(name.value.rawValue))
            if let condition { line(pad + "when: " + Self.expression(condition)) }
            if !arguments.isEmpty { line(pad + "with: " + Self.assignments(arguments)) }
        case .display(let method, let values):
            line(item + "display: " + YAMLText.scalar(method.value))
            if !values.isEmpty { line(pad + "with: " + Self.assignments(values)) }
        case .leave(let how):
            line(item + "leave: " + how.value.rawValue)
        case .wait(let milliseconds):
            line(item + "wait: \(milliseconds.value)ms")
        case .delegate(let method, let arguments):
            line(item + "delegate: " + YAMLText.scalar(method.value))
            if !arguments.isEmpty { line(pad + "with: " + Self.assignments(arguments)) }
        }
        accept(.step(step.location), indent: indent + 2)
    }

    // MARK: - Story

    private mutating func write(_ step: StoryStep, scenario: Scenario) {
        let pad = "    "
        switch step.action {
        case .appear(let scene): line("  - appear: " + YAMLText.scalar(scene.value.rawValue))
        case .back: line("  - back: true")
        case .tab(let scene): line("  - tab: " + YAMLText.scalar(scene.value.rawValue))
        case .perform(let scene, let useCase, let request):
            let sceneName = scene?.value.rawValue ?? step.performs?.scene.rawValue
            line("  - do: " + YAMLText.scalar((sceneName.map { $0 + "." } ?? "") + useCase.value.rawValue))
            if !request.isEmpty { line(pad + "request: " + Self.values(request.map(\.value))) }
        case .route(let scene, let route, let input):
            line("  - route: " + YAMLText.scalar(scene.value.rawValue + "." + route.value.rawValue))
            if !input.isEmpty { line(pad + "with: " + Self.values(input.map(\.value))) }
        }
        if let title = step.title { line(pad + "title: " + YAMLText.scalar(title)) }
        if !step.given.isEmpty {
            line(pad + "given:")
            for stub in step.given {
                let key = (stub.scene.map { $0.rawValue + "." } ?? "") + stub.worker.rawValue + "." + stub.operation.rawValue
                var entries = [outcome(stub.outcome)]
                if let latency = stub.latency { entries.append("latency: \(latency)ms") }
                line(pad + "  " + YAMLText.key(key) + ": { " + entries.joined(separator: ", ") + " }")
            }
        }
        if let expect = step.expectations { write(expect) }
    }

    private mutating func write(_ expect: Expectations) {
        let pad = "      "
        var entries: [String] = []
        if let scene = expect.scene { entries.append("scene: " + YAMLText.scalar(scene.value.rawValue)) }
        if let stack = expect.stack { entries.append("stack: [" + stack.map { YAMLText.scalar($0.value.rawValue) }.joined(separator: ", ") + "]") }
        if let route = expect.route { entries.append("route: " + YAMLText.scalar(route.value.rawValue)) }
        for (key, values) in [("shown", expect.shown), ("viewModel", expect.viewModel), ("dataStore", expect.dataStore),
                              ("appState", expect.appState)] where !values.isEmpty {
            entries.append(key + ": " + Self.values(values.map(\.value)))
        }
        for (key, messages) in [("messages", expect.messages), ("absent", expect.absent)] where !messages.isEmpty {
            entries.append(key + ": [" + messages.map { YAMLText.scalar($0.value) }.joined(separator: ", ") + "]")
        }
        if entries.isEmpty { return }
        line("    expect:")
        for entry in entries { line(pad + entry) }
    }

    // MARK: - Pieces

    private mutating func fields(_ fields: [FieldDecl], key: String, indent: Int, emptyAsFlow: Bool = false) {
        let pad = String(repeating: " ", count: indent)
        if fields.isEmpty {
            line(pad + key + ": {}")
            return
        }
        line(pad + key + ":")
        for field in fields {
            let type = YAMLText.scalar(field.type.description)
            if let value = field.defaultValue {
                line(pad + "  " + YAMLText.key(field.name) + ": { type: " + type + ", default: " + Self.value(value) + " }")
            } else {
                line(pad + "  " + YAMLText.key(field.name) + ": " + type)
            }
        }
    }

    private mutating func note(_ key: String, indent: Int) {
        for text in notes[key] ?? [] { line(String(repeating: " ", count: indent) + "# " + YAMLText.comment(text)) }
    }

    private mutating func line(_ text: String) { lines.append(text) }

    /// `{ target: expression, … }`.
    static func assignments(_ assignments: [Assignment]) -> String {
        assignments.isEmpty ? "{}"
            : "{ " + assignments.map { YAMLText.key($0.target) + ": " + expression($0.value) }.joined(separator: ", ") + " }"
    }

    /// An expression as a YAML scalar: the text the scenario wrote, quoted when YAML would read it otherwise.
    static func expression(_ expression: Expr) -> String { YAMLText.scalar(expression.text) }

    static func values(_ values: [FieldValue]) -> String {
        "{ " + values.map { YAMLText.key($0.path) + ": " + value($0.value) }.joined(separator: ", ") + " }"
    }

    /// A value in YAML flow style, as the loader reads it back for its declared type.
    public static func value(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return Value.format(number)
        case .string(let text): return YAMLText.quoted(text)
        case .date(let date): return YAMLText.quoted(date.description)
        case .decimal(let decimal): return YAMLText.quoted(decimal.description)
        case .enumCase(let item): return YAMLText.scalar(item.name)
        case .list(let items): return "[" + items.map(Self.value).joined(separator: ", ") + "]"
        case .record(let record):
            return record.names.isEmpty ? "{}"
                : "{ " + zip(record.names, record.values).map { YAMLText.key($0) + ": " + Self.value($1) }.joined(separator: ", ") + " }"
        }
    }
}
