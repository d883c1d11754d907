/// A route of a scene's Router: where it goes, how it navigates and what it passes between DataStores.
public struct Route: Sendable, Hashable {
    public var name: RouteName
    public var location: SourceLocation
    /// Where it goes; nil for a route back to whichever scene is below (`navigation: back`, `pop` or `dismiss`
    /// with no `to:`), as a Router's `dismiss(animated:)` returns to whoever presented it.
    public var destination: Located<SceneName>?
    public var navigation: Navigation
    /// Values the route is called with (VIPER's `presentPostDetailScreen(forPost:)`), read in `pass` as `input`.
    public var input: [FieldDecl]
    /// Data passing: destination DataStore field ← expression over `source` (the source DataStore) and `input`.
    public var pass: [Assignment]
    /// The RoutingLogic method, when it differs from `routeTo<Name>()`.
    public var method: Located<String>?
    /// The Router's data passing and navigation methods, when they differ from `passDataTo<X>` and
    /// `navigateTo<X>` (X from `routeTo<X>`).
    public var passDataMethod: Located<String>?
    public var navigateMethod: Located<String>?
    /// What the route is in the app (`The segue from a table row`): the generated code's comment.
    public var description: String?
    /// How a presented scene covers the one below (`modalPresentationStyle`); nil: full screen.
    public var presentation: Located<Presentation>?

    /// UIKit's `UIModalPresentationStyle`, as far as it decides what the scene below does.
    public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
        case fullScreen
        case currentContext
        /// iOS 13's default for `present(_:animated:)`: a page sheet.
        case automatic
        case pageSheet
        case formSheet
        case overFullScreen
        case overCurrentContext
        case popover

        /// Whether the scene below stays on screen under it: then UIKit calls neither its `viewWillDisappear(_:)` when
        /// it is presented nor its `viewWillAppear(_:)` when it is dismissed, and its `appear` use cases do not run.
        public var keepsBelowOnScreen: Bool { self != .fullScreen && self != .currentContext }
    }

    public enum Navigation: String, Sendable, Hashable, Codable, CaseIterable {
        /// Pushed on the navigation stack; back returns.
        case push
        /// Presented modally; back dismisses.
        case present
        /// Replaces the whole stack (the new root).
        case replace
        /// Goes back to the scene just below (`popViewController`): its existing instance comes on screen again and
        /// receives the passed data.
        case pop
        /// Goes back to the nearest instance of the destination below, removing everything above it
        /// (`popToViewController`).
        case popToScene
        /// Dismisses a presented scene, back to the one below (`dismiss`).
        case dismiss
        /// Goes back the way the scene came: dismissed if it was presented, popped if it was pushed.
        case back

        /// Whether the route returns to a scene already on the stack instead of making a new one.
        public var goesBack: Bool { self == .pop || self == .popToScene || self == .dismiss || self == .back }

        /// Whether the route may leave out its destination: it returns to the scene just below, whichever it is.
        public var mayOmitDestination: Bool { self == .pop || self == .dismiss || self == .back }
    }

    public init(name: RouteName, location: SourceLocation, destination: Located<SceneName>?, navigation: Navigation,
                input: [FieldDecl] = [], pass: [Assignment], method: Located<String>?) {
        self.name = name
        self.location = location
        self.destination = destination
        self.navigation = navigation
        self.input = input
        self.pass = pass
        self.method = method
    }

    public init(name: RouteName, location: SourceLocation, destination: Located<SceneName>?, navigation: Navigation,
                input: [FieldDecl] = [], pass: [Assignment], method: Located<String>?, passDataMethod: Located<String>?,
                navigateMethod: Located<String>?) {
        self.init(name: name, location: location, destination: destination, navigation: navigation, input: input,
                  pass: pass, method: method)
        self.passDataMethod = passDataMethod
        self.navigateMethod = navigateMethod
    }

    /// The destination's name, or nil for a route back to whichever scene is below.
    public var destinationName: SceneName? { destination?.value }

    /// The destination as people read it: its name, or `the scene below` for a route back to whichever it is.
    public var destinationLabel: String { destination?.value.rawValue ?? "the scene below" }
}
