import ScenarioSpec
import Yams

extension ScenarioReader {
    // MARK: - Use cases

    func readUseCase(named name: String, at nameLocation: SourceLocation, _ node: Node, scene: String) -> UseCase? {
        let what = "use case '\(scene).\(name)'"
        guard let keys = nodes.mapping(node, what, allowed: Vocabulary.useCase) else { return nil }

        var trigger = UseCase.Trigger.action
        if let entry = keys["trigger"], let text = nodes.string(entry.value, "'trigger'") {
            if let t = UseCase.Trigger(rawValue: text) {
                trigger = t
            } else {
                diagnostics.unknown("'trigger' must be 'action', 'load' or 'appear', found '\(text)'", name: text,
                                    candidates: ["action", "load", "appear"], at: location(entry.value), id: "scenario/unknown-name")
            }
        }

        let request = keys["request"].map { readFields($0.value, "the Request of \(what)") } ?? []
        let event = keys["event"].map { readSteps($0.value, "'event' of \(what)") }
        // `interactor: none`: the View handles the action alone.
        let handledByView: Bool = {
            guard let entry = keys["interactor"], case .scalar(let scalar) = entry.value else { return false }
            return scalar.string == "none"
        }()
        let interactor = handledByView ? [] : keys["interactor"].map { readSteps($0.value, "'interactor' of \(what)") } ?? []
        if handledByView {
            for key in ["event", "response", "presenter", "viewModel", "outputs"] where keys[key] != nil {
                diagnostics.error("\(what) is handled by the View alone ('interactor: none'), so nothing answers it: it has no '\(key)'",
                                  at: location(keys[key]!.keyNode),
                                  notes: [Diagnostic.Note("remove '\(key)', or give the Interactor steps if the action reaches it")], id: "scenario/misplaced-key")
            }
        }

        var methods = MethodNames()
        var outputMethods = MethodNames()
        if let entry = keys["methods"],
           let m = nodes.mapping(entry.value, "'methods' of \(what)", allowed: Vocabulary.useCaseMethods) {
            methods.event = m["event"].flatMap { readSignature($0.value) }
            methods.interactor = m["interactor"].flatMap { readSignature($0.value) }
            outputMethods.presenter = m["presenter"].flatMap { readSignature($0.value) }
            outputMethods.view = m["view"].flatMap { readSignature($0.value) }
        }

        var outputs: [Output] = []
        if let entry = keys["outputs"] {
            for key in ["response", "presenter", "viewModel", "view"] {
                if let conflicting = keys[key] {
                    diagnostics.error("\(what) has 'outputs', so '\(key)' belongs inside each output",
                                      at: location(conflicting.keyNode), id: "scenario/misplaced-key")
                }
            }
            if outputMethods.presenter != nil || outputMethods.view != nil {
                diagnostics.error("\(what) has 'outputs': give 'presenter' and 'view' methods inside each output",
                                  at: location(keys["methods"]!.keyNode), id: "scenario/inconsistent")
            }
            if let list = nodes.mapping(entry.value, "'outputs' of \(what)") {
                if list.isEmpty { diagnostics.error("'outputs' of \(what) is empty", at: location(entry.value), id: "scenario/missing") }
                var seen: [String: SourceLocation] = [:]
                for item in list {
                    let at = location(item.keyNode)
                    guard NodeReader.isIdentifier(item.key) else {
                        diagnostics.error("output name '\(item.key)' is not a valid name; use letters, digits and '_'", at: at,
                                          notes: NodeReader.whyNotIdentifier(item.key), id: "scenario/invalid-name")
                        continue
                    }
                    if let first = seen[item.key] {
                        duplicate("output", item.key, at: at, first: first)
                        continue
                    }
                    seen[item.key] = at
                    if let output = readOutput(named: item.key, at: at, item.value, what: "output '\(item.key)' of \(what)") {
                        outputs.append(output)
                    }
                }
            }
        } else {
            outputs.append(Output(
                name: OutputName(name), location: nameLocation,
                response: keys["response"].map { readFields($0.value, "the Response of \(what)") } ?? [],
                presenter: keys["presenter"].map { readPresentation($0.value, what: what) } ?? .viewModel([]),
                viewModel: keys["viewModel"].map { readFields($0.value, "the ViewModel of \(what)") } ?? [],
                view: keys["view"].map { readSteps($0.value, "'view' of \(what)") } ?? [],
                methods: outputMethods))
        }

        var useCase = UseCase(name: UseCaseName(name), location: nameLocation,
                              description: keys["description"].flatMap { nodes.string($0.value, "'description'") },
                              trigger: trigger, request: request, event: event, interactor: interactor, outputs: outputs,
                              methods: methods)
        useCase.sends = keys["sends"].map { readAssignments($0.value, "'sends' of \(what) (Request field: expression)") } ?? []
        useCase.delegate = keys["delegate"].flatMap { readSignature($0.value) }
        useCase.handledByView = handledByView
        return useCase
    }

    func readOutput(named name: String, at nameLocation: SourceLocation, _ node: Node, what: String) -> Output? {
        guard let keys = nodes.mapping(node, what, allowed: Vocabulary.output) else { return nil }
        var methods = MethodNames()
        if let entry = keys["methods"],
           let m = nodes.mapping(entry.value, "'methods' of \(what)", allowed: Vocabulary.outputMethods) {
            methods.presenter = m["presenter"].flatMap { readSignature($0.value) }
            methods.view = m["view"].flatMap { readSignature($0.value) }
        }
        return Output(
            name: OutputName(name), location: nameLocation,
            response: keys["response"].map { readFields($0.value, "the Response of \(what)") } ?? [],
            presenter: keys["presenter"].map { readPresentation($0.value, what: what) } ?? .viewModel([]),
            viewModel: keys["viewModel"].map { readFields($0.value, "the ViewModel of \(what)") } ?? [],
            view: keys["view"].map { readSteps($0.value, "'view' of \(what)") } ?? [],
            methods: methods)
    }

    /// A Presenter is a ViewModel mapping (`field: expression`) or a list of steps.
    func readPresentation(_ node: Node, what: String) -> Presentation {
        if case .sequence = node { return .steps(readSteps(node, "'presenter' of \(what)")) }
        return .viewModel(readAssignments(node, "'presenter' of \(what) (ViewModel field: expression)"))
    }

    /// A method signature such as `presentIceCream(response:)`, `viewDidLoad()` or a bare name.
    func readSignature(_ node: Node) -> Located<String>? {
        guard let text = nodes.located(node, "a method signature") else { return nil }
        if text.value.utf8.count > Self.longestSignature {
            diagnostics.error("this method signature is \(text.value.utf8.count) bytes long; a signature is at most \(Self.longestSignature)",
                              at: text.location, id: "scenario/too-long")
            return nil
        }
        if !Self.isSignature(text.value) {
            diagnostics.error("'\(text.value)' is not a method signature; write e.g. 'presentLogin(response:)' or 'viewDidLoad()'",
                              at: text.location, id: "scenario/malformed-value")
            return nil
        }
        return text
    }

    /// Longest method signature accepted (UTF-8 bytes): a diagram label, not a payload.
    static let longestSignature = 256

    /// `name`, `name()` or `name(label:…)` with `_` allowed as a label.
    static func isSignature(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return NodeReader.isIdentifier(text) }
        let name = String(text[..<open])
        guard NodeReader.isIdentifier(name), text.hasSuffix(")") else { return false }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        if inner.isEmpty { return true }
        guard inner.hasSuffix(":") else { return false }
        return inner.dropLast().split(separator: ":", omittingEmptySubsequences: false)
            .allSatisfy { $0 == "_" || NodeReader.isIdentifier(String($0)) }
    }

    /// `target: expression` pairs; targets may be dotted paths (`appState.count`), or `_` where `unlabelled` (the
    /// argument of a method without a label).
    func readAssignments(_ node: Node, _ what: String, unlabelled: Bool = false) -> [Assignment] {
        guard let entries = nodes.mapping(node, what) else { return [] }
        var result: [Assignment] = []
        var seen: [String: SourceLocation] = [:]
        for entry in entries {
            let at = location(entry.keyNode)
            let parts = entry.key.split(separator: ".", omittingEmptySubsequences: false)
            guard (unlabelled && entry.key == "_") || !parts.isEmpty && parts.allSatisfy({ NodeReader.isIdentifier(String($0)) }) else {
                diagnostics.error("'\(entry.key)' is not a field name", at: at, id: "scenario/invalid-name")
                continue
            }
            if let first = seen[entry.key] {
                duplicate("assignment to", entry.key, at: at, first: first)
                continue
            }
            seen[entry.key] = at
            let value = nodes.expression(entry.value, "the value of '\(entry.key)'") ?? .placeholder(at: location(entry.value))
            result.append(Assignment(target: entry.key, at: at, value: value))
        }
        return result
    }

    // MARK: - Steps

    /// A list of steps; a single step may be written without the list.
    func readSteps(_ node: Node, _ what: String) -> [Step] {
        guard let items = nodes.sequence(node, what, single: true) else { return [] }
        return items.compactMap { readStep($0, what) }
    }

    func readStep(_ node: Node, _ what: String) -> Step? {
        let at = location(node)
        guard case .mapping = node, let entries = nodes.mapping(node, "a step") else {
            diagnostics.error("a step of \(what) must be a mapping such as '- store: { … }', found \(NodeReader.describe(node))",
                              at: at, id: "scenario/shape")
            return nil
        }
        let kinds = Vocabulary.stepKinds.map(\.kind)
        let present = entries.filter { kinds.contains($0.key) }
        guard let primary = present.first else {
            if let first = entries.first {
                diagnostics.unknown("unknown step '\(first.key)'", name: first.key, candidates: kinds,
                                    at: location(first.keyNode),
                                    extraNotes: [Diagnostic.Note("steps: " + kinds.joined(separator: ", "))], id: "scenario/unknown-name")
            } else {
                diagnostics.error("empty step; steps are: " + kinds.joined(separator: ", "), at: at, id: "scenario/inconsistent")
            }
            return nil
        }
        if present.count > 1 {
            diagnostics.error("a step does one thing, but this one has both '\(present[0].key)' and '\(present[1].key)'; split it into two steps",
                              at: location(present[1].keyNode), id: "scenario/conflicting-keys")
            return nil
        }
        let modifiers = Vocabulary.stepKinds.first { $0.kind == primary.key }!.modifiers + Vocabulary.everyStep
        var keys: [String: MappingEntry] = [:]
        for entry in entries {
            if entry.key == primary.key || modifiers.contains(entry.key) {
                keys[entry.key] = entry
            } else {
                let allowed = modifiers.isEmpty ? "takes no other keys" : "takes " + modifiers.map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.unknown("unknown key '\(entry.key)' in a '\(primary.key)' step", name: entry.key,
                                    candidates: modifiers, at: location(entry.keyNode),
                                    extraNotes: [Diagnostic.Note("a '\(primary.key)' step \(allowed)")], id: "scenario/unknown-name")
            }
        }
        let value = primary.value
        let stepAt = location(primary.keyNode)
        if let accept = keys["accept"] { readAcceptances(accept.value, scope: .step(stepAt)) }
        switch primary.key {
        case "call":
            let binding = keys["as"].flatMap { nodes.identifier($0.value, "'as' (the name of the result)") }
            guard let syntax = nodes.call(value) else {
                // Keep the name the call would bind, so later steps do not report it as unknown.
                let unknown = Located("", at: location(value))
                return Step(.call(Call(receiver: unknown, method: unknown, arguments: [], binding: binding, onError: nil)),
                            at: stepAt)
            }
            let onError = keys["onError"].map { readSteps($0.value, "'onError'") }
            var arguments = syntax.arguments.map {
                Call.Argument(label: $0.label.value, at: $0.label.location, value: $0.value)
            }
            if let with = keys["with"] {
                if !arguments.isEmpty {
                    diagnostics.error("arguments are given both in parentheses and in 'with:'; keep one",
                                      at: location(with.keyNode), id: "scenario/conflicting-keys")
                }
                arguments = readAssignments(with.value, "'with' (input: expression)").map {
                    Call.Argument(label: $0.target, at: $0.targetLocation, value: $0.value)
                }
            }
            return Step(.call(Call(receiver: syntax.receiver, method: syntax.method, arguments: arguments,
                                   binding: binding, onError: onError)), at: stepAt)
        case "validate":
            guard let condition = nodes.expression(value, "the 'validate' condition") else { return nil }
            let otherwise = keys["else"].map { readSteps($0.value, "'else'") } ?? []
            return Step(.validate(condition, otherwise: otherwise), at: stepAt)
        case "store":
            return Step(.store(readAssignments(value, "'store' (DataStore field: expression)")), at: stepAt)
        case "set":
            return Step(.set(readAssignments(value, "'set' (field: expression)")), at: stepAt)
        case "let":
            let assignments = readAssignments(value, "'let' (name: expression)")
            for assignment in assignments where assignment.target.contains(".") {
                diagnostics.error("'let' introduces plain names; '\(assignment.target)' is a path", at: assignment.targetLocation, id: "scenario/malformed-value")
            }
            return Step(.bind(assignments), at: stepAt)
        case "respond":
            var output = keys["output"].flatMap { nodes.identifier($0.value, "'output'") }
            var fields: [Assignment] = []
            switch value {
            case .scalar where !NodeReader.isNull(value):
                // `respond: onError` names an output that carries no fields.
                if let name = nodes.identifier(value, "the output to respond with") {
                    if let explicit = output {
                        diagnostics.error("'respond: \(name.value)' already names the output; remove 'output: \(explicit.value)'",
                                          at: explicit.location, id: "scenario/conflicting-keys")
                    }
                    output = name
                }
            default:
                fields = readAssignments(value, "'respond' (Response field: expression)")
            }
            return Step(.respond(output: output, fields: fields), at: stepAt)
        case "if":
            guard let condition = nodes.expression(value, "the 'if' condition") else { return nil }
            guard let then = keys["then"] else {
                diagnostics.error("an 'if' step needs 'then:' with the steps to run when the condition holds", at: stepAt, id: "scenario/missing")
                return nil
            }
            return Step(.conditional(condition, then: readSteps(then.value, "'then'"),
                                     otherwise: keys["else"].map { readSteps($0.value, "'else'") } ?? []), at: stepAt)
        case "show":
            return Step(.show(readShow(value)), at: stepAt)
        case "route":
            guard let name = nodes.identifier(value, "'route' (a route of this scene)") else { return nil }
            let condition = keys["when"].flatMap { nodes.expression($0.value, "the 'when' condition") }
            let arguments = keys["with"].map { readAssignments($0.value, "'with' (route input: expression)") } ?? []
            return Step(.route(Located(RouteName(name.value), at: name.location), condition: condition,
                               arguments: arguments), at: stepAt)
        case "display":
            guard let method = readSignature(value) else { return nil }
            // A display method's unlabelled argument is shown under '_', as its signature spells it (`showError(_:)`).
            let values = keys["with"].map { readAssignments($0.value, "'with' (label: expression)", unlabelled: true) } ?? []
            return Step(.display(method: method, values: values), at: stepAt)
        case "delegate":
            guard let method = readSignature(value) else { return nil }
            let arguments = keys["with"].map { readAssignments($0.value, "'with' (the call's values: label: expression)") } ?? []
            return Step(.delegate(method: method, arguments: arguments), at: stepAt)
        case "wait":
            guard let milliseconds = readLatency(value, what: "'wait'") else { return nil }
            return Step(.wait(Located(milliseconds, at: location(value))), at: stepAt)
        case "leave":
            guard let text = nodes.located(value, "'leave' (back, pop or dismiss)") else { return nil }
            guard let how = Step.Leave(rawValue: text.value) else {
                diagnostics.unknown("a View leaves its screen by 'back', 'pop' or 'dismiss', not '\(text.value)'", name: text.value,
                                    candidates: Step.Leave.allCases.map(\.rawValue), at: text.location,
                                    extraNotes: [Diagnostic.Note("'back' leaves the way the screen came: dismissed if presented, popped if pushed")], id: "scenario/unknown-name")
                return nil
            }
            return Step(.leave(Located(how, at: text.location)), at: stepAt)
        default:
            return nil
        }
    }

    /// `show: message` (a ViewModel field), `show: [a, b]`, or `show: { label: expression }`.
    func readShow(_ node: Node) -> [Assignment] {
        switch node {
        case .mapping:
            return readAssignments(node, "'show' (label: expression)")
        case .sequence(let items):
            return items.flatMap { readShow($0) }
        default:
            guard let name = nodes.identifier(node, "'show' (a ViewModel field, or label: expression)") else { return [] }
            let viewModel = ExprNode(.identifier("viewModel"), at: name.location)
            let root = ExprNode(.member(viewModel, name.value, optionalChaining: false), at: name.location)
            return [Assignment(target: name.value, at: name.location,
                               value: Expr(text: name.value, root: root, location: name.location))]
        }
    }

    // MARK: - Routes

    func readRoute(named name: String, at nameLocation: SourceLocation, _ node: Node) -> Route? {
        if case .scalar = node, let destination = nodes.identifier(node, "the route's destination scene") {
            return Route(name: RouteName(name), location: nameLocation,
                         destination: Located(SceneName(destination.value), at: destination.location),
                         navigation: .push, pass: [], method: nil)
        }
        let what = "route '\(name)'"
        guard let keys = nodes.mapping(node, what, allowed: Vocabulary.route) else { return nil }
        var navigation = Route.Navigation.push
        if let entry = keys["navigation"], let text = nodes.string(entry.value, "'navigation'") {
            if let n = Route.Navigation(rawValue: text) {
                navigation = n
            } else {
                diagnostics.unknown("unknown navigation '\(text)'", name: text,
                                    candidates: Route.Navigation.allCases.map(\.rawValue), at: location(entry.value),
                                    extraNotes: [Diagnostic.Note("navigation is one of: " + Route.Navigation.allCases.map(\.rawValue).joined(separator: ", "))], id: "scenario/unknown-name")
            }
        }
        var destination: Located<String>?
        if let toEntry = keys["to"] {
            guard let scene = nodes.identifier(toEntry.value, "'to' (the destination scene)") else { return nil }
            destination = scene
        } else if !navigation.mayOmitDestination {
            diagnostics.error("\(what) is missing 'to' (the destination scene)", at: nameLocation,
                              notes: [Diagnostic.Note("only a route going back ('navigation: back', 'pop' or 'dismiss') may leave 'to' out, to return to whichever scene is below")], id: "scenario/missing")
            return nil
        }
        let input = keys["input"].map { readFields($0.value, "the input of \(what)") } ?? []
        let pass = keys["pass"].map { readAssignments($0.value, "'pass' of \(what) (destination field: expression)") } ?? []
        let method = keys["method"].flatMap { readSignature($0.value) }
        let passDataMethod = keys["passData"].flatMap { readSignature($0.value) }
        let navigateMethod = keys["navigate"].flatMap { readSignature($0.value) }
        if let entry = keys["passData"], pass.isEmpty {
            diagnostics.warning("\(what) passes no data, so 'passData' names a method that is never called",
                                at: location(entry.keyNode), notes: [Diagnostic.Note("add 'pass:' fields, or remove 'passData'")], id: "scenario/no-effect")
        }
        var route = Route(name: RouteName(name), location: nameLocation,
                          destination: destination.map { Located(SceneName($0.value), at: $0.location) },
                          navigation: navigation, input: input, pass: pass, method: method, passDataMethod: passDataMethod,
                          navigateMethod: navigateMethod)
        route.description = keys["description"].flatMap { nodes.string($0.value, "'description'") }
        if let entry = keys["presentation"], let text = nodes.string(entry.value, "'presentation'") {
            if let presentation = Route.Presentation(rawValue: text) {
                if navigation == .present {
                    route.presentation = Located(presentation, at: location(entry.value))
                } else {
                    diagnostics.warning("\(what) is not presented ('navigation: \(navigation.rawValue)'), so 'presentation' has no effect",
                                        at: location(entry.keyNode), notes: [Diagnostic.Note("remove 'presentation', or write 'navigation: present'")], id: "scenario/no-effect")
                }
            } else {
                diagnostics.unknown("unknown presentation '\(text)'", name: text,
                                    candidates: Route.Presentation.allCases.map(\.rawValue), at: location(entry.value),
                                    extraNotes: [Diagnostic.Note("presentation is one of UIModalPresentationStyle's: " + Route.Presentation.allCases.map(\.rawValue).joined(separator: ", "))], id: "scenario/unknown-name")
            }
        }
        return route
    }
}
