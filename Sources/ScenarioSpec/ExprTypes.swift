/// The type of an expression a translation moves into a Response or ViewModel field, worked out from the fields it
/// reads: enough for the shapes scenarios write (field paths, optional chaining, `??`, arithmetic, comparisons,
/// interpolation, `count`); nil when it cannot tell, and the translation (or the generator) then says so.
public struct ExprTypes {
    public let scenario: Scenario
    /// The fields of each root name: `request`, `response`, `viewModel`, and the state roots by their raw names.
    public var roots: [String: [FieldDecl]] = [:]
    /// The names bound where the expression runs (a View's `let`, a closure's `$0`) and their types.
    public var locals: [String: TypeRef] = [:]

    public init(scenario: Scenario, roots: [String: [FieldDecl]] = [:], locals: [String: TypeRef] = [:]) {
        self.scenario = scenario
        self.roots = roots
        self.locals = locals
    }

    public func type(_ node: ExprNode) -> TypeRef? {
        switch node.kind {
        case .literal(let value):
            switch value {
            case .string: return .string
            case .int: return .int
            case .double: return .double
            case .bool: return .bool
            case .date: return .date
            case .decimal: return .decimal
            default: return nil
            }
        case .interpolation: return .string
        case .list(let items): return items.first.flatMap(type).map { .list($0) }
        case .identifier(let name): return locals[name]
        case .state, .todo, .closure, .binding: return nil
        case .index(let base, _, let optional):
            guard case .list(let element)? = optional ? type(base)?.unwrapped : type(base) else { return nil }
            return optional && !element.isOptional ? .optional(element) : element
        case .method(let base, let name, let arguments, let optional):
            guard let found = method(name, of: base, arguments) else { return nil }
            return optional && !found.isOptional ? .optional(found) : found
        case .member(let base, let name, let optional):
            if case .identifier(let root) = base.kind { return field(name, in: roots[root]) }
            if case .state(let root) = base.kind { return field(name, in: roots[root.rawValue]) }
            guard let baseType = type(base) else { return nil }
            let wrapped = optional ? (baseType.isOptional ? baseType.unwrapped : nil) : baseType
            guard let wrapped else { return nil }
            let found: TypeRef?
            switch (wrapped, name) {
            case (.list, "count"), (.string, "count"): found = .int
            case (.list, "isEmpty"), (.string, "isEmpty"): found = .bool
            case (.list(let element), "first"), (.list(let element), "last"): found = .optional(element)
            case (.named(let record), _): found = field(name, in: scenario.entity(record)?.fields)
            default: found = nil
            }
            guard let found else { return nil }
            return optional && !found.isOptional ? .optional(found) : found
        case .unary(let op, let operand): return op == .not ? .bool : type(operand)
        case .binary(let op, let left, let right):
            switch op {
            case .nilCoalescing:
                guard let r = type(right) else { return type(left)?.unwrapped }
                return r
            case .or, .and, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return .bool
            default:
                let l = type(left), r = type(right)
                if l == .double || r == .double { return .double }
                return l ?? r
            }
        case .conditional(_, let then, let otherwise):
            let t = type(then), e = type(otherwise)
            if let t, let e, t != e { return t.isOptional ? t : e.isOptional ? e : t }
            return t ?? e
        case .construct(let name, _): return .named(name)
        case .enumCase(let name, _): return .named(name)
        }
    }

    /// What a method of the language gives (`map`, `filter`, `joined`, `formatted`…), as the engine evaluates it.
    private func method(_ name: String, of base: ExprNode, _ arguments: [ExprArgument]) -> TypeRef? {
        let receiver = type(base)?.unwrapped
        switch (receiver, name) {
        case (_, "formatted"), (_, "joined"), (.string?, "uppercased"), (.string?, "lowercased"): return .string
        case (_, "contains"), (_, "hasPrefix"), (_, "hasSuffix"), (_, "allSatisfy"): return .bool
        case (_, "count"): return .int
        case (_, "firstIndex"): return .optional(.int)
        case (.list?, "filter"), (.list?, "sorted"), (.list?, "reversed"): return receiver
        case (.list(let element)?, "first"), (.list(let element)?, "last"): return .optional(element)
        case (.list(let element)?, "map"), (.list(let element)?, "compactMap"):
            guard case .closure(let parameters, let body)? = arguments.last?.value.kind else { return nil }
            var inner = self
            inner.locals[parameters.first ?? "$0"] = element
            guard let mapped = inner.type(body) else { return nil }
            return .list(name == "compactMap" ? mapped.unwrapped : mapped)
        default: return nil
        }
    }

    private func field(_ name: String, in fields: [FieldDecl]?) -> TypeRef? {
        fields?.first { $0.name == name }?.type
    }
}
