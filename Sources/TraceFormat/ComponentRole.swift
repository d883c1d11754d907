/// The role a component plays in the pattern.
public enum ComponentRole: String, Sendable, Hashable, CaseIterable, Comparable {
    case user, configurator, view, interactor, worker, dataStore, presenter, router, appState

    /// The order participants are drawn in: the cycle's order (User, View, Interactor, Worker, …).
    public var order: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: ComponentRole, rhs: ComponentRole) -> Bool { lhs.order < rhs.order }
}

