import TraceFormat

/// Reads format 1 into format 2: the one place that reads format 1's free text.
///
/// Format 1 packed meaning into `method` and `note` (`destination.userID = source.id`, `120 ms`, `back to Login#1`,
/// `Scene.UseCase`), numbered cycle markers among the messages, and wrote each participant in full on every line.
/// The upgrader turns cycle markers into cycles and renumbers the messages densely (parents follow), reads the notes
/// into typed fields, infers each story step's action from what it did, and tracks the navigation stack to say
/// what each navigation removed. What format 1 never recorded stays unknown: which worker case answered
/// (`Answer.unknown`), and a Response's output name.
public struct TraceUpgrader {
    /// Names the route a `route` message of `scene` calls by `method`; nil to fall back on the naming convention
    /// (`routeToHome()` → `toHome`).
    public typealias RouteNamer = @Sendable (SceneName, String) -> RouteName?

    /// A format-1 participant, written in full on each line.
    struct OldParticipant: Hashable {
        var role: ComponentRole
        var name: String
        var scene: String?
        var instance: Int?
    }

    /// A format-1 line.
    struct Event {
        var sequence: Int
        var cycle: Int?
        var parent: Int?
        var step: Int?
        var time: Int
        var kind: String
        var from: OldParticipant
        var to: OldParticipant
        var protocolName: String?
        var method: String
        var type: String?
        var payload: Value?
        var location: SourceLocation?
        var note: String?

        init(fields: TraceReader.Fields) throws {
            func participant(_ key: String) throws -> OldParticipant {
                let object = try fields.object(key)
                let roleName = try object.string("role")
                guard let role = ComponentRole(rawValue: roleName) else { throw object.failure("unknown role '\(roleName)'") }
                return OldParticipant(role: role, name: try object.string("name"), scene: try object.optionalString("scene"),
                                      instance: try object.optionalInt("instance"))
            }
            sequence = try fields.int("seq")
            cycle = try fields.optionalInt("cycle")
            parent = try fields.optionalInt("parent")
            step = try fields.optionalInt("step")
            time = try fields.int("t")
            kind = try fields.string("kind")
            from = try participant("from")
            to = try participant("to")
            protocolName = try fields.optionalString("protocol")
            method = try fields.string("method")
            type = try fields.optionalString("type")
            payload = fields.value("payload").map(TraceReader.value)
            location = try fields.optionalString("at").map { try TraceReader.location($0, fields) }
            note = try fields.optionalString("note")
            guard Self.kinds.contains(kind) else { throw fields.failure("unknown event kind '\(kind)'") }
            guard sequence >= 1, time >= 0 else { throw fields.failure("event \(sequence) has a negative time or number") }
            if let parent, parent < 1 || parent >= sequence {
                throw fields.failure("event \(sequence)'s parent \(parent) must be an earlier event")
            }
            line = fields.line
        }

        var line = 0

        static let kinds: Set<String> = [
            "cycleStart", "cycleEnd", "configure", "lifecycle", "action", "request", "event", "workerCall", "workerResult",
            "workerError", "dataStoreWrite", "stateWrite", "response", "display", "show", "route", "dataPassing",
            "navigation", "publish", "render",
        ]
    }

    var header: TraceHeader
    let routeName: RouteNamer?
    private var old: [Event] = []

    init(header: TraceHeader, routeName: RouteNamer?) {
        self.header = header
        self.routeName = routeName
    }

    mutating func add(_ event: Event) throws {
        guard event.sequence == old.count + 1 else {
            throw TraceReader.Failure(line: event.line, message: "event \(event.sequence) out of order; expected \(old.count + 1)")
        }
        old.append(event)
    }

    // MARK: - Upgrading

    func finish(end: RunEnd?) throws -> Trace {
        var header = self.header
        header.version = TraceHeader.version(showsTabs: false)
        let participants = participantTable()
        func participant(_ p: OldParticipant) -> Participant { participants[p]! }

        // New numbers: messages only.
        var newSequence: [Int: Int] = [:]
        var markers = Set<Int>()
        for event in old {
            if event.kind == "cycleStart" || event.kind == "cycleEnd" {
                markers.insert(event.sequence)
            } else {
                newSequence[event.sequence] = newSequence.count + 1
            }
        }
        var children: [Int: [Int]] = [:]
        for event in old { if let parent = event.parent { children[parent, default: []].append(event.sequence) } }

        var events: [TraceEvent] = []
        var cycles: [TraceCycle] = []
        var cycleIndex: [Int: Int] = [:]
        var routes: [Int: RouteName] = [:]        // old route event → its name
        var operations: [Int: OperationName] = [:] // old worker call → its operation
        var stack: [Participant] = []
        var steps: [TraceStep] = []
        var lastStep: Int?

        for event in old {
            // Story steps: a new one whenever the step number changes; a lower number starts the next pass.
            if let step = event.step, step != lastStep {
                let pass = (steps.last.map { step <= $0.number ? $0.pass + 1 : $0.pass }) ?? 1
                steps.append(TraceStep(number: step, pass: pass, action: nil, firstSequence: events.count + 1,
                                       lastSequence: events.count))
                lastStep = step
            }
            let from = participant(event.from), to = participant(event.to)
            let cycle = event.cycle.flatMap { cycleIndex[$0] }.map { cycles[$0] }
            switch event.kind {
            case "cycleStart":
                let number = event.cycle ?? cycles.count + 1
                let useCase = event.method.split(separator: ".", maxSplits: 1).last.map(String.init) ?? event.method
                var trigger = TraceCycle.Trigger.action
                if let cause = event.parent, let lifecycle = old.first(where: { $0.sequence == cause }) {
                    trigger = lifecycle.method == "onAppear()" ? .appear : .load
                }
                var title = event.note
                if event.parent != nil, title == "\(event.to.scene ?? "") appears" { title = nil }
                cycleIndex[number] = cycles.count
                cycles.append(TraceCycle(number: number, view: to, useCase: UseCaseName(useCase), trigger: trigger,
                                         title: title, cause: event.parent.flatMap { newSequence[$0] },
                                         location: event.location, firstSequence: events.count + 1,
                                         lastSequence: events.count))
                continue
            case "cycleEnd":
                if let number = event.cycle, let index = cycleIndex[number] { cycles[index].lastSequence = events.count }
                continue
            default:
                break
            }
            let call = Invocation(protocolName: event.protocolName, method: event.method, payloadType: event.type,
                                  payload: event.payload)
            let message: Message
            var eventTo = to
            switch event.kind {
            case "configure":
                message = .configure(property: event.method, protocolName: event.type,
                                     value: participants.named(event.note ?? "", near: event.from))
            case "lifecycle":
                message = event.method == "onAppear()" ? .appear(method: event.method) : .load(method: event.method)
                if !stack.contains(to) && !(events.last.map { if case .navigation = $0.message { $0.to == to } else { false } } ?? false) {
                    stack = [to]
                }
            case "action":
                message = .action(useCase: UseCaseName(event.method), payloadType: event.type, payload: event.payload)
            case "request": message = .request(useCase: cycle?.useCase, call)
            case "event": message = .event(useCase: cycle?.useCase, call)
            case "workerCall":
                let operation = OperationName(String(event.method.prefix { $0 != "(" }))
                operations[event.sequence] = operation
                // A worker that calls back answers with another method than the one called.
                let answer = children[event.sequence]?.compactMap { child in old[child - 1] }.first { $0.kind.hasPrefix("workerR") || $0.kind == "workerError" }
                let style: CallStyle = answer.map { $0.method != event.method } == true ? .callback : .return
                message = .workerCall(operation: operation, style: style, call)
            case "workerResult", "workerError":
                let operation = event.parent.flatMap { operations[$0] } ?? OperationName(String(event.method.prefix { $0 != "(" }))
                let latency = event.note.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
                if event.kind == "workerResult" {
                    message = .workerResult(WorkerAnswer(operation: operation, invocation: call, answer: .unknown, latency: latency))
                } else {
                    let error: String
                    if case .string(let text)? = event.payload { error = text } else { error = event.payload?.description ?? "" }
                    message = .workerError(WorkerAnswer(operation: operation,
                                                        invocation: Invocation(protocolName: event.protocolName, method: event.method),
                                                        answer: .unknown, latency: latency), error: error)
                }
            case "dataStoreWrite", "stateWrite", "publish":
                let write = FieldWrite(protocolName: event.protocolName, field: event.method, type: event.type ?? "",
                                       value: event.payload ?? .null)
                message = event.kind == "publish" ? .publish(write) : event.kind == "stateWrite" ? .stateWrite(write) : .dataStoreWrite(write)
            case "response":
                message = .response(useCase: cycle?.useCase ?? UseCaseName(""), output: nil, call)
            case "display": message = .display(useCase: cycle?.useCase, output: nil, call)
            case "show": message = .show(label: event.method, value: event.payload ?? .null)
            case "route":
                let scene = event.from.scene.map { SceneName($0) } ?? SceneName("")
                let name = routeName?(scene, event.method) ?? Self.conventionalRoute(event.method)
                routes[event.sequence] = name
                message = .route(name, call)
            case "dataPassing":
                // `destination.userID = source.userID`
                let note = event.note ?? ""
                let parts = note.components(separatedBy: " = ")
                let field = parts.first.map { $0.hasPrefix("destination.") ? String($0.dropFirst("destination.".count)) : $0 } ?? ""
                message = .dataPassing(DataPass(route: event.parent.flatMap { routes[$0] } ?? RouteName(""),
                                                protocolName: event.protocolName, method: event.method, field: field,
                                                source: parts.dropFirst().joined(separator: " = "), type: event.type ?? "",
                                                value: event.payload ?? .null))
            case "navigation":
                if event.from.role == .user {
                    // `back to Login#1`: the instance that comes back.
                    let revealed = stack.count > 1 ? stack[stack.count - 2] : to
                    let removed = stack.last.map { [$0] } ?? [to]
                    if !stack.isEmpty { stack.removeLast() }
                    eventTo = revealed
                    message = .navigation(Navigation(style: event.method.hasPrefix("dismiss") ? .dismiss : .pop, route: nil,
                                                     method: event.method, removed: removed))
                } else {
                    let style = Navigation.Style(rawValue: event.note ?? "") ?? .push
                    var removed: [Participant] = []
                    if style == .replace {
                        removed = stack.reversed()
                        stack = [to]
                    } else {
                        stack.append(to)
                    }
                    message = .navigation(Navigation(style: style, route: event.parent.flatMap { routes[$0] },
                                                     method: event.method, removed: removed))
                }
            case "render": message = .render(method: event.method)
            default: message = .call(call)
            }
            let parent = event.parent.flatMap { markers.contains($0) ? nil : newSequence[$0] }
            events.append(TraceEvent(sequence: events.count + 1, cycle: event.cycle, parent: parent, step: event.step,
                                     time: event.time, from: from, to: eventTo, message: message, location: event.location))
            if !steps.isEmpty { steps[steps.count - 1].lastSequence = events.count }
        }
        for index in steps.indices { steps[index] = Self.inferred(steps[index], events: events, cycles: cycles) }
        let upgradedEnd = end.map { end in
            var end = end
            end.messages = events.count
            return end
        }
        return Trace(header: header, events: events, steps: steps, cycles: cycles, end: upgradedEnd)
    }

    /// What a step did, read from its messages: the user's action starts a cycle, going back navigates, and an
    /// appearing scene is wired and loads.
    static func inferred(_ step: TraceStep, events: [TraceEvent], cycles: [TraceCycle]) -> TraceStep {
        var step = step
        let range = step.firstSequence...max(step.firstSequence, step.lastSequence)
        if let cycle = cycles.first(where: { $0.trigger == .action && $0.firstSequence == step.firstSequence }),
           let scene = cycle.view.scene {
            step.action = .perform(scene: scene, useCase: cycle.useCase)
            step.title = cycle.title
            step.location = cycle.location
        } else if let back = events.first(where: { range.contains($0.sequence) && $0.from.role == .user && $0.kind == .navigation }) {
            step.action = .back
            step.location = back.location
        } else if let load = events.first(where: { range.contains($0.sequence) && $0.kind.isLifecycle }), let scene = load.to.scene {
            step.action = .appear(scene)
            step.location = load.location
        }
        return step
    }

    /// `routeToHome()` → `toHome`; another method → its name.
    static func conventionalRoute(_ method: String) -> RouteName {
        let base = method.prefix { $0 != "(" }
        guard base.hasPrefix("route"), base.count > 5 else { return RouteName(String(base)) }
        let rest = base.dropFirst(5)
        return RouteName(rest.prefix(1).lowercased() + rest.dropFirst())
    }

    /// Every participant, numbered in order of first use, with those only wiring names (a worker never called, the
    /// AppState) added where they are named.
    private func participantTable() -> ParticipantTable {
        var table = ParticipantTable()
        for event in old {
            table.add(event.from)
            table.add(event.to)
        }
        for event in old {
            if event.kind == "configure", let name = event.note, table.find(name, near: event.from) == nil {
                // Never a sender or receiver: its role is what the property it is wired into says.
                let roles: [String: ComponentRole] = [
                    "view": .view, "viewController": .view, "interactor": .interactor, "presenter": .presenter,
                    "router": .router, "wireFrame": .router, "dataStore": .dataStore, "appState": .appState,
                ]
                let role = roles[event.method] ?? .worker
                table.add(role == .appState
                    ? OldParticipant(role: .appState, name: name, scene: nil, instance: nil)
                    : OldParticipant(role: role, name: name, scene: event.from.scene, instance: event.from.instance))
            }
        }
        return table
    }

    struct ParticipantTable {
        private var byOld: [OldParticipant: Participant] = [:]
        private var order: [OldParticipant] = []

        subscript(_ participant: OldParticipant) -> Participant? { byOld[participant] }

        mutating func add(_ participant: OldParticipant) {
            guard byOld[participant] == nil else { return }
            order.append(participant)
            byOld[participant] = Participant(number: order.count, role: participant.role, name: participant.name,
                                             scene: participant.scene.map { SceneName($0) }, instance: participant.instance)
        }

        /// The participant called `name` in the scene instance of `near`, or one outside any scene.
        func find(_ name: String, near: OldParticipant) -> Participant? {
            order.first { $0.name == name && $0.scene == near.scene && $0.instance == near.instance }.flatMap { byOld[$0] }
                ?? order.first { $0.name == name && $0.scene == nil }.flatMap { byOld[$0] }
        }

        func named(_ name: String, near: OldParticipant) -> Participant {
            find(name, near: near) ?? Participant(number: 0, role: .worker, name: name)
        }
    }
}
