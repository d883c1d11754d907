import ScenarioSpec
import TraceFormat

/// Where a list of steps runs: which component, for which use case, handling which event.
struct StepContext {
    enum Role { case interactor, presenter, view }

    var instance: SceneInstance
    var useCase: UseCase
    var output: Output?
    var role: Role
    /// The component running the steps; it sends the messages they cause.
    var sender: Participant
    /// The event being handled: the parent of every event the steps cause.
    var parent: Int?
    var env: Environment
}

extension Engine {
    /// Whether the logic goes on after a step (`validate` and `onError` end it).
    enum Flow { case proceed, stop }

    func execute(_ steps: [Step], _ context: inout StepContext) throws -> Flow {
        for step in steps {
            if try execute(step, &context) == .stop { return .stop }
        }
        return .proceed
    }

    private func execute(_ step: Step, _ context: inout StepContext) throws -> Flow {
        let instance = context.instance
        switch step.kind {
        case .call(let call):
            return try perform(call, step: step, &context)

        case .validate(let condition, let otherwise):
            if try Evaluator.condition(condition, in: context.env) { return .proceed }
            var inner = context
            _ = try execute(otherwise, &inner)
            return .stop

        case .store(let assignments):
            for assignment in assignments {
                let value = try Evaluator.evaluate(assignment.value, in: context.env)
                try store(assignment, value: value, context: context)
            }
            return .proceed

        case .respond(let outputName, let fields):
            let output = outputName.flatMap { context.useCase.output($0.value) } ?? context.useCase.outputs[0]
            var values: [(String, Value)] = []
            for field in output.response {
                if let assignment = fields.first(where: { $0.target == field.name }) {
                    values.append((field.name, Coercion.coerce(try Evaluator.evaluate(assignment.value, in: context.env), to: field.type)))
                } else {
                    values.append((field.name, field.initialValue ?? .null))
                }
            }
            let response = Value.record(Record(values))
            let names = instance.names.useCase(context.useCase)
            let omitted = output.response.isEmpty && definition.flow.omitsEmptyResponse
            let event = try emit(
                .response(useCase: context.useCase.name, output: names.tracedOutput(output), Invocation(
                    protocolName: instance.names.presentationLogic, method: names.presenterMethod(output),
                    payloadType: omitted ? nil : names.responseType(output), payload: omitted ? nil : response)),
                from: context.sender, to: instance.presenter, at: step.location, parent: context.parent)
            try runPresenter(instance, context.useCase, output, response: response, parent: event)
            return .proceed

        case .bind(let assignments):
            for assignment in assignments {
                context.env.bind(assignment.target, try Evaluator.evaluate(assignment.value, in: context.env))
            }
            return .proceed

        case .conditional(let condition, let then, let otherwise):
            var inner = context
            if case .binding(let name, let valueNode) = condition.root.kind {
                // `if: let order = …`: `then:` runs with `order` bound when the value is not nil.
                let value = try Evaluator.evaluate(Expr(text: condition.text, root: valueNode, location: condition.location),
                                                   in: context.env)
                if value.isNull { return try execute(otherwise, &inner) }
                inner.env.bind(name, value)
                return try execute(then, &inner)
            }
            let branch = try Evaluator.condition(condition, in: context.env) ? then : otherwise
            return try execute(branch, &inner)

        case .show(let labels):
            for label in labels {
                let value = try Evaluator.evaluate(label.value, in: context.env)
                instance.shown[label.target] = value
                try emit(.show(label: label.target, value: value), from: instance.view, to: user,
                         at: label.targetLocation, parent: context.parent)
            }
            return .proceed

        case .set(let assignments):
            for assignment in assignments {
                let value = try Evaluator.evaluate(assignment.value, in: context.env)
                try set(assignment, value: value, context: context)
            }
            return .proceed

        case .route(let name, let condition, let arguments):
            if let condition, try !Evaluator.condition(condition, in: context.env) { return .proceed }
            let route = instance.scene.route(name.value.rawValue)!
            let input = try record(of: arguments, fields: route.input, env: context.env)
            try performRoute(route, from: instance, input: input, sender: context.sender, parent: context.parent,
                             at: name.location)
            return .proceed

        case .delegate(let method, let arguments):
            try callBack(method, arguments: arguments, context: context)
            return .proceed

        case .wait(let milliseconds):
            clock += milliseconds.value
            return .proceed

        case .leave(let how):
            try leave(instance, how, sender: context.sender, parent: context.parent, at: how.location)
            return .proceed

        case .display(let method, let values):
            var shown: [(String, Value)] = []
            for value in values {
                shown.append((value.target, try Evaluator.evaluate(value.value, in: context.env)))
            }
            let event = try emit(
                .display(useCase: context.useCase.name,
                         output: context.output.flatMap { instance.names.useCase(context.useCase).tracedOutput($0) },
                         Invocation(protocolName: instance.names.displayLogic,
                                    method: PatternNaming.signature(method.value, default: method.value,
                                                                    labels: values.isEmpty ? [] : ["_"]),
                                    payload: shown.isEmpty ? nil : .record(Record(shown)))),
                from: context.sender, to: instance.view, at: method.location, parent: context.parent)
            for (label, value) in shown {
                instance.shown[label] = value
                try emit(.show(label: label, value: value), from: instance.view, to: user,
                         at: values.first { $0.target == label }?.targetLocation, parent: event)
            }
            return .proceed
        }
    }

    /// `call:` — a worker operation, the Interactor's method of a use case, or another component's method, as the
    /// loader resolved it.
    private func perform(_ call: Call, step: Step, _ context: inout StepContext) throws -> Flow {
        let instance = context.instance
        let worker: Worker, operation: WorkerOperation
        let shared: Bool
        switch call.target {
        case .worker(let workerName, let operationName)?:
            worker = instance.scene.worker(workerName.rawValue)!
            operation = worker.operation(operationName.rawValue)!
            shared = false
        case .sharedWorker(let workerName, let operationName)?:
            worker = scenario.sharedWorker(workerName.rawValue)!
            operation = worker.operation(operationName.rawValue)!
            shared = true
        case .useCase(let name)?:
            let target = instance.scene.useCase(name.rawValue)!
            let request = try record(of: call.arguments.map { Assignment(target: $0.label, at: $0.labelLocation, value: $0.value) },
                                     fields: target.request, env: context.env)
            try callInteractor(target, request: request, context: context, at: step.location)
            return .proceed
        case .component(let role)?:
            return try callComponent(call, role: role, step: step, context)
        case nil:
            preconditionFailure("the loader resolves every call")
        }
        let arguments = try record(of: call.arguments.map { Assignment(target: $0.label, at: $0.labelLocation, value: $0.value) },
                                   fields: operation.input, env: context.env)
        let workerParticipant: Participant
        if !shared {
            workerParticipant = instance.worker(worker.name.rawValue)
        } else if let known = sharedWorkerParticipants[worker.name] {
            workerParticipant = known
        } else {
            workerParticipant = makeParticipant(.worker, worker.name.rawValue, nil, nil)
            sharedWorkerParticipants[worker.name] = workerParticipant
        }
        let names = instance.names.operation(operation, of: worker)
        let callEvent = try emit(
            .workerCall(operation: operation.name, style: callStyle(operation), Invocation(
                protocolName: names.inputProtocol, method: names.method, payloadType: names.inputType,
                payload: operation.input.isEmpty ? nil : arguments)),
            from: context.sender, to: workerParticipant, at: step.location, parent: context.parent)

        var (outcome, latency, answer) = try decide(operation, of: worker, shared: shared, in: instance, arguments: arguments, at: step.location)
        if case .case(let index) = answer {
            outcome = try answerCase(operation.cases[index], of: worker, output: operation.output, arguments: arguments)
        }
        clock += latency
        switch outcome {
        case .todo:
            throw RuntimeError("'\(worker.name).\(operation.name)' answers with a placeholder ('todo'); write its result, or give it with 'given:'",
                               at: call.receiver.location)
        case .returns:
            preconditionFailure("answerCase evaluates 'returns'")
        case .result(let value), .fixture(_, let value):
            let callback = operation.callbacks?.result
            try emit(.workerResult(WorkerAnswer(
                        operation: operation.name,
                        invocation: Invocation(protocolName: callback == nil ? names.inputProtocol : names.outputProtocol,
                                               method: callback ?? names.method, payloadType: names.outputType,
                                               payload: operation.output == nil ? nil : value),
                        answer: answer, latency: latency)),
                     from: workerParticipant, to: context.sender, at: step.location, parent: callEvent)
            if let binding = call.binding { context.env.bind(binding.value, value) }
            return .proceed
        case .error(let message):
            let callback = operation.callbacks?.error
            let errorEvent = try emit(.workerError(WorkerAnswer(
                                          operation: operation.name,
                                          invocation: Invocation(protocolName: callback == nil ? names.inputProtocol : names.outputProtocol,
                                                                 method: callback ?? names.method),
                                          answer: answer, latency: latency), error: message),
                                      from: workerParticipant, to: context.sender, at: step.location, parent: callEvent)
            guard let onError = call.onError else {
                throw RuntimeError("'\(worker.name).\(operation.name)' failed with \"\(message)\", and the call has no 'onError'",
                                   at: call.receiver.location,
                                   notes: [Diagnostic.Note("add 'onError:' steps to handle the failure")])
            }
            var handler = context
            handler.parent = errorEvent
            handler.env.bind("error", .string(message))
            if let binding = call.binding {
                handler.env.bind(binding.value, .record(Record([("error", .string(message))])))
            }
            _ = try execute(onError, &handler)
            return .stop
        }
    }

    /// The outcome of a worker call: this step's stub, else the first case whose condition holds.
    private func decide(_ operation: WorkerOperation, of worker: Worker, shared: Bool, in instance: SceneInstance, arguments: Value,
                        at location: SourceLocation) throws -> (WorkerCase.Outcome, Int, Answer) {
        let scene: SceneName? = shared ? nil : instance.scene.name
        if let stub = stubs.first(where: { $0.scene == scene && $0.worker == worker.name && $0.operation == operation.name }) {
            return (stub.outcome, stub.latency ?? operation.latency, .given)
        }
        let env = workerEnvironment(worker, arguments: arguments)
        for (index, candidate) in operation.cases.enumerated() {
            if let condition = candidate.condition, try !Evaluator.condition(condition, in: env) { continue }
            return (candidate.outcome, candidate.latency ?? operation.latency, .case(index))
        }
        throw RuntimeError("no case of '\(worker.name).\(operation.name)' matches \(arguments)", at: location,
                           notes: [Diagnostic.Note("add a last case without 'when' (a default) to '\(worker.name).\(operation.name)'",
                                                   at: operation.location)])
    }

    /// How the trace says the call answers.
    private func callStyle(_ operation: WorkerOperation) -> CallStyle {
        if operation.callbacks != nil { return .callback }
        switch operation.style {
        case .return: return .return
        case .completion: return .completion
        case .async: return .async
        }
    }

    /// What a worker's case sees: the inputs by name, `input`, and a shared worker's `state`.
    private func workerEnvironment(_ worker: Worker, arguments: Value) -> Environment {
        // Only workers the app shares keep state: the others need no lookup.
        var env = Environment(instance: nil, world: world, workerState: worker.state.isEmpty ? nil : world.workerStates[worker.name])
        if case .record(let record) = arguments {
            for (name, value) in record.fields { env.bind(name, value) }
        }
        env.bind("input", arguments)
        return env
    }

    /// The case's answer, computed when it is an expression, and its `update:` written to the worker's state
    /// (every value computed from the state before the call).
    private func answerCase(_ chosen: WorkerCase, of worker: Worker, output: TypeRef?, arguments: Value) throws -> WorkerCase.Outcome {
        guard !chosen.updates.isEmpty || { if case .returns = chosen.outcome { return true } else { return false } }() else {
            return chosen.outcome
        }
        var env = workerEnvironment(worker, arguments: arguments)
        for binding in chosen.bindings { env.bind(binding.target, try Evaluator.evaluate(binding.value, in: env)) }
        var outcome = chosen.outcome
        if case .returns(let expr) = chosen.outcome {
            let value = try Evaluator.evaluate(expr, in: env)
            outcome = .result(output.map { Coercion.coerce(value, to: $0) } ?? value)
        }
        var updated = world.workerStates[worker.name] ?? Record()
        for update in chosen.updates {
            let field = worker.state.first { $0.name == update.target }!
            updated[update.target] = Coercion.coerce(try Evaluator.evaluate(update.value, in: env), to: field.type)
        }
        if !chosen.updates.isEmpty { world.workerStates[worker.name] = updated }
        return outcome
    }

    /// A method of another component of the scene (`call: Presenter.refresh`).
    private func callComponent(_ call: Call, role: ComponentRole, step: Step, _ context: StepContext) throws -> Flow {
        let instance = context.instance
        var values: [(String, Value)] = []
        for argument in call.arguments {
            values.append((argument.label, try Evaluator.evaluate(argument.value, in: context.env)))
        }
        try emit(.call(Invocation(method: call.method.value + "(" + call.arguments.map { "\($0.label):" }.joined() + ")",
                                  payload: values.isEmpty ? nil : .record(Record(values)))),
                 from: context.sender, to: participant(role, of: instance), at: step.location, parent: context.parent)
        return .proceed
    }

    /// `delegate:` — calls back the scene that showed this one, as `delegate?.didUpdateStatus(with:)` does: a message
    /// from the sender to the View of the scene below on the stack; each of that scene's use cases that answer the
    /// method runs once the current cycles end, its Request taking the call's values by name.
    private func callBack(_ method: Located<String>, arguments: [Assignment], context: StepContext) throws {
        let instance = context.instance
        guard let index = stack.firstIndex(where: { $0 === instance }), index > 0 else {
            throw RuntimeError("'\(instance.scene.name)' calls back '\(method.value)', but no scene below it showed it",
                               at: method.location,
                               notes: [Diagnostic.Note("the navigation stack is " + stack.map { $0.scene.name.rawValue }.joined(separator: " → "))])
        }
        let opener = stack[index - 1]
        var values: [(String, Value)] = []
        for argument in arguments { values.append((argument.target, try Evaluator.evaluate(argument.value, in: context.env))) }
        let signature = PatternNaming.signature(method.value, default: method.value, labels: arguments.map(\.target))
        let call = try emit(.call(Invocation(method: signature, payload: values.isEmpty ? nil : .record(Record(values)))),
                            from: context.sender, to: opener.view, at: method.location, parent: context.parent)
        for useCase in opener.scene.useCases where useCase.delegate?.value == method.value {
            let request = try record(of: arguments, fields: useCase.request, env: context.env)
            pendingCallbacks.append((opener, useCase, request, call, "\(instance.scene.name) calls back \(signature)"))
        }
    }

    /// A record of declared fields from `name: expression` arguments, with defaults for the rest.
    func record(of arguments: [Assignment], fields: [FieldDecl], env: Environment) throws -> Value {
        var values: [(String, Value)] = []
        for field in fields {
            if let argument = arguments.first(where: { $0.target == field.name }) {
                values.append((field.name, Coercion.coerce(try Evaluator.evaluate(argument.value, in: env), to: field.type)))
            } else {
                values.append((field.name, field.initialValue ?? .null))
            }
        }
        return .record(Record(values))
    }

    /// A write to the AppState (by the Interactor, or by the Router passing data on): published, and every View on the
    /// stack whose rendering reads the AppState re-renders.
    func publish(_ name: String, _ value: Value, from sender: Participant, at location: SourceLocation, parent: Int?) throws {
        let field = scenario.appState.first { $0.name == name }!
        let coerced = Coercion.coerce(value, to: field.type)
        world.appState[name] = coerced
        let publish = try emit(.publish(FieldWrite(field: name, type: field.type.description, value: coerced)),
                               from: sender, to: appStateParticipant, at: location, parent: parent)
        for observer in stack where observer.scene.view.shows.contains(where: { $0.value.text.contains("appState") }) {
            let render = try emit(.render(method: "body"), from: appStateParticipant, to: observer.view, at: location,
                                  parent: publish)
            try self.render(observer, cause: render)
        }
    }

    /// `store:` — the DataStore (Clean Swift, VIPER) or AppState (appstate, which then publishes the change).
    private func store(_ assignment: Assignment, value: Value, context: StepContext) throws {
        let instance = context.instance
        let target = assignment.field!
        if target.holder == .appState {
            try publish(target.name, value, from: context.sender, at: assignment.targetLocation, parent: context.parent)
            return
        }
        let name = target.name
        let field = instance.scene.dataStore.first { $0.name == name }!
        let coerced = Coercion.coerce(value, to: field.type)
        instance.dataStore[name] = coerced
        let write = try emit(.dataStoreWrite(FieldWrite(protocolName: instance.names.dataStore, field: name,
                                                        type: instance.names.dataStoreType(of: field), value: coerced)),
                             from: context.sender, to: instance.dataStoreParticipant, at: assignment.targetLocation,
                             parent: context.parent)
        try render(instance, cause: write)
    }

    /// `set:` — the View's own state, or in swiftui the DataStore it holds.
    private func set(_ assignment: Assignment, value: Value, context: StepContext) throws {
        let instance = context.instance
        let target = assignment.field!
        let name = target.name
        let write: Int
        if target.holder == .viewState, let field = instance.scene.view.state.first(where: { $0.name == name }) {
            let coerced = Coercion.coerce(value, to: field.type)
            instance.viewState[name] = coerced
            write = try emit(.stateWrite(FieldWrite(field: name, type: field.type.description, value: coerced)),
                             from: instance.view, to: instance.view, at: assignment.targetLocation, parent: context.parent)
        } else {
            let field = instance.scene.dataStore.first { $0.name == name }!
            let coerced = Coercion.coerce(value, to: field.type)
            instance.dataStore[name] = coerced
            write = try emit(.dataStoreWrite(FieldWrite(protocolName: instance.names.dataStore, field: name,
                                                        type: instance.names.dataStoreType(of: field), value: coerced)),
                             from: instance.view, to: instance.dataStoreParticipant, at: assignment.targetLocation,
                             parent: context.parent)
        }
        try render(instance, cause: write)
    }
}
