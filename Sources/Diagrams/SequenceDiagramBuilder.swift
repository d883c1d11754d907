import ScenarioSpec
import TraceFormat

/// Builds the sequence diagram of a trace.
public enum SequenceDiagramBuilder {
    /// How much of the run to draw.
    public enum Detail: String, Sendable, CaseIterable {
        /// Every message.
        case message
        /// One arrow per stage of each cycle: action, request, response, display, route, navigation.
        case cycle
        /// Scenes only: what the user does on each scene and how scenes lead to each other.
        case scene
    }

    public struct Options: Sendable, Hashable {
        public var detail: Detail
        /// Only these story steps (1-based); nil for all. The launch belongs to step 1.
        public var steps: ClosedRange<Int>?
        /// Payloads longer than this are cut with `…`; 0 hides payloads.
        public var payloadLimit: Int
        /// Messages after this sequence number are not drawn (a diagram too big to draw stops here).
        public var lastSequence: Int?
        /// Messages before this sequence number are not drawn (a page of a long run starts here).
        public var firstSequence: Int?
        /// Messages that break a rule, by sequence number, with the rule's id: drawn red, the id after the label.
        public var flagged: [Int: String] = [:]
        /// Which messages break a rule of the run's pattern and which of those the scenario accepts: those it does
        /// not accept are drawn red with the rule's id after the label; accepted ones keep their look and say the
        /// rule is accepted. Nil: only `flagged`.
        public var ruleBreaks: RuleBreaks?

        public init(detail: Detail = .message, steps: ClosedRange<Int>? = nil, payloadLimit: Int = 48, lastSequence: Int? = nil,
                    firstSequence: Int? = nil) {
            self.detail = detail
            self.steps = steps
            self.payloadLimit = payloadLimit
            self.lastSequence = lastSequence
            self.firstSequence = firstSequence
        }
    }

    public static func build(_ trace: Trace, options: Options = Options()) -> SequenceDiagram {
        // The body in order, within the chosen messages and story steps (the launch belongs to step 1).
        let records = trace.records(from: options.firstSequence ?? 1, through: options.lastSequence ?? trace.events.count).filter { record in
            if case .marker(.cycleEnd(let number)) = record, let cycle = trace.cycle(number),
               let last = options.lastSequence, cycle.lastSequence > last {
                return false
            }
            guard let steps = options.steps else { return true }
            switch record {
            case .event(let event): return steps.contains(event.step ?? 1)
            case .marker(.step(let step)): return steps.contains(step.number)
            case .marker(.cycleStart(let cycle)): return steps.contains(trace.step(containing: cycle.firstSequence) ?? 1)
            case .marker(.cycleEnd(let number)):
                return trace.cycle(number).map { steps.contains(trace.step(containing: $0.firstSequence) ?? 1) } ?? false
            }
        }
        switch options.detail {
        case .scene: return buildScenes(trace, records, options)
        case .message, .cycle: return buildMessages(trace, records, options)
        }
    }

    /// The rule `event` breaks, as its label ends: `  ✗ clean-swift/one-way`, or `  ⚑ clean-swift/one-way accepted`.
    static func flag(_ event: TraceEvent, _ options: Options) -> (suffix: String, accepted: Bool)? {
        if let rule = options.flagged[event.sequence] { return ("  ✗ " + rule, false) }
        guard let found = options.ruleBreaks?(event) else { return nil }
        return found.accepted == nil ? ("  ✗ " + found.rule.id, false) : ("  ⚑ " + found.rule.id + " accepted", true)
    }

    /// Kinds drawn at the `cycle` level of detail.
    static let cycleKinds: Set<EventKind> = [.action, .request, .event, .response, .display, .route, .navigation]

    // MARK: - Message and cycle detail

    private static func buildMessages(_ trace: Trace, _ records: [TraceRecord], _ options: Options) -> SequenceDiagram {
        let drawn = records.filter { record in
            guard case .event(let event) = record else { return true }
            if case .configure = event.message { return true }
            return options.detail == .message || cycleKinds.contains(event.kind)
        }
        var diagram = SequenceDiagram(title: "\(trace.header.scenario) — sequence")

        // Columns: the User, then each scene in order of appearance (View, Interactor, Workers, DataStore, Presenter,
        // Router), then the workers the app shares, then AppState. A scene keeps its columns across its instances.
        var groupOrder: [String] = []
        var groupTitles: [String: String] = [:]
        var members: [String: [ColumnKey]] = [:]
        var firstParticipant: [ColumnKey: Participant] = [:]
        var hasUser = false
        var appState: Participant?
        // Components of no scene besides AppState: workers the app shares, each drawn beside the scene that first
        // calls it, so its calls stay short.
        var sharedColumns: [Participant] = []
        var firstCaller: [Participant: String] = [:]
        func addGroup(_ participant: Participant) {
            guard let scene = participant.scene, groupTitles[scene.rawValue] == nil else { return }
            groupOrder.append(scene.rawValue)
            groupTitles[scene.rawValue] = "\(scene)" + (participant.instance.map { " #\($0)" } ?? "")
        }
        func register(_ participant: Participant) {
            switch participant.role {
            case .user: hasUser = true
            case .appState: appState = participant
            case .configurator: break
            default:
                guard let scene = participant.scene else {
                    if !sharedColumns.contains(participant) { sharedColumns.append(participant) }
                    return
                }
                addGroup(participant)
                let key = ColumnKey(participant)
                if firstParticipant[key] == nil {
                    firstParticipant[key] = participant
                    members[scene.rawValue, default: []].append(key)
                }
            }
        }
        for record in drawn {
            switch record {
            case .marker(.cycleStart(let cycle)):
                // A cycle runs between the user and the scene's View.
                register(cycle.view)
                hasUser = true
            case .marker:
                break
            case .event(let event):
                if case .configure = event.message {
                    addGroup(event.from)
                } else {
                    register(event.from)
                    register(event.to)
                    if event.to.scene == nil, let caller = event.from.scene, firstCaller[event.to] == nil {
                        firstCaller[event.to] = caller.rawValue
                    }
                }
            }
        }
        var columnOfKey: [ColumnKey: Int] = [:]
        var columnOf: [Participant: Int] = [:]
        func addColumn(_ participant: Participant, group: Int?) {
            columnOf[participant] = diagram.participants.count
            diagram.participants.append(SequenceDiagram.Participant(
                id: participant.id, name: participant.name, role: participant.role, group: group))
        }
        if hasUser { addColumn(Participant(number: 0, role: .user, name: "User"), group: nil) }
        var groupIndex: [String: Int] = [:]
        let rank = columnOrder(trace.header.patternDefinition)
        for scene in groupOrder {
            let sorted = (members[scene] ?? []).enumerated().sorted { a, b in
                let (ra, rb) = (rank.firstIndex(of: a.element.role) ?? 99, rank.firstIndex(of: b.element.role) ?? 99)
                return ra == rb ? a.offset < b.offset : ra < rb
            }.map(\.element)
            guard !sorted.isEmpty else { continue }
            groupIndex[scene] = diagram.groups.count
            var indices: [Int] = []
            for key in sorted {
                indices.append(diagram.participants.count)
                columnOfKey[key] = diagram.participants.count
                addColumn(firstParticipant[key]!, group: diagram.groups.count)
            }
            diagram.groups.append(SequenceDiagram.Group(title: groupTitles[scene]!, members: indices))
            for participant in sharedColumns where firstCaller[participant] == scene && columnOf[participant] == nil {
                addColumn(participant, group: nil)
            }
        }
        for participant in sharedColumns where columnOf[participant] == nil { addColumn(participant, group: nil) }
        if let appState { addColumn(appState, group: nil) }
        func column(_ participant: Participant) -> Int? {
            if participant.role == .user { return hasUser ? 0 : nil }
            if participant.scene != nil { return columnOfKey[ColumnKey(participant)] }
            return columnOf[participant]
        }

        // Rows.
        var rowOf: [Int: Int] = [:]            // event sequence → row
        var lastRowOf: [Int: Int] = [:]        // event sequence → last row of everything it caused
        var parentOf: [Int: Int] = [:]
        var timeOf: [Int: Int] = [:]
        var openFrames: [Int: (title: String, firstRow: Int)] = [:]
        var stage = Stage()
        var pendingWiring: (group: Int, properties: [String], configurator: String)?
        // The scene instances wired and loaded before the first cycle or navigation are there from the start, and so
        // is every instance that spoke before the first message drawn (a page of a long run).
        var startsAtTop = Set<String>()
        let firstDrawn = records.lazy.compactMap { record -> Int? in
            if case .event(let event) = record { return event.sequence } else { return nil }
        }.first ?? 1
        if firstDrawn > 1 {
            // A later page: every instance not wired on it was there before it.
            var wiredHere = Set<String>()
            for record in records {
                guard case .event(let event) = record else { continue }
                if event.kind == .configure, let key = event.from.sceneInstance { wiredHere.insert(key) }
                for side in [event.from, event.to] {
                    if let key = side.sceneInstance, !wiredHere.contains(key) { startsAtTop.insert(key) }
                }
            }
        }
        launch: for record in records {
            switch record {
            case .marker(.step): continue
            case .event(let event) where event.kind == .configure || event.kind.isLifecycle:
                if let key = event.from.sceneInstance { startsAtTop.insert(key) }
            default: break launch
            }
        }

        func flushWiring() {
            guard let wiring = pendingWiring else { return }
            pendingWiring = nil
            let group = diagram.groups[wiring.group]
            diagram.rows.append(.note(SequenceDiagram.Note(
                first: group.members.first!, last: group.members.last!,
                lines: ["\(wiring.configurator) wires " + wiring.properties.joined(separator: ", ")])))
        }
        func noteCreation(of participant: Participant) {
            guard let scene = participant.scene, let key = participant.sceneInstance, let group = groupIndex[scene.rawValue] else {
                return
            }
            stage.enter(key, title: "\(scene)" + (participant.instance.map { " #\($0)" } ?? ""), group: group, atTop: startsAtTop.contains(key),
                        in: &diagram)
        }
        var replyRow: [Int: Int] = [:]          // worker call → row of its result or error
        func markRow(_ event: TraceEvent) {
            let row = diagram.rows.count - 1
            rowOf[event.sequence] = row
            lastRowOf[event.sequence] = row
            if event.kind.isReturn, let call = event.parent { replyRow[call] = row }
            // Everything up the causal chain is busy until this row. A cycle's first message has no parent: a
            // scene that appeared runs its own cycle later, after its cause has returned.
            var ancestor = event.parent
            while let current = ancestor {
                if let existing = lastRowOf[current] { lastRowOf[current] = max(existing, row) }
                ancestor = parentOf[current]
            }
        }

        // Parents and times of every event, drawn or not, so causal chains survive the events a detail level drops.
        for record in records {
            if case .event(let event) = record {
                parentOf[event.sequence] = event.parent
                timeOf[event.sequence] = event.time
            }
        }
        // A story step that runs no cycle of its own (a route fired from the View, going back, a scene shown as the
        // root) is framed by itself, titled like a cycle.
        var openStep: (title: String, firstRow: Int, hadCycle: Bool)?
        func closeStep() {
            guard let step = openStep else { return }
            openStep = nil
            flushWiring()
            guard !step.hadCycle, diagram.rows.count > step.firstRow else { return }
            diagram.frames.append(SequenceDiagram.Frame(title: step.title, firstRow: step.firstRow, lastRow: diagram.rows.count - 1,
                                                        firstColumn: 0, lastColumn: 0))
        }
        for record in drawn {
            switch record {
            case .marker(.step(let step)):
                closeStep()
                if case .perform? = step.action { continue }
                openStep = (step.heading, diagram.rows.count, false)
                continue
            case .marker(.cycleStart(let cycle)):
                flushWiring()
                openStep?.hadCycle = true
                noteCreation(of: cycle.view)
                openFrames[cycle.number] = (frameTitle(cycle), diagram.rows.count)
            case .marker(.cycleEnd(let number)):
                flushWiring()
                guard let open = openFrames.removeValue(forKey: number), diagram.rows.count > open.firstRow else { continue }
                diagram.frames.append(SequenceDiagram.Frame(title: open.title, firstRow: open.firstRow,
                                                            lastRow: diagram.rows.count - 1, firstColumn: 0, lastColumn: 0))
            case .event(let event):
                if case .configure(let property, _, _) = event.message {
                    guard let scene = event.from.scene else { continue }
                    noteCreation(of: event.from)
                    guard let group = groupIndex[scene.rawValue], options.detail == .message else { continue }
                    if pendingWiring?.group != group {
                        flushWiring()
                        pendingWiring = (group, [], event.from.name)
                    }
                    // Each wiring once, by whose property it sets: `presenter.viewController`, `router.viewController`.
                    let wiring = "\(event.to.role.rawValue).\(property)"
                    if pendingWiring?.properties.contains(wiring) == false { pendingWiring?.properties.append(wiring) }
                    continue
                }
                flushWiring()
                noteCreation(of: event.from)
                noteCreation(of: event.to)
                guard let from = column(event.from), let to = column(event.to) else { continue }
                let delay = event.kind.isReturn ? max(0, event.time - (event.parent.flatMap { timeOf[$0] } ?? event.time)) : 0
                let flag = Self.flag(event, options)
                diagram.rows.append(.message(SequenceDiagram.Message(
                    from: from, to: to, label: "\(event.sequence)  " + label(event, limit: options.payloadLimit) + (flag?.suffix ?? ""),
                    detail: detail(event, limit: options.payloadLimit),
                    style: flag?.accepted == false ? .violation : style(event),
                    sequence: event.sequence, delay: delay)))
                markRow(event)
                if case .navigation(let navigation) = event.message, navigation.style != .tab {
                    // Going back or replacing ends the lifelines of the scenes it takes off the screen.
                    for removed in navigation.removed {
                        guard let scene = removed.scene, let key = removed.sceneInstance, let group = groupIndex[scene.rawValue] else {
                            continue
                        }
                        stage.remove(key, group: group, in: &diagram)
                    }
                }
            }
        }
        closeStep()
        flushWiring()
        // Cycles still open where the drawing stops end with it.
        for (_, open) in openFrames.sorted(by: { $0.key < $1.key }) where diagram.rows.count > open.firstRow {
            diagram.frames.append(SequenceDiagram.Frame(title: open.title, firstRow: open.firstRow,
                                                        lastRow: diagram.rows.count - 1, firstColumn: 0, lastColumn: 0))
        }

        // Frames span the columns their messages touch.
        diagram.frames = diagram.frames.compactMap { frame in
            var frame = frame
            let columns = diagram.rows[frame.firstRow...frame.lastRow].flatMap { row -> [Int] in
                switch row {
                case .message(let message): return [message.from, message.to]
                case .note(let note): return [note.first, note.last]
                case .creation(let group, _): return diagram.groups[group].members
                }
            }
            guard let first = columns.min(), let last = columns.max() else { return nil }
            frame.firstColumn = first
            frame.lastColumn = last
            return frame
        }

        // Activation bars on the receiver of each call, until everything it caused is done.
        var bars: [SequenceDiagram.Activation] = []
        for record in drawn {
            guard case .event(let event) = record, activates(event.kind), let row = rowOf[event.sequence],
                  let column = column(event.to), diagram.participants[column].role != .user else { continue }
            // A worker is busy until it replies; what the caller does with the reply is the caller's work.
            let last = event.kind == .workerCall ? (replyRow[event.sequence] ?? row) : (lastRowOf[event.sequence] ?? row)
            bars.append(SequenceDiagram.Activation(participant: column, firstRow: row, lastRow: last, level: 0))
        }
        diagram.activations = nestLevels(bars)
        return diagram
    }

    /// A scene's column: its scene, role and component name, whichever instance.
    struct ColumnKey: Hashable {
        var scene: String
        var role: ComponentRole
        var name: String

        init(_ participant: Participant) {
            scene = participant.scene?.rawValue ?? ""
            role = participant.role
            name = participant.name
        }
    }

    /// Which instance of each scene holds its columns, and where each instance's lifelines start and end.
    struct Stage {
        /// Group → the scene instance on its columns.
        private var current: [Int: String] = [:]

        /// Instance `key` speaks: the first instance of a scene starts at the top (when it is there from the launch)
        /// or at a `creation` row; a later one ends the current instance's lifelines and starts its own.
        mutating func enter(_ key: String, title: String, group: Int, atTop: Bool, in diagram: inout SequenceDiagram) {
            let holder = current[group]
            guard holder != key else { return }
            current[group] = key
            let members = diagram.groups[group].members
            if holder == nil && atTop {
                return  // `lives` starts with one life from the top
            }
            diagram.rows.append(.creation(group: group, title: title))
            let row = diagram.rows.count - 1
            for member in members {
                if holder == nil {
                    diagram.participants[member].lives = [SequenceDiagram.Life(createdAt: row)]
                } else {
                    let last = diagram.participants[member].lives.count - 1
                    if diagram.participants[member].lives[last].endedAt == nil {
                        diagram.participants[member].lives[last].endedAt = row
                    }
                    diagram.participants[member].lives.append(SequenceDiagram.Life(createdAt: row))
                }
            }
        }

        /// Instance `key` is taken off the screen: if it holds its scene's columns, their lifelines end here.
        mutating func remove(_ key: String, group: Int, in diagram: inout SequenceDiagram) {
            guard current[group] == key else { return }
            let row = diagram.rows.count - 1
            for member in diagram.groups[group].members {
                let last = diagram.participants[member].lives.count - 1
                guard diagram.participants[member].lives[last].endedAt == nil else { continue }
                diagram.participants[member].lives[last].endedAt = row
                diagram.participants[member].lives[last].removed = true
            }
        }
    }

    /// `cycle 2 · Login.Login — Right password`; a cycle the user did not start says its scene appeared.
    static func frameTitle(_ cycle: TraceCycle) -> String {
        let note = cycle.title ?? (cycle.trigger == .action ? nil : "\(cycle.scene.map(\.rawValue) ?? cycle.view.name) appears")
        return "cycle \(cycle.number) · \(cycle.name)" + (note.map { " — \($0)" } ?? "")
    }

    /// Columns follow the pattern's cycle, as its definition orders its roles: View, Interactor, Workers, DataStore,
    /// Presenter, Router in Clean Swift; View, Presenter, Interactor, DataManagers, WireFrame in VIPER.
    public static func columnOrder(_ definition: PatternDefinition) -> [ComponentRole] {
        let order = definition.columnOrder
        // Roles a pattern does not list (a DataStore of a pattern without one) go after its own.
        return order + [.view, .interactor, .worker, .dataStore, .presenter, .router].filter { !order.contains($0) }
    }

    private static func activates(_ kind: EventKind) -> Bool {
        switch kind {
        case .action, .request, .event, .call, .workerCall, .response, .display, .route, .load, .appear, .render: return true
        default: return false
        }
    }

    /// Bars of one participant that overlap are nested: each gets the number of bars still open around it.
    static func nestLevels(_ bars: [SequenceDiagram.Activation]) -> [SequenceDiagram.Activation] {
        var result: [SequenceDiagram.Activation] = []
        let byParticipant = Dictionary(grouping: bars, by: \.participant)
        for participant in byParticipant.keys.sorted() {
            var open: [SequenceDiagram.Activation] = []
            for var bar in byParticipant[participant]!.sorted(by: { ($0.firstRow, -$0.lastRow) < ($1.firstRow, -$1.lastRow) }) {
                open.removeAll { $0.lastRow < bar.firstRow }
                bar.level = open.count
                open.append(bar)
                result.append(bar)
            }
        }
        return result.sorted { ($0.firstRow, $0.participant, $0.level) < ($1.firstRow, $1.participant, $1.level) }
    }

    // MARK: - Scene detail

    private static func buildScenes(_ trace: Trace, _ records: [TraceRecord], _ options: Options) -> SequenceDiagram {
        var diagram = SequenceDiagram(title: "\(trace.header.scenario) — scenes")
        diagram.participants.append(SequenceDiagram.Participant(id: "User", name: "User", role: .user))
        var columnOf: [String: Int] = [:]
        var stage = Stage()
        // Each scene is one column; an instance shown after the start gets its header where it is created.
        func column(_ participant: Participant) -> Int? {
            guard let scene = participant.scene, let instance = participant.instance, let key = participant.sceneInstance else {
                return nil
            }
            let index: Int
            if let existing = columnOf[scene.rawValue] {
                index = existing
            } else {
                index = diagram.participants.count
                columnOf[scene.rawValue] = index
                diagram.participants.append(SequenceDiagram.Participant(id: key, name: scene.rawValue, role: .view,
                                                                        group: diagram.groups.count))
                diagram.groups.append(SequenceDiagram.Group(title: "", members: [index]))
            }
            stage.enter(key, title: "\(scene) #\(instance)", group: diagram.participants[index].group!,
                        atTop: diagram.rows.isEmpty, in: &diagram)
            return index
        }
        func removeAll(_ removed: [Participant]) {
            for participant in removed {
                guard let scene = participant.scene, let key = participant.sceneInstance, let index = columnOf[scene.rawValue] else {
                    continue
                }
                stage.remove(key, group: diagram.participants[index].group!, in: &diagram)
            }
        }
        var passed: [Int: [String]] = [:]   // route event → fields passed
        var routeOf: [Int: TraceEvent] = [:]
        for record in records {
            guard case .event(let event) = record else { continue }
            switch event.message {
            case .dataPassing(let pass): if let parent = event.parent { passed[parent, default: []].append(pass.field) }
            case .route: routeOf[event.sequence] = event
            default: break
            }
        }
        for record in records {
            switch record {
            case .marker(.cycleStart(let cycle)):
                guard let target = column(cycle.view) else { continue }
                let isAppear = cycle.trigger != .action
                diagram.rows.append(.message(SequenceDiagram.Message(
                    from: isAppear ? target : 0, to: target,
                    label: "\(cycle.firstSequence)  " + (isAppear ? "appears: " : "") + cycle.name,
                    detail: isAppear ? nil : cycle.title, style: isAppear ? .lifecycle : .call,
                    sequence: cycle.firstSequence, delay: 0)))
            case .event(let event):
                switch event.message {
                case .navigation(let navigation) where navigation.style == .tab:
                    // Another tab: the scenes of the one left stay alive, kept by the tab bar.
                    guard let target = column(event.to) else { continue }
                    let source = event.from.role == .user ? 0 : column(event.from) ?? 0
                    diagram.rows.append(.message(SequenceDiagram.Message(
                        from: source, to: target, label: "\(event.sequence)  tab", detail: navigation.method, style: .navigation,
                        sequence: event.sequence, delay: 0)))
                case .navigation(let navigation) where navigation.route == nil:
                    let leaving = navigation.removed.first ?? event.to
                    guard let target = column(leaving) else { continue }
                    diagram.rows.append(.message(SequenceDiagram.Message(
                        from: 0, to: target, label: "\(event.sequence)  back", detail: navigation.method, style: .call,
                        sequence: event.sequence, delay: 0)))
                    removeAll(navigation.removed)
                case .navigation(let navigation):
                    guard let source = column(event.from), let target = column(event.to) else { continue }
                    let route = event.parent.flatMap { routeOf[$0] }
                    let fields = event.parent.flatMap { passed[$0] } ?? []
                    let style = navigation.style.rawValue
                    diagram.rows.append(.message(SequenceDiagram.Message(
                        from: source, to: target, label: "\(event.sequence)  " + (route?.method ?? navigation.method),
                        detail: fields.isEmpty ? style : "\(style) · passes " + fields.joined(separator: ", "),
                        style: .navigation, sequence: event.sequence, delay: 0)))
                    removeAll(navigation.removed)
                case .load, .appear:
                    if diagram.rows.isEmpty { _ = column(event.to) }
                default:
                    continue
                }
            case .marker:
                continue
            }
        }
        return diagram
    }

    // MARK: - Labels

    /// What a message is called in the diagram.
    static func label(_ event: TraceEvent, limit: Int = 48) -> String {
        let value = event.payload.map { TraceEvent.brief($0, limit: max(limit, 12)) } ?? "nil"
        switch event.message {
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return "\(write.field) = \(value)"
        case .show(let label, _): return "shows \(label) = \(value)"
        case .dataPassing(let pass): return "destination.\(pass.field) = \(pass.source)"
        case .navigation(let navigation): return navigation.method
        case .workerResult(let answer): return "\(answer.invocation.method) →"
        case .workerError(let answer, _): return "\(answer.invocation.method) ✗"
        case .workerCall(_, .async, _): return "await " + event.signature
        case .configure, .load, .appear, .action, .request, .event, .call, .workerCall, .response, .display, .route, .render:
            return event.signature
        }
    }

    /// The short payload line under a label.
    static func detail(_ event: TraceEvent, limit: Int) -> String? {
        switch event.message {
        case .navigation(let navigation): return "[\(event.navigationNote(navigation))]"
        case .dataStoreWrite, .stateWrite, .publish, .show: return nil
        case .dataPassing(let pass):
            // The Router's method that passes it, then the value.
            let value = limit > 0 ? event.payload.map { " · " + TraceEvent.brief($0, limit: limit) } ?? "" : ""
            return pass.method + value
        default: break
        }
        guard limit > 0, let payload = event.payload else { return nil }
        if case .record(let record) = payload, record.isEmpty { return nil }
        return TraceEvent.brief(payload, limit: limit)
    }

    static func style(_ event: TraceEvent) -> SequenceDiagram.Style {
        switch event.kind {
        case .workerResult: return .reply
        case .workerError: return .failure
        case .dataStoreWrite, .stateWrite, .publish: return .write
        case .dataPassing: return .dataPassing
        case .navigation: return .navigation
        case .show: return .show
        case .load, .appear: return .lifecycle
        case .render: return .render
        default: return .call
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
