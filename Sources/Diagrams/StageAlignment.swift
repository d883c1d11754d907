import ScenarioSpec
import TraceFormat

/// One story run in several patterns, lined up story step by story step and, within a step, by the stage of the
/// cycle each message travels (the Request, the worker's call, the Response, the display, the route…): the table
/// `compare` shows, with the stages whose paths differ marked and said in one sentence each.
public struct StageAlignment: Sendable {
    /// A pattern's run: its name and trace.
    public struct Run: Sendable {
        public var pattern: Pattern
        public var trace: Trace
        public init(pattern: Pattern, trace: Trace) {
            self.pattern = pattern
            self.trace = trace
        }
    }

    /// One message line of a cell: the path it takes and what it is, with how many times it went in the step.
    public struct Line: Sendable, Hashable {
        public var path: String
        public var message: String
        public var count: Int
    }

    public struct Row: Sendable {
        public var stage: CycleStage
        /// The stage as the patterns' cycles name it ("Request", "ViewModel"…).
        public var title: String
        /// One cell per run, in the runs' order.
        public var cells: [[Line]]
        /// Whether the runs take this stage along different paths, or some do not take it.
        public var differs: Bool
    }

    /// A stage the runs take differently: the paths each group of patterns takes, and the patterns that do not take
    /// it at all.
    public struct Difference: Sendable, Hashable {
        public var stage: CycleStage
        public var title: String
        public var groups: [(paths: [String], patterns: [String])]
        public var missing: [String]

        public static func == (a: Difference, b: Difference) -> Bool {
            a.stage == b.stage && a.title == b.title && a.missing == b.missing
                && a.groups.map(\.paths) == b.groups.map(\.paths) && a.groups.map(\.patterns) == b.groups.map(\.patterns)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(stage) }
    }

    public struct Step: Sendable {
        public var number: Int
        public var title: String
        public var rows: [Row]
        /// One per stage that differs.
        public var differences: [Difference]
        /// What each run shows by the end of the step (`Scene.label: value`), in the runs' order.
        public var shown: [[String: Value]]
    }

    public var runs: [Run]
    public var steps: [Step]

    /// The order stages are listed in: the cycle's own order.
    static let order: [CycleStage] = [.user, .event, .request, .input, .worker, .store, .publish, .render, .response,
                                      .display, .route, .next]

    public init(_ runs: [Run]) {
        self.runs = runs
        let count = runs.map(\.trace.steps.count).max() ?? 0
        var steps: [Step] = []
        let shown = runs.map { Self.shownPerStep($0.trace) }
        for number in 1...max(count, 1) where count > 0 {
            var byStage: [[CycleStage: [Line]]] = []
            for run in runs {
                var lines: [CycleStage: [Line]] = [:]
                guard number <= run.trace.steps.count else {
                    byStage.append(lines)
                    continue
                }
                for event in run.trace.events(run.trace.steps[number - 1].range) {
                    guard let stage = event.stage else { continue }
                    let path = PatternRules.Path(event.from.role, event.to.role).description
                    let message = Self.describe(event)
                    if let at = lines[stage]?.firstIndex(where: { $0.path == path && $0.message == message }) {
                        lines[stage]![at].count += 1
                    } else {
                        lines[stage, default: []].append(Line(path: path, message: message, count: 1))
                    }
                }
                byStage.append(lines)
            }
            var rows: [Row] = []
            var differences: [Difference] = []
            for stage in Self.order {
                let cells = byStage.map { $0[stage] ?? [] }
                guard cells.contains(where: { !$0.isEmpty }) else { continue }
                let title = Self.title(of: stage, in: runs.map(\.pattern))
                let paths = cells.map { Set($0.map(\.path)) }
                let differs = Set(paths).count > 1
                rows.append(Row(stage: stage, title: title, cells: cells, differs: differs))
                if differs { differences.append(Self.difference(stage, title: title, paths: paths, patterns: runs.map(\.pattern))) }
            }
            let first = runs.first { number <= $0.trace.steps.count }?.trace.steps[number - 1]
            // A run with fewer steps keeps showing what its last step left.
            steps.append(Step(number: number, title: first.map(Self.title(of:)) ?? "Step \(number)", rows: rows,
                              differences: differences, shown: shown.map { $0.isEmpty ? [:] : $0[min(number, $0.count) - 1] }))
        }
        self.steps = steps
    }

    /// Per story step (in order), `Scene.label` → the last value shown up to the end of that step.
    public static func shownPerStep(_ trace: Trace) -> [[String: Value]] {
        var current: [String: Value] = [:]
        return trace.steps.map { step in
            for event in trace.events(step.range) {
                if case .show(let label, let value) = event.message { current[shownKey(event.from, label)] = value }
            }
            return current
        }
    }

    /// `Login.message`, `CreateOrder #2.lastName`: a label of a scene instance (a second visit is another screen).
    public static func shownKey(_ view: Participant, _ label: String) -> String {
        shownKey(scene: view.scene?.rawValue ?? view.name, instance: view.instance ?? 1, label: label)
    }

    /// The key of `label` on the `instance`th visit of `scene` (the first visit has no number).
    public static func shownKey(scene: String, instance: Int, label: String) -> String {
        scene + (instance > 1 ? " #\(instance)" : "") + "." + label
    }

    static func difference(_ stage: CycleStage, title: String, paths: [Set<String>], patterns: [Pattern]) -> Difference {
        var groups: [(paths: Set<String>, patterns: [String])] = []
        for (index, set) in paths.enumerated() {
            if let at = groups.firstIndex(where: { $0.paths == set }) {
                groups[at].patterns.append(patterns[index].rawValue)
            } else {
                groups.append((set, [patterns[index].rawValue]))
            }
        }
        return Difference(stage: stage, title: title,
                          groups: groups.filter { !$0.paths.isEmpty }.map { ($0.paths.sorted(), $0.patterns) },
                          missing: groups.first { $0.paths.isEmpty }?.patterns ?? [])
    }

    /// The stage's name in the first pattern whose cycle draws it.
    static func title(of stage: CycleStage, in patterns: [Pattern]) -> String {
        for pattern in patterns {
            if let arrow = pattern.definition.cycle.arrows.first(where: { $0.stage == stage }) {
                return arrow.label.prefix(1).uppercased() + arrow.label.dropFirst()
            }
        }
        switch stage {
        case .user: return "User"
        case .store: return "Store"
        case .next: return "Next scene"
        default: return stage.rawValue.prefix(1).uppercased() + stage.rawValue.dropFirst()
        }
    }

    static func title(of step: TraceStep) -> String {
        let action: String
        switch step.action {
        case .appear(let scene)?: action = "appear \(scene)"
        case .perform(let scene, let useCase)?: action = "do \(scene).\(useCase)"
        case .back?: action = "back"
        case .route(let scene, let route)?: action = "route \(scene).\(route)"
        case .tab(let scene)?: action = "tab \(scene)"
        case nil: action = "launch"
        }
        return step.title.map { "\($0) (\(action))" } ?? action
    }

    /// What a message is, without values: the method, the label shown, the field written.
    static func describe(_ event: TraceEvent) -> String {
        switch event.message {
        case .show(let label, _): return "shows \(label)"
        case .action(let useCase, _, _): return "does \(useCase)"
        default:
            if let method = event.method { return method }
            return event.signature
        }
    }
}
