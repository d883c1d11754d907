import Foundation

// Rewriting what a scenario says: an expression's nodes, a step's expressions, the steps nested in steps.

extension ExprNode {
    /// The node with every sub-node `replace` answers for replaced (the replacement is not searched again).
    public func rewritten(_ replace: (ExprNode) throws -> ExprNode?) rethrows -> ExprNode {
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
}

extension Expr {
    public func rewritten(_ replace: (ExprNode) -> ExprNode?) -> Expr {
        let node = root.rewritten(replace)
        return node == root ? self : Expr(node)
    }
}

extension Step {
    /// The step with the expressions it evaluates itself rewritten; its nested steps are left as they are.
    public func rewritingOwnExpressions(_ replace: (ExprNode) -> ExprNode?) -> Step {
        func assignments(_ list: [Assignment]) -> [Assignment] { list.map { $0.rewritten(replace) } }
        let kind: Kind
        switch self.kind {
        case .call(var call):
            call.arguments = call.arguments.map { Call.Argument(label: $0.label, at: $0.labelLocation, value: $0.value.rewritten(replace)) }
            kind = .call(call)
        case .validate(let condition, let otherwise): kind = .validate(condition.rewritten(replace), otherwise: otherwise)
        case .store(let list): kind = .store(assignments(list))
        case .respond(let output, let fields): kind = .respond(output: output, fields: assignments(fields))
        case .bind(let list): kind = .bind(assignments(list))
        case .conditional(let condition, let then, let otherwise):
            kind = .conditional(condition.rewritten(replace), then: then, otherwise: otherwise)
        case .show(let list): kind = .show(assignments(list))
        case .set(let list): kind = .set(assignments(list))
        case .route(let name, let condition, let arguments):
            kind = .route(name, condition: condition?.rewritten(replace), arguments: assignments(arguments))
        case .display(let method, let values): kind = .display(method: method, values: assignments(values))
        case .leave, .wait: kind = self.kind
        case .delegate(let method, let arguments): kind = .delegate(method: method, arguments: assignments(arguments))
        }
        return Step(kind, at: location)
    }

    /// The step with every expression in it (and in nested steps) rewritten.
    public func rewritten(_ replace: (ExprNode) -> ExprNode?) -> Step {
        [self].replacingSteps { [$0.rewritingOwnExpressions(replace)] }[0]
    }
}

extension Array where Element == Step {
    /// The steps with `change` applied to each, the lists nested in a step (`onError`, `else`, `then`) changed first:
    /// `change` returns what stands in the step's place (nothing, the step, or several).
    public func replacingSteps(_ change: (Step) -> [Step]) -> [Step] {
        flatMap { step -> [Step] in
            switch step.kind {
            case .call(var call):
                call.onError = call.onError?.replacingSteps(change)
                return change(Step(.call(call), at: step.location))
            case .validate(let condition, let otherwise):
                return change(Step(.validate(condition, otherwise: otherwise.replacingSteps(change)), at: step.location))
            case .conditional(let condition, let then, let otherwise):
                return change(Step(.conditional(condition, then: then.replacingSteps(change), otherwise: otherwise.replacingSteps(change)),
                                   at: step.location))
            default:
                return change(step)
            }
        }
    }
}

extension Assignment {
    public func rewritten(_ replace: (ExprNode) -> ExprNode?) -> Assignment {
        var copy = self
        copy.value = value.rewritten(replace)
        return copy
    }
}
