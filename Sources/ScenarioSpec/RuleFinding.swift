import TraceFormat

/// A place where a scenario does what its pattern's rules do not allow, as real apps do: the step runs, is traced and
/// drawn, and the rule it breaks is named. `validate` warns about it, `check` fails on it, unless the scenario
/// accepts it (`accept:`), with a reason.
public struct RuleFinding: Sendable, Hashable {
    /// The pattern rule's id (`clean-swift/workers-serve-interactor`).
    public var rule: String
    /// What the scenario does: `'call: AuthWorker.login' sends Presenter → Worker, which clean-swift does not allow`.
    public var message: String
    /// What the rule says, and what to do instead.
    public var ruleText: String
    public var fix: String
    /// The step (or the expression) that does it.
    public var location: SourceLocation
    /// The step it is part of (where the step's kind is written): what a step's `accept:` names.
    public var step: SourceLocation
    /// The steps that hold that step (an `if:`, a `call:`'s `onError:`), outermost first: their `accept:` covers it.
    public var enclosing: [SourceLocation] = []
    public var scene: SceneName
    /// The message path between roles it takes, when it is one.
    public var path: PatternRules.Path?
    /// The acceptance that takes it back, when one does.
    public var accepted: RuleAcceptance?

    public init(rule: PatternRules.Rule, message: String, at location: SourceLocation, step: SourceLocation? = nil, scene: SceneName,
                path: PatternRules.Path?, accepted: RuleAcceptance? = nil) {
        self.rule = rule.id
        self.ruleText = rule.text
        self.fix = rule.fix
        self.message = message
        self.location = location
        self.step = step ?? location
        self.scene = scene
        self.path = path
        self.accepted = accepted
    }
}

/// `accept: { rule: clean-swift/workers-serve-interactor, reason: … }`: a rule the app breaks on purpose, accepted
/// for the whole scenario, one scene, or one step, with the reason a reviewer reads.
public struct RuleAcceptance: Sendable, Hashable {
    public enum Scope: Sendable, Hashable {
        case scenario
        case scene(SceneName)
        /// The step written at this place (where its kind's key is), with the steps nested in it.
        case step(SourceLocation)
    }

    public var rule: String
    public var reason: String
    public var scope: Scope
    /// Where the acceptance is written (its `rule:` value).
    public var location: SourceLocation

    public init(rule: String, reason: String, scope: Scope, at location: SourceLocation) {
        self.rule = rule
        self.reason = reason
        self.scope = scope
        self.location = location
    }

    /// Whether it takes back `finding`: the same rule, within its scope.
    public func accepts(_ finding: RuleFinding) -> Bool {
        guard finding.rule == rule else { return false }
        if case .step(let place) = scope { return finding.step == place || finding.enclosing.contains(place) }
        return covers(scene: finding.scene)
    }

    /// Whether a scenario- or scene-wide acceptance reaches `scene` (a step's reaches only its step).
    public func covers(scene: SceneName?) -> Bool {
        switch scope {
        case .scenario: true
        case .scene(let name): name == scene
        case .step: false
        }
    }

    /// `the scenario`, `scene 'Login'`, `this step`: where it applies, in words.
    public var scopeDescription: String {
        switch scope {
        case .scenario: "the scenario"
        case .scene(let name): "scene '\(name)'"
        case .step: "this step"
        }
    }
}

/// A traced message that breaks one of the pattern's rules, and the acceptance that takes it back, if any.
public struct RuleBreak: Sendable, Hashable {
    public var rule: PatternRules.Rule
    public var accepted: RuleAcceptance?

    public init(rule: PatternRules.Rule, accepted: RuleAcceptance?) {
        self.rule = rule
        self.accepted = accepted
    }
}

extension PatternRules {
    /// The rule a traced message breaks: its path between roles, or a message between scenes other than data
    /// passing and navigation. Wiring, the user's actions, a View's own lifecycle and state, and replies (which
    /// travel back along their call) break none.
    public func rule(brokenBy event: TraceEvent) -> Rule? {
        switch event.kind {
        case .configure, .load, .appear, .show, .action, .stateWrite: return nil
        case _ where event.from.role == .user: return nil  // the user acts and goes back
        case .workerResult, .workerError: return nil
        default: break
        }
        // A tab bar showing one of its tabs is the container's own work, not a scene's navigation.
        if case .navigation(let moved) = event.message, moved.style == .tab { return nil }
        // A View that leaves its screen itself navigates where the pattern's Router does.
        if event.kind == .navigation, event.from.role == .view { return navigation }
        // A message to another scene's part (a delegate's call back) keeps no scene to itself, whatever the roles.
        if event.kind != .dataPassing && event.kind != .navigation, let a = event.from.scene, let b = event.to.scene,
           event.from.role != .appState, event.to.role != .appState, a != b || event.from.instance != event.to.instance {
            return Self.ownScene
        }
        return violation(Path(event.from.role, event.to.role))
    }
}

/// Which messages of a run break a rule of the scenario's pattern, and which of those the scenario accepts: built
/// once per run, asked once per message.
public struct RuleBreaks: Sendable, Hashable {
    private struct Key: Hashable {
        var scene: SceneName?
        var path: PatternRules.Path
    }

    private let rules: PatternRules
    private let findings: [Key: [RuleFinding]]
    private let acceptances: [RuleAcceptance]

    /// A run of `scenario`: its findings and acceptances decide what is accepted.
    public init(_ scenario: Scenario) {
        rules = scenario.pattern.definition.rules
        findings = Dictionary(grouping: scenario.findings.compactMap { finding in finding.path.map { (Key(scene: finding.scene, path: $0), finding) } },
                              by: \.0).mapValues { $0.map(\.1) }
        acceptances = scenario.acceptances
    }

    /// A trace of `pattern` without its scenario: every break counts.
    public init(pattern: Pattern) {
        rules = pattern.definition.rules
        findings = [:]
        acceptances = []
    }

    /// The rule `event` breaks, taken back when the scenario accepts it: every finding of that path in the sender's
    /// scene is accepted, or (for a trace recorded elsewhere, with no finding to match) an acceptance for the scene
    /// or the scenario names the rule.
    public func callAsFunction(_ event: TraceEvent) -> RuleBreak? {
        guard let rule = rules.rule(brokenBy: event) else { return nil }
        let scene = event.from.scene
        let matching = (findings[Key(scene: scene, path: PatternRules.Path(event.from.role, event.to.role))] ?? []).filter { $0.rule == rule.id }
        if !matching.isEmpty {
            return RuleBreak(rule: rule, accepted: matching.allSatisfy { $0.accepted != nil } ? matching[0].accepted : nil)
        }
        let accepted = acceptances.first { $0.rule == rule.id && $0.covers(scene: scene) }
        return RuleBreak(rule: rule, accepted: accepted)
    }
}
