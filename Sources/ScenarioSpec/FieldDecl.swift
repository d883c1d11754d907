/// A declared field of a record, a DataStore, AppState, a Request, Response or ViewModel: `userID: String? = nil`.
public struct FieldDecl: Sendable, Hashable {
    public var name: String
    public var type: TypeRef
    /// The value the field starts with; nil means "no default" (optionals then start as nil).
    public var defaultValue: Value?
    /// Where the field's name is written.
    public var location: SourceLocation
    /// Where the field's type is written.
    public var typeLocation: SourceLocation

    public init(name: String, type: TypeRef, defaultValue: Value? = nil, location: SourceLocation,
                typeLocation: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.location = location
        self.typeLocation = typeLocation ?? location
    }

    /// The value a fresh instance holds: the default, or nil for an optional, or nothing.
    public var initialValue: Value? {
        if let defaultValue { return defaultValue }
        return type.isOptional ? .null : nil
    }
}

/// A named record type: an entity (`IceCream`) or a message struct (`Login.Login.Request`).
public struct RecordType: Sendable, Hashable {
    public var name: String
    public var fields: [FieldDecl]
    public var location: SourceLocation

    public init(name: String, fields: [FieldDecl], location: SourceLocation) {
        self.name = name
        self.fields = fields
        self.location = location
    }

    public func field(_ name: String) -> FieldDecl? { fields.first { $0.name == name } }
}

/// `target: expression`, as in a DataStore write, a ViewModel mapping or a route's data passing.
public struct Assignment: Sendable, Hashable {
    /// The field written (a name, or a path such as `appState.count`), as written.
    public var target: String
    public var targetLocation: SourceLocation
    public var value: Expr
    /// For `store:`, `set:` and (in the AppState variant) a route's `pass:`, the field the loader resolved `target` to.
    public var field: FieldRef?

    public init(target: String, at targetLocation: SourceLocation, value: Expr, field: FieldRef? = nil) {
        self.target = target
        self.targetLocation = targetLocation
        self.value = value
        self.field = field
    }
}

/// A field of state a step writes, resolved by the loader: which holder, which field.
public struct FieldRef: Sendable, Hashable {
    public enum Holder: String, Sendable, Hashable {
        /// The scene's DataStore.
        case dataStore
        /// The one AppState.
        case appState
        /// The View's own state.
        case viewState
    }

    public var holder: Holder
    public var name: String

    public init(_ holder: Holder, _ name: String) {
        self.holder = holder
        self.name = name
    }
}

/// An enum the scenario declares: `ShippingSpeed: { standard: 0, oneDay: 1 }` (Int raw values),
/// `{ card: "Credit card" }` (String raw values) or `[standard, express]` (no raw values).
public struct EnumType: Sendable, Hashable {
    public struct Case: Sendable, Hashable {
        public var name: String
        /// The raw value, when the enum has raw values.
        public var rawValue: Value?
        public var location: SourceLocation

        public init(name: String, rawValue: Value?, location: SourceLocation) {
            self.name = name
            self.rawValue = rawValue
            self.location = location
        }
    }

    public var name: String
    public var cases: [Case]
    /// `Int` or `String`; nil for an enum without raw values.
    public var rawType: TypeRef?
    public var location: SourceLocation

    public init(name: String, cases: [Case], rawType: TypeRef?, location: SourceLocation) {
        self.name = name
        self.cases = cases
        self.rawType = rawType
        self.location = location
    }

    public func `case`(_ name: String) -> Case? { cases.first { $0.name == name } }

    /// The case whose raw value is `raw`, as Swift's `init?(rawValue:)` finds it.
    public func `case`(rawValue raw: Value) -> Case? { cases.first { $0.rawValue == raw } }
}
