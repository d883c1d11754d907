import ScenarioSpec
import SwiftSyntax

/// Reads method bodies the way a reviewer does: which worker is called, which DataStore field is written, what the
/// Presenter is sent, what the ViewModel is made of. Expressions it can say in the scenario language are
/// translated; everything else becomes `todo` and is listed with its place.
struct BodyReader {
    /// Names an expression may use, and what they become (`request` → `request`, `orders` → `orders`).
    var bound: [String: String] = [:]
    /// The Interactor's DataStore fields: `self.orders` and `orders` become `dataStore.orders`.
    var dataStoreFields: Set<String> = []
    /// Property names that hold workers, and the worker type each holds.
    var workers: [String: String] = [:]
    /// Operations whose answer may be nil, as `Worker.operation`: a default after asking one (`?? []`) is kept.
    var optionalAnswers: Set<String> = []
    /// By worker: the component's methods it calls back through a delegate (`worker.output = self`), read after a
    /// call to it.
    var workerCallbacks: [String: [String]] = [:]
    /// Names an `if let` or `guard let` rebinds: what they hold is narrowed, which the scenario cannot say yet.
    var shadowed: Set<String> = []
    /// Property names that hold the Presenter.
    var presenterProperties: Set<String> = ["presenter"]
    /// VIPER: the methods of the Interactor's output protocol, by name, with their parameters' names: a call of one
    /// on the Presenter is the answer through that output.
    var outputs: [String: [String]] = [:]
    /// Properties that hold an observable state object, and the scenario's name for it: SwiftUI's `dataStore` the
    /// View holds, the `appState` an Interactor writes. `appState?.count` reads `appState.count`.
    var stateRoots: [String: String] = [:]
    /// Whether writes to a state root are the View's own (`set:`, SwiftUI VIP's display logic) rather than `store:`.
    var writesAreSets = false
    /// The component's own methods, by name: a call of one (`self.loadItems()`) is read where it is made, once.
    var ownMethods: [String: SwiftIndex.Method] = [:]
    /// Own methods already read on the way here (a method that calls itself is read once).
    var inlined: Set<String> = []
    /// The component's properties whose `didSet` does something (`var addresses … { didSet { presenter?.dataRefreshed() } }`):
    /// what the observer does follows every write, read where the write is made, once.
    var observers: [String: (method: SwiftIndex.Method, statements: CodeBlockItemListSyntax)] = [:]
    /// The Presenter's methods by name, with their parameters: a call that hands over values rather than a
    /// Response names them by the parameters.
    var presenterParameters: [String: [SwiftIndex.Parameter]] = [:]
    /// The Presenter's methods that take one model (a Response): a call's fields are the model's, however it is made.
    var presenterModels: Set<String> = []
    /// The Presenter's methods that take a Response written as an enum, with the fields its cases carry: a case sent
    /// (`.success`, `.failure(message:)`) leaves the fields it does not carry nil.
    var enumResponseFields: [String: [String]] = [:]
    /// A case name → the enums that have it (`SwiftIndex.enumsByCase`): `.economy` is `Fare.economy` when one enum has it.
    var enumsByCase: [String: [String]] = [:]
    let converter: SourceLocationConverter
    let file: String
    private(set) var steps: [ImportedApp.Step] = []
    private(set) var unmapped: [ImportedApp.Unmapped] = []
    /// `let response = X.Y.Response(…)` seen so far: the variable and the call's arguments.
    private var builtRecords: [String: LabeledExprListSyntax] = [:]
    /// `let send: ([Item]) -> Void = { … }` seen so far: what a call of the local runs, read where it is called.
    private var localClosures: [String: ClosureExprSyntax] = [:]

    init(converter: SourceLocationConverter, file: String, enumsByCase: [String: [String]] = [:]) {
        self.converter = converter
        self.file = file
        self.enumsByCase = enumsByCase
    }

    /// A reader of `method`'s body that knows the app's enums (`.economy` is `Fare.economy`).
    init(_ method: SwiftIndex.Method, in index: SwiftIndex) {
        self.init(converter: method.converter, file: method.location.file, enumsByCase: index.enumsByCase)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let place = node.startLocation(converter: converter)
        return SourceLocation(file: file, line: place.line, column: place.column)
    }

    // MARK: - Interactor logic

    /// The steps of an Interactor method: worker calls (following their completion handlers), DataStore writes and
    /// the Response sent to the Presenter.
    mutating func readInteractor(_ statements: CodeBlockItemListSyntax) {
        for item in statements { read(Syntax(item.item)) }
    }

    /// A call of the recording SceneFlow's generated code makes (`trace.stored(…)`, `trace.run { … }`): it records a
    /// message and is not one.
    static func isRecording(_ node: some SyntaxProtocol) -> Bool {
        let expression = node.as(ExprSyntax.self) ?? node.as(ExpressionStmtSyntax.self)?.expression
        guard let call = expression.map(unwrapTryAwait)?.as(FunctionCallExprSyntax.self),
              let access = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "trace"
    }

    /// The worker call a recorded call wraps: `trace.call(…) { try authWorker.login(…) }`.
    func wrappedWorkerCall(_ call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        guard Self.isRecording(call), let closure = call.trailingClosure, closure.statements.count == 1,
              let item = closure.statements.first?.item else { return nil }
        let expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression
        guard let inner = expression.map(Self.unwrapTryAwait)?.as(FunctionCallExprSyntax.self), workerCall(inner) != nil else { return nil }
        return inner
    }

    mutating func read(_ node: Syntax) {
        if let declaration = node.as(VariableDeclSyntax.self) {
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let value = binding.initializer?.value else { continue }
                let unwrapped = Self.unwrapTryAwait(value)
                if let closure = unwrapped.as(ClosureExprSyntax.self) {
                    localClosures[name] = closure
                    bound[name] = nil
                    continue
                }
                if let recorded = unwrapped.as(FunctionCallExprSyntax.self), let call = wrappedWorkerCall(recorded), let worker = workerCall(call) {
                    steps.append(.call(worker: worker.type, operation: worker.operation, binding: Self.safe(name),
                                       arguments: callArguments(call.arguments), location: location(call)))
                    bound[name] = Self.safe(name)
                    continue
                }
                // `let body = worker?.body(of: subject) ?? ""`: the worker is asked; its answer falls back to the default.
                if let (call, fallback) = workerCallWithDefault(unwrapped), let worker = workerCall(call) {
                    let answer = Self.safe(name)
                    steps.append(.call(worker: worker.type, operation: worker.operation, binding: answer,
                                       arguments: callArguments(call.arguments), location: location(call)))
                    bound[name] = optionalAnswers.contains("\(worker.type).\(worker.operation)") ? translated(fallback).map { "\(answer) ?? \($0)" } ?? answer : answer
                    continue
                }
                if let call = unwrapped.as(FunctionCallExprSyntax.self) {
                    if let worker = workerCall(call) {
                        steps.append(.call(worker: worker.type, operation: worker.operation, binding: Self.safe(name),
                                           arguments: callArguments(call.arguments), location: location(call)))
                        bound[name] = Self.safe(name)
                        continue
                    }
                    // `X.Y.Response(…)`, or a case of a Response written as an enum (`X.Response.initial(…)`).
                    if call.calledExpression.trimmedDescription.hasSuffix("Response")
                        || call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription.hasSuffix("Response") == true {
                        builtRecords[name] = call.arguments
                        continue
                    }
                }
                bound[name] = nil
                // `let task = Task { … }`, `let cancellable = worker.fetch().sink { … }`: what runs is read, and what
                // the chain hands the Presenter.
                if let call = unwrapped.as(FunctionCallExprSyntax.self) {
                    readCallsAround(call)
                    if let handed = handedToPresenter(call) { steps.append(.respond(method: handed, [], location: location(call))) }
                }
            }
            return
        }
        if let expression = node.as(ExprSyntax.self) ?? node.as(ExpressionStmtSyntax.self)?.expression {
            readExpression(expression)
            return
        }
        if let statement = node.as(StmtSyntax.self) {
            readStatement(statement)
        }
    }

    private mutating func readStatement(_ statement: StmtSyntax) {
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            let before = steps
            steps = []
            readInteractor(guardStatement.body.statements)
            let otherwise = steps
            steps = before
            // `guard condition else { … }` and `guard let a = x, let b = y else { … }`: the scenario's `validate:`, the
            // names bound to what they unwrap.
            var parts: [String] = []
            var unwrapped: [(String, String)] = []
            var selfBindings = 0
            for element in guardStatement.conditions {
                // `guard let self = self`, `guard let weakSelf = self`: the closure's object, not a condition.
                if let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                   binding.initializer?.value.trimmedDescription ?? binding.pattern.trimmedDescription == "self" {
                    selfBindings += 1
                    continue
                }
                if let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                   let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                   let value = binding.initializer?.value, let call = Self.unwrapTryAwait(value).as(FunctionCallExprSyntax.self),
                   let worker = workerCall(call) {
                    // `guard let list = repository.list(withId: id) else { … }`: the worker is asked, then its answer checked.
                    steps.append(.call(worker: worker.type, operation: worker.operation, binding: Self.safe(name),
                                       arguments: callArguments(call.arguments), location: location(call)))
                    parts.append("\(Self.safe(name)) != nil")
                    unwrapped.append((name, Self.safe(name)))
                } else if let condition = element.condition.as(ExprSyntax.self), let said = translated(condition) {
                    parts.append(parts.isEmpty && guardStatement.conditions.count == 1 ? said : "(\(said))")
                } else if let binding = element.condition.as(OptionalBindingConditionSyntax.self),
                          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                          let value = binding.initializer.map({ translated($0.value) }) ?? bound[name] {
                    parts.append("\(value) != nil")
                    unwrapped.append((name, value))
                } else {
                    parts = []
                    break
                }
            }
            if selfBindings == guardStatement.conditions.count {
                // Only the closure's object: what the else does is leave.
            } else if !parts.isEmpty, guardStatement.conditions.count == parts.count + selfBindings {
                steps.append(.validate(parts.joined(separator: " && "), otherwise: otherwise, location: location(guardStatement)))
                for (name, value) in unwrapped { bound[name] = value }
            } else {
                for condition in guardStatement.conditions {
                    if let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                       let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        shadowed.insert(name)
                        bound[name] = nil
                    }
                }
                if !otherwise.isEmpty {
                    unmapped.append(.init(message: "'guard \(Self.firstLine(guardStatement.conditions))' is not translated; its else branch is read in order",
                                          location: location(guardStatement)))
                    steps += otherwise
                }
            }
            return
        }
        if let switchStatement = statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self) {
            readSwitch(switchStatement)
            return
        }
        if let loop = statement.as(ForStmtSyntax.self) {
            unmapped.append(.init(message: "'for \(Self.firstLine(loop.pattern)) in …' is not translated; its body is read once",
                                  location: location(loop)))
            readInteractor(loop.body.statements)
            return
        }
        if let loop = statement.as(WhileStmtSyntax.self) {
            unmapped.append(.init(message: "a 'while' loop is not translated; its body is read once", location: location(loop)))
            readInteractor(loop.body.statements)
            return
        }
        if let deferred = statement.as(DeferStmtSyntax.self) {
            readInteractor(deferred.body.statements)
            return
        }
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            readExpression(expression.expression)
            return
        }
        if let doStatement = statement.as(DoStmtSyntax.self) {
            readInteractor(doStatement.body.statements)
            // What a `catch` does (a Presenter told of the failure) is read after the `do`, as a switch's cases are.
            for clause in doStatement.catchClauses where !clause.body.statements.isEmpty {
                unmapped.append(.init(message: "'\(Self.firstLine(clause))' is not translated; what it does is read after its 'do'",
                                      location: location(clause)))
                readInteractor(clause.body.statements)
            }
            return
        }
        if let returned = statement.as(ReturnStmtSyntax.self) {
            // What a closure or helper returns may be a call that does the work (`return worker.load(since:)`).
            if let expression = returned.expression.map(Self.unwrapTryAwait), expression.is(FunctionCallExprSyntax.self) {
                readExpression(expression)
            }
            return
        }
        unmapped.append(.init(message: "'\(Self.firstLine(statement))' is not translated", location: location(statement)))
    }

    private mutating func readExpression(_ expression: ExprSyntax) {
        let expression = Self.unwrapTryAwait(expression)
        // `if let value = optional { … }` (or `if let value`): the scenario's `if: let value = …`.
        if let ifExpression = expression.as(IfExprSyntax.self), ifExpression.conditions.count == 1,
           let binding = ifExpression.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let value = binding.initializer?.value, let call = Self.unwrapTryAwait(value).as(FunctionCallExprSyntax.self),
           let worker = workerCall(call) {
            // `if let user = store.currentUser() { … }`: the worker is asked, then its answer checked.
            steps.append(.call(worker: worker.type, operation: worker.operation, binding: Self.safe(name),
                               arguments: callArguments(call.arguments), location: location(call)))
            let before = steps
            let outer = bound[name]
            steps = []
            bound[name] = Self.safe(name)
            readInteractor(ifExpression.body.statements)
            let then = steps
            steps = []
            if let elseBody = ifExpression.elseBody {
                if let block = elseBody.as(CodeBlockSyntax.self) { readInteractor(block.statements) }
                if let nested = elseBody.as(IfExprSyntax.self) { readExpression(ExprSyntax(nested)) }
            }
            let otherwise = steps
            bound[name] = outer
            steps = before + [.conditional("\(Self.safe(name)) != nil", then: then, otherwise: otherwise, location: location(ifExpression))]
            return
        }
        if let ifExpression = expression.as(IfExprSyntax.self), ifExpression.conditions.count == 1,
           let binding = ifExpression.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
           let value = binding.initializer.map({ translated($0.value) }) ?? translated(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))) {
            let before = steps
            let outer = bound[name]
            steps = []
            bound[name] = Self.safe(name)
            readInteractor(ifExpression.body.statements)
            let then = steps
            bound[name] = outer
            steps = []
            if let elseBody = ifExpression.elseBody {
                if let block = elseBody.as(CodeBlockSyntax.self) { readInteractor(block.statements) }
                if let nested = elseBody.as(IfExprSyntax.self) { readExpression(ExprSyntax(nested)) }
            }
            let otherwise = steps
            steps = before + [.conditional("let \(Self.safe(name)) = \(value)", then: then, otherwise: otherwise, location: location(ifExpression))]
            return
        }
        if let ifExpression = expression.as(IfExprSyntax.self), ifExpression.conditions.count == 1,
           let condition = ifExpression.conditions.first?.condition.as(ExprSyntax.self), let said = translated(condition) {
            // A condition the scenario can say: the branches stay branches.
            let before = steps
            steps = []
            readInteractor(ifExpression.body.statements)
            let then = steps
            steps = []
            if let elseBody = ifExpression.elseBody {
                if let block = elseBody.as(CodeBlockSyntax.self) { readInteractor(block.statements) }
                if let nested = elseBody.as(IfExprSyntax.self) { readExpression(ExprSyntax(nested)) }
            }
            let otherwise = steps
            steps = before + [.conditional(said, then: then, otherwise: otherwise, location: location(ifExpression))]
            return
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            unmapped.append(.init(message: "'if \(ifExpression.conditions.trimmedDescription)' is not translated; both branches are read in order",
                                  location: location(ifExpression)))
            for condition in ifExpression.conditions {
                if let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                   let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    shadowed.insert(name)
                    bound[name] = nil
                }
            }
            readInteractor(ifExpression.body.statements)
            if let elseBody = ifExpression.elseBody {
                if let block = elseBody.as(CodeBlockSyntax.self) { readInteractor(block.statements) }
                if let nested = elseBody.as(IfExprSyntax.self) { readExpression(ExprSyntax(nested)) }
            }
            return
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            readSwitch(switchExpression)
            return
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            var elements = Array(sequence.elements)
            // A write to a property with a `didSet`: the observer runs after it, whatever the write is read as.
            let observed = elements.count >= 3 && (elements[1].is(AssignmentExprSyntax.self)
                || elements[1].as(BinaryOperatorExprSyntax.self).map { $0.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains($0.operator.text) } == true)
                ? Self.ownField(elements[0]) ?? elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text : nil
            defer { if let observed, bound[observed] == nil { readObserver(of: observed) } }
            // `done = page == total`, `count += a + b`: the target, the assignment and the whole value after it.
            if elements.count > 3, elements[1].is(AssignmentExprSyntax.self)
                || elements[1].as(BinaryOperatorExprSyntax.self).map({ $0.operator.text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains($0.operator.text) }) == true {
                let value = SequenceExprSyntax(elements: ExprListSyntax(Array(elements[2...])))
                elements = [elements[0], elements[1], ExprSyntax(value)]
            }
            // `worker = InboxWorker()`: the part makes the worker it holds where it uses it (the Clean Swift template's
            // way), which the scenario says as the worker's `made: byHolder`.
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let held = Self.ownField(elements[0]), workers[held] != nil,
               let made = Self.unwrapTryAwait(elements[2]).as(FunctionCallExprSyntax.self),
               made.calledExpression.trimmedDescription.first?.isUppercase == true {
                return
            }
            // `subjects = worker?.fetchSubjects() ?? []`: the worker is asked, and its answer (or the default) stored.
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let (call, fallback) = workerCallWithDefault(elements[2]),
               let worker = workerCall(call) {
                let target = elements[0].trimmedDescription
                let field = Self.ownField(elements[0]) ?? (target.hasPrefix("self.") ? String(target.dropFirst(5)) : target)
                let answer = Self.safe(field)
                steps.append(.call(worker: worker.type, operation: worker.operation, binding: answer,
                                   arguments: callArguments(call.arguments), location: location(call)))
                let value = optionalAnswers.contains("\(worker.type).\(worker.operation)") ? translated(fallback).map { "\(answer) ?? \($0)" } ?? answer : answer
                if dataStoreFields.contains(field) {
                    steps.append(.store([ImportedApp.Assignment(field: field, expression: value, location: location(elements[0]))],
                                        location: location(sequence)))
                } else if !target.contains(".") {
                    bound[target] = value
                }
                return
            }
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
               let recorded = Self.unwrapTryAwait(elements[2]).as(FunctionCallExprSyntax.self), let call = wrappedWorkerCall(recorded),
               let worker = workerCall(call) {
                // `auth = try trace.call(…) { try authWorker.login(…) }`, declared before a `do`.
                let name = elements[0].trimmedDescription
                steps.append(.call(worker: worker.type, operation: worker.operation, binding: Self.safe(name),
                                   arguments: callArguments(call.arguments), location: location(call)))
                bound[name] = Self.safe(name)
                return
            }
            // `appState?.count += 1`, `dataStore.someInt = 0`: a write to an observable state object.
            if elements.count == 3, let (root, field) = stateTarget(elements[0]) {
                let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text
                if elements[1].is(AssignmentExprSyntax.self) || ["+=", "-=", "*=", "/="].contains(op ?? "") {
                    var value = translate(elements[2])
                    if let op, value != "todo" { value = "\(root).\(field) \(op.dropLast()) \(value)" }
                    let assignment = ImportedApp.Assignment(field: field, expression: value, location: location(elements[0]))
                    steps.append(writesAreSets ? .set([assignment], location: location(sequence)) : .store([assignment], location: location(sequence)))
                    return
                }
            }
            // `items[index] = item`, `self?.favorites[id] = true`: a DataStore field changed in place.
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let subscripted = elements[0].as(SubscriptCallExprSyntax.self),
               let field = Self.ownField(subscripted.calledExpression), dataStoreFields.contains(field) {
                steps.append(.store([ImportedApp.Assignment(field: field, expression: "todo", location: location(elements[0]))],
                                    location: location(sequence)))
                unmapped.append(.init(message: "'\(Self.firstLine(sequence))' changes '\(field)' in place; its new value is todo",
                                      location: location(sequence)))
                return
            }
            // `model.title = request.title`, `self.items[0].done = true`: a DataStore field changed in place through
            // what it holds.
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let field = Self.fieldHolding(elements[0]),
               dataStoreFields.contains(field), bound[field] == nil {
                steps.append(.store([ImportedApp.Assignment(field: field, expression: "todo", location: location(elements[0]))],
                                    location: location(sequence)))
                unmapped.append(.init(message: "'\(Self.firstLine(sequence))' changes '\(field)' in place; its new value is todo",
                                      location: location(sequence)))
                readClosures(in: elements[2])
                return
            }
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let field = Self.ownField(elements[0]),
               dataStoreFields.contains(field), !elements[0].trimmedDescription.hasPrefix(field) || elements[0].trimmedDescription == field {
                steps.append(.store([ImportedApp.Assignment(field: field, expression: translate(elements[2]),
                                                            location: location(elements[0]))],
                                    location: location(sequence)))
                readClosures(in: elements[2])
                return
            }
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                let target = elements[0].trimmedDescription
                let field = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
                if dataStoreFields.contains(field) {
                    steps.append(.store([ImportedApp.Assignment(field: field, expression: translate(elements[2]),
                                                                location: location(elements[0]))],
                                        location: location(sequence)))
                    readClosures(in: elements[2])
                    return
                }
            }
            // `self.items += more`: a DataStore field changed in place.
            if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op.hasSuffix("="), op != "==",
               let field = Self.ownField(elements[0]), dataStoreFields.contains(field) {
                let value = translated(elements[2]).map { "dataStore.\(field) \(op.dropLast()) \($0)" } ?? "todo"
                steps.append(.store([ImportedApp.Assignment(field: field, expression: value, location: location(elements[0]))],
                                    location: location(sequence)))
                return
            }
            // `let x = try worker.fetch()` declared earlier, a value assigned from what runs in a closure.
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
                let value = Self.unwrapTryAwait(elements[2])
                if let call = value.as(FunctionCallExprSyntax.self), let worker = workerCall(call) {
                    let name = elements[0].trimmedDescription
                    steps.append(.call(worker: worker.type, operation: worker.operation, binding: name.contains(".") ? nil : Self.safe(name),
                                       arguments: callArguments(call.arguments), location: location(call)))
                    if !name.contains(".") { bound[name] = Self.safe(name) }
                    return
                }
                readClosures(in: elements[2])
            }
            unmapped.append(.init(message: "'\(Self.firstLine(sequence))' is not translated", location: location(sequence)))
            return
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if Self.isRecording(call) {
                // Recording in generated code: what it wraps (`trace.run { … }`, `trace.response(…) { presenter?… }`)
                // is the logic; the call itself only records.
                if let closure = call.trailingClosure { readInteractor(closure.statements) }
                return
            }
            if let worker = workerCall(call) {
                // Its completion handlers, in the order written (`success:`, then a trailing `failure`): the first
                // names the result.
                let closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
                    + [call.trailingClosure].compactMap { $0 } + call.additionalTrailingClosures.map(\.closure)
                let binding = closures.first.flatMap(Self.firstParameter)
                steps.append(.call(worker: worker.type, operation: worker.operation, binding: binding.map(Self.safe),
                                   arguments: callArguments(call.arguments), location: location(call)))
                for closure in closures { readClosure(closure) }
                // A worker that answers through a delegate: what the component does when called back, in order.
                for name in workerCallbacks[worker.type] ?? [] where !inlined.contains(name) {
                    if let callback = ownMethods[name] { readOwnMethod(callback, call: call, bindArguments: false) }
                }
                return
            }
            if let member = Self.member(of: call), presenterProperties.contains(member.base), let parameters = outputs[member.name] {
                var fields = zip(parameters, call.arguments).map { name, argument in
                    ImportedApp.Assignment(field: name, expression: translate(argument.expression), location: location(argument))
                }
                // An output that takes one model (`didRetrievePosts(_ response: …Response)`): the model's fields, as made.
                if presenterModels.contains(member.name), let argument = call.arguments.first?.expression {
                    if let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text, let arguments = builtRecords[name] {
                        fields = assignments(arguments)
                    } else if let inline = Self.unwrapTryAwait(argument).as(FunctionCallExprSyntax.self) {
                        fields = assignments(inline.arguments)
                    } else {
                        fields = []
                    }
                }
                steps.append(.respondOutput(member.name, fields, location: location(call)))
                return
            }
            if let member = Self.member(of: call), presenterProperties.contains(member.base) {
                // Work done in the arguments (`presenter.present(titles: repository.allTitles())`) comes first.
                for argument in call.arguments {
                    for inner in CallCollector.calls(in: argument) {
                        guard let worker = workerCall(inner) else { continue }
                        steps.append(.call(worker: worker.type, operation: worker.operation, binding: nil,
                                           arguments: callArguments(inner.arguments), location: location(inner)))
                    }
                }
                let argument = call.arguments.first?.expression
                var fields: [ImportedApp.Assignment] = []
                if let carried = enumResponseFields[member.name], let sent = argument.flatMap(sentCase) {
                    // A case of a Response written as an enum: its values, nil for what it does not carry.
                    let given = sent.arguments.map(assignments) ?? []
                    fields = carried.map { name in
                        given.first { $0.field == name } ?? ImportedApp.Assignment(field: name, expression: "nil", location: location(call))
                    }
                } else if let name = argument?.as(DeclReferenceExprSyntax.self)?.baseName.text, let arguments = builtRecords[name] {
                    fields = assignments(arguments)
                } else if let inline = argument.flatMap({ Self.unwrapTryAwait($0).as(FunctionCallExprSyntax.self) }),
                          inline.calledExpression.trimmedDescription.hasSuffix("Response") || presenterModels.contains(member.name) {
                    fields = assignments(inline.arguments)
                } else if presenterModels.contains(member.name) {
                    // A Response made elsewhere: its fields are the Response's, not translated here.
                    fields = []
                } else if let parameters = presenterParameters[member.name] {
                    // Values handed over as they are (`presentNews(news)`): named by the method's parameters.
                    fields = zip(parameters, call.arguments).compactMap { parameter, argument in
                        argument.expression.is(ClosureExprSyntax.self) ? nil
                            : ImportedApp.Assignment(field: parameter.name, expression: translate(argument.expression), location: location(argument))
                    }
                }
                steps.append(.respond(method: member.name, fields, location: location(call)))
                readClosures(of: call)
                return
            }
            if let own = ownMethodCalled(call) {
                readOwnMethod(own, call: call)
                return
            }
            // A local closure called (`send(lists)`, `completion?(items)`): what it runs, its parameters bound to
            // what it is given.
            if let name = Self.calledLocal(call), let closure = localClosures.removeValue(forKey: name) {
                // Work done in the arguments comes first.
                for argument in call.arguments {
                    for inner in CallCollector.calls(in: argument) {
                        guard let worker = workerCall(inner) else { continue }
                        steps.append(.call(worker: worker.type, operation: worker.operation, binding: nil,
                                           arguments: callArguments(inner.arguments), location: location(inner)))
                    }
                }
                let names = Self.parameterNames(closure)
                let outer = names.map { bound[$0] }
                for (parameter, argument) in zip(names, call.arguments) { bound[parameter] = translated(argument.expression) }
                readInteractor(closure.statements)
                for (parameter, value) in zip(names, outer) { bound[parameter] = value }
                localClosures[name] = closure
                return
            }
            // A worker reached at the start of a chain (`worker.fetch().sink { … }`): the call, then what its
            // closures do.
            if let inner = innerWorkerCall(call), let worker = workerCall(inner) {
                // What the chain receives is named by a `receiveValue:` closure wherever it is in the chain
                // (`.sink { completion in … } receiveValue: { user in … }.store(in: &bag)`), else by the last closure.
                let closure = Self.valueClosure(inChainOf: call)
                    ?? call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
                let binding = closure.flatMap(Self.firstParameter)
                steps.append(.call(worker: worker.type, operation: worker.operation, binding: binding.map(Self.safe),
                                   arguments: callArguments(inner.arguments), location: location(inner)))
                if let binding { bound[binding] = Self.safe(binding) }
                readClosures(of: call)
                return
            }
            // `.bind(to: presenter.presentLoadRelay)`, `.sink(receiveValue: presenter.presentItems)`: the Presenter is
            // told through what the chain hands it.
            if let handed = handedToPresenter(call) {
                readClosures(of: call)
                steps.append(.respond(method: handed, [], location: location(call)))
                return
            }
            // `items.append(item)`, `storage.news.removeAll()`, `regions.sort { … }`: a DataStore field (or what it
            // holds) changed in place; a closure it takes is read too.
            if let member = Self.member(of: call), let field = Self.changedField(member, dataStoreFields),
               Self.mutatingNames.contains(where: { member.name.hasPrefix($0) }) {
                steps.append(.store([ImportedApp.Assignment(field: field, expression: "todo", location: location(call))],
                                    location: location(call)))
                unmapped.append(.init(message: "'\(Self.firstLine(expression))' changes '\(field)' in place; its new value is todo",
                                      location: location(call)))
                readClosures(of: call)
                return
            }
            // DispatchQueue.main.async { … }, Task { … } and any other call taking closures, or chained to one
            // (`Publishers.Zip(a, b).sink { … } receiveValue: { … }.store(in: &bag)`): what they run is read.
            if Self.chainTakesClosures(call) {
                if !call.calledExpression.trimmedDescription.contains("async") && call.calledExpression.trimmedDescription != "Task" {
                    unmapped.append(.init(message: "'\(Self.firstLine(expression))' is not translated; what its closures do is read",
                                          location: location(expression)))
                }
                readClosures(of: call)
                return
            }
        }
        unmapped.append(.init(message: "'\(Self.firstLine(expression))' is not translated", location: location(expression)))
    }

    /// The enum case an argument sends: `.success`, `.failure(message: m)`, `LoginModel.Response.failure(…)`, or a
    /// local made so; nil for anything else.
    func sentCase(_ argument: ExprSyntax) -> (name: String, arguments: LabeledExprListSyntax?)? {
        let argument = Self.unwrapTryAwait(argument)
        if let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text, let arguments = builtRecords[name] { return (name, arguments) }
        if let access = argument.as(MemberAccessExprSyntax.self), access.base == nil || access.base?.trimmedDescription.hasSuffix("Response") == true {
            return (access.declName.baseName.text, nil)
        }
        if let call = argument.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
           access.base == nil || access.base?.trimmedDescription.hasSuffix("Response") == true {
            return (access.declName.baseName.text, call.arguments)
        }
        return nil
    }

    /// The local a call calls by name: `send(x)`, `handler?(x)`.
    static func calledLocal(_ call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let optional = called.as(OptionalChainingExprSyntax.self) { called = optional.expression }
        return called.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// A closure's parameter names, in order (`{ items, error in … }`, `{ (items: [Item]) in … }`); `$0`, `$1` when it
    /// names none.
    static func parameterNames(_ closure: ClosureExprSyntax) -> [String] {
        guard let signature = closure.signature?.parameterClause else { return ["$0", "$1", "$2"] }
        if let shorthand = signature.as(ClosureShorthandParameterListSyntax.self) { return shorthand.map(\.name.text) }
        if let clause = signature.as(ClosureParameterClauseSyntax.self) {
            return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
        return []
    }

    /// What a call hands the Presenter as a value (`bind(to: presenter.presentLoadRelay)`): the Presenter's member.
    func handedToPresenter(_ call: FunctionCallExprSyntax) -> String? {
        for argument in call.arguments {
            guard let access = argument.expression.as(MemberAccessExprSyntax.self), let base = access.base else { continue }
            var text = base.trimmedDescription
            while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
            if text.hasPrefix("self.") { text.removeFirst(5) }
            if presenterProperties.contains(text) { return access.declName.baseName.text }
        }
        return nil
    }

    /// Every case of a `switch`, in order (the scenario has no `switch`; each case's steps are kept).
    private mutating func readSwitch(_ switchExpression: SwitchExprSyntax) {
        unmapped.append(.init(message: "'switch \(Self.firstLine(switchExpression.subject))' is not translated; its cases are read in order",
                              location: location(switchExpression)))
        for item in switchExpression.cases {
            guard let switchCase = item.as(SwitchCaseSyntax.self) else { continue }
            // What a case binds (`case .success(let movies)`) is not what the same name means outside.
            let names = switchCase.label.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                if case .identifier(let text) = token.tokenKind, token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.let)
                    || token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.var) { return text }
                return nil
            }
            let outer = names.map { (bound[$0], shadowed.contains($0)) }
            for name in names { bound[name] = nil; shadowed.insert(name) }
            readInteractor(switchCase.statements)
            for (name, before) in zip(names, outer) {
                bound[name] = before.0
                if !before.1 { shadowed.remove(name) }
            }
        }
    }

    /// The closures a call takes, each read in order.
    private mutating func readClosures(of call: FunctionCallExprSyntax) {
        // A chain's earlier calls first (`relay.flatMap { … }.map { … }`, `fetch { … }.resume()`): they run first.
        if let base = Self.chainBase(of: call), workerCall(base) == nil {
            readClosures(of: base)
        }
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { readClosure(closure) }
        }
        if let closure = call.trailingClosure { readClosure(closure) }
        for extra in call.additionalTrailingClosures { readClosure(extra.closure) }
    }

    /// Closures anywhere in an expression (an argument of an argument).
    private mutating func readClosures(in expression: ExprSyntax) {
        if let call = Self.unwrapTryAwait(expression).as(FunctionCallExprSyntax.self) { readClosures(of: call) }
    }

    private mutating func readClosure(_ closure: ClosureExprSyntax) {
        if let parameter = Self.firstParameter(closure), bound[parameter] == nil { bound[parameter] = Self.safe(parameter) }
        readInteractor(closure.statements)
    }

    /// The innermost call at the start of a chain, when it is a worker's: `worker.fetch()` in
    /// `worker.fetch().receive(on: .main).sink { … }`.
    /// The call a chained call is made on (`a.sink { … }` in `a.sink { … }.store(in: &bag)`), through `?` and `!`.
    static func chainBase(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var node = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map(Self.unwrapTryAwait)
        while let chained = node?.as(OptionalChainingExprSyntax.self) { node = chained.expression }
        while let forced = node?.as(ForceUnwrapExprSyntax.self) { node = forced.expression }
        return node?.as(FunctionCallExprSyntax.self)
    }

    /// Whether a call, or one it is chained to, takes a closure.
    static func chainTakesClosures(_ call: FunctionCallExprSyntax) -> Bool {
        var current: FunctionCallExprSyntax? = call
        var depth = 0
        while let node = current, depth < 16 {
            if node.trailingClosure != nil || node.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) { return true }
            current = chainBase(of: node)
            depth += 1
        }
        return false
    }

    /// The `receiveValue:` (or `onNext:`, `onSuccess:`) closure of a call in the chain ending at `call`.
    static func valueClosure(inChainOf call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        let labels: Set<String> = ["receiveValue", "onNext", "onSuccess", "next", "value"]
        var current: FunctionCallExprSyntax? = call
        var depth = 0
        while let node = current, depth < 16 {
            depth += 1
            for argument in node.arguments {
                if let label = argument.label?.text, labels.contains(label), let closure = argument.expression.as(ClosureExprSyntax.self) {
                    return closure
                }
            }
            for extra in node.additionalTrailingClosures where labels.contains(extra.label.text) { return extra.closure }
            current = chainBase(of: node)
        }
        return nil
    }

    func innerWorkerCall(_ call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        var node = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map(Self.unwrapTryAwait)
        var depth = 0
        while let current = node, depth < 16 {
            depth += 1
            if let inner = current.as(FunctionCallExprSyntax.self) {
                if workerCall(inner) != nil { return inner }
                node = inner.calledExpression.as(MemberAccessExprSyntax.self)?.base.map(Self.unwrapTryAwait)
            } else if let access = current.as(MemberAccessExprSyntax.self) {
                node = access.base.map(Self.unwrapTryAwait)
            } else if let chained = current.as(OptionalChainingExprSyntax.self) {
                node = chained.expression
            } else {
                return nil
            }
        }
        return nil
    }

    /// The component's own method a call names (`loadItems()`, `self.loadItems()`), when not read yet.
    func ownMethodCalled(_ call: FunctionCallExprSyntax) -> SwiftIndex.Method? {
        let name: String?
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = Self.member(of: call), Self.selfAliases.contains(member.base) {
            name = member.name
        } else {
            name = nil
        }
        guard let name, !inlined.contains(name), let method = ownMethods[name], method.body != nil else { return nil }
        return method
    }

    /// A reader for code this one reaches in another body (an own method, a property's `didSet`): the same
    /// component's names, workers and outputs, the body's own place, and `key` added to what is already read.
    private func nested(in method: SwiftIndex.Method, key: String) -> BodyReader {
        var inner = BodyReader(converter: method.converter, file: method.location.file, enumsByCase: enumsByCase)
        inner.dataStoreFields = dataStoreFields
        inner.workers = workers
        inner.optionalAnswers = optionalAnswers
        inner.presenterProperties = presenterProperties
        inner.outputs = outputs
        inner.stateRoots = stateRoots
        inner.writesAreSets = writesAreSets
        inner.ownMethods = ownMethods
        inner.observers = observers
        inner.inlined = inlined.union([key])
        inner.presenterParameters = presenterParameters
        inner.presenterModels = presenterModels
        inner.enumResponseFields = enumResponseFields
        inner.workerCallbacks = workerCallbacks
        return inner
    }

    /// An own method's steps, read where it is called, its parameters bound to what it is given.
    private mutating func readOwnMethod(_ method: SwiftIndex.Method, call: FunctionCallExprSyntax, bindArguments: Bool = true) {
        guard let body = method.body, inlined.count < 6 else { return }
        var inner = nested(in: method, key: method.name)
        for (parameter, argument) in zip(method.parameters, call.arguments) where bindArguments {
            if let value = translated(argument.expression) { inner.bound[parameter.name] = value }
        }
        inner.readInteractor(body.statements)
        steps += inner.steps
        unmapped += inner.unmapped
        if bindArguments { readClosures(of: call) }
    }

    /// What a property's `didSet` does, read after a write to it, as an own method is.
    private mutating func readObserver(of field: String) {
        let key = "didSet " + field
        guard let observer = observers[field], !inlined.contains(key), inlined.count < 6 else { return }
        var inner = nested(in: observer.method, key: key)
        inner.readInteractor(observer.statements)
        steps += inner.steps
        unmapped += inner.unmapped
    }

    /// What a call's arguments and the calls it is chained to run in closures, for a call read for another reason.
    private mutating func readCallsAround(_ call: FunctionCallExprSyntax) {
        if let inner = innerWorkerCall(call), let worker = workerCall(inner) {
            let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
            steps.append(.call(worker: worker.type, operation: worker.operation, binding: closure.flatMap(Self.firstParameter),
                               arguments: callArguments(inner.arguments), location: location(inner)))
        }
        readClosures(of: call)
    }

    /// `appState?.count`, `self.dataStore.someInt`: the state root's scenario name and the field written.
    func stateTarget(_ expression: ExprSyntax) -> (root: String, field: String)? {
        guard let access = expression.as(MemberAccessExprSyntax.self), let base = access.base else { return nil }
        return stateRoot(of: base).map { ($0, access.declName.baseName.text) }
    }

    /// The scenario name of a state root: `appState`, `appState?`, `self.appState`.
    func stateRoot(of base: ExprSyntax) -> String? {
        var node = base
        if let chained = node.as(OptionalChainingExprSyntax.self) { node = chained.expression }
        if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression }
        if let access = node.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            return stateRoots[access.declName.baseName.text]
        }
        if let reference = node.as(DeclReferenceExprSyntax.self) { return stateRoots[reference.baseName.text] }
        return nil
    }

    /// Labelled arguments as field assignments.
    /// A worker call's arguments: by label, and an unlabelled one by its place among the values (`_0`, `_1`: the
    /// scenario names it by the operation's parameter there, `markViewed(_ workout:)` → `workout`).
    func callArguments(_ arguments: LabeledExprListSyntax) -> [ImportedApp.Assignment] {
        var result: [ImportedApp.Assignment] = []
        for (position, argument) in arguments.filter({ !$0.expression.is(ClosureExprSyntax.self) }).enumerated() {
            let field = argument.label?.text ?? "_\(position)"
            result.append(ImportedApp.Assignment(field: field, expression: translate(argument.expression), location: location(argument)))
        }
        return result
    }

    func assignments(_ arguments: LabeledExprListSyntax) -> [ImportedApp.Assignment] {
        arguments.compactMap { argument -> ImportedApp.Assignment? in
            // A completion handler is the call's way back, not one of its values.
            guard let label = argument.label?.text, !argument.expression.is(ClosureExprSyntax.self) else { return nil }
            return ImportedApp.Assignment(field: label, expression: translate(argument.expression), location: location(argument))
        }
    }

    /// `worker?.fetchSubjects() ?? []`, the Clean Swift template's optional worker asked with a default: the call, and
    /// the default's expression (what the answer falls back to when it is nil).
    func workerCallWithDefault(_ value: ExprSyntax) -> (call: FunctionCallExprSyntax, fallback: ExprSyntax)? {
        let value = Self.unwrapTryAwait(value)
        let elements: [ExprSyntax]
        if let sequence = value.as(SequenceExprSyntax.self) { elements = Array(sequence.elements) }
        else if let infix = value.as(InfixOperatorExprSyntax.self) { elements = [infix.leftOperand, infix.operator, infix.rightOperand] }
        else { return nil }
        guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
              let call = Self.unwrapTryAwait(elements[0]).as(FunctionCallExprSyntax.self), workerCall(call) != nil else { return nil }
        return (call, elements[2])
    }

    /// `ordersWorker.fetchOrders(…)`, `self.worker?.login(…)`: the worker type and operation.
    func workerCall(_ call: FunctionCallExprSyntax) -> (type: String, operation: String)? {
        guard let member = Self.member(of: call), let type = workers[member.base] else { return nil }
        return (type, member.name)
    }

    /// `base.name(…)` with `self.` and optional chaining removed: `("presenter", "presentX")`.
    /// The methods that change a collection in place.
    static let mutatingNames = ["append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "sort", "reverse", "shuffle"]

    /// The DataStore field a mutating call's receiver is, or holds (`storage.news` → `storage`).
    static func changedField(_ member: (base: String, name: String), _ fields: Set<String>) -> String? {
        if fields.contains(member.base) { return member.base }
        let root = String(member.base.prefix { $0 != "." && $0 != "?" && $0 != "!" && $0 != "[" })
        return root != member.base && fields.contains(root) ? root : nil
    }

    /// The name a call calls: `present` in `viewController?.present(…)` and in `present(…)`; empty when it calls a
    /// closure or a result.
    static func calledName(_ call: FunctionCallExprSyntax) -> String {
        member(of: call)?.name ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }

    static func member(of call: FunctionCallExprSyntax) -> (base: String, name: String)? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else { return nil }
        // The usual receivers without printing the tree: `presenter.x`, `presenter?.x`, `self.presenter.x`.
        var node = base
        if let chained = node.as(OptionalChainingExprSyntax.self) { node = chained.expression }
        if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression }
        if let reference = node.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return (reference.baseName.text, access.declName.baseName.text)
        }
        if let inner = node.as(MemberAccessExprSyntax.self), inner.declName.argumentNames == nil,
           let root = inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, selfAliases.contains(root) {
            return (inner.declName.baseName.text, access.declName.baseName.text)
        }
        var text = base.trimmedDescription
        if text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        // `self.`, and what a closure calls `self` after `[weak self]` (`weakSelf?.presenter`, `strongSelf.presenter`).
        for alias in selfAliases {
            for separator in [".", "?.", "!."] where text.hasPrefix(alias + separator) {
                text.removeFirst(alias.count + separator.count)
                break
            }
        }
        return (text, access.declName.baseName.text)
    }

    /// The component's own field an expression names: `items`, `self.items`, `self?.items`, `weakSelf.items`.
    static func ownField(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let access = expression.as(MemberAccessExprSyntax.self), var base = access.base else { return nil }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
        guard let root = base.as(DeclReferenceExprSyntax.self)?.baseName.text, selfAliases.contains(root) else { return nil }
        return access.declName.baseName.text
    }

    /// The field an assignment's target reaches into (`model.title`, `self.model?.title`, `self.items[0].done`): its
    /// own field, when the target goes past it; nil for the field itself and for anything not rooted in one.
    static func fieldHolding(_ target: ExprSyntax) -> String? {
        var node = target
        var depth = 0
        var last: String?
        while true {
            if let chained = node.as(OptionalChainingExprSyntax.self) { node = chained.expression; continue }
            if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression; continue }
            if let subscripted = node.as(SubscriptCallExprSyntax.self) { node = subscripted.calledExpression; depth += 1; last = nil; continue }
            if let access = node.as(MemberAccessExprSyntax.self), let base = access.base {
                last = access.declName.baseName.text
                node = base
                depth += 1
                continue
            }
            break
        }
        guard let root = node.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if selfAliases.contains(root) { return depth >= 2 ? last : nil }
        return depth >= 1 ? root : nil
    }

    /// The names an expression starts from that always hold a value.
    static let roots: Set<String> = ["source", "input", "request", "response", "viewModel", "dataStore", "appState", "state"]

    /// A name the code binds, as the scenario may bind it: the names the pattern gives (`request`, `response`, …) are
    /// taken, so the code's `request` is the scenario's `requestValue`.
    static func safe(_ name: String) -> String {
        PatternDefinition.Scopes.Name(rawValue: name) != nil ? name + "Value" : name
    }

    /// What code names `self` by: itself, the names a closure usually gives it after `[weak self]`, and those the app
    /// being read binds it to (`guard let safeSelf = self`).
    static var selfAliases: [String] { usualSelfAliases + appSelfAliases }

    static let usualSelfAliases = ["self", "weakSelf", "strongSelf", "wself", "sself", "wSelf", "sSelf", "welf", "_self", "this", "owner"]

    /// The names the app being read binds `self` to, beyond the usual ones: set for one read.
    @TaskLocal static var appSelfAliases: [String] = []

    static func firstParameter(_ closure: ClosureExprSyntax) -> String? {
        guard let clause = closure.signature?.parameterClause else { return nil }
        if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self) {
            return shorthand.first.map { $0.name.text }.flatMap { $0 == "_" ? nil : $0 }
        }
        if let full = clause.as(ClosureParameterClauseSyntax.self) {
            return full.parameters.first.map { ($0.secondName ?? $0.firstName).text }.flatMap { $0 == "_" ? nil : $0 }
        }
        return nil
    }

    static func unwrapTryAwait(_ expression: ExprSyntax) -> ExprSyntax {
        if let tryExpression = expression.as(TryExprSyntax.self) { return unwrapTryAwait(tryExpression.expression) }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) { return unwrapTryAwait(awaitExpression.expression) }
        return expression
    }

    static func firstLine(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    // MARK: - Expressions

    /// Binary operators the scenario language has.
    static let operators: Set<String> = ["??", "||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"]

    /// The expression in the scenario language, or `todo` for what it cannot say.
    func translate(_ expression: ExprSyntax) -> String {
        translated(expression) ?? "todo"
    }

    /// `ScenarioLogic.add(a, b)` and its kin, which generated code writes for the scenario's operators.
    static let logicOperators = ["add": "+", "subtract": "-", "multiply": "*", "divide": "/", "remainder": "%",
                                 "equal": "==", "less": "<", "lessOrEqual": "<="]

    private func translatedLogic(_ call: FunctionCallExprSyntax) -> String? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "ScenarioLogic" else {
            return nil
        }
        let name = access.declName.baseName.text
        let arguments = Array(call.arguments)
        if let op = Self.logicOperators[name], arguments.count == 2,
           let a = translated(arguments[0].expression), let b = translated(arguments[1].expression) {
            return "(\(a) \(op) \(b))"
        }
        if name == "text", arguments.count == 1 { return translated(arguments[0].expression) }
        if name == "negate", arguments.count == 1 { return translated(arguments[0].expression).map { "-\($0)" } }
        if name == "element", arguments.count == 2, let list = translated(arguments[0].expression),
           let index = translated(arguments[1].expression) {
            return "\(list)[\(index)]"
        }
        if name == "format", arguments.count == 2, let value = translated(arguments[0].expression) {
            let format = arguments[1]
            return "\(value).formatted(\(format.label.map { "\($0.text): " } ?? "")\(format.expression.trimmedDescription))"
        }
        return nil
    }

    func translated(_ expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self), let logic = translatedLogic(call) { return logic }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
           let call = prefix.expression.as(FunctionCallExprSyntax.self), let logic = translatedLogic(call), logic.contains(" == ") {
            return logic.replacingOccurrences(of: " == ", with: " != ")
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if shadowed.contains(name) { return nil }
            if let value = bound[name] { return value }
            if dataStoreFields.contains(name) { return "dataStore.\(name)" }
            return nil
        }
        if let access = expression.as(MemberAccessExprSyntax.self) {
            let name = access.declName.baseName.text
            // An enum's case: `.economy` when one enum has it, `Fare.economy` written whole.
            guard let base = access.base else {
                guard access.declName.argumentNames == nil, let owners = enumsByCase[name], owners.count == 1 else { return nil }
                return "\(owners[0]).\(name)"
            }
            if let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text, bound[owner] == nil, !dataStoreFields.contains(owner),
               enumsByCase[name]?.contains(owner) == true {
                return "\(owner).\(name)"
            }
            if base.trimmedDescription == "self" { return dataStoreFields.contains(name) ? "dataStore.\(name)" : nil }
            // A path bound whole (`viewController.output` in the older templates' data passing is the source).
            if let value = bound[base.trimmedDescription.filter { $0 != "?" && $0 != "!" }] { return "\(value).\(name)" }
            if let root = stateRoot(of: base) { return "\(root).\(name)" }
            if let chained = base.as(OptionalChainingExprSyntax.self) {
                // The scenario's roots are never optional (`dataStore?.user` in a Router is `source.user`).
                return translated(chained.expression).map { Self.roots.contains($0) ? "\($0).\(name)" : "\($0)?.\(name)" }
            }
            return translated(base).map { "\($0).\(name)" }
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
           let index = subscriptCall.arguments.first?.expression {
            let indexText = translate(index)
            if let chained = subscriptCall.calledExpression.as(OptionalChainingExprSyntax.self) {
                return translated(chained.expression).map { "\($0)?[\(indexText)]" }
            }
            return translated(subscriptCall.calledExpression).map { "\($0)[\(indexText)]" }
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in string.segments {
                guard let piece = segment.as(StringSegmentSyntax.self) else {
                    guard let interpolation = segment.as(ExpressionSegmentSyntax.self),
                          interpolation.expressions.count == 1, let inner = interpolation.expressions.first,
                          let value = translated(inner.expression) else { return nil }
                    text += "\\(\(value))"
                    continue
                }
                text += piece.content.text
            }
            return "\"\(text)\""
        }
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self) {
            return expression.trimmedDescription
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // Operators as Swift writes them; the scenario language has Swift's precedence, so the flat sequence
            // reads the same.
            var parts: [String] = []
            for element in sequence.elements {
                if let binary = element.as(BinaryOperatorExprSyntax.self) {
                    let op = binary.operator.text
                    guard Self.operators.contains(op) else { return nil }
                    parts.append(op)
                } else if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
                    guard let then = translated(ternary.thenExpression) else { return nil }
                    parts.append("? \(then) :")
                } else if element.is(AssignmentExprSyntax.self) {
                    return nil
                } else {
                    guard let operand = translated(element) else { return nil }
                    parts.append(operand)
                }
            }
            return parts.joined(separator: " ")
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), ["!", "-"].contains(prefix.operator.text) {
            return translated(prefix.expression).map { prefix.operator.text + $0 }
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return translated(only.expression).map { "(\($0))" }
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var items: [String] = []
            for element in array.elements {
                guard let item = translated(element.expression) else { return nil }
                items.append(item)
            }
            return "[" + items.joined(separator: ", ") + "]"
        }
        return nil
    }
}

/// Every function call under a node, in source order (outer calls before the calls in their arguments).
final class CallCollector: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []

    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = CallCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.calls
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
