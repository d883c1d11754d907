/// One step of a component's logic in a use case: an Interactor's worker call, a Presenter's display call,
/// a View's route. Steps run in order; nested lists (`then`, `else`, `onError`) are scoped.
public struct Step: Sendable, Hashable {
    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    public indirect enum Kind: Sendable, Hashable {
        /// `call: AuthWorker.login(username: request.username)` — a worker operation or another component's method.
        case call(Call)
        /// `validate: request.username != ""` with `else:` steps that run (and end the logic) when it fails.
        case validate(Expr, otherwise: [Step])
        /// `store: { userID: auth.userID }` — DataStore (or AppState) writes.
        case store([Assignment])
        /// `respond: { firstName: auth.firstName }` — send a Response to the Presenter (Clean Swift) or an
        /// output to the Presenter (VIPER). `output` names which answer when the use case has several.
        case respond(output: Located<String>?, fields: [Assignment])
        /// `let: { total: a + b }` — local names.
        case bind([Assignment])
        /// `if: cond` with `then:` and `else:` steps.
        case conditional(Expr, then: [Step], otherwise: [Step])
        /// `show: message` or `show: { title: viewModel.message }` — what the View puts on screen.
        case show([Assignment])
        /// `set: { someInt: dataStore.someInt + 1 }` — the View writes its own state (SwiftUI's DataStore).
        case set([Assignment])
        /// `route: toHome` with optional `when:` — ask the Router to navigate.
        case route(Located<RouteName>, condition: Expr?, arguments: [Assignment])
        /// `display: showPosts(with:)` with `with: { posts: response.posts }` — a Presenter → View call (VIPER).
        case display(method: Located<String>, values: [Assignment])
        /// `leave: dismiss` — the View leaves its screen itself (`dismiss(animated:)`, `popViewController`), not
        /// through its Router: a finding where the pattern's Router navigates.
        case leave(Located<Leave>)
        /// `wait: 500ms` — time passes before the next step, as `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5)`
        /// does: the run's simulated clock moves on, in milliseconds.
        case wait(Located<Int>)
        /// `delegate: didUpdateStatus(with:)` with `with: { status: … }` — calls back the scene that showed this one
        /// (its View, as `delegate?.didUpdateStatus(with:)` does); a use case of that scene with the same
        /// `delegate:` method runs after.
        case delegate(method: Located<String>, arguments: [Assignment])
    }

    /// How a View leaves its screen by itself.
    public enum Leave: String, Sendable, Hashable, CaseIterable {
        /// As it came: dismissed if presented, popped if pushed.
        case back
        /// `navigationController?.popViewController(animated:)`.
        case pop
        /// `dismiss(animated:)`.
        case dismiss
    }
}

/// A call step: receiver, method, labelled arguments, an optional result name and error handling.
public struct Call: Sendable, Hashable {
    /// A worker's name, or a component role (`Interactor`, `Presenter`, `View`, `Router`).
    public var receiver: Located<String>
    public var method: Located<String>
    public var arguments: [Argument]
    /// `as: auth` — the name the result is bound to.
    public var binding: Located<String>?
    /// Steps run when the call fails; the enclosing logic ends after them. nil: a failure stops the run.
    public var onError: [Step]?
    /// What the call reaches, resolved by the loader (nil before).
    public var target: CallTarget?

    public struct Argument: Sendable, Hashable {
        public var label: String
        public var labelLocation: SourceLocation
        public var value: Expr

        public init(label: String, at labelLocation: SourceLocation, value: Expr) {
            self.label = label
            self.labelLocation = labelLocation
            self.value = value
        }
    }

    public init(receiver: Located<String>, method: Located<String>, arguments: [Argument],
                binding: Located<String>?, onError: [Step]?) {
        self.receiver = receiver
        self.method = method
        self.arguments = arguments
        self.binding = binding
        self.onError = onError
    }
}

/// What a `call:` step reaches, resolved once by the loader so the checker and the engine agree.
public enum CallTarget: Sendable, Hashable {
    /// An operation of one of the scene's workers.
    case worker(WorkerName, OperationName)
    /// An operation of a worker the app shares between scenes (declared at the top level), with its state.
    case sharedWorker(WorkerName, OperationName)
    /// The Interactor's method of this use case (VIPER's Presenter asking its Interactor).
    case useCase(UseCaseName)
    /// Another method of a component of the scene.
    case component(ComponentRole)
}

extension Step {
    /// This step and every step nested in it (`then`, `else`, `onError`), in order.
    public var flattened: [Step] {
        var steps = [self]
        switch kind {
        case .call(let call): steps += (call.onError ?? []).flatMap(\.flattened)
        case .validate(_, let otherwise): steps += otherwise.flatMap(\.flattened)
        case .conditional(_, let then, let otherwise): steps += (then + otherwise).flatMap(\.flattened)
        default: break
        }
        return steps
    }
}

extension Scene {
    /// The shared workers the scene's logic calls and the operations it calls on each, in the order it first calls them.
    public var sharedWorkersCalled: [(worker: WorkerName, operations: [OperationName])] {
        var calls: [(worker: WorkerName, operations: [OperationName])] = []
        for useCase in useCases {
            var steps = useCase.interactor
            for output in useCase.outputs {
                steps += output.view
                if case .steps(let presenterSteps) = output.presenter { steps += presenterSteps }
            }
            for step in steps.flatMap(\.flattened) {
                guard case .call(let call) = step.kind, case .sharedWorker(let worker, let operation)? = call.target else { continue }
                if let index = calls.firstIndex(where: { $0.worker == worker }) {
                    if !calls[index].operations.contains(operation) { calls[index].operations.append(operation) }
                } else {
                    calls.append((worker, [operation]))
                }
            }
        }
        return calls
    }
}

extension Step {
    /// The expressions this step evaluates itself (not those of nested steps).
    public var expressions: [Expr] {
        switch kind {
        case .call(let call): call.arguments.map(\.value)
        case .validate(let condition, _): [condition]
        case .store(let assignments), .respond(_, let assignments), .bind(let assignments), .show(let assignments),
             .set(let assignments), .display(_, let assignments), .delegate(_, let assignments):
            assignments.map(\.value)
        case .conditional(let condition, _, _): [condition]
        case .route(_, let condition, let arguments): (condition.map { [$0] } ?? []) + arguments.map(\.value)
        case .leave, .wait: []
        }
    }

    /// Whether this step or one nested in it reads `root` (`dataStore.order`).
    public func reads(_ root: StateRoot) -> Bool {
        flattened.contains { step in step.expressions.contains { $0.root.reads(root) } }
    }
}

extension ExprNode {
    /// Whether the expression reads `root` anywhere in it.
    public func reads(_ root: StateRoot) -> Bool {
        switch kind {
        case .state(let found): found == root
        case .literal, .identifier, .todo, .enumCase: false
        case .interpolation(let parts):
            parts.contains { if case .expr(let node) = $0 { node.reads(root) } else { false } }
        case .list(let items): items.contains { $0.reads(root) }
        case .member(let base, _, _): base.reads(root)
        case .index(let base, let index, _): base.reads(root) || index.reads(root)
        case .unary(_, let operand): operand.reads(root)
        case .binary(_, let left, let right): left.reads(root) || right.reads(root)
        case .conditional(let condition, let then, let otherwise): condition.reads(root) || then.reads(root) || otherwise.reads(root)
        case .construct(_, let arguments): arguments.contains { $0.value.reads(root) }
        case .method(let base, _, let arguments, _): base.reads(root) || arguments.contains { $0.value.reads(root) }
        case .closure(_, let body): body.reads(root)
        case .binding(_, let value): value.reads(root)
        }
    }
}

extension ExprNode {
    /// Whether the expression words text for people itself: a string literal with something in it, or an
    /// interpolation (`"Only \(stock) left"`) — not an empty default (`name ?? ""`).
    public var words: Bool {
        switch kind {
        case .literal(.string(let text)): !text.isEmpty
        case .literal, .identifier, .todo, .enumCase, .state: false
        case .interpolation: true
        case .list(let items): items.contains { $0.words }
        case .member(let base, _, _): base.words
        case .index(let base, let index, _): base.words || index.words
        case .unary(_, let operand): operand.words
        case .binary(_, let left, let right): left.words || right.words
        case .conditional(_, let then, let otherwise): then.words || otherwise.words
        case .construct(_, let arguments): arguments.contains { $0.value.words }
        case .method(let base, _, let arguments, _): base.words || arguments.contains { $0.value.words }
        case .closure(_, let body): body.words
        case .binding(_, let value): value.words
        }
    }
}
