/// Who may send to whom in a pattern, as data: the message paths it allows, each with its purpose, and the rule each
/// other path breaks, so a scenario (or a trace) that takes another path is told the rule it breaks (a finding), and
/// a path to a part the pattern does not have is refused.
/// Each pattern's rules are part of its `PatternDefinition`.
public struct PatternRules: Sendable, Hashable {
    /// A message path between component roles.
    public struct Path: Sendable, Hashable, CustomStringConvertible {
        public var from: ComponentRole
        public var to: ComponentRole

        public init(_ from: ComponentRole, _ to: ComponentRole) {
            self.from = from
            self.to = to
        }

        public var description: String { "\(PatternRules.roleName(from)) → \(PatternRules.roleName(to))" }
    }

    /// An allowed path, what it goes through, and why it exists.
    public struct Allowed: Sendable, Hashable {
        public var path: Path
        /// The protocol, in the pattern's words: `BusinessLogic`, `InteractorOutputProtocol`.
        public var through: String
        public var purpose: String
    }

    /// A named rule, cited by diagnostics.
    public struct Rule: Sendable, Hashable {
        /// `clean-swift/one-way`.
        public var id: String
        public var text: String
        /// What to do instead.
        public var fix: String

        public init(id: String, text: String, fix: String) {
            self.id = id
            self.text = text
            self.fix = fix
        }
    }

    public var allowed: [Allowed]
    /// The rule a path breaks, for the paths people reach for; others break `defaultRule`.
    public var violations: [Path: Rule]
    public var defaultRule: Rule
    /// Components the pattern does not have (appstate has no Presenter).
    public var absent: [ComponentRole: Rule]
    /// References the pattern holds weakly, because the other way round is held strongly: a strong one closes a
    /// retain cycle (the Presenter's View, the Router's View, VIPER's Interactor's Presenter).
    public var weakReferences: [Path: Rule]
    /// Who navigates: a View that shows or leaves screens itself breaks this rule (nil where the View navigates).
    public var navigation: Rule?

    /// Whether `path` is one the pattern allows.
    public func allows(_ path: Path) -> Bool { allowed.contains { $0.path == path } }

    /// The rule broken by `path`, or nil when the pattern allows it.
    public func violation(_ path: Path) -> Rule? {
        if allows(path) { return nil }
        if let rule = absent[path.to] ?? absent[path.from] { return rule }
        return violations[path] ?? defaultRule
    }

    /// Components talk to components of their own scene; data crosses scenes only through data passing.
    public static let ownScene = Rule(
        id: "all/own-scene",
        text: "a component talks only to components of its own scene; data reaches another scene only through the Router's data passing",
        fix: "route to the other scene and pass what it needs with 'pass:' into its DataStore")

    /// Every rule of the pattern, each once, in a fixed order: what a finding or an acceptance may name.
    public var all: [Rule] {
        var seen = Set<String>()
        var rules: [Rule] = []
        let candidates = [defaultRule] + violations.sorted { $0.value.id < $1.value.id }.map(\.value)
            + absent.sorted { $0.value.id < $1.value.id }.map(\.value)
            + weakReferences.sorted { $0.value.id < $1.value.id }.map(\.value) + [navigation].compactMap { $0 } + [Self.ownScene]
        for rule in candidates where seen.insert(rule.id).inserted { rules.append(rule) }
        return rules.sorted { $0.id < $1.id }
    }

    /// The ids of `all`.
    public var ruleIDs: [String] { all.map(\.id) }

    public static func roleName(_ role: ComponentRole) -> String {
        switch role {
        case .user: "User"
        case .configurator: "Configurator"
        case .view: "View"
        case .interactor: "Interactor"
        case .worker: "Worker"
        case .dataStore: "DataStore"
        case .presenter: "Presenter"
        case .router: "Router"
        case .appState: "AppState"
        }
    }

    public init(allowed: [Allowed], violations: [Path: Rule], defaultRule: Rule, weakReferences: [Path: Rule] = [:],
                navigation: Rule? = nil, absent: [ComponentRole: Rule] = [:]) {
        self.allowed = allowed
        self.violations = violations
        self.defaultRule = defaultRule
        self.absent = absent
        self.weakReferences = weakReferences
        self.navigation = navigation
    }
}

extension PatternRules.Allowed {
    /// An allowed path: `from → to` through a protocol, and why.
    public static func path(_ from: ComponentRole, _ to: ComponentRole, _ through: String, _ purpose: String) -> Self {
        Self(path: PatternRules.Path(from, to), through: through, purpose: purpose)
    }
}
