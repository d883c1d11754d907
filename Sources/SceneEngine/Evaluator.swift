import ScenarioSpec

/// Evaluates expressions. The loader has type-checked them, so what can still fail is what depends on values:
/// an index out of range, a division by zero, an overflow.
enum Evaluator {
    static func evaluate(_ expr: Expr, in env: Environment) throws(RuntimeError) -> Value {
        try evaluate(expr.root, env).value
    }

    static func condition(_ expr: Expr, in env: Environment) throws(RuntimeError) -> Bool {
        let value = try evaluate(expr, in: env)
        guard case .bool(let flag) = value else {
            throw RuntimeError("'\(expr.text)' is \(value), not a Bool", at: expr.location)
        }
        return flag
    }

    /// A value, and whether it is nil because an optional chain stopped (so the rest of the chain is skipped).
    struct Result {
        var value: Value
        var chainStopped = false
    }

    static func evaluate(_ node: ExprNode, _ env: Environment) throws(RuntimeError) -> Result {
        switch node.kind {
        case .literal(let value):
            return Result(value: value)
        case .identifier(let name):
            guard let value = env.lookup(name) else {
                throw RuntimeError("'\(name)' has no value here", at: node.location)
            }
            return Result(value: value)
        case .todo:
            throw RuntimeError("the run reached a placeholder ('todo'); write the expression", at: node.location)
        case .state(let root):
            guard let value = env.state(root) else {
                throw RuntimeError("'\(root.rawValue)' has no value here", at: node.location)
            }
            return Result(value: value)
        case .interpolation(let parts):
            var text = ""
            for part in parts {
                switch part {
                case .text(let literal): text += literal
                case .expr(let inner): text += try evaluate(inner, env).value.displayText
                }
            }
            try limitText(text.utf8.count, env, at: node.location)
            return Result(value: .string(text))
        case .list(let items):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            var size = 0
            for item in items {
                let value = try evaluate(item, env).value
                size += 1 + value.size(upTo: env.world.maxValueSize)
                values.append(value)
            }
            try limitList(size, env, at: node.location)
            return Result(value: .list(values))
        case .member(let baseNode, let name, let optionalChaining):
            let base = try evaluate(baseNode, env)
            if base.chainStopped { return base }
            if case .null = base.value {
                if optionalChaining || baseNode.isChain { return Result(value: .null, chainStopped: true) }
                throw RuntimeError("'\(name)' of nil", at: node.location)
            }
            if case .enumCase(let value) = base.value, name == "rawValue" {
                guard let raw = env.world.enums[value.type]?.case(value.name)?.rawValue else {
                    throw RuntimeError("\(value) has no raw value", at: node.location)
                }
                return Result(value: raw)
            }
            return Result(value: try member(name, of: base.value, at: node.location))
        case .index(let baseNode, let indexNode, _):
            let base = try evaluate(baseNode, env)
            if base.chainStopped { return base }
            let index = try evaluate(indexNode, env).value
            guard case .list(let items) = base.value, case .int(let position) = index else {
                if case .null = base.value { return Result(value: .null, chainStopped: true) }
                throw RuntimeError("cannot index \(base.value) with \(index)", at: node.location)
            }
            guard position >= 0 && position < items.count else {
                throw RuntimeError("index \(position) is out of range: the list has \(items.count) item\(items.count == 1 ? "" : "s")",
                                   at: node.location)
            }
            return Result(value: items[position])
        case .unary(let op, let operandNode):
            let operand = try evaluate(operandNode, env).value
            switch (op, operand) {
            case (.not, .bool(let flag)): return Result(value: .bool(!flag))
            case (.negate, .int(let number)):
                let (result, overflow) = Int(0).subtractingReportingOverflow(number)
                if overflow { throw RuntimeError("-\(number) overflows Int", at: node.location) }
                return Result(value: .int(result))
            case (.negate, .double(let number)): return Result(value: .double(-number))
            default: throw RuntimeError("'\(op.rawValue)' cannot apply to \(operand)", at: node.location)
            }
        case .binary(let op, let leftNode, let rightNode):
            return Result(value: try binary(op, leftNode, rightNode, env, at: node.location))
        case .construct(let name, let arguments):
            return Result(value: try construct(name, arguments, env, at: node.location))
        case .enumCase(let type, let name):
            return Result(value: .enumCase(EnumCaseValue(type: type, name: name)))
        case .method(let baseNode, let name, let arguments, _):
            let base = try evaluate(baseNode, env)
            if base.chainStopped { return base }
            if case .null = base.value { return Result(value: .null, chainStopped: true) }
            return Result(value: try method(name, of: base.value, arguments, env, at: node.location))
        case .closure, .binding:
            throw RuntimeError("this expression cannot stand here", at: node.location)
        case .conditional(let conditionNode, let thenNode, let elseNode):
            let condition = try evaluate(conditionNode, env).value
            guard case .bool(let flag) = condition else {
                throw RuntimeError("the condition is \(condition), not a Bool", at: conditionNode.startLocation)
            }
            return Result(value: try evaluate(flag ? thenNode : elseNode, env).value)
        }
    }

    private static func member(_ name: String, of value: Value, at location: SourceLocation) throws(RuntimeError) -> Value {
        switch (value, name) {
        case (.list(let items), "count"): return .int(items.count)
        case (.list(let items), "isEmpty"): return .bool(items.isEmpty)
        case (.list(let items), "first"): return items.first ?? .null
        case (.list(let items), "last"): return items.last ?? .null
        case (.string(let text), "count"): return .int(text.count)
        case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
        case (.record(let record), _):
            guard let field = record[name] else { throw RuntimeError("no field '\(name)' in \(value)", at: location) }
            return field

        default:
            throw RuntimeError("\(value) has no member '\(name)'", at: location)
        }
    }

    private static func binary(_ op: BinaryOperator, _ leftNode: ExprNode, _ rightNode: ExprNode, _ env: Environment,
                               at location: SourceLocation) throws(RuntimeError) -> Value {
        // Short-circuit operators evaluate their right side only when needed.
        switch op {
        case .and, .or:
            let left = try evaluate(leftNode, env).value
            guard case .bool(let l) = left else { throw RuntimeError("'\(op.rawValue)' needs Bools, got \(left)", at: location) }
            if op == .and && !l { return .bool(false) }
            if op == .or && l { return .bool(true) }
            let right = try evaluate(rightNode, env).value
            guard case .bool(let r) = right else { throw RuntimeError("'\(op.rawValue)' needs Bools, got \(right)", at: location) }
            return .bool(r)
        case .nilCoalescing:
            let left = try evaluate(leftNode, env).value
            if case .null = left { return try evaluate(rightNode, env).value }
            return left
        default:
            break
        }
        let left = try evaluate(leftNode, env).value
        let right = try evaluate(rightNode, env).value
        switch op {
        case .equal: return .bool(equal(left, right))
        case .notEqual: return .bool(!equal(left, right))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (left, right) {
            case (.string(let a), .string(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            case (.date(let a), .date(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
            case (.decimal, _), (_, .decimal):
                guard let a = decimal(left), let b = decimal(right) else {
                    throw RuntimeError("cannot compare \(left) and \(right)", at: location)
                }
                order = a < b ? -1 : (a == b ? 0 : 1)
            default:
                guard let a = number(left), let b = number(right) else {
                    throw RuntimeError("cannot compare \(left) and \(right)", at: location)
                }
                if case .int(let x) = left, case .int(let y) = right {
                    order = x < y ? -1 : (x == y ? 0 : 1)
                } else {
                    order = a < b ? -1 : (a == b ? 0 : 1)
                }
            }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            return try arithmetic(op, left, right, env, at: location)
        default:
            throw RuntimeError("unsupported operator '\(op.rawValue)'", at: location)
        }
    }

    private static func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value, _ env: Environment,
                                   at location: SourceLocation) throws(RuntimeError) -> Value {
        switch (left, right) {
        case (.int(let a), .int(let b)):
            let result: (partialValue: Int, overflow: Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .divide, .remainder:
                guard b != 0 else { throw RuntimeError("division by zero", at: location) }
                result = op == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            default: throw RuntimeError("unsupported operator", at: location)
            }
            if result.overflow { throw RuntimeError("\(a) \(op.rawValue) \(b) overflows Int", at: location) }
            return .int(result.partialValue)
        case (.string(let a), .string(let b)) where op == .add:
            try limitText(a.utf8.count + b.utf8.count, env, at: location)
            return .string(a + b)
        case (.list(let a), .list(let b)) where op == .add:
            try limitList(left.size(upTo: env.world.maxValueSize) + right.size(upTo: env.world.maxValueSize), env, at: location)
            return .list(a + b)
        case (.decimal, _), (_, .decimal):
            guard let a = decimal(left), let b = decimal(right) else {
                throw RuntimeError("'\(op.rawValue)' cannot combine \(left) and \(right)", at: location)
            }
            let result: DecimalValue?
            switch op {
            case .add: result = a.adding(b)
            case .subtract: result = a.subtracting(b)
            case .multiply: result = a.multiplying(by: b)
            default: throw RuntimeError("'\(op.rawValue)' does not apply to Decimals", at: location)
            }
            guard let result else { throw RuntimeError("\(a) \(op.rawValue) \(b) is too large for a Decimal", at: location) }
            return .decimal(result)
        default:
            guard let a = number(left), let b = number(right) else {
                throw RuntimeError("'\(op.rawValue)' cannot combine \(left) and \(right)", at: location)
            }
            let result: Double
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide:
                guard b != 0 else { throw RuntimeError("division by zero", at: location) }
                result = a / b
            default: throw RuntimeError("'%' needs Ints", at: location)
            }
            guard result.isFinite else { throw RuntimeError("\(Value.format(a)) \(op.rawValue) \(Value.format(b)) is too large for a Double", at: location) }
            return .double(result)
        }
    }

    /// A text may grow only so far: expressions that double a value each step would otherwise fill memory.
    static func limitText(_ bytes: Int, _ env: Environment, at location: SourceLocation) throws(RuntimeError) {
        guard bytes > env.world.maxValueSize else { return }
        throw RuntimeError("this text would be \(bytes) bytes; a value is limited to \(env.world.maxValueSize)", at: location,
                           notes: [Diagnostic.Note("raise the limit with --max-value-size, or stop the value growing")])
    }

    static func limitList(_ size: Int, _ env: Environment, at location: SourceLocation) throws(RuntimeError) {
        guard size > env.world.maxValueSize else { return }
        throw RuntimeError("this list would hold more than \(env.world.maxValueSize) items and characters; a value is limited to that",
                           at: location,
                           notes: [Diagnostic.Note("raise the limit with --max-value-size, or stop the value growing")])
    }

    /// A Decimal, or an Int as one.
    static func decimal(_ value: Value) -> DecimalValue? {
        switch value {
        case .decimal(let d): d
        case .int(let i): DecimalValue(significand: i, scale: 0)
        default: nil
        }
    }

    private static func number(_ value: Value) -> Double? {
        switch value {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// Equality across Int and Double as in the checker (an Int equals the Double of the same value).
    static func equal(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.int(let x), .decimal(let y)), (.decimal(let y), .int(let x)): return DecimalValue(significand: x, scale: 0) == y
        default: return a == b
        }
    }
}

extension ExprNode {
    /// True for member and index nodes that continue an optional chain (`a?.b.c`: `.c` continues it).
    var isChain: Bool {
        switch kind {
        case .member(let base, _, let optional): return optional || base.isChain
        case .index(let base, _, let optionalChaining): return optionalChaining || base.isChain
        default: return false
        }
    }
}

/// Converts values to a declared type where Swift would: Int literals into Double and Decimal fields.
enum Coercion {
    static func coerce(_ value: Value, to type: TypeRef) -> Value {
        switch (value, type) {
        case (.int(let i), .double), (.int(let i), .optional(.double)): return .double(Double(i))
        case (.int(let i), .decimal), (.int(let i), .optional(.decimal)): return .decimal(DecimalValue(significand: i, scale: 0))
        case (.list(let items), .list(let element)), (.list(let items), .optional(.list(let element))):
            if element.unwrapped == .double || element.unwrapped == .decimal { return .list(items.map { coerce($0, to: element) }) }
            return value
        default: return value
        }
    }
}

extension Value {
    /// How big a value is, counting items and UTF-8 bytes, counted only as far as `limit` (beyond, any number over
    /// it).
    func size(upTo limit: Int) -> Int {
        switch self {
        case .string(let text): return text.utf8.count
        case .list(let items):
            var total = items.count
            for item in items where total <= limit { total += item.size(upTo: limit - total) }
            return total
        case .record(let record):
            var total = record.count
            for value in record.values where total <= limit { total += value.size(upTo: limit - total) }
            return total
        case .null, .bool, .int, .double, .date, .decimal, .enumCase: return 1
        }
    }
}
