import ScenarioSpec

/// An expression of the scenario language as Swift: names and chains as they are (the language is Swift's), and
/// whatever Swift would do differently — overflow, Int with Double, text of optionals, out-of-range indexes,
/// the engine's formats — through `ScenarioLogic`, so the generated code computes exactly what the simulation does.
struct SwiftExpression {
    var code: String
    /// Whether evaluating it can fail (an overflow, an index out of range): it needs `try`.
    var throwing: Bool

    /// `try code` when it can fail.
    var statement: String { throwing ? "try " + code : code }
}

struct ExpressionTranslator {
    /// What the state roots are called where the expression runs (`dataStore` is the Interactor itself).
    var dataStore = "self"
    var viewState = "state"
    var appState = "appState"
    /// The Swift name of a type the scenario names (an entity named like a scene is renamed).
    var typeName: (String) -> String = { $0 }

    func translate(_ expr: Expr) -> SwiftExpression { translate(expr.root) }

    func translate(_ node: ExprNode) -> SwiftExpression {
        switch node.kind {
        case .literal(let value):
            return SwiftExpression(code: Self.literal(value), throwing: false)
        case .interpolation(let parts):
            var code = "\""
            var throwing = false
            for part in parts {
                switch part {
                case .text(let text): code += SwiftSpelling.literalBody(text)
                case .expr(let inner):
                    let value = translate(inner)
                    throwing = throwing || value.throwing
                    code += "\\(ScenarioLogic.text(\(value.code)))"
                }
            }
            return SwiftExpression(code: code + "\"", throwing: throwing)
        case .list(let items):
            let values = items.map(translate)
            return SwiftExpression(code: "[" + values.map(\.code).joined(separator: ", ") + "]",
                                   throwing: values.contains(where: \.throwing))
        case .identifier(let name):
            return SwiftExpression(code: name.hasPrefix("$") ? name : SwiftSpelling.name(name), throwing: false)
        case .state(let root):
            switch root {
            case .dataStore: return SwiftExpression(code: dataStore, throwing: false)
            case .viewState: return SwiftExpression(code: viewState, throwing: false)
            case .appState: return SwiftExpression(code: appState, throwing: false)
            }
        case .todo:
            return SwiftExpression(code: "ScenarioLogic.placeholder()", throwing: true)
        case .member(let base, let name, let optionalChaining):
            let value = translate(base)
            return SwiftExpression(code: value.code + (optionalChaining ? "?." : ".") + SwiftSpelling.name(name),
                                   throwing: value.throwing)
        case .index(let base, let index, _):
            let (list, position) = (translate(base), translate(index))
            return SwiftExpression(code: "ScenarioLogic.element(\(list.code), \(position.code))", throwing: true)
        case .unary(.not, let operand):
            let value = translate(operand)
            return SwiftExpression(code: "!" + Self.parenthesized(value.code), throwing: value.throwing)
        case .unary(.negate, let operand):
            let value = translate(operand)
            if case .literal = operand.kind { return SwiftExpression(code: "-" + value.code, throwing: false) }
            return SwiftExpression(code: "ScenarioLogic.negate(\(value.code))", throwing: true)
        case .binary(let op, let left, let right):
            return binary(op, translate(left), translate(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            let (c, a, b) = (translate(condition), translate(whenTrue), translate(whenFalse))
            return SwiftExpression(code: "(\(c.code) ? \(a.code) : \(b.code))", throwing: c.throwing || a.throwing || b.throwing)
        case .construct(let type, let arguments):
            let values = arguments.map { ($0.label, translate($0.value)) }
            let list = values.map { ($0.0.map { "\(SwiftSpelling.label($0)): " } ?? "") + $0.1.code }.joined(separator: ", ")
            return SwiftExpression(code: "\(typeName(type))(\(list))", throwing: values.contains(where: \.1.throwing))
        case .enumCase(let type, let name):
            return SwiftExpression(code: "\(typeName(type)).\(SwiftSpelling.name(name))", throwing: false)
        case .method(let base, let name, let arguments, let optionalChaining):
            return method(translate(base), name, arguments, optionalChaining: optionalChaining, inChain: Self.inOptionalChain(base))
        case .closure(let parameters, let body):
            let value = translate(body)
            let head = parameters.isEmpty ? "" : " " + parameters.map(SwiftSpelling.name).joined(separator: ", ") + " in"
            return SwiftExpression(code: "{\(head) \(value.statement) }", throwing: value.throwing)
        case .binding(_, let value):
            return translate(value)
        }
    }

    private func binary(_ op: BinaryOperator, _ a: SwiftExpression, _ b: SwiftExpression) -> SwiftExpression {
        let throwing = a.throwing || b.throwing
        func call(_ function: String, _ x: SwiftExpression, _ y: SwiftExpression, fails: Bool = false) -> SwiftExpression {
            SwiftExpression(code: "ScenarioLogic.\(function)(\(x.code), \(y.code))", throwing: throwing || fails)
        }
        switch op {
        case .and: return SwiftExpression(code: "(\(a.code) && \(b.code))", throwing: throwing)
        case .or: return SwiftExpression(code: "(\(a.code) || \(b.code))", throwing: throwing)
        case .nilCoalescing: return SwiftExpression(code: "(\(a.code) ?? \(b.code))", throwing: throwing)
        case .equal: return call("equal", a, b)
        case .notEqual: return SwiftExpression(code: "!ScenarioLogic.equal(\(a.code), \(b.code))", throwing: throwing)
        case .less: return call("less", a, b)
        case .greater: return call("less", b, a)
        case .lessOrEqual: return call("lessOrEqual", a, b)
        case .greaterOrEqual: return call("lessOrEqual", b, a)
        case .add: return call("add", a, b, fails: true)
        case .subtract: return call("subtract", a, b, fails: true)
        case .multiply: return call("multiply", a, b, fails: true)
        case .divide: return call("divide", a, b, fails: true)
        case .remainder: return call("remainder", a, b, fails: true)
        }
    }

    /// Whether `node` is read through an optional chain (`height?.value`): what is called on it is called only when
    /// the chain has a value.
    static func inOptionalChain(_ node: ExprNode) -> Bool {
        switch node.kind {
        case .member(let base, _, let optional), .index(let base, _, let optional), .method(let base, _, _, let optional):
            return optional || inOptionalChain(base)
        default:
            return false
        }
    }

    private func method(_ base: SwiftExpression, _ name: String, _ arguments: [ExprArgument],
                        optionalChaining: Bool, inChain: Bool = false) -> SwiftExpression {
        let values = arguments.map { (label: $0.label, value: translate($0.value), closure: $0.value.isClosure) }
        let throwing = base.throwing || values.contains(where: \.value.throwing)
        if name == "formatted" {
            // The engine's formats, not the platform's.
            let label = values.first?.label.map { "\($0): " } ?? ""
            let argument = label + (values.first?.value.code ?? "")
            if optionalChaining {
                return SwiftExpression(code: "\(base.code).map { ScenarioLogic.format($0, \(argument)) }", throwing: throwing)
            }
            if inChain {
                // `height?.value.formatted(…)`: formatted only when the chain has a value, as Swift's chaining reads.
                return SwiftExpression(code: "(\(base.code)).map { ScenarioLogic.format($0, \(argument)) }", throwing: throwing)
            }
            return SwiftExpression(code: "ScenarioLogic.format(\(base.code), \(argument))", throwing: throwing)
        }
        var plain = values
        var trailing: String?
        if let last = values.last, last.closure, last.label == nil {
            trailing = last.value.code
            plain.removeLast()
        }
        var code = base.code + (optionalChaining ? "?." : ".") + SwiftSpelling.name(name)
        if !plain.isEmpty || trailing == nil {
            code += "(" + plain.map { ($0.label.map { "\($0): " } ?? "") + $0.value.code }.joined(separator: ", ") + ")"
        }
        if let trailing { code += " " + trailing }
        return SwiftExpression(code: code, throwing: throwing)
    }

    /// A literal value of the expression language.
    static func literal(_ value: Value) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): Value.format(number)
        case .string(let text): SwiftSpelling.literal(text)
        case .date(let date): "ScenarioLogic.date(\(SwiftSpelling.literal(date.description)))"
        case .decimal(let decimal): "ScenarioLogic.decimal(\(SwiftSpelling.literal(decimal.description)))"
        case .enumCase(let value): "\(value.type).\(SwiftSpelling.name(value.name))"
        case .list(let items): "[" + items.map(literal).joined(separator: ", ") + "]"
        case .record: "nil"
        }
    }

    static func parenthesized(_ code: String) -> String {
        code.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "$" } ? code : "(\(code))"
    }
}
