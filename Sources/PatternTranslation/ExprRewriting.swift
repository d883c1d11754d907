import ScenarioSpec

extension ExprNode {
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

    /// Whether this node or one under it matches.
    func contains(where matches: (ExprNode) -> Bool) -> Bool {
        var found = false
        _ = rewritten { node in
            if matches(node) { found = true }
            return nil
        }
        return found
    }

    /// Whether the identifier `name` occurs anywhere in the expression.
    func mentions(_ name: String) -> Bool {
        contains { if case .identifier(name) = $0.kind { true } else { false } }
    }

    static func member(_ root: String, _ name: String, at location: SourceLocation) -> ExprNode {
        ExprNode(.member(ExprNode(.identifier(root), at: location), name, optionalChaining: false), at: location)
    }

    static func state(_ root: StateRoot, _ name: String, at location: SourceLocation) -> ExprNode {
        ExprNode(.member(ExprNode(.state(root), at: location), name, optionalChaining: false), at: location)
    }
}

extension Array where Element == Step {
    /// Whether these steps (nested ones too) send a Response.
    var responds: Bool {
        flatMap(\.flattened).contains { if case .respond = $0.kind { true } else { false } }
    }
}

extension Assignment {
    /// The field a `store:` or `set:` writes: as the loader resolved it, or as written.
    var writtenField: String { field?.name ?? target }

    /// The same write, of the field by its own name in the DataStore (`dataStore.n` → `n`).
    var writingDataStore: Assignment {
        var copy = self
        copy.target = writtenField
        copy.field = FieldRef(.dataStore, copy.target)
        return copy
    }

    /// `name: root.name` — a field filled from the same field of `response`, `viewModel` or `request`.
    static func reading(_ root: String, _ name: String, at location: SourceLocation) -> Assignment {
        Assignment(target: name, at: location, value: Expr(ExprNode.member(root, name, at: location)))
    }
}

extension String {
    /// `userID` → `UserID`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// `Login` → `login`.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
