import ScenarioSpec

/// The files of one scene: Clean Swift's here, VIPER's and the SwiftUI patterns' in extensions.
struct SceneWriter {
    let scenes: GeneratedScenes
    let scene: Scene
    var naming: PatternNaming { scenes.naming }
    var name: String { scene.name.rawValue }

    /// The part's type name: the app's own (`names:`) where it gives one (what wires the scene follows the part it
    /// belongs to; a name given to it alone generate refuses).
    func component(_ role: ComponentRole) -> String { naming.componentName(role, of: scene) }
    func protocolName(_ slot: ProtocolSlot) -> String? { naming.protocolName(slot, of: scene) }
    func literal(_ text: String?) -> String { text.map(SwiftSpelling.literal) ?? "nil" }

    /// The header every generated file opens with; tests also import `Testing` (when they hold tests) and the module.
    static func imports(_ out: inout SwiftText, testing module: String? = nil, withTests: Bool = true) {
        out.line(GeneratedScenes.header.dropLast() + "")
        out.line("import Foundation")
        out.line("import SceneFlowRecorder")
        if let module {
            if withTests { out.line("import Testing") }
            out.line("@testable import \(module)")
        }
    }

    // MARK: - Models

    func models() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        // VIPER's Presenter may tell the View what to show in its own words: no ViewModel then, a struct per display
        // method.
        let viper = isVIPER
        var failure: GenerationLimit?
        out.block("enum \(name)") { namespace in
            for (index, useCase) in scene.useCases.enumerated() {
                if index > 0 { namespace.line() }
                if let description = useCase.description { namespace.line("/// \(SwiftSpelling.comment(description))") }
                namespace.block("enum \(useCase.name)") { body in
                    scenes.record("Request", useCase.request, into: &body)
                    // SwiftUI with AppState answers through the AppState: no Response, no ViewModel; nor does a VIPER
                    // event the Presenter handles alone (`refreshPostList()`, a route).
                    for output in useCase.outputs where !usesAppState && hasInteractorMethod(useCase) {
                        if useCase.outputs.count == 1 {
                            scenes.record("Response", output.response, into: &body)
                            if !viper || !output.presentsBySteps { scenes.record("ViewModel", output.viewModel, into: &body) }
                        } else {
                            body.block("enum \(output.name)") { nested in
                                scenes.record("Response", output.response, into: &nested)
                                if !viper || !output.presentsBySteps { scenes.record("ViewModel", output.viewModel, into: &nested) }
                            }
                        }
                    }
                }
            }
            if viper {
                do throws(GenerationLimit) { try displayValues(into: &namespace) } catch { failure.collect(error) }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    func requestType(_ useCase: UseCase) -> String { TypeNames.request(scene: scene.name, useCase: useCase.name) }
    func responseType(_ useCase: UseCase, _ output: Output) -> String { TypeNames.response(scene: scene.name, useCase: useCase, output: output.name) }
    func viewModelType(_ useCase: UseCase, _ output: Output) -> String { TypeNames.viewModel(scene: scene.name, useCase: useCase, output: output.name) }
    func tracedOutput(_ useCase: UseCase, _ output: Output) -> String {
        output.name.rawValue == useCase.name.rawValue ? "nil" : SwiftSpelling.literal(output.name.rawValue)
    }

    /// `login(request:)` as a declaration: `login(request: Login.Login.Request)`. `name`: what the body calls the one
    /// model it takes (`viewModel`), whatever the app's label (`updateCategory(categoryItems viewModel: …)`).
    func declaration(_ signature: String, types: [String], name: String? = nil) -> String {
        let base = PatternNaming.baseName(signature)
        let labels = SwiftSpelling.labels(of: signature)
        let parameters = zip(labels, types).map { label, type -> String in
            guard let name, labels.count == 1 else { return label == "_" ? "_ value: \(type)" : "\(label): \(type)" }
            return label == name ? "\(label): \(type)" : "\(label) \(name): \(type)"
        }
        return "\(SwiftSpelling.name(base))(\(parameters.joined(separator: ", ")))"
    }

    /// A call of `signature` with `arguments` in order.
    func call(_ signature: String, _ arguments: [String]) -> String { SwiftSpelling.call(signature, arguments) }

    /// Whether the View holds the scene's DataStore (SwiftUI VIP): the View is a value the Presenter holds, and the
    /// Interactor keeps no state.
    var viewHoldsDataStore: Bool { scenes.definition.shape.viewHoldsDataStore }

    /// The Presenter's property holding the View, as the pattern's wiring names it (`viewController`, `view`).
    var presenterView: String {
        scenes.definition.wiring.links.first { $0.holder == .presenter && $0.target == .view }?.property ?? "viewController"
    }

    /// Whether the scene is a VIPER module: the View tells its Presenter, which asks the Interactor.
    var isVIPER: Bool { scenes.definition.shape == .wireFrameModule }

    /// A component's logic as its method's body: as it is, since every scene records at its boundary (nothing in it
    /// can fail unhandled: a failure nothing handles is called with `try!`, and stops the app).
    func logic(_ lines: [String], into out: inout SwiftText) {
        for line in lines { out.line(line) }
    }

    /// Whether a line of `lines` can fail without a `catch` of its own: a `try` other than the one a worker's answer
    /// is read with in `do { name = try … } catch {`, which handles every failure, or a `try!`, which stops the app.
    static func failsUnhandled(_ lines: [String]) -> Bool {
        lines.indices.contains { index in
            let code = codeOnly(lines[index])
            guard mentions(code.replacingOccurrences(of: "try!", with: ""), "try") else { return false }
            let handled = index > 0 && index + 1 < lines.count
                && lines[index - 1].drop(while: { $0 == " " }) == "do {" && lines[index + 1].drop(while: { $0 == " " }) == "} catch {"
            return !handled
        }
    }

    // MARK: - Interactor

    func interactor() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let business = protocolName(.businessLogic) ?? "\(name)BusinessLogic"
        let store = protocolName(.dataStore) ?? "\(name)DataStore"
        // VIPER's Interactor answers through its output protocol, held weakly; it has a method for each use case
        // the Presenter asks it for.
        let weakPresenter = scenes.definition.dependencies.contains { $0.from == .interactor && $0.to == .presenter && $0.kind == .weak }
        let useCases = scene.useCases.filter { hasInteractorMethod($0) }
        out.block("protocol \(business)\(weakPresenter ? ": AnyObject" : "")") { body in
            for useCase in useCases {
                body.line("func \(interactorDeclaration(useCase))")
            }
        }
        out.line()
        // In SwiftUI VIP the View holds the DataStore; elsewhere the Interactor is it.
        let holdsDataStore = !viewHoldsDataStore
        if holdsDataStore {
            out.block("protocol \(store)") { body in
                for field in scene.dataStore {
                    body.line("var \(SwiftSpelling.name(field.name)): \(scenes.swiftType(field.type)) { get set }")
                }
            }
            out.line()
        }
        var failure: GenerationLimit?
        // Open to the subclass of the tracing file that observes its DataStore's fields (and VIPER's Requests).
        out.block("\(subclassesInteractor ? "" : "final ")class \(component(.interactor)): \(business)\(holdsDataStore ? ", \(store)" : "")") { body in
            body.line("\(weakPresenter ? "weak " : "")var presenter: \(protocolName(.presentationLogic) ?? "\(name)PresentationLogic")?")
            for property in interactorProperties() {
                body.line(property.declaration)
            }
            if interactorUsesTrace { body.line("var trace: SceneTrace!") }
            for useCase in useCases {
                do throws(GenerationLimit) { try interactorMethod(useCase, into: &body) } catch { failure.collect(error) }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    /// The Interactor's properties after its Presenter: its workers, the workers the app shares, its DataStore's
    /// fields (where the Interactor is the DataStore); each with its Swift name and declaration.
    func interactorProperties() -> [(name: String, declaration: String, isField: Bool)] {
        var properties: [(name: String, declaration: String, isField: Bool)] = []
        for worker in scene.workers {
            let property = naming.workerProperty(worker.name)
            properties.append((property, "var \(property): \(scenes.workerProtocol(worker.name, of: scene)) = \(name).\(worker.name)()", false))
        }
        for (worker, _) in scene.sharedWorkersCalled {
            let property = naming.workerProperty(worker)
            properties.append((property, "var \(property): \(scenes.workerProtocol(worker, of: nil)) = \(worker).shared", false))
        }
        for field in scene.dataStore where !viewHoldsDataStore {
            let property = SwiftSpelling.name(field.name)
            let initial = field.initialValue.map { " = " + scenes.literal($0, field.type) } ?? ""
            properties.append((property, "var \(property): \(scenes.swiftType(field.type))\(initial)", true))
        }
        return properties
    }

    /// The Interactor's method for `useCase`, in its use case's section: its logic, run as the engine runs it.
    func interactorMethod(_ useCase: UseCase, into body: inout SwiftText) throws(GenerationLimit) {
        var failure: GenerationLimit?
        body.mark(SwiftSpelling.words(useCase.name.rawValue))
        if let description = useCase.description { body.line("/// \(SwiftSpelling.comment(description))") }
        body.block("func \(interactorDeclaration(useCase))") { method in
            var steps = SwiftText()
            do throws(GenerationLimit) {
                try self.steps(useCase.interactor, useCase: useCase, into: &steps)
            } catch { failure.collect(error) }
            var run = SwiftText()
            logic(steps.lines, into: &run)
            // The method takes the Request's fields: the logic reads them as the Request, where it reads it.
            if !takesRequest(useCase) && !useCase.request.isEmpty && run.lines.contains(where: { Self.mentions($0, "request") }) {
                method.line(requestFromFields(useCase))
            }
            for line in Self.discardingUnused(run.lines) { method.line(line) }
        }
        if let failure { throw failure }
    }

    /// The parameters a method that takes the Request's fields has, by field, for its logic to read `request.post` as
    /// `post`; none where a name the logic binds is one of them (it would shadow the parameter).
    func requestParameters(_ useCase: UseCase, steps: [Step]) -> [String: String] {
        var bound = Set<String>()
        func visit(_ node: ExprNode) {
            if case .binding(let name, _) = node.kind { bound.insert(name) }
        }
        for step in steps.flatMap(\.flattened) {
            switch step.kind {
            case .bind(let assignments): for assignment in assignments { bound.insert(assignment.target) }
            case .call(let call): if let binding = call.binding { bound.insert(binding.value) }
            case .conditional(let condition, _, _): visit(condition.root)
            default: break
            }
        }
        guard useCase.request.allSatisfy({ !bound.contains($0.name) }) else { return [:] }
        return Dictionary(useCase.request.map { ($0.name, SwiftSpelling.name($0.name)) }, uniquingKeysWith: { first, _ in first })
    }

    /// `let request = PostList.ShowPostDetail.Request(post: post)`: the Request made from the method's parameters.
    func requestFromFields(_ useCase: UseCase) -> String {
        let fields = useCase.request.map { "\(SwiftSpelling.label($0.name)): \(SwiftSpelling.name($0.name))" }
        return "let request = \(scenes.swiftTypeName(requestType(useCase)))(\(fields.joined(separator: ", ")))"
    }

    /// Whether the BusinessLogic method takes the Request (`login(request:)`) rather than its fields
    /// (`showPostDetail(post:)`, VIPER).
    func takesRequest(_ useCase: UseCase) -> Bool { SwiftSpelling.labels(of: naming.interactorMethod(useCase)) == ["request"] }

    /// Whether the Interactor has a method for the use case: always in VIP; in VIPER when the Presenter asks for it
    /// (its event calls it, or the use case has no event of its own).
    func hasInteractorMethod(_ useCase: UseCase) -> Bool {
        !isVIPER || useCase.event == nil || !useCase.interactor.isEmpty
    }

    /// `login(request: Login.Login.Request)`, or with the Request's fields as parameters: `showPostDetail(post: PostModel)`.
    func interactorDeclaration(_ useCase: UseCase) -> String {
        let method = naming.interactorMethod(useCase)
        if takesRequest(useCase) { return declaration(method, types: [requestType(useCase)]) }
        // Each parameter is named as its Request field, whatever its label (`reset(to value: Int)`).
        let labels = SwiftSpelling.labels(of: method)
        let parameters = zip(labels, useCase.request).map { label, field -> String in
            let type = scenes.swiftType(field.type)
            return label == field.name ? "\(SwiftSpelling.label(label)): \(type)" : "\(SwiftSpelling.label(label)) \(SwiftSpelling.name(field.name)): \(type)"
        }
        return "\(SwiftSpelling.methodName(method))(\(parameters.joined(separator: ", ")))"
    }

    /// The Interactor's logic.
    func steps(_ steps: [Step], useCase: UseCase, into out: inout SwiftText) throws(GenerationLimit) {
        var translator = scenes.translator()
        translator.types = ExprTypes(scenario: scenes.scenario, roots: ["request": useCase.request, StateRoot.dataStore.rawValue: scene.dataStore])
        // A method that takes the Request's fields reads them as its parameters.
        if !takesRequest(useCase) { translator.requestParameters = requestParameters(useCase, steps: useCase.interactor) }
        var unwritten: GenerationLimit?
        for (index, step) in steps.enumerated() {
            do throws(GenerationLimit) {
                switch step.kind {
                case .call(let call):
                    // A worker that answers through a completion handler: the steps after it run in the handler.
                    if try workerCall(call, then: Array(steps[(index + 1)...]), useCase: useCase, translator: translator, into: &out) {
                        if let unwritten { throw unwritten }
                        return
                    }
                case .validate(let condition, let otherwise):
                    var failure: GenerationLimit?
                    out.block("guard \(translator.translate(condition).bare) else") { body in
                        do throws(GenerationLimit) { try self.steps(otherwise, useCase: useCase, into: &body) } catch { failure.collect(error) }
                        body.line("return")
                    }
                    if let failure { throw failure }
                case .store(let assignments) where usesAppState:
                    // The AppState publishes what the Interactor writes; the Views observing it render again.
                    let appState = Dictionary(scenes.scenario.appState.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                    for assignment in assignments {
                        guard let field = appState[assignment.target] else {
                            throw GenerationLimit("generate writes AppState fields only; '\(assignment.target)' is not one", at: assignment.targetLocation, id: "generate/assignment")
                        }
                        let property = SwiftSpelling.name(field.name)
                        // The AppState the app records with records the write.
                        out.line("appState.\(property) = \(translator.translate(assignment.value).bare)")
                    }
                case .store(let assignments):
                    // Found by name, once: a store of thousands of fields stays linear.
                    let dataStore = Dictionary(scene.dataStore.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                    for assignment in assignments {
                        guard let field = dataStore[assignment.target] else {
                            throw GenerationLimit("generate writes DataStore fields only; '\(assignment.target)' is not one", at: assignment.targetLocation, id: "generate/assignment")
                        }
                        out.line("self.\(SwiftSpelling.name(field.name)) = \(translator.translate(assignment.value).bare)")
                        // Where the tracing file observes the DataStore, its observer records the write.
                        if observesDataStore { continue }
                        out.line("trace.stored(\(SwiftSpelling.literal(field.name)), \(literal(protocolName(.dataStore))), type: \(SwiftSpelling.literal(field.type.description)), self.\(SwiftSpelling.name(field.name)))")
                    }
                case .respond(let outputName, let fields):
                    let output = outputName.flatMap { useCase.output($0.value) } ?? useCase.outputs[0]
                    let type = responseType(useCase, output)
                    let given = Dictionary(fields.map { ($0.target, $0) }, uniquingKeysWith: { first, _ in first })
                    let arguments = output.response.compactMap { field -> String? in
                        guard let value = given[field.name] else { return nil }
                        return "\(SwiftSpelling.label(field.name)): \(translator.translate(value.value).bare)"
                    }
                    let method = naming.presenterMethod(useCase, output: output)
                    // An answer with nothing to say is a plain call (VIPER's `onError()`), recorded without a Response.
                    if output.response.isEmpty && scenes.definition.flow.omitsEmptyResponse {
                        let argument = answersWithoutResponse(useCase, output) ? "" : "\(scenes.swiftTypeName(type))()"
                        let send = "presenter?.\(PatternNaming.baseName(method))(\(argument))"
                        if responseCrosses(useCase, output) {
                            out.line(send)
                        } else {
                            out.block("trace.response(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, output)), \(literal(protocolName(.presentationLogic))), \(SwiftSpelling.literal(method)), nil, type: nil)") { body in
                                body.line(send)
                            }
                        }
                        continue
                    }
                    // Several answers in one block (a loader on, the result, the loader off): each its own name. Answers
                    // in branches are in scopes of their own.
                    let earlier = steps.prefix { $0.location != step.location }.filter { if case .respond = $0.kind { true } else { false } }.count
                    let response = earlier == 0 ? "response" : "response\(earlier + 1)"
                    if responseCrosses(useCase, output) && modelParameter(method, name: "response") == nil {
                        // A method that takes nothing, told of an answer that says nothing: no Response to make.
                        out.line("presenter?.\(call(method, []))")
                        continue
                    }
                    out.line("let \(response) = \(scenes.swiftTypeName(type))(\(arguments.joined(separator: ", ")))")
                    if responseCrosses(useCase, output) {
                        out.line("presenter?.\(call(method, [response]))")
                    } else {
                        out.block("trace.response(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, output)), \(literal(protocolName(.presentationLogic))), \(SwiftSpelling.literal(method)), \(response), type: \(SwiftSpelling.literal(type)))") { body in
                            body.line("presenter?.\(call(method, [response]))")
                        }
                    }
                case .bind(let assignments):
                    for assignment in assignments {
                        out.line("let \(SwiftSpelling.name(assignment.target)) = \(translator.translate(assignment.value).bare)")
                    }
                case .conditional(let condition, let then, let otherwise):
                    try conditional(condition, then, otherwise, translator: translator, into: &out) { steps, body throws(GenerationLimit) in
                        try self.steps(steps, useCase: useCase, into: &body)
                    }
                case .show, .set, .route, .display, .leave, .wait, .delegate:
                    throw GenerationLimit("generate does not write this step in an Interactor yet", at: step.location, id: "generate/step")
                }
            } catch { unwritten.collect(error) }
        }
        if let unwritten { throw unwritten }
    }

    /// `if: condition` (or `if: let name = value`) with its `then:` and `else:` steps, written by `write`.
    func conditional(_ condition: Expr, _ then: [Step], _ otherwise: [Step], translator: ExpressionTranslator,
                     into out: inout SwiftText,
                     _ write: ([Step], inout SwiftText) throws(GenerationLimit) -> Void) throws(GenerationLimit) {
        var failure: GenerationLimit?
        let header: String
        if case .binding(let bound, let value) = condition.root.kind {
            header = "if let \(SwiftSpelling.name(bound)) = \(translator.translate(value).bare)"
        } else {
            header = "if \(translator.translate(condition).bare)"
        }
        out.block(header) { body in
            do throws(GenerationLimit) { try write(then, &body) } catch { failure.collect(error) }
        }
        if !otherwise.isEmpty {
            out.chain("else") { body in
                do throws(GenerationLimit) { try write(otherwise, &body) } catch { failure.collect(error) }
            }
        }
        if let failure { throw failure }
    }

    /// A worker call; true when the worker answers through a completion handler and `rest`, the steps after the
    /// call, are written in it.
    func workerCall(_ call: Call, then rest: [Step], useCase: UseCase, translator: ExpressionTranslator,
                    into out: inout SwiftText) throws(GenerationLimit) -> Bool {
        let worker: Worker, operation: OperationName, property: String
        switch call.target {
        case .worker(let workerName, let operationName)?:
            worker = scene.worker(workerName.rawValue)!
            operation = operationName
            property = naming.workerProperty(workerName)
        case .sharedWorker(let workerName, let operationName)?:
            worker = scenes.scenario.sharedWorker(workerName.rawValue)!
            operation = operationName
            property = naming.workerProperty(workerName)
        default:
            throw GenerationLimit("generate writes calls to workers only, not to '\(call.receiver.value)'", at: call.receiver.location, id: "generate/call")
        }
        let op = worker.operation(operation.rawValue)!
        let values = op.input.map { field in
            call.arguments.first { $0.label == field.name }.map { translator.translate($0.value).bare }
                ?? field.initialValue.map { scenes.literal($0, field.type) } ?? "nil"
        }
        let arguments = zip(op.input, values).map { "\(SwiftSpelling.label($0.name)): \($1)" }
        // The worker's tracing wrapper records the call: the Interactor calls it as an app does.
        if let handler = scenes.completionHandler(op) {
            try completionCall(call, op: op, handler: handler, property: property, arguments: arguments,
                               then: rest, useCase: useCase, into: &out)
            return true
        }
        let invocation = "try \(property).\(SwiftSpelling.name(op.name.rawValue))(\(arguments.joined(separator: ", ")))"
        try answer(call, op: op, invocation, useCase: useCase, into: &out)
        return false
    }

    /// The trace's record of a call of `op` with `values` (a Swift expression per input field, in order), through
    /// `trace` (`self.trace` where a parameter may shadow it), with `more` arguments after the scenario's:
    /// `trace.call("AuthWorker", "login", "login(username:password:)", style: .return, input: …, resultType: …)`.
    func recordedCall(_ worker: Worker, _ op: WorkerOperation, values: [String], trace: String = "trace", more: [String] = []) -> String {
        let traced = zip(op.input, values).map { field, value in "(\(SwiftSpelling.literal(field.name)), \(value))" }
        let method = naming.operationMethod(op)
        var style: String
        switch op.style {
        case .return: style = ".return"
        case .completion: style = ".completion"
        case .async: style = ".async"
        }
        if let callbacks = op.callbacks {
            // The answer comes back through the output protocol's methods, as VIPER's data managers answer.
            style = ".callback"
                + (callbacks.result.map { ", resultMethod: \(SwiftSpelling.literal($0))" } ?? "")
                + (callbacks.error.map { ", errorMethod: \(SwiftSpelling.literal($0))" } ?? "")
        }
        // VIPER's data managers: their input and output protocols.
        if let input = naming.workerProtocol(worker, scene: scene.name) {
            style += ", inputProtocol: \(SwiftSpelling.literal(input))"
        }
        if op.callbacks != nil, let output = naming.protocolName(.workerOutput, scene: scene.name, worker: worker.name) {
            style += ", outputProtocol: \(SwiftSpelling.literal(output))"
        }
        let input = op.input.isEmpty ? "nil" : "Record(traced: [\(traced.joined(separator: ", "))])"
        let inputType = op.input.isEmpty ? "nil" : SwiftSpelling.literal(TypeNames.workerInput(worker: worker.name, operation: op.name))
        let resultType = op.output.map { SwiftSpelling.literal($0.description) } ?? "nil"
        let arguments = [SwiftSpelling.literal(worker.name.rawValue), SwiftSpelling.literal(op.name.rawValue), SwiftSpelling.literal(method),
                         "style: \(style)", "input: \(input)", "inputType: \(inputType)", "resultType: \(resultType)"] + more
        return "\(trace).call(\(arguments.joined(separator: ", ")))"
    }

    /// A worker answering through a completion handler, as a developer writes the call: the worker is handed the
    /// handler, and the steps after the call run in the closure that gets the answer (`then:`, or `thenResult:` with
    /// a `Result` when the worker can fail).
    /// The worker's tracing wrapper records the call; the worker is called with a trailing closure.
    func completionCall(_ call: Call, op: WorkerOperation, handler: GeneratedScenes.CompletionHandler, property: String,
                        arguments: [String], then rest: [Step], useCase: UseCase,
                        into out: inout SwiftText) throws(GenerationLimit) {
        let method = SwiftSpelling.name(op.name.rawValue)
        var body = SwiftText()
        var failure: GenerationLimit?
        let parameter: String?
        if handler.fails {
            let result = call.binding?.value == "result" ? "answered" : "result"
            parameter = result
            do throws(GenerationLimit) { try answer(call, op: op, "try \(result).get()", useCase: useCase, into: &body) } catch { failure.collect(error) }
        } else {
            // Nothing to answer: the closure takes nothing.
            parameter = handler.answersNothing ? nil : call.binding.map { SwiftSpelling.name($0.value) } ?? "_"
        }
        do throws(GenerationLimit) { try steps(rest, useCase: useCase, into: &body) } catch { failure.collect(error) }
        let lines = Self.discardingUnused(body.lines)
        let opening = [lines.isEmpty ? nil : "[self]", parameter].compactMap { $0 }.joined(separator: " ")
        let called = "\(property).\(method)" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
        out.closure(called + " {" + (opening.isEmpty ? "" : " \(opening) in")) { closure in
            // A closure cannot throw where the handler's type does not: what can fail stops the run in it.
            if Self.failsUnhandled(lines) {
                closure.block("trace.run") { run in for line in lines { run.line(line) } }
            } else {
                for line in lines { closure.line(line) }
            }
        }
        if let failure { throw failure }
    }

    /// `let name = answer`, or with the call's `onError:`, `do { name = answer } catch … { the handling steps }`.
    func answer(_ call: Call, op: WorkerOperation, _ invocation: String, useCase: UseCase, into out: inout SwiftText) throws(GenerationLimit) {
        let bound = call.binding.map { SwiftSpelling.name($0.value) }
        guard let onError = call.onError else {
            // Nothing handles a failure: the app stops there as the run does (the worker's wrapper records it first, and
            // stops the app where no call of the operation handles it; else the call says it stops).
            var made = invocation
            if invocation.hasPrefix("try ") {
                if case .worker(let worker, let operation)? = call.target, !failureStops(worker, operation) {
                    made = "WorkerFailure.unhandled(\(SwiftSpelling.literal(worker.rawValue)), \(SwiftSpelling.literal(operation.rawValue))) { \(invocation) }"
                } else {
                    made = "try! " + invocation.dropFirst("try ".count)
                }
            }
            out.line((bound.map { "let \($0) = " } ?? (op.output == nil ? "" : "_ = ")) + made)
            return
        }
        let name = bound ?? "result"
        if op.output != nil { out.line("let \(name): \(scenes.swiftType(op.output!))") }
        var failure: GenerationLimit?
        out.block("do") { body in
            body.line((op.output != nil ? "\(name) = " : "") + invocation)
        }
        // The failure's message is `error` itself: `auth.error` reads it, with no record made for it.
        var handling = onError
        if let failed = call.binding?.value {
            handling = onError.map { step in
                step.rewritten { node in
                    guard case .member(let base, "error", _) = node.kind, case .identifier(failed) = base.kind else { return nil }
                    return ExprNode(.identifier("error"), at: node.location)
                }
            }
        }
        var handler = SwiftText()
        do throws(GenerationLimit) { try self.steps(handling, useCase: useCase, into: &handler) } catch { failure.collect(error) }
        let handled = handler.lines.joined(separator: "\n")
        func uses(_ name: String) -> Bool { Self.mentions(Self.codeOnly(handled), name) }
        // The worker's tracing wrapper recorded the failure; what handles it here is caused by it.
        out.chain("catch") { body in
            // `error` is the failure's message, and the name the call binds holds it as `{ error: String }`.
            if uses("error") { body.line("let error = \"\\(error)\"") }
            if let bound, uses(bound) { body.line("let \(bound) = WorkerError(error: \(uses("error") ? "error" : "\"\\(error)\""))") }
            for line in handler.lines { body.line(line) }
            body.line("return")
        }
        if let failure { throw failure }
    }

    /// `code` with the text of its string literals blanked out (interpolated expressions kept): a name in a message
    /// is not a use of it.
    static func codeOnly(_ code: String) -> String {
        var out = ""
        var inString = false, escaped = false
        var depth = 0  // parentheses open inside an interpolation
        let chars = Array(code)
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if inString && depth == 0 {
                if escaped {
                    escaped = false
                    if c == "(" { depth = 1; out.append(c) } else { out.append(" ") }
                } else if c == "\\" {
                    escaped = true
                    out.append(" ")
                } else if c == "\"" {
                    inString = false
                    out.append(c)
                } else {
                    out.append(" ")
                }
            } else {
                if inString {
                    if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                } else if c == "\"" {
                    inString = true
                }
                out.append(c)
            }
            index += 1
        }
        return out
    }

    /// Whether `code` uses the name `name` (not as part of a longer name, nor as a label `name:`).
    /// `lines` with each constant no other line reads (`let loaded = try trace.call(…)` whose value the scenario
    /// never uses) written as a discarded value, which Swift does not warn about.
    static func discardingUnused(_ lines: [String]) -> [String] {
        lines.enumerated().map { index, line in
            let text = line.drop { $0 == " " }
            guard text.hasPrefix("let "), let equals = text.range(of: " = ") else { return line }
            let name = String(text[text.index(text.startIndex, offsetBy: 4)..<equals.lowerBound])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                  !lines.enumerated().contains(where: { $0.offset != index && mentions($0.element, name) }) else { return line }
            return String(line.prefix(line.count - text.count)) + "_ = " + text[equals.upperBound...]
        }
    }

    static func mentions(_ code: String, _ name: String) -> Bool {
        let scalars = Array(code.unicodeScalars), target = Array(name.unicodeScalars)
        func isNamePart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
        var index = 0
        while index + target.count <= scalars.count {
            if Array(scalars[index..<(index + target.count)]) == target,
               index == 0 || !isNamePart(scalars[index - 1]) && scalars[index - 1] != ".",
               index + target.count == scalars.count || !isNamePart(scalars[index + target.count]) && scalars[index + target.count] != ":" {
                return true
            }
            index += 1
        }
        return false
    }

    // MARK: - Presenter

    func presenter() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let presentation = protocolName(.presentationLogic) ?? "\(name)PresentationLogic"
        out.block("protocol \(presentation)") { body in
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    body.line("func \(declaration(naming.presenterMethod(useCase, output: output), types: [scenes.swiftTypeName(responseType(useCase, output))], name: "response"))")
                }
            }
        }
        out.line()
        var failure: GenerationLimit?
        out.block("final class \(component(.presenter)): \(presentation)") { body in
            // A View controller is held weakly (it holds the Presenter's scene); a SwiftUI View is a value.
            body.line("\(viewHoldsDataStore ? "" : "weak ")var \(presenterView): \(protocolName(.displayLogic) ?? "\(name)DisplayLogic")?")
            if presenterUsesTrace { body.line("var trace: SceneTrace!") }
            var translator = scenes.translator()
            for useCase in scene.useCases {
                body.mark(SwiftSpelling.words(useCase.name.rawValue))
                for output in useCase.outputs {
                    body.gap()
                    translator.types = ExprTypes(scenario: scenes.scenario, roots: ["response": output.response])
                    let method = naming.presenterMethod(useCase, output: output)
                    body.block("func \(declaration(method, types: [scenes.swiftTypeName(responseType(useCase, output))], name: "response"))") { function in
                        var run = SwiftText()
                        defer { logic(run.lines, into: &function) }
                        do {
                            guard case .viewModel(let assignments) = output.presenter else {
                                failure.collect(GenerationLimit("generate writes Presenters that build a ViewModel", at: output.location, id: "generate/presenter"))
                                return
                            }
                            let arguments = output.viewModel.compactMap { field -> String? in
                                guard let value = assignments.first(where: { $0.target == field.name }) else { return nil }
                                return "\(SwiftSpelling.label(field.name)): \(translator.translate(value.value).bare)"
                            }
                            let type = viewModelType(useCase, output)
                            let display = naming.viewMethod(useCase, output: output)
                            if viewModelCrosses(useCase, output) && modelParameter(display, name: "viewModel") == nil {
                                // A method that takes nothing, shown a ViewModel that says nothing: none to make.
                                run.line("\(presenterView)?.\(call(display, []))")
                                return
                            }
                            run.line("let viewModel = \(type)(\(arguments.joined(separator: ", ")))")
                            if viewModelCrosses(useCase, output) {
                                run.line("\(presenterView)?.\(call(display, ["viewModel"]))")
                            } else {
                                run.block("trace.display(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, output)), \(literal(protocolName(.displayLogic))), \(SwiftSpelling.literal(display)), viewModel, type: \(SwiftSpelling.literal(type)))") { send in
                                    send.line("\(presenterView)?.\(call(display, ["viewModel"]))")
                                }
                            }
                        }
                    }
                }
            }
        }
        if let failure { throw failure }
        // `response` is the method's parameter.
        return out.text.replacingOccurrences(of: "(_ value: ", with: "(_ response: ")
    }

    // MARK: - View controller

    func viewController() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let display = protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        let routing = protocolName(.routingLogic) ?? "\(name)RoutingLogic"
        let passing = protocolName(.dataPassing) ?? "\(name)DataPassing"
        displayLogic(display, classBound: true, into: &out)
        out.line()
        if observesLabels {
            labelsDeclaration(into: &out)
            out.line()
        }
        var failure: GenerationLimit?
        let wiredByView = scenes.scenario.wiring == .setup
        // The scene's tracing file makes the View Controller a SceneTracing.
        out.block("final class \(component(.view)): SceneViewController, \(display)") { body in
            body.line("var interactor: \(protocolName(.businessLogic) ?? "\(name)BusinessLogic")?")
            body.line("var router: (\(routing) & \(passing))?")
            var kept = Set<String>()
            for route in scene.routes {
                for field in selections(route) where kept.insert(field.name).inserted {
                    body.line("/// The user's selection, which route '\(route.name)' passes on.")
                    body.line("var \(SwiftSpelling.name(field.name)): \(scenes.swiftType(field.type.unwrapped))?")
                }
            }
            let wire = wiredByView ? "setup()" : "\(component(.configurator)).configure(viewController: self)"
            if observesLabels {
                body.line("/// What the View shows.")
                body.line("var labels = \(labelsClass)()")
            }
            body.mark("Object lifecycle")
            body.block("override init()") { initializer in
                initializer.line("super.init()")
                initializer.line(wire)
            }
            body.line()
            body.line("#if canImport(UIKit)")
            body.block("required init?(coder: NSCoder)") { initializer in
                initializer.line("super.init(coder: coder)")
                initializer.line(wire)
            }
            body.line("#endif")
            if wiredByView {
                body.mark("Setup")
                body.line("/// Creates the scene's components and connects them through their protocols, as the Clean Swift template's setup() does.")
                body.block("private func setup()") { setup in wiring(viewController: "self", into: &setup) }
            }
            lifecycleHooks(into: &body) { useCase, cycle in sendRequest(useCase, into: &cycle) }
            do throws(GenerationLimit) { try useCaseSections(into: &body, viewSteps) } catch { failure.collect(error) }
            userRoutes(into: &body)
        }
        if let failure { throw failure }
        return out.text.replacingOccurrences(of: "(_ value: \(name).", with: "(_ viewModel: \(name).")
    }

    /// A View controller's lifecycle: what loading starts runs after the cycle that showed it (a cycle each, its
    /// Request sent by `send`); going back brings it on screen again, and its appear use cases run. The navigator
    /// calls (and records) `viewDidLoad()` and `viewWillAppear(_:)`, which the scene's trace names; the Request (or
    /// VIPER's event) the View sends on its own starts its cycle where it is recorded.
    func lifecycleHooks(into body: inout SwiftText, _ send: @escaping (UseCase, inout SwiftText) -> Void) {
        let onFirstShow = scene.useCases.filter { $0.trigger.runsOnFirstShow }
        guard !onFirstShow.isEmpty else { return }
        body.mark("View lifecycle")
        body.gap()
        body.block("override func sceneShown(revealed: Bool)") { hook in
            hook.line("super.sceneShown(revealed: revealed)")
            for useCase in onFirstShow {
                hook.block(useCase.trigger == .load ? "if !revealed" : "do") { run in
                    var cycle = SwiftText()
                    send(useCase, &cycle)
                    // The Request the View makes on its own: a new one (VIPER's empty ones go unsaid).
                    if cycle.lines.contains(where: { Self.mentions($0, "request") }) {
                        run.line("let request = \(scenes.swiftTypeName(requestType(useCase)))()")
                    }
                    for line in cycle.lines { run.line(line) }
                }
            }
        }
    }

    /// The lifecycle methods a View controller's trace names for the navigator to record: `viewDidLoad()`, and
    /// `viewWillAppear(_:)` where coming back on screen starts a use case.
    var lifecycleMethods: (load: String?, appear: String?) {
        (naming.loadMethod, scene.useCases.contains { $0.trigger == .appear } ? naming.appearMethod : nil)
    }

    /// Each use case's section of a View: the user's action (the action use cases, and those the story has the user
    /// start though they also run on their own, as a reload of what loads with the scene), then its display logic,
    /// written by `display`.
    func useCaseSections(into body: inout SwiftText,
                         _ display: ([Step], inout SwiftText) throws(GenerationLimit) -> Void) throws(GenerationLimit) {
        var failure: GenerationLimit?
        let performed = Set(scenes.scenario.story.compactMap { $0.performs }.filter { $0.scene == scene.name }.map(\.useCase))
        for useCase in scene.useCases {
            body.mark(SwiftSpelling.words(useCase.name.rawValue))
            if useCase.trigger == .action || performed.contains(useCase.name) {
                actionMethod(useCase, declaration: declaration(naming.interactorMethod(useCase), types: [requestType(useCase)], name: "request"), into: &body) { cycle in
                    sendRequest(useCase, into: &cycle)
                }
            }
            for output in useCase.outputs {
                body.gap()
                body.block("func \(declaration(naming.viewMethod(useCase, output: output), types: [viewModelType(useCase, output)], name: "viewModel"))") { method in
                    var steps = SwiftText()
                    do throws(GenerationLimit) { try display(output.view, &steps) } catch { failure.collect(error) }
                    logic(steps.lines, into: &method)
                }
            }
        }
        if let failure { throw failure }
    }

    /// The DisplayLogic protocol: a method per output, taking its ViewModel (class-bound for a View Controller, which
    /// the Presenter holds weakly).
    func displayLogic(_ name: String, classBound: Bool, into out: inout SwiftText) {
        out.block("protocol \(name)\(classBound ? ": AnyObject" : "")") { body in
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    body.line("func \(declaration(naming.viewMethod(useCase, output: output), types: [viewModelType(useCase, output)], name: "viewModel"))")
                }
            }
        }
    }

    /// The scene's components made and connected through their protocols, each connection recorded; `viewController`
    /// names the View Controller where the lines are written.
    func wiring(viewController: String, into out: inout SwiftText) {
        out.line("let interactor = \(component(.interactor))()")
        out.line("let presenter = \(component(.presenter))()")
        out.line("let router = \(component(.router))()")
        for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
            out.line("\(wiringVariable(link.holder, viewController: viewController)).\(link.property) = \(wiringVariable(link.target, viewController: viewController))")
        }
        // The one line that records the scene: delete it with the tracing file and nothing of SceneFlow is left.
        out.line("\(tracingName).record(viewController: \(viewController), interactor: interactor, presenter: presenter, router: router)")
    }

    /// A View's call of its Router outside a closure, without the `self.` a closure needs (`router?.showHome()`); a
    /// selection kept (`self.row = row`) keeps it, as the parameter may share the property's name.
    static func outsideClosure(_ line: String) -> String {
        line.hasPrefix("self.router?.") ? String(line.dropFirst("self.".count)) : line
    }

    /// The variable holding a part where a Clean Swift scene is wired (the View Controller as `viewController` names
    /// it; the Interactor is the DataStore).
    func wiringVariable(_ role: ComponentRole, viewController: String) -> String {
        switch role {
        case .view: viewController
        case .dataStore: "interactor"
        default: role.rawValue
        }
    }

    /// The pattern's wiring, link by link: `holder.property = target` (each component in the variable `variable`
    /// names) and its `configure` message; then the Interactor's workers, recorded (VIPER's through their input
    /// protocols).
    func connect(into out: inout SwiftText, recordingOnly: Bool = false, _ variable: (ComponentRole) -> String) {
        for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
            if !recordingOnly { out.line("\(variable(link.holder)).\(link.property) = \(variable(link.target))") }
            let through = link.through.flatMap { protocolName($0) }
            out.line("trace.configure(trace.\(link.holder.traceName), \(SwiftSpelling.literal(link.property)), \(literal(through)), trace.\(link.target.traceName))")
        }
        // A worker the Interactor makes itself (`made: byHolder`) is not wired: nothing to record.
        for worker in scene.workers where worker.isWired {
            let through = naming.workerProtocol(worker, scene: scene.name)
            out.line("trace.configure(trace.interactor, \(SwiftSpelling.literal(naming.workerProperty(worker.name))), \(literal(through)), trace.worker(\(SwiftSpelling.literal(worker.name.rawValue))))")
        }
    }

    /// The Configurator of the Clean Swift templates that wire a scene from outside its View Controller.
    func configurator() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        out.line("/// Creates \(name)'s components and connects them through their protocols; the View Controller asks for it")
        out.line("/// when it is made.")
        out.block("enum \(component(.configurator))") { body in
            body.block("static func configure(viewController: \(component(.view)))") { configure in
                wiring(viewController: "viewController", into: &configure)
            }
        }
        return out.text
    }

    func sendRequest(_ useCase: UseCase, into out: inout SwiftText) {
        let method = naming.interactorMethod(useCase)
        let hasRequest = !(useCase.request.isEmpty && scenes.definition.flow.omitsEmptyRequest)
        // An Interactor method that takes the Request's fields (`bookmark(articleID:)`) is given each.
        let arguments = takesRequest(useCase) || !hasRequest ? ["request"] : useCase.request.map { "request.\(SwiftSpelling.name($0.name))" }
        out.line("interactor?.\(call(method, arguments))")
    }

    /// A label shown whose value's type the scenario does not tell: the View's labels cannot declare it.
    static func untypedLabel(_ labels: [Assignment], at location: SourceLocation) -> GenerationLimit {
        GenerationLimit("generate cannot tell the type of what '\(labels.first?.target ?? "")' shows, which the View's labels declare; give the value a type the scenario knows (a field of the ViewModel)",
                        at: location, id: "generate/step")
    }

    func viewSteps(_ steps: [Step], into out: inout SwiftText) throws(GenerationLimit) {
        let translator = scenes.translator()
        // The property of each label the View's labels hold, where the tracing file observes them.
        let labelProperties = observesLabels ? Dictionary(shownLabels.map { ($0.name, $0.property) }, uniquingKeysWith: { first, _ in first }) : nil
        var unwritten: GenerationLimit?
        for step in steps {
            do throws(GenerationLimit) {
                switch step.kind {
                case .show(let labels) where labelProperties != nil:
                    for label in labels {
                        out.line("labels.\(labelProperties![label.target]!) = \(translator.translate(label.value).bare)")
                    }
                case .show(let labels):
                    throw Self.untypedLabel(labels, at: step.location)
                case .route(let routeName, let condition, let arguments):
                    let route = scene.route(routeName.value.rawValue)!
                    var body = SwiftText()
                    // The Router's wrapper records the route.
                    for line in routeInvocation(route, routeValues(route, arguments, translator: translator), view: "self") {
                        body.line(Self.outsideClosure(line))
                    }
                    if let condition {
                        out.block("if \(translator.translate(condition).bare)") { branch in
                            for line in body.lines { branch.line(line) }
                        }
                    } else {
                        for line in body.lines { out.line(line) }
                    }
                case .conditional(let condition, let then, let otherwise):
                    try conditional(condition, then, otherwise, translator: translator, into: &out) { steps, body throws(GenerationLimit) in
                        try viewSteps(steps, into: &body)
                    }
                case .bind(let assignments):
                    for assignment in assignments {
                        out.line("let \(SwiftSpelling.name(assignment.target)) = \(translator.translate(assignment.value).bare)")
                    }
                default:
                    throw GenerationLimit("generate does not write this step in a View yet", at: step.location, id: "generate/step")
                }
            } catch { unwritten.collect(error) }
        }
        if let unwritten { throw unwritten }
    }

    /// The values of a route's inputs, in its input's order.
    func routeValues(_ route: Route, _ arguments: [Assignment], translator: ExpressionTranslator) -> [String] {
        route.input.map { field in
            guard let argument = arguments.first(where: { $0.target == field.name }) else { return "nil" }
            return translator.translate(argument.value).code
        }
    }

    /// What a route message records of its input: `Record(traced: [("row", row)])` and its type's name, or `nil`s.
    func routeRecord(_ route: Route, _ values: [String]) -> (input: String, inputType: String) {
        guard !route.input.isEmpty else { return ("nil", "nil") }
        let fields = zip(route.input, values).map { "(\(SwiftSpelling.literal($0.name)), \($1))" }
        return ("Record(traced: [" + fields.joined(separator: ", ") + "])",
                SwiftSpelling.literal(TypeNames.routeInput(scene: scene.name, route: route.name)))
    }

    /// The routes the user takes from this View on their own (a story's `route:` step: a table row's segue, a bar
    /// button), each the View's method: what an app's `tableView(_:didSelectRowAt:)` or action does.
    var userRouteList: [Route] {
        let taken = Set(scenes.scenario.story.compactMap { step -> String? in
            guard case .route(let sceneName, let routeName, _) = step.action, sceneName.value == scene.name else { return nil }
            return routeName.value.rawValue
        })
        return scene.routes.filter { taken.contains($0.name.rawValue) }
    }

    /// The View's method for a route the user takes (`openShowOrder(row:)` for `toShowOrder`).
    func userRouteMethod(_ route: Route) -> String {
        let name = route.name.rawValue
        let stem = name.hasPrefix("to") && name.count > 2 && name.dropFirst(2).first!.isUppercase ? String(name.dropFirst(2)) : name
        return PatternNaming.signature(nil, default: "open" + SwiftSpelling.upperFirst(stem), labels: route.input.map(\.name))
    }

    /// The View's methods for the routes the user takes: each keeps the selection its route passes and asks the Router.
    func userRoutes(into body: inout SwiftText) {
        let routes = userRouteList
        guard !routes.isEmpty else { return }
        body.mark("Routes the user takes")
        for route in routes {
            let names = route.input.map { SwiftSpelling.name($0.name) }
            let parameters = route.input.map { "\(SwiftSpelling.name($0.name)): \(scenes.swiftType($0.type))" }
            body.gap()
            body.line("/// " + SwiftSpelling.comment(route.description ?? "The user takes route '\(route.name)'."))
            body.block("func \(SwiftSpelling.methodName(userRouteMethod(route)))(\(parameters.joined(separator: ", ")))") { method in
                // The Router's wrapper records the route.
                for line in routeInvocation(route, names, view: "self") { method.line(Self.outsideClosure(line)) }
            }
        }
    }

    /// The route's inputs its method does not take (`routeToShowOrder(segue:)` with a `row`): the user's selection,
    /// which the View keeps and the Router reads from it, as a real app reads its table's selected row.
    func selections(_ route: Route) -> [FieldDecl] {
        let labels = SwiftSpelling.labels(of: naming.routeMethod(route))
        return route.input.filter { !labels.contains($0.name) }
    }

    /// Lines that take a route from `view` (`self` in the View): the selections it keeps, then the Router's method
    /// (`showHome()`, `routeToShowOrder(segue: nil)`; labels that are not inputs, such as UIKit's `segue:`, get nil).
    func routeInvocation(_ route: Route, _ values: [String], view: String) -> [String] {
        var lines: [String] = []
        for field in selections(route) {
            let value = route.input.firstIndex { $0.name == field.name }.map { values[$0] } ?? "nil"
            lines.append("\(view).\(SwiftSpelling.name(field.name)) = \(value)")
        }
        let method = naming.routeMethod(route)
        let arguments = SwiftSpelling.labels(of: method).map { label -> String in
            let value = route.input.firstIndex { $0.name == label }.map { values[$0] } ?? "nil"
            return label == "_" ? value : "\(label): \(value)"
        }
        lines.append("\(view).router?.\(PatternNaming.baseName(method))(\(arguments.joined(separator: ", ")))")
        return lines
    }

    /// The route's Swift declaration: the method's labels, a label that is not an input (UIKit's `segue:`) an `Any?`.
    func routeDeclaration(_ route: Route, defaults: Bool) -> String {
        let method = naming.routeMethod(route)
        let parameters = SwiftSpelling.labels(of: method).map { label -> String in
            if let field = route.input.first(where: { $0.name == label }) { return "\(label): \(scenes.swiftType(field.type))" }
            return "\(label == "_" ? "_ sender" : label): Any?" + (defaults ? " = nil" : "")
        }
        return "\(SwiftSpelling.methodName(method))(\(parameters.joined(separator: ", ")))"
    }

    // MARK: - Router

    func router() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let routing = protocolName(.routingLogic) ?? "\(name)RoutingLogic"
        let passing = protocolName(.dataPassing) ?? "\(name)DataPassing"
        let store = protocolName(.dataStore) ?? "\(name)DataStore"
        out.block("protocol \(routing)") { body in
            for route in scene.routes { body.line("func \(routeDeclaration(route, defaults: false))") }
        }
        out.line()
        out.block("protocol \(passing)") { body in
            body.line("var dataStore: \(store)? { get }")
        }
        out.line()
        let translator = scenes.translator(dataStore: "source", viewState: "source")
        out.block("final class \(component(.router)): \(routing), \(passing)") { body in
            body.line("weak var viewController: \(component(.view))?")
            body.line("var dataStore: \(store)?")
            // As the templates divide a Router: the routes, then how each navigates, then what each passes on.
            var routeSection = SwiftText(), navigationSection = SwiftText(), passingSection = SwiftText()
            for route in scene.routes {
                guard let destination = route.destination?.value else {
                    // Back to whichever scene is below: nothing to pass, the scene below is found on the stack.
                    writeRouteBackToWhicheverIsBelow(route, declaration: routeDeclaration(route, defaults: true),
                                                     finding: "guard let destinationVC = viewController?.navigator.below(SceneViewController.self) else { return }",
                                                     arguments: "source: viewController!, destination: destinationVC", into: &routeSection)
                    writeNavigation(route, destinationView: "SceneViewController", into: &navigationSection)
                    continue
                }
                let destinationWriter = SceneWriter(scenes: scenes, scene: scenes.scenario.scene(destination)!)
                let destinationView = destinationWriter.component(.view)
                let destinationStore = destinationWriter.protocolName(.dataStore) ?? "\(destination)DataStore"
                let passData = naming.passDataMethod(route)
                let navigate = naming.navigateMethod(route)
                routeSection.gap()
                routeSection.block("func \(routeDeclaration(route, defaults: true))") { method in
                    for field in selections(route) {
                        method.line("guard let \(SwiftSpelling.name(field.name)) = viewController?.\(SwiftSpelling.name(field.name)) else { return }")
                    }
                    if route.navigation.goesBack {
                        method.line("guard let destinationVC = viewController?.navigator.below(\(destinationView).self) else { return }")
                    } else {
                        method.line("let destinationVC = \(destinationView)()")
                    }
                    method.line("var destinationDS = destinationVC.router!.dataStore!")
                    let inputs = route.input.map { "\(SwiftSpelling.label($0.name)): \(SwiftSpelling.name($0.name))" }
                    let passing = "\(SwiftSpelling.methodName(passData))(source: dataStore!, destination: &destinationDS\(inputs.isEmpty ? "" : ", " + inputs.joined(separator: ", ")))"
                    method.line(passing)
                    method.line("\(SwiftSpelling.methodName(navigate))(source: viewController!, destination: destinationVC)")
                }
                let inputParameters = route.input.map { ", \(SwiftSpelling.label($0.name)) input\(SwiftSpelling.upperFirst($0.name)): \(scenes.swiftType($0.type))" }.joined()
                passingSection.gap()
                passingSection.block("func \(SwiftSpelling.methodName(passData))(source: \(store), destination: inout \(destinationStore)\(inputParameters))") { pass in
                    for assignment in route.pass {
                        let field = scenes.scenario.scene(destination)!.dataStore.first { $0.name == assignment.target }!
                        var routeTranslator = translator
                        for input in route.input { routeTranslator.inputNames[input.name] = "input\(SwiftSpelling.upperFirst(input.name))" }
                        let value = routeTranslator.translate(assignment.value)
                        // The destination's DataStore records the write as passed by the running route.
                        pass.line("destination.\(SwiftSpelling.name(field.name)) = \(value.bare)")
                    }
                    if route.pass.isEmpty && route.input.isEmpty { pass.line("// The route passes nothing on.") }
                }
                writeNavigation(route, destinationView: destinationView, into: &navigationSection)
            }
            for (title, section) in [("Routing", routeSection), ("Navigation", navigationSection), ("Passing data", passingSection)]
            where !section.lines.isEmpty {
                body.mark(title)
                for line in section.lines { body.line(line) }
            }
        }
        return out.text
    }
}

extension Output {
    /// Whether the Presenter answers with steps (VIPER's `display:` calls) rather than a ViewModel.
    var presentsBySteps: Bool {
        if case .steps = presenter { return true }
        return false
    }
}

extension ComponentRole {
    /// The property of `SceneTrace` holding this role's participant.
    var traceName: String {
        switch self {
        case .configurator: "configurator"
        case .dataStore: "dataStore"
        default: rawValue
        }
    }
}
