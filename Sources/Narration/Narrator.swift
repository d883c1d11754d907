import ScenarioSpec
import TraceFormat

/// A run told step by step, for people learning the pattern.
public struct Narration: Sendable, Hashable {
    public var title: String
    public var legend: String
    /// The pattern's name.
    public var pattern: String
    /// Who holds whom, for this run's scenario where the narrator was given it (else the pattern's).
    public var card: OwnershipCard
    public var steps: [Step]

    public struct Step: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// A scene's components are wired (its configure events, as one step).
            case setup
            case cycleStart, message, cycleEnd
            /// How the run ended.
            case end
        }

        public var kind: Kind
        /// The trace events the step tells, by sequence number.
        public var sequences: [Int]
        public var cycle: Int?
        /// `11  LoginViewController → LoginInteractor` and, for messages through a protocol, `through …`.
        public var headline: String?
        /// What happened.
        public var text: String
        /// Why the pattern sends it there.
        public var why: String?
        /// For a message that breaks one of the pattern's rules, instead of `why`: the rule, what goes wrong in an app,
        /// the fix, and the scenario's reason when it accepts it.
        public var rule: String? = nil
        /// The data it carries: type and value.
        public var data: String?
        /// The line of Swift that sends it, when there is code for the pattern (`interactor?.login(request: request)`).
        public var code: String?
        /// The arrow of the cycle picture.
        public var stage: CycleStage?
        /// For the quiz: which component receives it.
        public var question: Question?
    }

    /// Which component receives a message, with the candidates a learner chooses from.
    public struct Question: Sendable, Hashable {
        public var prompt: String
        public var options: [String]
        /// Index into `options`.
        public var answer: Int
        public var right: String
        public var wrong: String
        /// Why it goes there.
        public var why: String?

        /// Whether `reply` (a 1-based number, a name or a role, any case) picks the answer; nil when it picks nothing.
        public func isRight(_ reply: String) -> Bool? {
            let reply = reply.trimmingCharacters(in: .whitespaces).lowercased()
            guard !reply.isEmpty else { return nil }
            if let number = Int(reply) {
                guard (1...options.count).contains(number) else { return nil }
                return number - 1 == answer
            }
            if let index = options.firstIndex(where: { $0.lowercased() == reply }) { return index == answer }
            // A role name picks the only option that ends with it (`interactor` → `LoginInteractor`).
            let matches = options.indices.filter { options[$0].lowercased().hasSuffix(reply) }
            return matches.count == 1 ? matches[0] == answer : nil
        }
    }
}

/// Tells a trace: wiring per scene, cycles opened and closed, and each message with what, why and the data.
public struct Narrator: Sendable {
    public var catalogue: Catalogue
    /// Payloads longer than this are cut, with `…`.
    public var payloadLimit: Int
    /// The line of code that sends a message, when there is one (the code generator's, given by the caller).
    public var codeLine: (@Sendable (TraceEvent) -> String?)?

    /// Which messages break a rule of the pattern, and which of those the scenario accepts: each is told with the
    /// rule, what goes wrong in an app and the fix, instead of the pattern's reason for the message it bends.
    public var ruleBreaks: RuleBreaks?

    /// How the code spells a type the trace names (`[Product]` → `[ProductEntity]`); nil for a type the code does
    /// not have (a worker's input, whose fields are the call's arguments).
    public var typeSpelling: (@Sendable (String) -> String?)?

    /// The scenario the trace was run from: the ownership card then says what its scenes have (no Router in a
    /// scene with no routes, the workers the app shares), and a message's reason what the scenario does there that
    /// the pattern would not (a Response carrying a sentence, a View choosing on its ViewModel).
    public var scenario: Scenario?

    public init(language: Language = .english, payloadLimit: Int = 160) {
        catalogue = Catalogue(language)
        self.payloadLimit = payloadLimit
    }

    public func narrate(_ trace: Trace) -> Narration {
        let definition = trace.header.patternDefinition
        var steps: [Narration.Step] = []
        var timeOf: [Int: Int] = [:]
        // Every component of the run, for the quiz's choices, found by scene instance.
        var known = Known()
        for event in trace.events {
            for participant in [event.from, event.to] where participant.role != .user && participant.role != .configurator {
                known.add(participant)
            }
        }
        let records = trace.records
        var index = 0
        // Fields passed since the last route was taken: a navigation that passes nothing is not told DataPassing's why.
        var passedSinceRoute = 0
        while index < records.count {
            switch records[index] {
            case .marker(.step):
                break
            case .marker(.cycleStart(let cycle)):
                let stepNumber = trace.steps.last { $0.firstSequence <= cycle.firstSequence }?.number
                let step = stepNumber.map { catalogue.text("cycle.start.step", ["step": String($0)]) } ?? ""
                let title = (cycle.title ?? (cycle.trigger == .action ? nil : "\(cycle.scene ?? "") appears")).map { " — “\($0)”" } ?? ""
                steps.append(Narration.Step(
                    kind: .cycleStart, sequences: [], cycle: cycle.number, headline: nil,
                    text: catalogue.text("cycle.start", ["cycle": String(cycle.number), "step": step, "useCase": cycle.name, "title": title]),
                    why: nil, data: nil, stage: nil, question: nil))
            case .marker(.cycleEnd(let number)):
                steps.append(Narration.Step(
                    kind: .cycleEnd, sequences: [], cycle: number, headline: nil,
                    text: catalogue.text("cycle.end", ["cycle": String(number)]),
                    why: nil, data: nil, stage: nil, question: nil))
            case .event(let event):
                timeOf[event.sequence] = event.time
                if case .configure = event.message {
                    // One step for a configurator's run of wiring.
                    var group = [event]
                    while index + 1 < records.count, case .event(let next) = records[index + 1], case .configure = next.message,
                          next.from == event.from {
                        index += 1
                        group.append(next)
                        timeOf[next.sequence] = next.time
                    }
                    // Workers are not wired from outside: the part that holds them makes its own (the templates'
                    // `var worker = Worker()`, which generated code writes).
                    func isWorker(_ event: TraceEvent) -> Bool {
                        if case .configure(_, _, let value) = event.message { return value.role == .worker }
                        return false
                    }
                    // The AppState an AppState View observes is given to its initialiser, not set by the wiring.
                    let wiring = group.filter { !isWorker($0) }.map { event -> String in
                        if case .configure(_, _, let value) = event.message, value.role == .appState, event.to.role == .view,
                           definition.wiring.style == .environment {
                            return catalogue.text("setup.given", ["view": event.to.name])
                        }
                        return "\(event.to.name).\(event.text())"
                    }.joined(separator: ", ")
                    // Where the View's own method wires the scene (SwiftUI's `configureView()`), that is who wires it:
                    // the Configurator is only the file it is written in.
                    var wirer = event.from.name
                    if event.from.role == .configurator, let method = definition.naming.configureMethod,
                       let view = group.first(where: { $0.to.role == .view })?.to.name {
                        wirer = catalogue.text("setup.method", ["view": view, "method": method])
                    }
                    var text = catalogue.text("setup", ["scene": event.from.scene?.rawValue ?? event.to.scene?.rawValue ?? "?",
                                                        "configurator": wirer, "wiring": wiring])
                    let made = group.filter(isWorker)
                    if let holder = made.first?.to.name {
                        text += " " + catalogue.text("setup.workers", ["holder": holder, "workers": made.map { event -> String in
                            guard case .configure(let property, _, let value) = event.message else { return "" }
                            return "\(property) = \(value.name)()"
                        }.joined(separator: ", ")])
                    }
                    steps.append(Narration.Step(
                        kind: .setup, sequences: group.map(\.sequence), cycle: nil,
                        headline: "\(group[0].sequence)–\(group[group.count - 1].sequence)  \(wirer)",
                        text: text,
                        why: catalogue.text(setupKey(wiredBy: event.from, definition)), data: nil, stage: nil, question: nil))
                } else {
                    if event.kind == .route { passedSinceRoute = 0 }
                    // What a route passes: the next DataStore's fields, or (AppState) what its Router writes there.
                    if event.kind == .dataPassing || (event.kind == .publish && event.from.role == .router) { passedSinceRoute += 1 }
                    steps.append(message(event, definition: definition,
                                         latency: event.parent.flatMap { timeOf[$0] }.map { event.time - $0 }, known: known,
                                         passes: passedSinceRoute > 0))
                }
            }
            index += 1
        }
        if let end = trace.end {
            let text = end.status == .completed
                ? catalogue.text(end.cycles == 1 ? "run.end.completed.one" : "run.end.completed", ["cycles": String(end.cycles), "messages": String(end.messages), "time": String(end.time)])
                : catalogue.text("run.end.failed", ["error": end.error ?? "?"])
            steps.append(Narration.Step(kind: .end, sequences: [], cycle: nil, headline: nil, text: text,
                                        why: nil, data: nil, stage: nil, question: nil))
        }
        return Narration(
            title: catalogue.text("title", ["scenario": trace.header.scenario, "pattern": trace.header.pattern, "file": trace.header.file]),
            legend: catalogue.text("legend"), pattern: trace.header.pattern,
            card: OwnershipCard(definition, language: catalogue.language, scenario: scenario), steps: steps)
    }

    /// One message: what, why, the data, and the quiz question.
    /// The components of a run in the order they first appear, by scene instance: a question's choices are the
    /// sender's and the receiver's scenes' components, found without looking at every other instance.
    struct Known {
        private var order: [Participant: Int] = [:]
        private var byInstance: [String: [Participant]] = [:]
        private var shared: [Participant] = []

        mutating func add(_ participant: Participant) {
            guard order[participant] == nil else { return }
            order[participant] = order.count
            if let key = participant.sceneInstance { byInstance[key, default: []].append(participant) } else { shared.append(participant) }
        }

        /// The components of these scene instances, and those of no scene, in order of first appearance.
        func around(_ participants: [Participant]) -> [Participant] {
            var keys: [String] = []
            for participant in participants { if let key = participant.sceneInstance, !keys.contains(key) { keys.append(key) } }
            let found = shared + keys.flatMap { byInstance[$0] ?? [] }
            return found.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }
        }
    }

    /// Why a scene is wired: a Configurator's words, or those of the View's `setup()` when the View wires itself.
    func setupKey(wiredBy wirer: Participant, _ definition: PatternDefinition) -> String {
        let key = "setup.why.\(definition.narrationKey)"
        return wirer.role == .view && catalogue.has(key + ".setup") ? key + ".setup" : key
    }

    func message(_ event: TraceEvent, definition: PatternDefinition, latency: Int?, known: Known, passes: Bool = true) -> Narration.Step {
        let suffix = "." + definition.narrationKey
        let value = event.payload.map { TraceEvent.brief($0, limit: payloadLimit) } ?? ""
        var arguments = [
            "from": event.from.name, "to": event.to.name, "method": event.method ?? event.signature, "signature": event.signature,
            "value": value, "note": "",
            "latency": latency.map { $0 > 0 ? catalogue.text("latency", ["ms": String($0)]) : "" } ?? "",
        ]
        var key = "kind.\(event.kind.rawValue)"
        if catalogue.has(key + suffix) { key += suffix }
        switch event.message {
        case .configure(let property, _, let target):
            arguments["method"] = property
            arguments["note"] = target.name
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write):
            arguments["method"] = write.field
        case .show(let label, _):
            arguments["method"] = label
        case .action(let useCase, _, _):
            arguments["method"] = useCase.rawValue
        case .dataPassing(let pass):
            arguments["note"] = "destination.\(pass.field) = \(pass.source)"
        case .navigation(let navigation):
            arguments["note"] = event.navigationNote(navigation)
            if navigation.style == .tab {
                if event.from.role == .user {
                    key = "kind.navigation.tab"
                    arguments["tab"] = (navigation.shown.first ?? event.to).name
                }
            } else if navigation.route == nil, event.from.role == .user {
                key = "kind.navigation.back"
            }
        default:
            break
        }
        let stage = event.stage
        var why: String?
        if case .navigation(let navigation) = event.message, navigation.style == .tab {
            // A tab passes nothing and releases nothing: its lesson is what the tab bar keeps.
            why = catalogue.text("why.tab")
        } else if key == "kind.navigation.back" {
            // The user's Back passes nothing: its lesson is what is released and what comes back.
            why = catalogue.text(catalogue.has("why.back" + suffix) ? "why.back" + suffix : "why.back")
        } else if case .navigation(let navigation) = event.message, let route = navigation.route,
                  let scene = event.from.scene.flatMap({ scenario?.scene($0) }),
                  scene.routes.first(where: { $0.name == route })?.destination == nil {
            // A route back to whichever scene is below: where it went is the run's, not the route's.
            why = catalogue.text("why.back.anywhere", ["to": event.to.name])
        } else if event.kind == .navigation, stage == .next, !passes {
            // A route that passes nothing: DataPassing's lesson does not belong here.
            why = catalogue.text(catalogue.has("why.next.nothing" + suffix) ? "why.next.nothing" + suffix : "why.next.nothing")
        } else if event.kind == .load {
            why = catalogue.text("why.load")
        } else if let stage {
            let specific = "why.\(stage.rawValue)" + suffix
            if catalogue.has(specific) {
                why = catalogue.text(specific)
            } else if catalogue.has("why.\(stage.rawValue)") {
                why = catalogue.text("why.\(stage.rawValue)")
            }
        }
        if let fields = scenario.map({ ScenarioReading.worded(event, in: $0) }), !fields.isEmpty {
            let key = "why.worded.\(event.kind.rawValue)"
            let specific = key + suffix
            if catalogue.has(specific) || catalogue.has(key) {
                why = catalogue.text(catalogue.has(specific) ? specific : key, ["fields": fields.joined(separator: ", ")])
            }
        }
        if event.kind == .display, let logic = scenario.map({ ScenarioReading.viewLogic(event, in: $0) }), let told = why {
            var extra = ""
            if !logic.conditions.isEmpty {
                extra += " " + catalogue.text("why.display.chooses", ["conditions": logic.conditions.joined(separator: ", ")])
            }
            if !logic.worded.isEmpty {
                extra += " " + catalogue.text("why.display.words", ["fields": logic.worded.joined(separator: ", ")])
            }
            why = told + extra
        }
        var data: String?
        if let payload = event.payload, ![.show, .dataStoreWrite, .stateWrite, .publish, .dataPassing, .workerError].contains(event.kind) {
            // The type as the code spells it, where the caller knows the code; none where the call takes the fields
            // as arguments (a worker's input).
            let type: String? = event.payloadType.flatMap { traced in typeSpelling.map { $0(traced) } ?? traced }
            // (A VIPER answer is one Response value, `didRetrievePosts(_ response:)`: named as such.)
            let arguments = (definition.naming.requestLabels == .fields && (event.kind == .request || event.kind == .event))
                || (event.payloadType != nil && type == nil)
            if arguments, case .record = payload {
                // The pattern passes the values as arguments (VIPER, AppState): there is no Request or Response object
                // to name.
                data = String(TraceEvent.brief(payload, limit: payloadLimit).dropFirst().dropLast())
            } else {
                data = (type.map { $0 + " " } ?? "") + TraceEvent.brief(payload, limit: payloadLimit)
            }
        }
        var headline = "\(event.sequence)  \(event.from.name) \(event.kind.isReturn ? "⇢" : "→") \(event.to.name)"
        if let protocolName = event.protocolName { headline += "  · " + catalogue.text("through", ["protocol": protocolName]) }
        if let broken = ruleBreaks?(event) {
            // The pattern's reason for this kind of message does not hold where the message bends it.
            let path = PatternRules.Path(event.from.role, event.to.role)
            headline += broken.accepted == nil ? "  ✗ \(broken.rule.id)" : "  ⚑ \(broken.rule.id)"
            // No arrow of the pattern's cycle is this message: the cycle picture lights none for it.
            var step = Narration.Step(kind: .message, sequences: [event.sequence], cycle: event.cycle, headline: headline,
                                      text: catalogue.text(key, arguments), why: nil, data: data, code: codeLine?(event), stage: nil,
                                      question: nil)
            var lesson = Self.lesson(broken.rule, path: path, catalogue: catalogue)
            // An accepted break is marked as the headline marks it.
            if broken.accepted != nil, lesson.hasPrefix("✗") { lesson = "⚑" + lesson.dropFirst() }
            step.rule = lesson + (broken.accepted.map { " " + catalogue.text("rule.accepted", ["reason": $0.reason]) } ?? "")
            return step
        }
        return Narration.Step(kind: .message, sequences: [event.sequence], cycle: event.cycle, headline: headline,
                              text: catalogue.text(key, arguments), why: why, data: data, code: codeLine?(event), stage: stage,
                              question: question(event, definition: definition, known: known, why: why))
    }

    /// A broken rule told to a learner: the path and the rule, what would go wrong in the app (when the catalogue
    /// says), and the fix.
    public static func lesson(_ rule: PatternRules.Rule, path: PatternRules.Path, catalogue: Catalogue) -> String {
        let (text, fix) = Self.rule(rule, path: path, in: catalogue.language)
        let consequence = "mistake.\(rule.id)"
        return catalogue.text("mistake.breaks", ["rule": rule.id, "path": path.description, "text": text])
            + (catalogue.has(consequence) ? " " + catalogue.text("mistake.wrong", ["consequence": catalogue.text(consequence)]) : "")
            + " " + catalogue.text("mistake.fix", ["fix": fix])
    }

    /// The rule's text and fix in `language`: the pattern definition's own in English, the catalogue's otherwise.
    public static func rule(_ rule: PatternRules.Rule, path: PatternRules.Path, in language: Language) -> (text: String, fix: String) {
        Catalogue.rules[language]?[translationKey(rule, path: path)] ?? (rule.text, rule.fix)
    }

    /// The catalogue's key for a rule broken along a path (a rule's words differ by path).
    public static func translationKey(_ rule: PatternRules.Rule, path: PatternRules.Path) -> String {
        "\(rule.id) \(path.from.rawValue)->\(path.to.rawValue)"
    }

    /// Kinds the quiz asks about: where the next message goes is the lesson.
    static let quizKinds: Set<EventKind> = [.request, .event, .workerCall, .response, .display, .route, .dataPassing,
                                            .navigation, .dataStoreWrite, .publish, .render]

    /// Column order for the options: the cycle's order.
    static let roleOrder: [ComponentRole] = [.view, .interactor, .presenter, .router, .worker, .dataStore, .appState]

    func question(_ event: TraceEvent, definition: PatternDefinition, known: Known, why: String?) -> Narration.Question? {
        guard Self.quizKinds.contains(event.kind), event.from.role != .user, event.from != event.to else { return nil }
        // The sender's and the receiver's scene instances: what the sender could be talking to.
        var candidates = known.around([event.from, event.to]).filter { $0 != event.from }
        if !candidates.contains(event.to) { candidates.append(event.to) }
        candidates.sort { a, b in
            let ra = Self.roleOrder.firstIndex(of: a.role) ?? 99, rb = Self.roleOrder.firstIndex(of: b.role) ?? 99
            if ra != rb { return ra < rb }
            if a.scene != b.scene { return (a.scene == event.from.scene ? 0 : 1) < (b.scene == event.from.scene ? 0 : 1) }
            return a.name < b.name
        }
        // Names that appear twice (two instances of one scene) keep their instance.
        let names = candidates.map(\.name)
        let options = candidates.map { candidate in names.filter { $0 == candidate.name }.count > 1 ? candidate.id : candidate.name }
        guard options.count > 1, let answer = candidates.firstIndex(of: event.to) else { return nil }
        var whatKey = "quiz.what.\(event.kind.rawValue)"
        if catalogue.has(whatKey + "." + definition.narrationKey) { whatKey += "." + definition.narrationKey }
        let to = options[answer]
        return Narration.Question(
            prompt: catalogue.text("quiz.ask", ["from": event.from.name, "what": catalogue.text(whatKey)]),
            options: options, answer: answer,
            right: catalogue.text("quiz.right", ["to": to]), wrong: catalogue.text("quiz.wrong", ["to": to]), why: why)
    }
}
