import TraceFormat

extension ExprNode {
    /// The expression in the scenario language, as the parser reads it back: what a rewritten expression (a
    /// translated scenario's) is written as. Operands are parenthesised where Swift's precedence needs it.
    public var written: String {
        switch kind {
        case .literal(let value): return Self.literal(value)
        case .interpolation(let parts):
            var text = "\""
            for part in parts {
                switch part {
                case .text(let piece): text += Self.escaped(piece)
                case .expr(let node): text += "\\(" + node.written + ")"
                }
            }
            return text + "\""
        case .list(let items): return "[" + items.map(\.written).joined(separator: ", ") + "]"
        case .identifier(let name): return name
        case .state(let root): return root.rawValue
        case .member(let base, let name, let optional): return base.operand + (optional ? "?." : ".") + name
        case .index(let base, let index, let optional): return base.operand + (optional ? "?[" : "[") + index.written + "]"
        case .unary(let op, let operand): return op.rawValue + operand.operand
        case .binary(let op, let left, let right):
            // Equal precedence regroups on the right for left-associative operators (`a - (b - c)`) and on the left
            // for the right-associative `??` (`(a ?? b) ?? c`).
            let rightAssociative = op == .nilCoalescing
            let l = left.precedence.map { rightAssociative ? $0 <= op.precedence : $0 < op.precedence } == true
                ? "(" + left.written + ")" : left.written
            let r = right.precedence.map { rightAssociative ? $0 < op.precedence : $0 <= op.precedence } == true
                ? "(" + right.written + ")" : right.written
            return l + " " + op.rawValue + " " + r
        case .conditional(let condition, let then, let otherwise):
            let c = condition.precedence != nil ? "(" + condition.written + ")" : condition.written
            return c + " ? " + then.written + " : " + otherwise.written
        case .todo: return "todo"
        case .construct(let name, let arguments): return name + "(" + Self.arguments(arguments) + ")"
        case .enumCase(let type, let name): return type + "." + name
        case .method(let base, let name, let arguments, let optional):
            return base.operand + (optional ? "?." : ".") + name + "(" + Self.arguments(arguments) + ")"
        case .closure(let parameters, let body):
            if parameters.isEmpty || parameters.allSatisfy({ $0.hasPrefix("$") }) { return "{ " + body.written + " }" }
            return "{ " + parameters.joined(separator: ", ") + " in " + body.written + " }"
        case .binding(let name, let value): return "let " + name + " = " + value.written
        }
    }

    /// Binding strength of an operator node; nil for what binds tighter than any operator.
    private var precedence: Int? {
        switch kind {
        case .binary(let op, _, _): op.precedence
        case .conditional: 1
        case .binding: 0
        default: nil
        }
    }

    /// The node as the base of a member, subscript or unary operator: parenthesised unless it is a primary.
    private var operand: String {
        switch kind {
        case .binary, .conditional, .binding, .unary: "(" + written + ")"
        default: written
        }
    }

    private static func arguments(_ arguments: [ExprArgument]) -> String {
        arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.value.written }.joined(separator: ", ")
    }

    static func literal(_ value: Value) -> String {
        switch value {
        case .string(let text): return "\"" + escaped(text) + "\""
        default: return value.description
        }
    }

    /// Text inside a string literal: `"`, `\` and control characters escaped.
    static func escaped(_ text: String) -> String {
        let quoted = Value.quote(text)
        return String(quoted.dropFirst().dropLast())
    }
}

extension Expr {
    /// An expression made by a rewrite: its text is the node written out; it is located where the node is.
    public init(_ node: ExprNode) {
        self.init(text: node.written, root: node, location: node.location)
    }
}
