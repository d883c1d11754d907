/// An expression of the scenario language, parsed and located: `response.error ?? "Welcome, \(response.firstName)"`.
///
/// Expressions are data: literals, field paths, operators, interpolation, `count` and `isEmpty`. They cannot do
/// I/O or loop, and their nesting depth is bounded by the parser.
public struct Expr: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written in the scenario.
    public var text: String
    public var root: ExprNode
    /// Where the expression starts in the scenario.
    public var location: SourceLocation

    public init(text: String, root: ExprNode, location: SourceLocation) {
        self.text = text
        self.root = root
        self.location = location
    }

    public var description: String { text }
}

/// One node of an expression tree. Leaves are located at their first character; compound nodes at what
/// identifies them, as Swift's diagnostics do: an operator, a member's name, a subscript's `[`, a ternary's `?`.
public struct ExprNode: Sendable, Hashable {
    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    public indirect enum Kind: Sendable, Hashable {
        /// `"text"`, `42`, `1.5`, `true`, `nil`.
        case literal(Value)
        /// `"Welcome, \(name)"`.
        case interpolation([InterpolationPart])
        /// `[a, b]`.
        case list([ExprNode])
        /// A name bound in the logic's scope: `request`, `auth`, `username`.
        case identifier(String)
        /// The state a component reads live: `dataStore`, the View's `state`, the `appState`. Resolved when the
        /// expression is parsed (the names are reserved), so nothing looks them up by name at run time.
        case state(StateRoot)
        /// `base.name` or, with optional chaining, `base?.name`.
        case member(ExprNode, String, optionalChaining: Bool)
        /// `base[index]` or, with optional chaining, `base?[index]`.
        case index(ExprNode, ExprNode, optionalChaining: Bool)
        case unary(UnaryOperator, ExprNode)
        case binary(BinaryOperator, ExprNode, ExprNode)
        /// `condition ? then : else`.
        case conditional(ExprNode, ExprNode, ExprNode)
        /// `todo`: a placeholder for an expression not written yet (what `sceneflow import` could not translate).
        /// It fits any type with a warning; a run that reaches it stops with an error at its place.
        case todo
        /// `Order(id: "1", total: 2)`: a record of an entity, fields given by label in declaration order (those
        /// left out take their default, or nil); `ShippingSpeed(rawValue: 1)`: the enum case with that raw value,
        /// or nil. The name is one the scenario declares.
        case construct(String, [ExprArgument])
        /// `ShippingSpeed.oneDay`: a case of a declared enum.
        case enumCase(String, String)
        /// `orders.map { $0.id }`, `orders.first(where: { $0.id == id })`, `date.formatted("d/M/yy")`: a method of a
        /// value, with its arguments (a trailing closure is the last argument, without a label).
        case method(ExprNode, String, [ExprArgument], optionalChaining: Bool)
        /// `{ $0.name }` or `{ order in order.name }`: only as a method's argument. The parameters are the names
        /// written before `in`, or `$0`, `$1` when none are.
        case closure([String], ExprNode)
        /// `let order = dataStore.orderToEdit`: only as an `if:` condition; the `then:` steps see `order` unwrapped.
        case binding(String, ExprNode)
    }
}

/// A labelled argument of a construction or a method call: `id: "1"`, or an unlabelled one (`label` nil).
public struct ExprArgument: Sendable, Hashable {
    public var label: String?
    public var value: ExprNode

    public init(label: String?, value: ExprNode) {
        self.label = label
        self.value = value
    }
}

/// The live state an expression can read, by the name it is written with.
public enum StateRoot: String, Sendable, Hashable, CaseIterable {
    case dataStore
    case viewState = "state"
    case appState
}

/// A piece of an interpolated string: literal text or an embedded expression.
public enum InterpolationPart: Sendable, Hashable {
    case text(String)
    case expr(ExprNode)
}

public enum UnaryOperator: String, Sendable, Hashable {
    case not = "!"
    case negate = "-"
}

public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    case nilCoalescing = "??"
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    /// Binding strength; higher binds tighter. Follows Swift's precedence groups.
    public var precedence: Int {
        switch self {
        case .nilCoalescing: 5
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 4
        case .and: 3
        case .or: 2
        case .add, .subtract: 6
        case .multiply, .divide, .remainder: 7
        }
    }
}

extension ExprNode {
    /// The position of the node's leftmost character (a compound node's own location is its operator).
    public var startLocation: SourceLocation {
        switch kind {
        case .member(let base, _, _), .index(let base, _, _), .method(let base, _, _, _): return base.startLocation
        case .binary(_, let left, _): return left.startLocation
        case .conditional(let condition, _, _): return condition.startLocation
        default: return location
        }
    }
}
