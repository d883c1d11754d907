import ScenarioSpec

/// An expression of the scenario language as Swift: names and chains as they are (the language is Swift's), and
/// whatever Swift would do differently — overflow, Int with Double, text of optionals, out-of-range indexes,
/// the engine's formats — through `ScenarioLogic`, so the generated code computes exactly what the simulation does.
struct SwiftExpression {
    /// The code, safe to embed in another expression: an operator's application is parenthesized.
    var code: String
    /// The code where nothing surrounds it (a statement, an argument, a list's item): no outer parentheses.
    var bare: String
    /// What the expression certainly is, read off its shape (a literal, text, a count, a comparison); nil when only
    /// the fields' declarations could tell.
    var shape: Shape?

    enum Shape: Equatable {
        case text, int, double, bool, nilValue, enumValue
    }

    /// The precedence of its outermost operator, as Swift ranks them (`*` 150, `+` 140, `??` 131, `==` 130, `&&` 120,
    /// `||` 110, `?:` 100); nil when no operator is outermost.
    var precedence: Int?

    init(code: String, bare: String? = nil, shape: Shape? = nil, precedence: Int? = nil) {
        self.code = code
        self.bare = bare ?? code
        self.shape = shape
        self.precedence = precedence
    }

    /// An operator's application: `a op b`, parenthesized where it is embedded. An operand that binds tighter stays
    /// bare (`a == 1 && b == 2`), as does a chain of the same `&&` or `||`.
    static func infix(_ a: SwiftExpression, _ op: String, _ b: SwiftExpression, shape: Shape?) -> SwiftExpression {
        let rank = Self.ranks[op] ?? 0
        func operand(_ x: SwiftExpression) -> String {
            guard let inner = x.precedence else { return x.code }
            return inner > rank || (inner == rank && (op == "&&" || op == "||") && x.bare.contains(" \(op) ")) ? x.bare : x.code
        }
        let bare = "\(operand(a)) \(op) \(operand(b))"
        return SwiftExpression(code: "(\(bare))", bare: bare, shape: shape,
                               precedence: rank)
    }

    static let ranks = ["*": 150, "/": 150, "%": 150, "+": 140, "-": 140, "??": 131, "==": 130, "!=": 130, "<": 130,
                        ">": 130, "<=": 130, ">=": 130, "&&": 120, "||": 110]


    /// A whole number written as it is (`0`, `-1`): Swift gives it the type of what it meets.
    var isWholeLiteral: Bool {
        shape == .int && !code.isEmpty && code.drop { $0 == "-" }.allSatisfy(\.isNumber)
    }
}

struct ExpressionTranslator {
    /// What the state roots are called where the expression runs (`dataStore` is the Interactor itself).
    var dataStore = "self"
    var viewState = "state"
    var appState = "appState"
    /// The Swift name of a type the scenario names (an entity named like a scene is renamed).
    var typeName: (String) -> String = { $0 }
    /// The declared fields where the expression runs (`request`, `response`, `dataStore`…), so that a field's type
    /// decides where its shape does not.
    var types: ExprTypes?
    /// What a route's `input.name` is called where the expression runs (a parameter `inputRow`).
    var inputNames: [String: String] = [:]
    /// Names bound where the expression runs that the code spells otherwise (`source` as `source!`).
    var spelled: [String: String] = [:]
    /// The Request's fields where the method takes them as parameters (`showPostDetail(forPost post:)`): `request.post`
    /// is the parameter `post`.
    var requestParameters: [String: String] = [:]

    func translate(_ expr: Expr) -> SwiftExpression { translate(expr.root) }

    func translate(_ node: ExprNode) -> SwiftExpression {
        switch node.kind {
        case .literal(let value):
            return SwiftExpression(code: Self.literal(value), shape: Self.shape(of: value))
        case .interpolation(let parts):
            var code = "\""
            for part in parts {
                switch part {
                case .text(let text): code += SwiftSpelling.literalBody(text)
                case .expr(let inner):
                    let value = translate(inner)
                    // Text, whole numbers and flags read as Swift writes them; anything else (an optional, a Double,
                    // a date, an enum case) as the engine shows it.
                    if [.text, .int, .bool].contains(value.shape) {
                        code += "\\(\(value.bare))"
                    } else {
                        code += "\\(ScenarioLogic.text(\(value.bare)))"
                    }
                }
            }
            return SwiftExpression(code: code + "\"", shape: .text)
        case .list(let items):
            let values = items.map(translate)
            return SwiftExpression(code: "[" + values.map(\.bare).joined(separator: ", ") + "]")
        case .identifier(let name):
            if let spelling = spelled[name] { return SwiftExpression(code: spelling) }
            return SwiftExpression(code: name.hasPrefix("$") ? name : SwiftSpelling.name(name))
        case .state(let root):
            switch root {
            case .dataStore: return SwiftExpression(code: dataStore)
            case .viewState: return SwiftExpression(code: viewState)
            case .appState: return SwiftExpression(code: appState)
            }
        case .todo:
            return SwiftExpression(code: "ScenarioLogic.placeholder()")
        case .member(let base, let name, let optionalChaining):
            if case .identifier("input") = base.kind, let renamed = inputNames[name] {
                return SwiftExpression(code: renamed)
            }
            if case .identifier("request") = base.kind, let parameter = requestParameters[name] {
                return SwiftExpression(code: parameter, shape: types?.type(node).flatMap(Self.shape(of:)))
            }
            let value = translate(base)
            // `count` and `isEmpty` of a value read without chaining are a whole number and a flag.
            let shape: SwiftExpression.Shape? = optionalChaining || Self.inOptionalChain(base) ? nil
                : name == "count" ? .int : name == "isEmpty" ? .bool : types?.type(node).flatMap(Self.shape(of:))
            return SwiftExpression(code: value.code + (optionalChaining ? "?." : ".") + SwiftSpelling.name(name), shape: shape)
        case .index(let base, let index, _):
            let (list, position) = (translate(base), translate(index))
            return SwiftExpression(code: "ScenarioLogic.element(\(list.bare), \(position.bare))")
        case .unary(.not, let operand):
            let value = translate(operand)
            return SwiftExpression(code: "!" + (value.precedence != nil ? value.code : Self.parenthesized(value.code)), shape: .bool)
        case .unary(.negate, let operand):
            let value = translate(operand)
            if case .literal = operand.kind { return SwiftExpression(code: "-" + value.code) }
            return SwiftExpression(code: "ScenarioLogic.negate(\(value.code))")
        case .binary(let op, let left, let right):
            return binary(op, translate(left), translate(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            let (c, a, b) = (translate(condition), translate(whenTrue), translate(whenFalse))
            // An operator that binds tighter than `?:` needs no parentheses beside it; a nested `?:` keeps them.
            func part(_ x: SwiftExpression) -> String { (x.precedence ?? 0) > 100 ? x.bare : x.code }
            let bare = "\(part(c)) ? \(part(a)) : \(part(b))"
            return SwiftExpression(code: "(\(bare))", bare: bare,
                                   shape: a.shape == b.shape ? a.shape : nil, precedence: 100)
        case .construct(let type, let arguments):
            let values = arguments.map { ($0.label, translate($0.value)) }
            let list = values.map { ($0.0.map { "\(SwiftSpelling.label($0)): " } ?? "") + $0.1.bare }.joined(separator: ", ")
            return SwiftExpression(code: "\(typeName(type))(\(list))")
        case .enumCase(let type, let name):
            return SwiftExpression(code: "\(typeName(type)).\(SwiftSpelling.name(name))", shape: .enumValue)
        case .method(let base, let name, let arguments, let optionalChaining):
            return method(translate(base), name, arguments, optionalChaining: optionalChaining, inChain: Self.inOptionalChain(base))
        case .closure(let parameters, let body):
            let value = translate(body)
            let head = parameters.isEmpty ? "" : " " + parameters.map(SwiftSpelling.name).joined(separator: ", ") + " in"
            return SwiftExpression(code: "{\(head) \(value.bare) }")
        case .binding(_, let value):
            return translate(value)
        }
    }

    /// Swift's operator wherever it means what the language means; `ScenarioLogic` only where it does not: Int
    /// arithmetic, which stops the run on overflow and division by zero instead of trapping, and an Int beside a
    /// Double, which the language compares and computes with and Swift does not compile.
    private func binary(_ op: BinaryOperator, _ a: SwiftExpression, _ b: SwiftExpression) -> SwiftExpression {
        func call(_ function: String, _ x: SwiftExpression, _ y: SwiftExpression) -> SwiftExpression {
            SwiftExpression(code: "ScenarioLogic.\(function)(\(x.bare), \(y.bare))")
        }
        let comparable = Self.sameKind(a, b)
        switch op {
        case .and: return .infix(a, "&&", b, shape: .bool)
        case .or: return .infix(a, "||", b, shape: .bool)
        case .nilCoalescing:
            // `x ?? 0` is what `x` holds, which a whole-number literal does not say (`x` may be a Double).
            return .infix(a, "??", b, shape: b.shape == .nilValue || b.isWholeLiteral ? nil : b.shape)
        case .equal: return comparable ? .infix(a, "==", b, shape: .bool) : call("equal", a, b)
        case .notEqual:
            return comparable ? .infix(a, "!=", b, shape: .bool)
                : SwiftExpression(code: "!ScenarioLogic.equal(\(a.bare), \(b.bare))", shape: .bool)
        case .less: return comparable ? .infix(a, "<", b, shape: .bool) : call("less", a, b)
        case .greater: return comparable ? .infix(a, ">", b, shape: .bool) : call("less", b, a)
        case .lessOrEqual: return comparable ? .infix(a, "<=", b, shape: .bool) : call("lessOrEqual", a, b)
        case .greaterOrEqual: return comparable ? .infix(a, ">=", b, shape: .bool) : call("lessOrEqual", b, a)
        case .add:
            // Text joins as Swift joins it: nothing can fail.
            if a.shape == .text || b.shape == .text { return .infix(a, "+", b, shape: .text) }
            return call("add", a, b)
        case .subtract: return call("subtract", a, b)
        case .multiply: return call("multiply", a, b)
        case .divide: return call("divide", a, b)
        case .remainder: return call("remainder", a, b)
        }
    }

    /// Whether Swift's comparison of `a` and `b` is the language's: neither can be an Int beside a Double. Text, a flag
    /// or `nil` on one side pins the other (the checker allows nothing else beside them); a whole-number literal
    /// takes the other side's type in Swift, and compares as the language does, with an Int or a Double alike.
    static func sameKind(_ a: SwiftExpression, _ b: SwiftExpression) -> Bool {
        switch (a.shape, b.shape) {
        // `nil` beside a value known not to be optional is never equal: the helper says so without Swift's warning.
        case (.nilValue?, .nilValue?), (.nilValue?, nil), (nil, .nilValue?), (.nilValue?, .enumValue?), (.enumValue?, .nilValue?):
            return true
        case (.nilValue?, _), (_, .nilValue?):
            return false
        case (.text?, _), (_, .text?), (.bool?, _), (_, .bool?), (.enumValue?, _), (_, .enumValue?):
            return true
        case (.int?, .int?), (.double?, .double?): return true
        case (.int?, _): return a.isWholeLiteral
        case (_, .int?): return b.isWholeLiteral
        default: return false
        }
    }

    /// A declared field's shape: only a plain String, Int, Double or Bool (an optional compares with Swift's `==` but
    /// not with `<`, and reads otherwise in text).
    static func shape(of type: TypeRef) -> SwiftExpression.Shape? {
        switch type {
        case .string: .text
        case .int: .int
        case .double: .double
        case .bool: .bool
        default: nil
        }
    }

    static func shape(of value: Value) -> SwiftExpression.Shape? {
        switch value {
        case .null: .nilValue
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .text
        default: nil
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
        if name == "formatted" {
            // The engine's formats, not the platform's.
            let label = values.first?.label.map { "\($0): " } ?? ""
            let argument = label + (values.first?.value.code ?? "")
            if optionalChaining {
                return SwiftExpression(code: "\(base.code).map { ScenarioLogic.format($0, \(argument)) }")
            }
            if inChain {
                // `height?.value.formatted(…)`: formatted only when the chain has a value, as Swift's chaining reads.
                return SwiftExpression(code: "(\(base.code)).map { ScenarioLogic.format($0, \(argument)) }")
            }
            return SwiftExpression(code: "ScenarioLogic.format(\(base.code), \(argument))")
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
        return SwiftExpression(code: code)
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
