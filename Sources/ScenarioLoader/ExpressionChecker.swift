import ScenarioSpec

/// The type of a checked expression. `nil` and `[]` have no type of their own until they meet one.
enum CheckedType: Equatable, CustomStringConvertible {
    case type(TypeRef)
    case nilLiteral
    case emptyList
    /// An error was already reported; suppresses follow-on errors.
    case invalid

    var description: String {
        switch self {
        case .type(let t): t.description
        case .nilLiteral: "nil"
        case .emptyList: "[]"
        case .invalid: "<error>"
        }
    }

    var typeRef: TypeRef? {
        if case .type(let t) = self { return t }
        return nil
    }
}

/// The names visible to an expression, with their types.
struct Scope {
    private(set) var names: [(name: String, type: TypeRef)] = []
    /// Said under "unknown name" errors: what this place of the scenario can see and why.
    var explanation: String?

    init(_ names: [(String, TypeRef)] = [], explanation: String? = nil) {
        self.names = names.map { (name: $0.0, type: $0.1) }
        self.explanation = explanation
    }

    func type(of name: String) -> TypeRef? { names.last { $0.name == name }?.type }

    mutating func add(_ name: String, _ type: TypeRef) {
        names.append((name, type))
        poisoned.remove(name)
    }

    /// Names whose type is unknown because of an error already reported; using them reports nothing more.
    private var poisoned: Set<String> = []

    mutating func addPoisoned(_ name: String) {
        names.removeAll { $0.name == name }
        poisoned.insert(name)
    }

    func isPoisoned(_ name: String) -> Bool { poisoned.contains(name) }

    /// Names this place can read although its pattern says it should not (a Clean Swift View reading the DataStore
    /// through its Router): each read is a finding, reported through `ExpressionChecker.flaggedRead`.
    private(set) var flagged: Set<String> = []

    mutating func addFlagged(_ name: String, _ type: TypeRef) {
        add(name, type)
        flagged.insert(name)
    }

    var visibleNames: [String] {
        var seen = Set<String>()
        return names.map(\.name).filter { seen.insert($0).inserted }
    }
}

/// Type-checks expressions against declared fields, pointing at the column of each problem.
struct ExpressionChecker {
    let diagnostics: DiagnosticCollector
    let recordType: (String) -> RecordType?
    var enumType: (String) -> EnumType? = { _ in nil }
    /// Told each read of a flagged name, with its place.
    var flaggedRead: (String, SourceLocation) -> Void = { _, _ in }

    /// Checks `expr` and returns its type.
    func check(_ expr: Expr, in scope: Scope) -> CheckedType {
        check(expr.root, scope).type
    }

    /// Checks that `expr` is a Bool (a condition).
    func checkCondition(_ expr: Expr, in scope: Scope, what: String) {
        let type = check(expr, in: scope)
        switch type {
        case .type(.bool), .invalid: break
        case .type(.optional(.bool)):
            diagnostics.error("\(what) is 'Bool?'; compare it ('== true') or give a default ('?? false')",
                              at: expr.location, id: "expression/invalid")
        default:
            diagnostics.error("\(what) must be a Bool, but '\(expr.text)' is '\(type)'", at: expr.location, id: "expression/type")
        }
    }

    /// Checks that `expr` can be stored in a field of type `target`; `what` names the destination.
    func checkAssignment(_ expr: Expr, to target: TypeRef, in scope: Scope, what: String) {
        let type = check(expr, in: scope)
        guard !Self.isAssignable(type, to: target) else { return }
        var notes: [Diagnostic.Note] = []
        if case .type(let source) = type, source.isOptional, Self.isAssignable(.type(source.unwrapped), to: target) {
            notes.append(Diagnostic.Note("give a default with '?? …', or declare the field as '\(target.asOptional)'"))
        }
        notes += Self.literalHints(type, target)
        diagnostics.error("cannot use '\(type)' as '\(target)' for \(what)", at: expr.location, notes: notes, id: "expression/type")
    }

    /// How to write a date or a decimal where text or a Double was written.
    static func literalHints(_ type: CheckedType, _ target: TypeRef) -> [Diagnostic.Note] {
        switch (type, target.unwrapped) {
        case (.type(.string), .date): [Diagnostic.Note("write a date as Date(\"2026-11-22\") or Date(\"2026-11-22T09:30:00Z\")")]
        case (.type(.double), .decimal): [Diagnostic.Note("write an exact amount as Decimal(\"2.50\")")]
        default: []
        }
    }

    /// Swift's assignment rules, with Int widening to Double.
    static func isAssignable(_ type: CheckedType, to target: TypeRef) -> Bool {
        switch type {
        case .invalid: return true
        case .nilLiteral: return target.isOptional
        case .emptyList: if case .list = target.unwrapped { return true } else { return false }
        case .type(let source): return isAssignable(source, to: target)
        }
    }

    static func isAssignable(_ source: TypeRef, to target: TypeRef) -> Bool {
        if source == target { return true }
        switch (source, target) {
        case (.int, .double), (.int, .decimal): return true
        case (.optional(let s), .optional(let t)): return isAssignable(s, to: t)
        case (_, .optional(let t)): return isAssignable(source, to: t)
        case (.list(let s), .list(let t)): return isAssignable(s, to: t)
        default: return false
        }
    }

    // MARK: - Nodes

    /// The type, and whether it is optional because of an optional chain (`a?.b.c` keeps chaining).
    struct Result {
        var type: CheckedType
        var chained = false
    }

    func check(_ node: ExprNode, _ scope: Scope) -> Result {
        switch node.kind {
        case .literal(let value):
            switch value {
            case .null: return Result(type: .nilLiteral)
            case .bool: return Result(type: .type(.bool))
            case .int: return Result(type: .type(.int))
            case .double: return Result(type: .type(.double))
            case .string: return Result(type: .type(.string))
            case .date: return Result(type: .type(.date))
            case .decimal: return Result(type: .type(.decimal))
            case .enumCase(let value): return Result(type: .type(.named(value.type)))
            case .list, .record: return Result(type: .invalid)
            }
        case .interpolation(let parts):
            for case .expr(let inner) in parts {
                let type = check(inner, scope).type
                if case .type(let t) = type, t.isOptional {
                    diagnostics.warning("'\(t)' in a string shows 'nil' when it has no value", at: inner.startLocation,
                                        notes: [Diagnostic.Note("give a default: '\\(… ?? \"\")'")], id: "expression/redundant")
                }
            }
            return Result(type: .type(.string))
        case .list(let items):
            var element: CheckedType = .emptyList
            for item in items {
                let type = check(item, scope).type
                if element == .emptyList {
                    element = type
                    continue
                }
                guard let unified = unify(element, type) else {
                    diagnostics.error("list items must have one type, but this one is '\(type)' and earlier ones are '\(element)'",
                                      at: item.startLocation, id: "expression/type")
                    return Result(type: .invalid)
                }
                element = unified
            }
            switch element {
            case .emptyList: return Result(type: .emptyList)
            case .type(let t): return Result(type: .type(.list(t)))
            case .nilLiteral: return Result(type: .invalid)
            case .invalid: return Result(type: .invalid)
            }
        case .identifier(let name):
            return checkName(name, at: node.location, scope)
        case .todo:
            diagnostics.warning("a placeholder ('todo') stands here; a run that reaches it stops", at: node.location,
                                notes: [Diagnostic.Note("write the expression")], id: "scenario/placeholder")
            return Result(type: .invalid)
        case .state(let root):
            return checkName(root.rawValue, at: node.location, scope)
        case .member(let baseNode, let name, let optionalChaining):
            let base = check(baseNode, scope)
            guard case .type(let baseType) = base.type else {
                if base.type == .nilLiteral {
                    diagnostics.error("'nil' has no member '\(name)'", at: node.location, id: "expression/unknown-member")
                }
                return Result(type: .invalid)
            }
            var chained = base.chained
            var inner = baseType
            if baseType.isOptional {
                if optionalChaining || base.chained {
                    inner = baseType.unwrapped
                    chained = true
                } else {
                    diagnostics.error("'\(baseType)' is optional; use '?.\(name)' to reach '\(name)'", at: node.location, id: "expression/type")
                    return Result(type: .invalid)
                }
            } else if optionalChaining {
                diagnostics.error("'?.' needs an optional, but this value is '\(baseType)'; use '.\(name)'",
                                  at: node.location, id: "expression/type")
            }
            guard let memberType = member(name, of: inner, at: node.location) else { return Result(type: .invalid) }
            return Result(type: .type(chained ? memberType.asOptional : memberType), chained: chained)
        case .index(let baseNode, let indexNode, let optionalChaining):
            let base = check(baseNode, scope)
            let index = check(indexNode, scope).type
            if index != .invalid && index != .type(.int) {
                diagnostics.error("a list index must be an Int, not '\(index)'", at: indexNode.startLocation, id: "expression/type")
            }
            guard case .type(let baseType) = base.type else { return Result(type: .invalid) }
            var chained = base.chained
            var inner = baseType
            if baseType.isOptional {
                guard base.chained || optionalChaining else {
                    diagnostics.error("'\(baseType)' is optional; index it with '?[…]', or unwrap it with '?? []' first", at: node.location, id: "expression/type")
                    return Result(type: .invalid)
                }
                inner = baseType.unwrapped
                chained = true
            }
            guard case .list(let element) = inner else {
                diagnostics.error("only lists can be indexed, not '\(inner)'", at: node.location, id: "expression/type")
                return Result(type: .invalid)
            }
            return Result(type: .type(chained ? element.asOptional : element), chained: chained)
        case .unary(let op, let operandNode):
            let operand = check(operandNode, scope).type
            switch (op, operand) {
            case (_, .invalid): return Result(type: .invalid)
            case (.not, .type(.bool)): return Result(type: .type(.bool))
            case (.negate, .type(let t)) where t.isNumeric: return Result(type: .type(t))
            case (.not, _):
                diagnostics.error("'!' needs a Bool, not '\(operand)'", at: node.location, id: "expression/type")
            case (.negate, _):
                diagnostics.error("'-' needs a number, not '\(operand)'", at: node.location, id: "expression/type")
            }
            return Result(type: .invalid)
        case .binary(let op, let leftNode, let rightNode):
            let left = check(leftNode, scope).type
            let right = check(rightNode, scope).type
            return Result(type: binary(op, left, right, at: node.location, leftNode: leftNode))
        case .construct(let name, let arguments):
            return Result(type: construct(name, arguments, at: node.location, scope))
        case .enumCase(let name, let caseName):
            guard let type = enumType(name) else { return Result(type: .invalid) }
            guard type.case(caseName) != nil else {
                diagnostics.unknown("'\(name)' has no case '\(caseName)'", name: caseName, candidates: type.cases.map(\.name),
                                    at: node.location,
                                    extraNotes: [Diagnostic.Note("cases of '\(name)': " + DiagnosticCollector.list(type.cases.lazy.map(\.name)))], id: "expression/unknown-name")
                return Result(type: .invalid)
            }
            return Result(type: .type(.named(name)))
        case .method(let baseNode, let name, let arguments, let optionalChaining):
            let base = check(baseNode, scope)
            guard case .type(let baseType) = base.type else {
                for argument in arguments where !argument.value.isClosure { _ = check(argument.value, scope) }
                return Result(type: .invalid)
            }
            var chained = base.chained
            var inner = baseType
            if baseType.isOptional {
                guard optionalChaining || base.chained else {
                    diagnostics.error("'\(baseType)' is optional; use '?.\(name)(…)' to call '\(name)'", at: node.location, id: "expression/type")
                    return Result(type: .invalid)
                }
                inner = baseType.unwrapped
                chained = true
            } else if optionalChaining {
                diagnostics.error("'?.' needs an optional, but this value is '\(baseType)'; use '.\(name)'", at: node.location, id: "expression/type")
            }
            guard let type = method(name, of: inner, arguments, at: node.location, scope) else { return Result(type: .invalid) }
            return Result(type: .type(chained ? type.asOptional : type), chained: chained)
        case .closure:
            diagnostics.error("a closure is a method's argument, as in 'orders.map { $0.id }'", at: node.location, id: "expression/invalid")
            return Result(type: .invalid)
        case .binding(let name, _):
            diagnostics.error("'let \(name) = …' unwraps a value only as an 'if:' condition", at: node.location,
                              notes: [Diagnostic.Note("use '?? default', or an 'if: let \(name) = …' step")], id: "expression/invalid")
            return Result(type: .invalid)
        case .conditional(let conditionNode, let thenNode, let elseNode):
            let condition = check(conditionNode, scope).type
            if condition != .invalid && condition != .type(.bool) {
                diagnostics.error("the condition before '?' must be a Bool, not '\(condition)'",
                                  at: conditionNode.startLocation, id: "expression/type")
            }
            let a = check(thenNode, scope).type
            let b = check(elseNode, scope).type
            guard let unified = unify(a, b) else {
                diagnostics.error("both sides of '? :' must have one type, but they are '\(a)' and '\(b)'",
                                  at: node.location, id: "expression/type")
                return Result(type: .invalid)
            }
            return Result(type: unified)
        }
    }

    /// The type of `name` on a value of `type`: a record's field, or `count`, `isEmpty`, `first`, `last`.
    private func member(_ name: String, of type: TypeRef, at location: SourceLocation) -> TypeRef? {
        switch (type, name) {
        case (.string, "count"), (.list, "count"): return .int
        case (.string, "isEmpty"), (.list, "isEmpty"): return .bool
        case (.list(let element), "first"), (.list(let element), "last"): return element.asOptional
        case (.named(let enumName), _) where enumType(enumName) != nil:
            let type = enumType(enumName)!
            if name == "rawValue", let raw = type.rawType { return raw }
            diagnostics.error(name == "rawValue" ? "'\(enumName)' has no raw values" : "'\(enumName)' has no member '\(name)'",
                              at: location,
                              notes: [Diagnostic.Note(type.rawType == nil ? "compare it with a case: '== \(enumName).\(type.cases[0].name)'"
                                                      : "an enum case has 'rawValue'")], id: "expression/unknown-member")
            return nil
        case (.named(let recordName), _):
            guard let record = recordType(recordName) else { return nil }
            if let field = record.field(name) { return field.type }
            diagnostics.unknown("'\(recordName)' has no field '\(name)'", name: name,
                                candidates: record.fields.map(\.name), at: location,
                                extraNotes: [Diagnostic.Note("fields of '\(recordName)': "
                                    + (record.fields.isEmpty ? "none" : DiagnosticCollector.list(record.fields.lazy.map(\.name))))], id: "expression/unknown-name")
            return nil
        case (.list, _):
            diagnostics.unknown("a list has no member '\(name)'", name: name,
                                candidates: ["count", "isEmpty", "first", "last"], at: location,
                                extraNotes: [Diagnostic.Note("lists have: count, isEmpty, first, last")], id: "expression/unknown-name")
            return nil
        case (.string, _):
            diagnostics.unknown("a String has no member '\(name)'", name: name, candidates: ["count", "isEmpty"],
                                at: location, extraNotes: [Diagnostic.Note("strings have: count, isEmpty")], id: "expression/unknown-name")
            return nil
        default:
            diagnostics.error("'\(type)' has no member '\(name)'", at: location, id: "expression/unknown-member")
            return nil
        }
    }

    private func binary(_ op: BinaryOperator, _ left: CheckedType, _ right: CheckedType, at location: SourceLocation,
                        leftNode: ExprNode) -> CheckedType {
        if left == .invalid || right == .invalid {
            switch op {
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .and, .or: return .type(.bool)
            default: return .invalid
            }
        }
        func fail(_ message: String, _ notes: [Diagnostic.Note] = []) -> CheckedType {
            diagnostics.error(message, at: location, notes: notes, id: "expression/invalid")
            return .invalid
        }
        switch op {
        case .nilCoalescing:
            switch left {
            case .nilLiteral: return right
            case .type(let l) where l.isOptional:
                let wrapped = l.unwrapped
                if right == .nilLiteral { return .type(l) }
                if case .type(let r) = right {
                    if Self.isAssignable(r, to: wrapped) { return .type(wrapped) }
                    if Self.isAssignable(r, to: l) { return .type(l) }
                    if wrapped == .int && r == .double { return .type(.double) }
                }
                if right == .emptyList, case .list = wrapped { return .type(wrapped) }
                return fail("'??' needs a default of type '\(wrapped)', but this one is '\(right)'")
            case .type(let l):
                diagnostics.warning("the left side of '??' is never nil (it is '\(l)'); remove '?? …'", at: location, id: "expression/redundant")
                return left
            default:
                return fail("'??' needs an optional on its left, not '\(left)'")
            }
        case .and, .or:
            guard left == .type(.bool), right == .type(.bool) else {
                return fail("'\(op.rawValue)' combines two Bools, not '\(left)' and '\(right)'")
            }
            return .type(.bool)
        case .equal, .notEqual:
            switch (left, right) {
            case (.nilLiteral, .nilLiteral): return .type(.bool)
            case (.nilLiteral, .type(let t)), (.type(let t), .nilLiteral):
                if !t.isOptional {
                    diagnostics.warning("'\(t)' is not optional, so it is never nil", at: location, id: "expression/redundant")
                }
                return .type(.bool)
            case (.emptyList, .type(let t)), (.type(let t), .emptyList):
                if case .list = t.unwrapped { return .type(.bool) }
                return fail("cannot compare '\(t)' with an empty list")
            case (.type(let l), .type(let r)):
                if l.unwrapped == r.unwrapped || (l.unwrapped.isNumeric && r.unwrapped.isNumeric) { return .type(.bool) }
                if [l.unwrapped, r.unwrapped].contains(.decimal), [l.unwrapped, r.unwrapped].allSatisfy({ $0 == .decimal || $0 == .int }) {
                    return .type(.bool)
                }
                if Self.isAssignable(l, to: r) || Self.isAssignable(r, to: l) { return .type(.bool) }
                return fail("cannot compare '\(l)' with '\(r)'")
            default:
                return .type(.bool)
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .type(let l) = left, case .type(let r) = right else {
                return fail("'\(op.rawValue)' compares numbers or strings, not '\(left)' and '\(right)'")
            }
            if l.isOptional || r.isOptional {
                return fail("'\(op.rawValue)' cannot compare optionals ('\(l)', '\(r)'); give a default with '??'")
            }
            if (l.isNumeric && r.isNumeric) || (l == .string && r == .string) || (l == .date && r == .date)
                || ((l == .decimal || l == .int) && (r == .decimal || r == .int)) { return .type(.bool) }
            return fail("'\(op.rawValue)' compares numbers, strings, dates or decimals, not '\(l)' and '\(r)'")
        case .add, .subtract, .multiply, .divide, .remainder:
            guard case .type(let l) = left, case .type(let r) = right else {
                if op == .add, left == .emptyList || right == .emptyList {
                    if case .type(.list(let e)) = left { return .type(.list(e)) }
                    if case .type(.list(let e)) = right { return .type(.list(e)) }
                    if left == .emptyList && right == .emptyList { return .emptyList }
                }
                return fail("'\(op.rawValue)' cannot combine '\(left)' and '\(right)'")
            }
            if l.isOptional || r.isOptional {
                return fail("'\(op.rawValue)' cannot use an optional ('\(l.isOptional ? l : r)'); give a default with '??'")
            }
            if op == .remainder {
                guard l == .int, r == .int else { return fail("'%' needs two Ints, not '\(l)' and '\(r)'") }
                return .type(.int)
            }
            if l == .decimal || r == .decimal {
                guard (l == .decimal || l == .int) && (r == .decimal || r == .int) else {
                    return fail("'\(op.rawValue)' cannot combine '\(l)' and '\(r)'",
                                [Diagnostic.Note("a Decimal combines with Decimals and Ints; write the Double as a Decimal in the data")])
                }
                guard op != .divide else {
                    return fail("'/' does not divide Decimals: the result would need rounding",
                                [Diagnostic.Note("multiply instead, or keep the amounts in smallest units (cents) as Ints")])
                }
                return .type(.decimal)
            }
            if l.isNumeric && r.isNumeric { return .type(l == .int && r == .int ? .int : .double) }
            if op == .add {
                if l == .string && r == .string { return .type(.string) }
                if case .list(let a) = l, case .list(let b) = r, let u = unify(.type(a), .type(b)), case .type(let e) = u {
                    return .type(.list(e))
                }
                if l == .string || r == .string {
                    return fail("'+' cannot add '\(l)' and '\(r)'",
                                [Diagnostic.Note("to build text, use interpolation: \"…\\(value)…\"")])
                }
            }
            return fail("'\(op.rawValue)' cannot combine '\(l)' and '\(r)'")
        }
    }

    /// One type for two branches or list items: equal types, `T` with `T?` or `nil`, Int with Double.
    func unify(_ a: CheckedType, _ b: CheckedType) -> CheckedType? {
        switch (a, b) {
        case (.invalid, _), (_, .invalid): return .invalid
        case (.nilLiteral, .nilLiteral): return .nilLiteral
        case (.emptyList, .emptyList): return .emptyList
        case (.nilLiteral, .type(let t)), (.type(let t), .nilLiteral): return .type(t.asOptional)
        case (.emptyList, .type(let t)), (.type(let t), .emptyList):
            if case .list = t.unwrapped { return .type(t) }
            return nil
        case (.emptyList, .nilLiteral), (.nilLiteral, .emptyList): return nil
        case (.type(let x), .type(let y)):
            if x == y { return a }
            if Self.isAssignable(x, to: y) { return b }
            if Self.isAssignable(y, to: x) { return a }
            if x.unwrapped.isNumeric && y.unwrapped.isNumeric {
                return .type(x.isOptional || y.isOptional ? .optional(.double) : .double)
            }
            if Self.isAssignable(x.asOptional, to: y.asOptional) { return .type(y.asOptional) }
            if Self.isAssignable(y.asOptional, to: x.asOptional) { return .type(x.asOptional) }
            return nil
        }
    }

    /// A name the expression reads: in scope with its type, or an error listing what is.
    private func checkName(_ name: String, at location: SourceLocation, _ scope: Scope) -> Result {
        if name.isEmpty || scope.isPoisoned(name) { return Result(type: .invalid) }
        if let type = scope.type(of: name) {
            if scope.flagged.contains(name) { flaggedRead(name, location) }
            return Result(type: .type(type))
        }
        var notes: [Diagnostic.Note] = []
        let visible = scope.visibleNames
        notes.append(Diagnostic.Note(visible.isEmpty ? "nothing is in scope here"
                                     : "in scope here: " + DiagnosticCollector.list(visible)))
        if let explanation = scope.explanation { notes.append(Diagnostic.Note(explanation)) }
        diagnostics.unknown("unknown name '\(name)'", name: name, candidates: visible, at: location,
                            extraNotes: notes, id: "expression/unknown-name")
        return Result(type: .invalid)
    }

}
