import ScenarioSpec

extension ExprNode {
    /// The node with every sub-node `replace` answers for replaced (the replacement is not searched again).
    func rewritten(_ replace: (ExprNode) throws -> ExprNode?) rethrows -> ExprNode {
        if let replacement = try replace(self) { return replacement }
        func go(_ node: ExprNode) throws -> ExprNode { try node.rewritten(replace) }
        let kind: Kind
        switch self.kind {
        case .literal, .identifier, .state, .todo, .enumCase: return self
        case .interpolation(let parts):
            kind = .interpolation(try parts.map { if case .expr(let node) = $0 { .expr(try go(node)) } else { $0 } })
        case .list(let items): kind = .list(try items.map(go))
        case .member(let base, let name, let optional): kind = .member(try go(base), name, optionalChaining: optional)
        case .index(let base, let index, let optional): kind = .index(try go(base), try go(index), optionalChaining: optional)
        case .unary(let op, let operand): kind = .unary(op, try go(operand))
        case .binary(let op, let left, let right): kind = .binary(op, try go(left), try go(right))
        case .conditional(let c, let t, let e): kind = .conditional(try go(c), try go(t), try go(e))
        case .construct(let name, let arguments):
            kind = .construct(name, try arguments.map { ExprArgument(label: $0.label, value: try go($0.value)) })
        case .method(let base, let name, let arguments, let optional):
            kind = .method(try go(base), name, try arguments.map { ExprArgument(label: $0.label, value: try go($0.value)) },
                           optionalChaining: optional)
        case .closure(let parameters, let body): kind = .closure(parameters, try go(body))
        case .binding(let name, let value): kind = .binding(name, try go(value))
        }
        return ExprNode(kind, at: location)
    }

    /// `base.name` where base is the identifier `root` (`viewModel.message`, `response.error`): the name.
    func field(of root: String) -> String? {
        if case .member(let base, let name, false) = kind, case .identifier(root) = base.kind { return name }
        return nil
    }

    /// `dataStore.name`, `appState.count`: the field of that state.
    func field(of root: StateRoot) -> String? {
        if case .member(let base, let name, false) = kind, case .state(root) = base.kind { return name }
        return nil
    }

    /// Whether the identifier `name` occurs anywhere in the expression.
    func mentions(_ name: String) -> Bool {
        var found = false
        _ = rewritten { node in
            if case .identifier(name) = node.kind { found = true }
            return nil
        }
        return found
    }

    static func member(_ root: String, _ name: String, at location: SourceLocation) -> ExprNode {
        ExprNode(.member(ExprNode(.identifier(root), at: location), name, optionalChaining: false), at: location)
    }

    static func state(_ root: StateRoot, _ name: String, at location: SourceLocation) -> ExprNode {
        ExprNode(.member(ExprNode(.state(root), at: location), name, optionalChaining: false), at: location)
    }
}

extension Expr {
    func rewritten(_ replace: (ExprNode) throws -> ExprNode?) rethrows -> Expr {
        let node = try root.rewritten(replace)
        return node == root ? self : Expr(node)
    }
}

extension Assignment {
    func rewritten(_ replace: (ExprNode) throws -> ExprNode?) rethrows -> Assignment {
        var copy = self
        copy.value = try value.rewritten(replace)
        return copy
    }
}

extension Step {
    /// The step with every expression in it (and in nested steps) rewritten.
    func rewritten(_ replace: (ExprNode) throws -> ExprNode?) rethrows -> Step {
        func steps(_ list: [Step]) throws -> [Step] { try list.map { try $0.rewritten(replace) } }
        func assignments(_ list: [Assignment]) throws -> [Assignment] { try list.map { try $0.rewritten(replace) } }
        let kind: Kind
        switch self.kind {
        case .call(var call):
            call.arguments = try call.arguments.map { Call.Argument(label: $0.label, at: $0.labelLocation, value: try $0.value.rewritten(replace)) }
            call.onError = try call.onError.map(steps)
            kind = .call(call)
        case .validate(let condition, let otherwise): kind = .validate(try condition.rewritten(replace), otherwise: try steps(otherwise))
        case .store(let list): kind = .store(try assignments(list))
        case .respond(let output, let fields): kind = .respond(output: output, fields: try assignments(fields))
        case .bind(let list): kind = .bind(try assignments(list))
        case .conditional(let condition, let then, let otherwise):
            kind = .conditional(try condition.rewritten(replace), then: try steps(then), otherwise: try steps(otherwise))
        case .show(let list): kind = .show(try assignments(list))
        case .set(let list): kind = .set(try assignments(list))
        case .route(let name, let condition, let arguments):
            kind = .route(name, condition: try condition?.rewritten(replace), arguments: try assignments(arguments))
        case .display(let method, let values): kind = .display(method: method, values: try assignments(values))
        }
        return Step(kind, at: location)
    }
}

extension String {
    /// `userID` → `UserID`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// `Login` → `login`.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
