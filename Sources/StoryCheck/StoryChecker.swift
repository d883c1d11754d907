import ScenarioSpec
import SceneEngine
import TraceFormat

/// Runs a scenario and checks its story: every expectation after every step, and that every message of the run
/// follows the pattern's rules. A scenario is then an architecture test.
public struct StoryChecker {
    /// One expectation's outcome.
    public struct Check: Sendable, Hashable {
        /// `scene`, `shown message`, `dataStore Home.userID`, `messages`, `architecture`, …
        public var name: String
        public var passed: Bool
        public var expected: String
        public var actual: String
        public var location: SourceLocation?
        /// Events around the failure, as trace lines.
        public var excerpt: [String]

        public init(name: String, passed: Bool, expected: String, actual: String, location: SourceLocation?,
                    excerpt: [String] = []) {
            self.name = name
            self.passed = passed
            self.expected = expected
            self.actual = actual
            self.location = location
            self.excerpt = excerpt
        }
    }

    /// One story step and its checks.
    public struct StepResult: Sendable, Hashable {
        public var step: Int
        /// `do Login.Login — Wrong password`.
        public var title: String
        public var location: SourceLocation?
        public var checks: [Check]

        public var passed: Bool { checks.allSatisfy(\.passed) }
    }

    /// Everything `check` found for one scenario.
    public struct Report: Sendable {
        public var scenario: Scenario
        public var steps: [StepResult]
        /// Messages that broke the pattern's rules, and the run's own error, as extra checks.
        public var runChecks: [Check]
        public var trace: Trace

        public var checks: [Check] { steps.flatMap(\.checks) + runChecks }
        public var passedCount: Int { checks.filter(\.passed).count }
        public var failedCount: Int { checks.count - passedCount }
    }

    public var options: EngineOptions
    /// TCA-style: every DataStore field a step changes, every worker call and every value shown must be expected.
    public var exhaustive: Bool

    public init(options: EngineOptions = EngineOptions(), exhaustive: Bool = false) {
        self.options = options
        self.exhaustive = exhaustive
    }

    public func check(_ scenario: Scenario) throws -> Report {
        let recorder = TraceRecorder()
        var snapshots: [StepSnapshot] = []
        let summary = try Engine(scenario: scenario, options: options).run(into: recorder, hooks: EngineHooks(
            stepFinished: { snapshots.append($0) }))
        let trace = recorder.trace!
        var steps: [StepResult] = []
        var previous: StepSnapshot?
        for snapshot in snapshots {
            let step = scenario.story[snapshot.step - 1]
            let events = snapshot.firstEvent <= snapshot.lastEvent
                ? Array(trace.events[(snapshot.firstEvent - 1)..<snapshot.lastEvent]) : []
            let stepChecks = checks(step, snapshot: snapshot, previous: previous, events: events, trace: trace)
            previous = snapshot
            // A repeated story reports every step of its first pass, and the failures of later passes.
            guard snapshot.pass == 1 || stepChecks.contains(where: { !$0.passed }) else { continue }
            steps.append(StepResult(step: snapshot.step, title: Self.title(step, pass: snapshot.pass), location: step.location,
                                    checks: stepChecks))
        }
        var runChecks: [Check] = []
        if let error = summary.error, !scenario.story.isEmpty {
            // Steps the run never reached fail with the run's error: the rest of the first pass, or the one step
            // of a later pass where the run stopped.
            let pass = snapshots.count / scenario.story.count + 1
            let first = snapshots.count % scenario.story.count
            let unreached = pass == 1 ? first..<scenario.story.count : first..<(first + 1)
            for index in unreached {
                let step = scenario.story[index]
                steps.append(StepResult(step: index + 1, title: Self.title(step, pass: pass), location: step.location, checks: [
                    Check(name: "step ran", passed: false, expected: "the step runs", actual: "the run stopped: \(error.message)",
                          location: error.location, excerpt: Self.lines(trace.events.suffix(4))),
                ]))
            }
        }
        runChecks.append(architecture(trace, pattern: scenario.pattern))
        return Report(scenario: scenario, steps: steps, runChecks: runChecks, trace: trace)
    }

    static func title(_ step: StoryStep, pass: Int) -> String {
        title(step) + (pass > 1 ? " (pass \(pass))" : "")
    }

    static func title(_ step: StoryStep) -> String {
        let action: String
        switch step.action {
        case .appear(let scene): action = "appear \(scene.value)"
        case .perform(let scene, let useCase, _): action = "do " + (scene.map { "\($0.value)." } ?? "") + useCase.value.rawValue
        case .back: action = "back"
        }
        return action + (step.title.map { " — \($0)" } ?? "")
    }

    // MARK: - Expectations

    private func checks(_ step: StoryStep, snapshot: StepSnapshot, previous: StepSnapshot?, events: [TraceEvent],
                        trace: Trace) -> [Check] {
        var checks: [Check] = []
        guard let expect = step.expectations else {
            return exhaustive ? exhaustiveChecks(step, snapshot: snapshot, previous: previous, events: events) : []
        }
        func value(_ name: String, _ location: SourceLocation, expected: Value, actual: Value?, near: (TraceEvent) -> Bool) {
            let passed = ValueMatch.matches(expected: expected, actual: actual)
            let excerpt = passed ? [] : Self.excerpt(events, around: near)
            checks.append(Check(name: name, passed: passed, expected: expected.description,
                                actual: actual?.description ?? "nothing", location: location, excerpt: excerpt))
        }
        if let scene = expect.scene {
            let actual = snapshot.stack.last?.rawValue ?? "nothing"
            checks.append(Check(name: "scene", passed: actual == scene.value.rawValue, expected: scene.value.rawValue,
                                actual: actual, location: scene.location,
                                excerpt: actual == scene.value.rawValue ? [] : Self.excerpt(events) { $0.kind == .navigation }))
        }
        if let stack = expect.stack {
            let expected = stack.map(\.value.rawValue), actual = snapshot.stack.map(\.rawValue)
            checks.append(Check(name: "stack", passed: expected == actual, expected: expected.joined(separator: " → "),
                                actual: actual.joined(separator: " → "), location: stack.first?.location ?? expect.location,
                                excerpt: expected == actual ? [] : Self.excerpt(events) { $0.kind == .navigation }))
        }
        for shown in expect.shown {
            value("shown \(shown.value.path)", shown.location, expected: shown.value.value,
                  actual: snapshot.shown[shown.value.path]) { $0.kind == .show && $0.method == shown.value.path }
        }
        for field in expect.viewModel {
            let actual = snapshot.viewModel?[field: field.value.path]
            value("viewModel \(field.value.path)", field.location, expected: field.value.value, actual: actual) { $0.kind == .display }
        }
        for field in expect.dataStore {
            let parts = field.value.path.split(separator: ".", maxSplits: 1).map(String.init)
            let scene = parts.count == 2 ? SceneName(parts[0]) : snapshot.stack.last
            let name = parts.last!
            let actual = scene.flatMap { snapshot.dataStores[$0]?[name] }
            value("dataStore \(field.value.path)", field.location, expected: field.value.value, actual: actual) { event in
                (event.kind == .dataStoreWrite && event.method == name && event.to.scene == scene)
                    || (event.kind == .dataPassing && event.to.scene == scene && (event.note?.hasPrefix("destination.\(name) ") ?? false))
            }
        }
        for field in expect.appState {
            value("appState \(field.value.path)", field.location, expected: field.value.value,
                  actual: snapshot.appState[field.value.path]) { $0.kind == .publish && $0.method == field.value.path }
        }
        if let route = expect.route {
            let taken = snapshot.routes.map(\.rawValue)
            checks.append(Check(name: "route", passed: taken.contains(route.value.rawValue), expected: route.value.rawValue,
                                actual: taken.isEmpty ? "no route" : taken.joined(separator: ", "), location: route.location,
                                excerpt: taken.contains(route.value.rawValue) ? [] : Self.excerpt(events) { $0.kind == .route }))
        }
        if !expect.messages.isEmpty {
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
        for message in expect.absent {
            let pattern = MessagePattern(message.value)
            let found = events.first(where: pattern.matches)
            checks.append(Check(name: "absent", passed: found == nil, expected: "no '\(message.value)'",
                                actual: found.map { "event \($0.sequence): \(Self.line($0))" } ?? "none",
                                location: message.location, excerpt: found.map { f in Self.excerpt(events) { $0 == f } } ?? []))
        }
        if exhaustive { checks += exhaustiveChecks(step, snapshot: snapshot, previous: previous, events: events) }
        return checks
    }

    /// Like TCA's exhaustive tests: whatever the step changed must be expected. The cycle's own messages
    /// (request, response, ViewModel, display) are implied by `do:`; the effects are not: worker calls, routes,
    /// the screen, DataStore and AppState fields, and shown values that changed.
    private func exhaustiveChecks(_ step: StoryStep, snapshot: StepSnapshot, previous: StepSnapshot?,
                                  events: [TraceEvent]) -> [Check] {
        let expect = step.expectations
        var unexpected: [String] = []
        // Appearing, or the first scene shown, is what the step says; anything else that changes the screen is not.
        var implied = previous == nil && snapshot.stack.count == 1
        if case .appear(let scene) = step.action, snapshot.stack.last == scene.value { implied = true }
        if !implied, snapshot.stack != (previous?.stack ?? []), expect?.scene == nil, expect?.stack == nil {
            unexpected.append("the screen changed to \(snapshot.stack.last?.rawValue ?? "nothing") — expect 'scene: \(snapshot.stack.last?.rawValue ?? "")'")
        }
        for route in snapshot.routes where expect?.route?.value != route {
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
            if !expected {
                unexpected.append("event \(event.sequence) called \(event.to.name).\(event.method) — expect 'messages: [\(event.to.name).\(event.method)]'")
            }
        }
        let sameScreen = previous?.stack.last == snapshot.stack.last
        var labels: [String] = []
        for event in events where event.kind == .show && !labels.contains(event.method) { labels.append(event.method) }
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
            (event.kind == .dataStoreWrite && event.to.scene == scene && event.method == field.name)
                || (event.kind == .dataPassing && event.to.scene == scene && (event.note?.hasPrefix("destination.\(field.name) ") ?? false))
        }
    }

    // MARK: - Architecture

    /// Every message between components must follow a path the pattern allows, within one scene (or by data
    /// passing and navigation into the next).
    public func architecture(_ trace: Trace, pattern: Pattern) -> Check {
        let rules = pattern.definition.rules
        var broken: [(TraceEvent, PatternRules.Rule)] = []
        for event in trace.events {
            switch event.kind {
            case .cycleStart, .cycleEnd, .configure, .lifecycle, .show, .action, .stateWrite: continue
            case _ where event.from.role == .user: continue  // the user acts and goes back
            case .workerResult, .workerError: continue  // replies travel back along their call
            default: break
            }
            let path = PatternRules.Path(event.from.role, event.to.role)
            if let rule = rules.violation(path) {
                broken.append((event, rule))
            } else if event.kind != .dataPassing && event.kind != .navigation, let a = event.from.scene, let b = event.to.scene,
                      event.from.role != .appState, event.to.role != .appState, a != b || event.from.instance != event.to.instance {
                broken.append((event, PatternRules.ownScene))
            }
        }
        return Check(name: "architecture", passed: broken.isEmpty,
                     expected: "every message follows \(pattern.rawValue)'s rules",
                     actual: broken.isEmpty ? "every message follows \(pattern.rawValue)'s rules"
                        : broken.prefix(5).map { "event \($0.0.sequence) \(PatternRules.Path($0.0.from.role, $0.0.to.role)) breaks \($0.1.id)" }.joined(separator: "; "),
                     location: broken.first?.0.location, excerpt: broken.prefix(5).map { Self.line($0.0) })
    }

    // MARK: - Excerpts

    static func line(_ event: TraceEvent) -> String {
        "\(event.sequence)  \(event.from.name) \(event.kind.isReturn ? "⇢" : "→") \(event.to.name)  \(event.text(payloadLimit: 50))"
    }

    static func lines<S: Sequence>(_ events: S) -> [String] where S.Element == TraceEvent { events.map(line) }

    /// Events a reader follows: messages, not cycle markers or a scene's wiring.
    static func messages(_ events: [TraceEvent]) -> [TraceEvent] {
        events.filter { $0.kind != .configure && $0.kind != .cycleStart && $0.kind != .cycleEnd }
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
