/// A route of a scene's Router: where it goes, how it navigates and what it passes between DataStores.
public struct Route: Sendable, Hashable {
    public var name: RouteName
    public var location: SourceLocation
    public var destination: Located<SceneName>
    public var navigation: Navigation
    /// Values the route is called with (VIPER's `presentPostDetailScreen(forPost:)`), read in `pass` as `input`.
    public var input: [FieldDecl]
    /// Data passing: destination DataStore field ← expression over `source` (the source DataStore) and `input`.
    public var pass: [Assignment]
    /// The RoutingLogic method, when it differs from `routeTo<Name>()`.
    public var method: Located<String>?

    public enum Navigation: String, Sendable, Hashable, Codable, CaseIterable {
        /// Pushed on the navigation stack; back returns.
        case push
        /// Presented modally; back dismisses.
        case present
        /// Replaces the whole stack (the new root).
        case replace
    }

    public init(name: RouteName, location: SourceLocation, destination: Located<SceneName>, navigation: Navigation,
                input: [FieldDecl] = [], pass: [Assignment], method: Located<String>?) {
        self.name = name
        self.location = location
        self.destination = destination
        self.navigation = navigation
        self.input = input
        self.pass = pass
        self.method = method
    }
}
