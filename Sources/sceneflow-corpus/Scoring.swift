import CodeImport
import ScenarioSpec

/// The kinds of things an import is scored on, in the table's order.
enum Kind: String, CaseIterable {
    case scenes, useCases = "use cases", methods = "presenter/display methods", steps = "use-case steps",
         modelFields = "model fields", routes, passedFields = "passed fields", dataStore = "DataStore fields",
         workers, operations, ruleBreaks = "rule breaks"

    /// The table's column heading.
    var short: String {
        switch self {
        case .scenes: "scenes"
        case .useCases: "use cases"
        case .methods: "methods"
        case .steps: "steps"
        case .modelFields: "fields"
        case .routes: "routes"
        case .passedFields: "passed"
        case .dataStore: "DataStore"
        case .workers: "workers"
        case .operations: "operations"
        case .ruleBreaks: "rule breaks"
        }
    }
}

/// How many of the truth's items were found, how many the import reported, and which were missed or extra.
struct Tally {
    var expected = 0
    var reported = 0
    var found = 0
    var missed: [String] = []
    var extra: [String] = []

    static func + (a: Tally, b: Tally) -> Tally {
        Tally(expected: a.expected + b.expected, reported: a.reported + b.reported, found: a.found + b.found,
              missed: a.missed + b.missed, extra: a.extra + b.extra)
    }

    var falsePositives: Int { reported - found }
}

/// One app's items per kind, as identity strings, so the truth and an import compare the same way.
struct Items {
    var sets: [Kind: [String]] = [:]
    /// Use-case steps compare in order: one sequence per use case.
    var steps: [String: [String]] = [:]
    /// Field identity → type, for the fields whose types are compared.
    var types: [String: String] = [:]

    mutating func add(_ kind: Kind, _ item: String) { sets[kind, default: []].append(item) }
}

enum Scoring {
    /// Counts multiset matches of `reported` against `expected`.
    static func compare(_ expected: [String], _ reported: [String]) -> Tally {
        var pool: [String: Int] = [:]
        for item in reported { pool[item, default: 0] += 1 }
        var tally = Tally(expected: expected.count, reported: reported.count)
        for item in expected {
            if let count = pool[item], count > 0 {
                pool[item] = count - 1
                tally.found += 1
            } else {
                tally.missed.append(item)
            }
        }
        for (item, count) in pool.sorted(by: { $0.key < $1.key }) where count > 0 {
            tally.extra += Array(repeating: item, count: count)
        }
        return tally
    }

    /// Longest common subsequence: steps found in the order the code has them.
    static func lcs(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = Array(repeating: 0, count: b.count + 1)
        for x in a {
            var current = Array(repeating: 0, count: b.count + 1)
            for (j, y) in b.enumerated() {
                current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }

    static func score(truth: Items, imported: Items) -> [Kind: Tally] {
        var result: [Kind: Tally] = [:]
        for kind in Kind.allCases where kind != .steps {
            // A rule break counts once per scene and kind, however many places show it (the truth lists places at
            // its writer's discretion; import says each calling method).
            if kind == .ruleBreaks {
                result[kind] = compare(Array(Set(truth.sets[kind] ?? [])).sorted(), Array(Set(imported.sets[kind] ?? [])).sorted())
                continue
            }
            result[kind] = compare(truth.sets[kind] ?? [], imported.sets[kind] ?? [])
        }
        var steps = Tally()
        for key in Set(truth.steps.keys).union(imported.steps.keys).sorted() {
            let expected = truth.steps[key] ?? [], reported = imported.steps[key] ?? []
            let common = lcs(expected, reported)
            steps.expected += expected.count
            steps.reported += reported.count
            steps.found += common
            if common < expected.count {
                steps.missed.append("\(key): \(expected.joined(separator: ", "))\n              read: \(reported.joined(separator: ", "))")
            }
            if common < reported.count { steps.extra.append("\(key): \(reported.joined(separator: ", "))") }
        }
        result[.steps] = steps
        return result
    }

    /// How many matched fields carry the truth's type.
    static func typesAgreeing(truth: Items, imported: Items) -> (agree: Int, compared: Int, differing: [String]) {
        var agree = 0, compared = 0
        var differing: [String] = []
        for (key, type) in truth.types.sorted(by: { $0.key < $1.key }) {
            guard let reported = imported.types[key] else { continue }
            compared += 1
            if normalized(type) == normalized(reported) { agree += 1 } else { differing.append("\(key): \(type) ≠ \(reported)") }
        }
        return (agree, compared, differing)
    }

    static func normalized(_ type: String) -> String {
        var text = type.filter { !$0.isWhitespace }
        if text.hasSuffix("!") { text = String(text.dropLast()) + "?" }
        return text
    }
}

// MARK: - The truth as items

extension GroundTruth {
    func items() -> Items {
        var items = Items()
        for name in allScenes ?? scenes.map(\.name) { items.add(.scenes, name) }
        for scene in scenes {
            let s = scene.name
            for useCase in scene.useCases {
                let key = Self.useCaseKey(scene: s, interactor: useCase.interactor, event: useCase.event)
                items.add(.useCases, key)
                for method in useCase.presenter { items.add(.methods, "\(key) presenter \(method)") }
                for method in useCase.display { items.add(.methods, "\(key) display \(method)") }
                if !useCase.steps.isEmpty { items.steps[key] = useCase.steps.map { canonicalStep($0, scene: scene) } }
                for (model, fields) in [("request", useCase.request), ("response", useCase.response), ("viewModel", useCase.viewModel)] {
                    for field in fields {
                        let id = "\(key) \(model).\(field.name)"
                        items.add(.modelFields, id)
                        items.types[id] = field.type
                    }
                }
            }
            for route in scene.routes {
                items.add(.routes, Self.routeKey(scene: s, destination: route.destination, pass: route.pass))
                for field in route.pass { items.add(.passedFields, "\(s) → \(route.destination).\(field)") }
            }
            for field in scene.dataStore {
                items.add(.dataStore, "\(s).\(field.name)")
                items.types["\(s).\(field.name)"] = field.type
            }
            for worker in scene.workers {
                items.add(.workers, "\(s)/\(worker.name)")
                for operation in worker.operations { items.add(.operations, "\(s)/\(worker.name).\(operation)") }
            }
            for rule in scene.ruleBreaks { items.add(.ruleBreaks, "\(s) \(rule.rule)") }
        }
        return items
    }

    /// A step as written in the truth (`call: Worker.op`), its worker named by its key.
    func canonicalStep(_ step: String, scene: Scene) -> String {
        guard step.hasPrefix("call:") else { return step }
        let target = step.dropFirst(5)
        guard let dot = target.lastIndex(of: ".") else { return step }
        let worker = String(target[..<dot])
        let key = scene.workers.first { $0.name == worker || $0.aliases.contains(worker) }?.name ?? worker
        return "call:\(key)\(target[dot...])"
    }

    static func useCaseKey(scene: String, interactor: String?, event: String?) -> String {
        if let interactor, !interactor.isEmpty { return "\(scene).\(interactor)" }
        return "\(scene).event:\(event ?? "?")"
    }

    static func routeKey(scene: String, destination: String, pass: [String]) -> String {
        "\(scene) → \(destination) {\(pass.sorted().joined(separator: ", "))}"
    }

    /// The truth's name for a worker the import names `name` in `scene`: its key when the name is the key, an alias, or
    /// the key's (or an alias's) last words (`LocalDataManager` for `PostListLocalDataManager`).
    func workerKey(_ name: String, scene: String) -> String {
        let candidates = scenes.first { $0.name == scene }?.workers ?? []
        if let exact = candidates.first(where: { $0.name == name || $0.aliases.contains(name) }) { return exact.name }
        if let tail = candidates.first(where: { worker in
            ([worker.name] + worker.aliases).contains { $0.hasSuffix(name) && $0.count > name.count
                && $0[$0.index($0.endIndex, offsetBy: -name.count)].isUppercase && name.count >= 6 }
        }) { return tail.name }
        return name
    }
}

// MARK: - An import as items

extension ImportedApp {
    /// The import's items, named as the truth names them where the truth allows another spelling (a worker's alias).
    func items(against truth: GroundTruth) -> Items {
        var items = Items()
        let sampled = truth.allScenes != nil
        let truthScenes = Set(truth.scenes.map(\.name))
        // Plain screens are destinations, not scenes.
        for scene in scenes where !scene.isScreen { items.add(.scenes, scene.name) }
        for scene in scenes where !sampled || truthScenes.contains(scene.name) {
            let s = scene.name
            func worker(_ name: String) -> String { truth.workerKey(name, scene: s) }
            for useCase in scene.useCases {
                let interactor = useCase.interactorMethod.isEmpty ? nil : PatternNaming.baseName(useCase.interactorMethod)
                let key = GroundTruth.useCaseKey(scene: s, interactor: interactor, event: useCase.eventMethod.map(PatternNaming.baseName))
                items.add(.useCases, key)
                for method in useCase.presenterMethods { items.add(.methods, "\(key) presenter \(method)") }
                for method in useCase.displayMethods { items.add(.methods, "\(key) display \(method)") }
                let steps = useCase.interactor.flatMap(\.flattened).flatMap { step -> [String] in
                    switch step {
                    case .call(let name, let operation, _, _, _): ["call:\(worker(name)).\(operation)"]
                    case .store(let assignments, _): assignments.map { "store:\($0.field)" }
                    case .respond(let method, _, _): ["present:" + (method ?? useCase.presenterMethod.map(PatternNaming.baseName) ?? "?")]
                    case .respondOutput(let output, _, _): ["present:\(output)"]
                    default: []
                    }
                }
                if !steps.isEmpty { items.steps[key] = steps }
                // Every answer's Response and ViewModel: a use case that answers through several outputs has them all.
                var response = useCase.response, viewModel = useCase.viewModel
                for output in useCase.outputs {
                    for field in output.response where !response.contains(where: { $0.name == field.name }) { response.append(field) }
                    for field in output.viewModel where !viewModel.contains(where: { $0.name == field.name }) { viewModel.append(field) }
                }
                for (model, fields) in [("request", useCase.request), ("response", response), ("viewModel", viewModel)] {
                    for field in fields {
                        let id = "\(key) \(model).\(field.name)"
                        items.add(.modelFields, id)
                        items.types[id] = field.codeType ?? field.type
                    }
                }
            }
            // A route back to whichever scene is below (no destination) is the truth's route back from this scene, to
            // whichever scene the truth names.
            var truthBacks = truth.scenes.first { $0.name == s }?.routes
                .filter { ["pop", "dismiss", "back"].contains($0.navigation ?? "") }.map(\.destination) ?? []
            truthBacks.removeAll { back in scene.routes.contains { $0.destination == back && $0.navigation.map(["pop", "dismiss", "back"].contains) == true } }
            for route in scene.routes {
                let pass = route.pass.map(\.field)
                var destination = route.destination
                if destination.isEmpty { destination = truthBacks.isEmpty ? "(the scene below)" : truthBacks.removeFirst() }
                items.add(.routes, GroundTruth.routeKey(scene: s, destination: destination, pass: pass))
                for field in pass { items.add(.passedFields, "\(s) → \(destination).\(field)") }
            }
            for field in scene.dataStore {
                items.add(.dataStore, "\(s).\(field.name)")
                items.types["\(s).\(field.name)"] = field.codeType ?? field.type
            }
            for found in scene.workers {
                let name = worker(found.name)
                items.add(.workers, "\(s)/\(name)")
                for operation in found.operations { items.add(.operations, "\(s)/\(name).\(operation.name)") }
            }
            for finding in scene.findings { items.add(.ruleBreaks, "\(s) \(finding.kind)") }
        }
        return items
    }
}
