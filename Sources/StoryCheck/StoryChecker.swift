import ScenarioSpec
import TraceFormat

/// Checks a story against a trace of it: every expectation after every step, and that every message follows the
/// pattern's rules. The trace may come from the engine, from generated code or from an instrumented app: the state
/// each expectation reads (the screen, shown values, DataStores) is rebuilt from the trace and the scenario, and an
/// expectation whose facts the trace does not record is reported as not checked, never as passed.
public struct StoryChecker {
    /// One expectation's outcome.
    public struct Check: Sendable, Hashable {
        public enum Outcome: String, Sendable, Hashable {
            case passed, failed
            /// The trace does not record what the expectation is about.
            case notChecked = "not checked"
        }

        /// `scene`, `shown message`, `dataStore Home.userID`, `messages`, `architecture`, …
        public var name: String
        public var outcome: Outcome
        public var expected: String
        public var actual: String
        public var location: SourceLocation?
        /// Events around the failure, as trace lines.
        public var excerpt: [String]

        public init(name: String, passed: Bool, expected: String, actual: String, location: SourceLocation?,
                    excerpt: [String] = []) {
            self.init(name: name, outcome: passed ? .passed : .failed, expected: expected, actual: actual,
                      location: location, excerpt: excerpt)
        }

        public init(name: String, outcome: Outcome, expected: String, actual: String, location: SourceLocation?,
                    excerpt: [String] = []) {
            self.name = name
            self.outcome = outcome
            self.expected = expected
            self.actual = actual
            self.location = location
            self.excerpt = excerpt
        }

        public var passed: Bool { outcome == .passed }
        public var failed: Bool { outcome == .failed }
    }

    /// One story step and its checks.
    public struct StepResult: Sendable, Hashable {
        public var step: Int
        /// `do Login.Login — Wrong password`.
        public var title: String
        public var location: SourceLocation?
        public var checks: [Check]

        public var passed: Bool { !checks.contains(where: \.failed) }
    }

    /// Everything `check` found for one scenario.
    public struct Report: Sendable {
        public var scenario: Scenario
        public var steps: [StepResult]
        /// Messages that broke the pattern's rules, the run's own error, the golden trace, as extra checks.
        public var runChecks: [Check]
        public var trace: Trace

        public var checks: [Check] { steps.flatMap(\.checks) + runChecks }
        public var passedCount: Int { checks.filter(\.passed).count }
        public var failedCount: Int { checks.filter(\.failed).count }
        public var notCheckedCount: Int { checks.filter { $0.outcome == .notChecked }.count }
    }

    /// TCA-style: every DataStore field a step changes, every worker call and every value shown must be expected.
    public var exhaustive: Bool

    public init(exhaustive: Bool = false) {
        self.exhaustive = exhaustive
    }

    /// Checks `scenario`'s story against `trace`.
    public func check(_ scenario: Scenario, trace: Trace) -> Report {
        var state = TraceState(scenario: scenario)
        var applied = 0
        func advance(through last: Int) {
            while applied < min(last, trace.events.count) {
                state.apply(trace.events[applied])
                applied += 1
            }
        }
        let facts = Set(Fact.allCases).subtracting(trace.header.omits.compactMap(Fact.init(rawValue:)))
        let stopped = trace.end?.status != .completed
        // A run that stopped did so in its last marked step (or before the first).
        let completed = stopped ? Array(trace.steps.dropLast()) : trace.steps
        var steps: [StepResult] = []
        var previous: TraceState.Snapshot?
        var reported = Set<Int>()
        if let first = trace.steps.first { advance(through: first.firstSequence - 1) }
        for marked in completed {
            advance(through: marked.lastSequence)
            let snapshot = state.snapshot
            defer { previous = snapshot }
            guard marked.number >= 1, marked.number <= scenario.story.count else {
                steps.append(StepResult(step: marked.number, title: "step \(marked.number)", location: marked.location, checks: [
                    Check(name: "step", passed: false, expected: "a step of the story (1…\(scenario.story.count))",
                          actual: "the trace marks step \(marked.number)", location: marked.location),
                ]))
                continue
            }
            let step = scenario.story[marked.number - 1]
            let events = Array(trace.events(marked.range))
            var stepChecks: [Check] = []
            if let action = marked.action, let problem = Self.mismatch(action, step) {
                stepChecks.append(Check(name: "step", passed: false, expected: problem.expected, actual: problem.actual,
                                        location: step.location))
            }
            stepChecks += checks(step, snapshot: snapshot, previous: previous, events: events, facts: facts)
            // A repeated story reports every step of its first pass, and the failures of later passes.
            guard marked.pass == 1 || stepChecks.contains(where: \.failed) else { continue }
            if marked.pass == 1 { reported.insert(marked.number) }
            steps.append(StepResult(step: marked.number, title: Self.title(step, pass: marked.pass), location: step.location,
                                    checks: stepChecks))
        }
        if stopped, !scenario.story.isEmpty {
            // Steps the run never finished fail with the run's error: the rest of the first pass, or the one step of a
            // later pass where it stopped.
            let last = trace.steps.last
            let pass = last?.pass ?? 1
            let first = (last?.number ?? 1) - 1
            let unreached = pass == 1 ? first..<scenario.story.count : first..<(first + 1)
            let reason = trace.end.map { "the run stopped: \($0.error ?? "it failed")" } ?? "the trace ends without its 'end' line"
            for index in unreached where index >= 0 && index < scenario.story.count {
                let step = scenario.story[index]
                reported.insert(index + 1)
                steps.append(StepResult(step: index + 1, title: Self.title(step, pass: pass), location: step.location, checks: [
                    Check(name: "step ran", passed: false, expected: "the step runs", actual: reason,
                          location: trace.end?.location, excerpt: Self.lines(trace.events.suffix(4))),
                ]))
            }
        }
        // Steps the trace does not mark cannot be checked against it.
        for (index, step) in scenario.story.enumerated() where !reported.contains(index + 1) && step.expectations != nil {
            steps.append(StepResult(step: index + 1, title: Self.title(step), location: step.location, checks: [
                Check(name: "step", outcome: .notChecked, expected: "step \(index + 1) in the trace",
                      actual: "the trace marks no step \(index + 1)", location: step.location),
            ]))
        }
        var runChecks: [Check] = []
        if trace.header.pattern != scenario.pattern.rawValue {
            runChecks.append(Check(name: "pattern", passed: false, expected: "a trace of a \(scenario.pattern.rawValue) run",
                                   actual: "a trace of a \(trace.header.pattern) run", location: nil))
        }
        runChecks.append(architecture(trace, scenario: scenario))
        return Report(scenario: scenario, steps: steps, runChecks: runChecks, trace: trace)
    }

    /// Why a marked step is not the story's step, when it is not.
    static func mismatch(_ action: TraceStep.Action, _ step: StoryStep) -> (expected: String, actual: String)? {
        let expected = title(step.action)
        let actual: String
        switch action {
        case .appear(let scene): actual = "appear \(scene)"
        case .perform(let scene, let useCase): actual = "do \(scene).\(useCase)"
        case .back: actual = "back"
        case .route(let scene, let route): actual = "route \(scene).\(route)"
        case .tab(let scene): actual = "tab \(scene)"
        }
        switch (action, step.action) {
        case (.appear(let a), .appear(let b)) where a == b.value: return nil
        case (.perform(let scene, let useCase), .perform(let b, let useCaseB, _))
            where useCase == useCaseB.value && (b == nil || b?.value == scene): return nil
        case (.back, .back): return nil
        case (.route(let scene, let route), .route(let b, let routeB, _)) where scene == b.value && route == routeB.value: return nil
        case (.tab(let a), .tab(let b)) where a == b.value: return nil
        default: return (expected, "the trace does \(actual)")
        }
    }

    /// What an expectation is about, so a trace that does not record it leaves it unchecked.
    public enum Fact: String, Sendable, CaseIterable {
        case screen, shown, viewModel, dataStore, appState, routes, messages
    }

    static func title(_ step: StoryStep, pass: Int) -> String {
        title(step) + (pass > 1 ? " (pass \(pass))" : "")
    }

    static func title(_ step: StoryStep) -> String {
        title(step.action) + (step.title.map { " — \($0)" } ?? "")
    }

    static func title(_ action: StoryStep.Action) -> String {
        switch action {
        case .appear(let scene): "appear \(scene.value)"
        case .perform(let scene, let useCase, _): "do " + (scene.map { "\($0.value)." } ?? "") + useCase.value.rawValue
        case .back: "back"
        case .route(let scene, let route, _): "route \(scene.value).\(route.value)"
        case .tab(let scene): "tab \(scene.value)"
        }
    }

    // MARK: - Expectations

    private func checks(_ step: StoryStep, snapshot: TraceState.Snapshot, previous: TraceState.Snapshot?,
                        events: [TraceEvent], facts: Set<Fact>) -> [Check] {
        var checks: [Check] = []
        guard let expect = step.expectations else {
            return exhaustive ? exhaustiveChecks(step, snapshot: snapshot, previous: previous, events: events) : []
        }
        /// Whether the trace records `fact`; if not, the expectation is reported as not checked.
        func recorded(_ fact: Fact, _ name: String, _ expected: String, _ location: SourceLocation?) -> Bool {
            if facts.contains(fact) { return true }
            checks.append(Check(name: name, outcome: .notChecked, expected: expected,
                                actual: "the trace does not record \(fact.rawValue)", location: location))
            return false
        }
        func value(_ name: String, _ location: SourceLocation, expected: Value, actual: Value?, near: (TraceEvent) -> Bool) {
            let passed = ValueMatch.matches(expected: expected, actual: actual)
            let excerpt = passed ? [] : Self.excerpt(events, around: near)
            checks.append(Check(name: name, passed: passed, expected: expected.description,
                                actual: actual?.description ?? "nothing", location: location, excerpt: excerpt))
        }
        func isNavigation(_ event: TraceEvent) -> Bool { event.kind == .navigation }
        if let scene = expect.scene, recorded(.screen, "scene", scene.value.rawValue, scene.location) {
            let actual = snapshot.stack.last?.rawValue ?? "nothing"
            checks.append(Check(name: "scene", passed: actual == scene.value.rawValue, expected: scene.value.rawValue,
                                actual: actual, location: scene.location,
                                excerpt: actual == scene.value.rawValue ? [] : Self.excerpt(events, around: isNavigation)))
        }
        if let stack = expect.stack {
            let expected = stack.map(\.value.rawValue), actual = snapshot.stack.map(\.rawValue)
            if recorded(.screen, "stack", expected.joined(separator: " → "), stack.first?.location ?? expect.location) {
                checks.append(Check(name: "stack", passed: expected == actual, expected: expected.joined(separator: " → "),
                                    actual: actual.joined(separator: " → "), location: stack.first?.location ?? expect.location,
                                    excerpt: expected == actual ? [] : Self.excerpt(events, around: isNavigation)))
            }
        }
        for shown in expect.shown where recorded(.shown, "shown \(shown.value.path)", shown.value.value.description, shown.location) {
            value("shown \(shown.value.path)", shown.location, expected: shown.value.value,
                  actual: snapshot.shown[shown.value.path]) { event in
                if case .show(let label, _) = event.message { return label == shown.value.path }
                return false
            }
        }
        for field in expect.viewModel
        where recorded(.viewModel, "viewModel \(field.value.path)", field.value.value.description, field.location) {
            let actual = snapshot.viewModel?[field: field.value.path]
            value("viewModel \(field.value.path)", field.location, expected: field.value.value, actual: actual) { $0.kind == .display }
        }
        for field in expect.dataStore
        where recorded(.dataStore, "dataStore \(field.value.path)", field.value.value.description, field.location) {
            let parts = field.value.path.split(separator: ".", maxSplits: 1).map(String.init)
            let scene = parts.count == 2 ? SceneName(parts[0]) : snapshot.stack.last
            let name = parts.last ?? field.value.path
            let actual = scene.flatMap { snapshot.dataStores[$0]?[name] }
            value("dataStore \(field.value.path)", field.location, expected: field.value.value, actual: actual) { event in
                guard event.to.scene == scene else { return false }
                switch event.message {
                case .dataStoreWrite(let write): return write.field == name
                case .dataPassing(let pass): return pass.field == name
                default: return false
                }
            }
        }
        for field in expect.appState
        where recorded(.appState, "appState \(field.value.path)", field.value.value.description, field.location) {
            value("appState \(field.value.path)", field.location, expected: field.value.value,
                  actual: snapshot.appState[field.value.path]) { event in
                if case .publish(let write) = event.message { return write.field == field.value.path }
                return false
            }
        }
        if let route = expect.route, recorded(.routes, "route", route.value.rawValue, route.location) {
            let taken = Self.routes(events).map(\.rawValue)
            checks.append(Check(name: "route", passed: taken.contains(route.value.rawValue), expected: route.value.rawValue,
                                actual: taken.isEmpty ? "no route" : taken.joined(separator: ", "), location: route.location,
                                excerpt: taken.contains(route.value.rawValue) ? [] : Self.excerpt(events) { $0.kind == .route }))
        }
        if !expect.messages.isEmpty,
           recorded(.messages, "messages", expect.messages.map(\.value).joined(separator: ", then "), expect.messages.first?.location) {
            // An ordered subsequence: each expected message after the previous one.
            var position = 0
            var missing: Located<String>?
            for message in expect.messages {
                let pattern = MessagePattern(message.value)
                guard let found = events[position...].firstIndex(where: pattern.matches) else {
                    missing = message
                    break
                }
                position = found + 1
            }
            checks.append(Check(
                name: "messages", passed: missing == nil,
                expected: expect.messages.map(\.value).joined(separator: ", then "),
                actual: missing.map { "no '\($0.value)'" + (position > 0 ? " after event \(events[position - 1].sequence)" : "") } ?? "all, in order",
                location: missing?.location ?? expect.messages.first?.location,
                excerpt: missing == nil ? [] : Self.lines(Self.messages(events).prefix(12))))
        }
        for message in expect.absent where recorded(.messages, "absent", "no '\(message.value)'", message.location) {
            let pattern = MessagePattern(message.value)
            let found = events.first(where: pattern.matches)
            checks.append(Check(name: "absent", passed: found == nil, expected: "no '\(message.value)'",
                                actual: found.map { "event \($0.sequence): \(Self.line($0))" } ?? "none",
                                location: message.location, excerpt: found.map { f in Self.excerpt(events) { $0 == f } } ?? []))
        }
        if exhaustive { checks += exhaustiveChecks(step, snapshot: snapshot, previous: previous, events: events) }
        return checks
    }

    /// The routes taken in `events`, in order.
    static func routes(_ events: [TraceEvent]) -> [RouteName] {
        events.compactMap { event in
            if case .route(let route, _) = event.message { return route }
            return nil
        }
    }

    /// Like TCA's exhaustive tests: whatever the step changed must be expected. The cycle's own messages
    /// (request, response, ViewModel, display) are implied by `do:`; the effects are not: worker calls, routes,
    /// the screen, DataStore and AppState fields, and shown values that changed.
    private func exhaustiveChecks(_ step: StoryStep, snapshot: TraceState.Snapshot, previous: TraceState.Snapshot?,
                                  events: [TraceEvent]) -> [Check] {
        let expect = step.expectations
        var unexpected: [String] = []
        // Appearing, or the first scene shown, is what the step says; anything else that changes the screen is not.
        var implied = previous == nil && snapshot.stack.count == 1
        if case .appear(let scene) = step.action, snapshot.stack.last == scene.value { implied = true }
        if !implied, snapshot.stack != (previous?.stack ?? []), expect?.scene == nil, expect?.stack == nil {
            unexpected.append("the screen changed to \(snapshot.stack.last?.rawValue ?? "nothing") — expect 'scene: \(snapshot.stack.last?.rawValue ?? "")'")
        }
        for route in Self.routes(events) where expect?.route?.value != route {
            unexpected.append("route \(route) was taken — expect 'route: \(route)'")
        }
        for (scene, store) in snapshot.dataStores.sorted(by: { $0.key < $1.key }) {
            let before = previous?.dataStores[scene]
            for field in store.fields where before?[field.name] != field.value && (before != nil || !isInitial(field, scene, events)) {
                let qualified = "\(scene).\(field.name)"
                let expected = expect?.dataStore.contains { $0.value.path == qualified || ($0.value.path == field.name && snapshot.stack.last == scene) } ?? false
                if !expected { unexpected.append("DataStore \(qualified) became \(Self.short(field.value)) — expect 'dataStore: { \(qualified): \(Self.hint(field.value)) }'") }
            }
        }
        for field in snapshot.appState.fields where previous?.appState[field.name] != field.value {
            let expected = expect?.appState.contains { $0.value.path == field.name } ?? false
            if !expected { unexpected.append("AppState \(field.name) became \(Self.short(field.value)) — expect 'appState: { \(field.name): \(Self.hint(field.value)) }'") }
        }
        for event in events where event.kind == .workerCall {
            let expected = expect?.messages.contains { MessagePattern($0.value).matches(event) } ?? false
            if !expected, let method = event.method {
                unexpected.append("event \(event.sequence) called \(event.to.name).\(method) — expect 'messages: [\(event.to.name).\(method)]'")
            }
        }
        let sameScreen = previous?.stack.last == snapshot.stack.last
        var labels: [String] = []
        for event in events {
            if case .show(let label, _) = event.message, !labels.contains(label) { labels.append(label) }
        }
        for label in labels {
            let value = snapshot.shown[label]
            if sameScreen && previous?.shown[label] == value { continue }
            let expected = expect?.shown.contains { $0.value.path == label } ?? false
            if !expected, let value { unexpected.append("shown \(label) became \(Self.short(value)) — expect 'shown: { \(label): \(Self.hint(value)) }'") }
        }
        return [Check(name: "exhaustive", passed: unexpected.isEmpty,
                      expected: "every change of the step in 'expect:'",
                      actual: unexpected.isEmpty ? "every change expected" : "\(unexpected.count) not expected",
                      location: expect?.location ?? step.location, excerpt: unexpected)]
    }

    /// A value as it reads in a message, cut at 60 characters.
    static func short(_ value: Value) -> String {
        let text = value.description
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    /// A value to write in `expect:`; long lists and records are left to the reader.
    static func hint(_ value: Value) -> String {
        let text = value.description
        return text.count > 40 ? "…" : text
    }

    /// A DataStore field of an instance created during the step counts as changed only if something wrote it.
    private func isInitial(_ field: (name: String, value: Value), _ scene: SceneName, _ events: [TraceEvent]) -> Bool {
        !events.contains { event in
            guard event.to.scene == scene else { return false }
            switch event.message {
            case .dataStoreWrite(let write): return write.field == field.name
            case .dataPassing(let pass): return pass.field == field.name
            default: return false
            }
        }
    }

    // MARK: - Architecture

    /// Every message between components must follow a path the pattern allows, within one scene (or by data
    /// passing and navigation into the next). A message that breaks a rule is named by its `seq` and the rule's id;
    /// one the scenario accepts (`accept:`) passes, said with its reason.
    public func architecture(_ trace: Trace, pattern: Pattern) -> Check {
        architecture(trace, pattern: pattern, breaks: RuleBreaks(pattern: pattern))
    }

    /// The architecture check of a run of `scenario`, taking back what the scenario accepts.
    /// A finding in a step the story never runs fails it too: the scenario says the app does it.
    public func architecture(_ trace: Trace, scenario: Scenario) -> Check {
        architecture(trace, pattern: scenario.pattern, findings: scenario.findings, breaks: RuleBreaks(scenario))
    }

    private func architecture(_ trace: Trace, pattern: Pattern, findings: [RuleFinding] = [], breaks: RuleBreaks) -> Check {
        var broken: [(TraceEvent, PatternRules.Rule)] = []
        // Accepted breaks by rule: messages of the run, and reads (which send none) of the scenario.
        // Accepted breaks by rule: messages of the run, reads of the scenario (which send none), and every reason
        // given for them, each once, where it was given.
        var accepted: [String: (messages: Int, reads: Int, reasons: [String])] = [:]
        var acceptedOrder: [String] = []
        func accept(_ rule: String, _ acceptance: RuleAcceptance, read: Bool) {
            if accepted[rule] == nil { acceptedOrder.append(rule) }
            var entry = accepted[rule, default: (0, 0, [])]
            if read { entry.reads += 1 } else { entry.messages += 1 }
            let reason: String
            switch acceptance.scope {
            case .scene(let scene): reason = "\(scene): \(acceptance.reason)"
            case .scenario, .step: reason = acceptance.reason
            }
            if !entry.reasons.contains(reason) { entry.reasons.append(reason) }
            accepted[rule] = entry
        }
        for event in trace.events {
            guard let found = breaks(event) else { continue }
            if let acceptance = found.accepted {
                accept(found.rule.id, acceptance, read: false)
            } else {
                broken.append((event, found.rule))
            }
        }
        for finding in findings where finding.path == nil {
            guard let acceptance = finding.accepted else { continue }
            accept(finding.rule, acceptance, read: true)
        }
        var summary = "every message follows \(pattern.rawValue)'s rules"
        if !acceptedOrder.isEmpty {
            summary += " but those the scenario accepts: " + acceptedOrder.map { id in
                let (messages, reads, reasons) = accepted[id]!
                let counted = [messages > 0 ? "\(messages) message\(messages == 1 ? "" : "s")" : nil,
                               reads > 0 ? "\(reads) read\(reads == 1 ? "" : "s") of state, which send no message" : nil].compactMap { $0 }
                return "\(id) (\(counted.joined(separator: ", ")): \(reasons.joined(separator: "; ")))"
            }.joined(separator: "; ")
        }
        // Findings of steps the run did not take: no message of their path left their scene.
        let unrun = findings.filter { finding in
            finding.accepted == nil && !broken.contains { event, _ in
                event.from.scene == finding.scene && PatternRules.Path(event.from.role, event.to.role) == finding.path
            }
        }
        let offences = broken.prefix(5).map { event, rule in
            "event \(event.sequence) \(PatternRules.Path(event.from.role, event.to.role)) breaks \(rule.id)"
        } + unrun.prefix(5).map { "\($0.location) (\($0.path == nil ? "a read, which sends no message" : "a step the story does not run")) breaks \($0.rule)" }
        let failed = !broken.isEmpty || !unrun.isEmpty
        return Check(name: "architecture", passed: !failed, expected: summary,
                     actual: failed ? offences.joined(separator: "; ") : summary,
                     location: broken.first?.0.location ?? unrun.first?.location, excerpt: broken.prefix(5).map { Self.line($0.0) })
    }

    // MARK: - Excerpts

    static func line(_ event: TraceEvent) -> String {
        "\(event.sequence)  \(event.from.name) \(event.kind.isReturn ? "⇢" : "→") \(event.to.name)  \(event.text(payloadLimit: 50))"
    }

    static func lines<S: Sequence>(_ events: S) -> [String] where S.Element == TraceEvent { events.map(line) }

    /// Events a reader follows: messages, not a scene's wiring.
    static func messages(_ events: [TraceEvent]) -> [TraceEvent] {
        events.filter { $0.kind != .configure }
    }

    /// The last event matching `near` with two messages on each side; the step's last messages when none matches.
    static func excerpt(_ all: [TraceEvent], around near: (TraceEvent) -> Bool) -> [String] {
        let events = messages(all)
        guard let index = events.lastIndex(where: near) else {
            return lines(events.suffix(5))
        }
        return lines(events[max(0, index - 2)...min(events.count - 1, index + 2)])
    }
}
