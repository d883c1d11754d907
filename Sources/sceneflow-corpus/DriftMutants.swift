import CodeImport
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneFlowKit
import TraceFormat

/// `sceneflow-corpus mutants SCENARIO CODE…`: mutation testing of `drift`. Each kind of change a team makes is seeded
/// once into a copy of the code (a renamed use-case method, a route dropped, a DataStore field added or retyped, one
/// more field passed, one more worker call, a weak reference made strong) and once into the scenario; drift must
/// report something new for every mutant. Targets are chosen from what the code and the scenario hold, first scene
/// first; a kind with nothing to change is reported as such, not counted.
struct DriftMutants {
    enum Side: String { case code, scenario }

    struct Outcome {
        var side: Side
        var kind: String
        /// What was changed, where.
        var change: String
        /// The differences drift reported beyond the unmodified pair's; empty: the mutant survived.
        var found: [String]
        var killed: Bool { !found.isEmpty }
    }

    struct Report {
        var baseline: [ScenarioDrift.Difference]
        var outcomes: [Outcome]
        var skipped: [(side: Side, kind: String)]
    }

    let scenarioPath: String
    let codePaths: [String]

    static let codeKinds = ["rename-use-case-method", "drop-route", "add-datastore-field", "change-field-type",
                            "pass-one-more-field", "add-worker-call", "strong-reference"]
    static let scenarioKinds = ["rename-use-case-method", "drop-route", "add-datastore-field", "change-field-type",
                                "pass-one-more-field", "add-worker-operation", "rename-display-method"]

    func run() throws -> Report {
        let loaded = ScenarioLoader().load(path: scenarioPath)
        guard let scenario = loaded.scenario else {
            throw Failure(message: loaded.diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
        }
        let app = try CodeImporter().read(codePaths)
        let baseline = ScenarioDrift.compare(scenario, app)
        var outcomes: [Outcome] = []
        var skipped: [(Side, String)] = []
        func newDifferences(_ differences: [ScenarioDrift.Difference]) -> [String] {
            // Places move when lines are added: what is new is told by message.
            var before = baseline.map(\.message)
            return differences.map(\.message).filter { message in
                if let at = before.firstIndex(of: message) { before.remove(at: at); return false }
                return true
            }
        }
        // DataStore fields are compared only when both patterns hold the DataStore in the same part (drift says so).
        let holdsDataStore = { (pattern: Pattern) in pattern.definition.scopes.interactor.names.contains(.dataStore) }
        let dataStoreKinds: Set<String> = ["add-datastore-field", "change-field-type"]
        let comparesDataStore = holdsDataStore(scenario.pattern) == holdsDataStore(app.pattern)
        for kind in Self.codeKinds {
            if !comparesDataStore, dataStoreKinds.contains(kind) { skipped.append((.code, kind)); continue }
            guard let edit = try codeMutation(kind, app: app, scenario: scenario) else { skipped.append((.code, kind)); continue }
            let copy = try copyCode()
            defer { try? FileManager.default.removeItem(at: copy.root) }
            for (display, text) in edit.files {
                // The copy of the path the display name starts with (the first, as the importer reads them).
                let parts = display.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2, let number = codePaths.indices.first(where: { at in
                    let url = URL(fileURLWithPath: codePaths[at]).standardizedFileURL
                    return url.lastPathComponent == parts[0] && FileManager.default.fileExists(atPath: url.appendingPathComponent(parts[1]).path)
                }) else { continue }
                try Data(text.utf8).write(to: copy.root.appendingPathComponent("\(number)").appendingPathComponent(display))
            }
            let mutated = try CodeImporter().read(copy.paths)
            outcomes.append(Outcome(side: .code, kind: kind, change: edit.change, found: newDifferences(ScenarioDrift.compare(scenario, mutated))))
        }
        for kind in Self.scenarioKinds {
            if !comparesDataStore, dataStoreKinds.contains(kind) { skipped.append((.scenario, kind)); continue }
            guard let (mutated, change) = scenarioMutation(kind, scenario, app: app) else { skipped.append((.scenario, kind)); continue }
            outcomes.append(Outcome(side: .scenario, kind: kind, change: change, found: newDifferences(ScenarioDrift.compare(mutated, app))))
        }
        return Report(baseline: baseline, outcomes: outcomes, skipped: skipped)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    // MARK: - The code's copy

    /// Each code path copied under a fresh folder by its own name, so places read as they do in the original.
    private func copyCode() throws -> (root: URL, paths: [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-mutant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var paths: [String] = []
        for (number, path) in codePaths.enumerated() {
            // Each under its own folder: two paths may end in the same name.
            let source = URL(fileURLWithPath: path).standardizedFileURL
            let target = root.appendingPathComponent("\(number)").appendingPathComponent(source.lastPathComponent)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
            paths.append(target.path)
        }
        return (root, paths)
    }

    /// The text of a file the importer names `display` (`current/Login/LoginInteractor.swift`).
    private func original(_ display: String) -> String? {
        let parts = display.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        for path in codePaths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            guard url.lastPathComponent == parts[0] else { continue }
            if let text = try? String(contentsOf: url.appendingPathComponent(parts[1]), encoding: .utf8) { return text }
        }
        return nil
    }

    private func allFiles() -> [String] {
        codePaths.flatMap { path -> [String] in
            let root = URL(fileURLWithPath: path).standardizedFileURL
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
            return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
                .map { "\(root.lastPathComponent)/\($0)" }
        }
    }

    struct Edit {
        var change: String
        var files: [(display: String, text: String)]
    }

    // MARK: - Code mutations

    /// Mutants change what the scenario and the code agree on (a use case, a route, a field both have): a change
    /// to what only one side has would not be a new difference.
    private func codeMutation(_ kind: String, app fullApp: ImportedApp, scenario: Scenario) throws -> Edit? {
        var app = fullApp
        app.scenes = fullApp.scenes.compactMap { code in
            guard let scene = scenario.scenes.first(where: { $0.name.rawValue == code.name }) else { return nil }
            var agreed = code
            let naming = scenario.pattern.definition.naming
            agreed.useCases = code.useCases.filter { useCase in scene.useCases.contains { $0.name.rawValue == useCase.name } }
            agreed.routes = code.routes.filter { route in
                scene.routes.contains { $0.name.rawValue == route.name || ScenarioDrift.sameMethod(naming.routeMethod($0), route.method) }
            }
            agreed.dataStore = code.dataStore.filter { field in scene.dataStore.contains { $0.name == field.name } }
            return agreed
        }
        switch kind {
        case "rename-use-case-method":
            for scene in app.scenes {
                for useCase in scene.useCases where !useCase.interactorMethod.isEmpty {
                    let base = PatternNaming.baseName(useCase.interactorMethod)
                    let files = allFiles().compactMap { display -> (String, String)? in
                        guard let text = original(display), let renamed = Self.replacingWord(base, with: base + "Mutant", in: text), renamed != text else { return nil }
                        return (display, renamed)
                    }
                    if !files.isEmpty { return Edit(change: "\(scene.name): '\(base)' renamed '\(base)Mutant' in \(files.count) files", files: files) }
                }
            }
        case "drop-route":
            for scene in app.scenes {
                for route in scene.routes where !route.method.hasPrefix("segue:") && PatternNaming.baseName(route.method) != "body" {
                    let base = PatternNaming.baseName(route.method)
                    let files = allFiles().compactMap { display -> (String, String)? in
                        guard let text = original(display) else { return nil }
                        let dropped = Self.droppingFunctions(named: base, in: text)
                        return dropped == text ? nil : (display, dropped)
                    }
                    if !files.isEmpty { return Edit(change: "\(scene.name): the route method '\(base)' deleted", files: files) }
                }
            }
        case "add-datastore-field":
            // Into the scene's DataStore protocol (`protocol LoginDataStore {`), as a requirement.
            for scene in app.scenes where !scene.dataStore.isEmpty {
                guard let (display, text, at) = dataStoreProtocol(of: scene.name) else { continue }
                return Edit(change: "\(scene.name): DataStore field 'mutantField' added at \(display):\(at + 2)",
                            files: [(display, Self.inserting("    var mutantField: String { get set }", after: at + 1, in: text))])
            }
        case "change-field-type":
            // Every declaration of the field in the scene's DataStore protocol and where the importer read it, as a
            // team changing its type does (one alone would not compile).
            for scene in app.scenes {
                for field in scene.dataStore {
                    // A type the scenario cannot tell from the one it had: an unknown type reads as a String.
                    let mutant = field.type == "String" ? "Int" : "MutantType"
                    var displays = [field.location.file]
                    if let declared = dataStoreProtocol(of: scene.name)?.display, declared != field.location.file { displays.append(declared) }
                    var files: [(String, String)] = []
                    for display in displays {
                        guard let text = original(display) else { continue }
                        var changed = false
                        let lines = Self.lines(text).map { line -> String in
                            guard let match = line.firstMatch(of: try! Regex("(\\b(?:var|let)\\s+\(field.name)\\s*:\\s*)([^={]+?)(\\s*(\\{|=|$))")) else { return line }
                            changed = true
                            return line.replacingCharacters(in: match.range, with: "\(match.output[1].substring ?? "")\(mutant)\(match.output[3].substring ?? "")")
                        }
                        if changed { files.append((display, lines.joined(separator: "\n"))) }
                    }
                    guard !files.isEmpty else { continue }
                    return Edit(change: "\(scene.name): DataStore field '\(field.name)' typed \(mutant) at \(field.location.file):\(field.location.line)", files: files)
                }
            }
        case "pass-one-more-field":
            // A field of the destination's DataStore the route does not fill yet (or one added to its DataStore
            // protocol), filled by a copy of a line that fills another.
            for scene in app.scenes {
                for route in scene.routes {
                    guard let destination = app.scenes.first(where: { $0.name == route.destination }) else { continue }
                    var files: [(String, String)] = []
                    var target = destination.dataStore.first(where: { field in !route.pass.contains { $0.field == field.name } })?.name
                    if target == nil, let (display, text, at) = dataStoreProtocol(of: destination.name) {
                        files.append((display, Self.inserting("    var mutantPassed: String { get set }", after: at + 1, in: text)))
                        target = "mutantPassed"
                    }
                    guard let target else { continue }
                    for pass in route.pass {
                        let text = files.first { $0.0 == pass.location.file }?.1 ?? original(pass.location.file)
                        guard let text else { continue }
                        // The DataStore line added above the pass moves it down by one in the same file.
                        let shift = files.contains { $0.0 == pass.location.file } && (dataStoreProtocol(of: destination.name)?.line ?? Int.max) < pass.location.line ? 1 : 0
                        let lineNumber = pass.location.line + shift
                        let line = Self.lines(text)[lineNumber - 1]
                        guard let equals = line.range(of: " = "),
                              let last = line[..<equals.lowerBound].ranges(of: /\w+/).last else { continue }
                        let copy = line.replacingCharacters(in: last, with: target)
                        files.removeAll { $0.0 == pass.location.file }
                        files.append((pass.location.file, Self.inserting(copy, after: lineNumber, in: text)))
                        return Edit(change: "\(scene.name): route '\(route.name)' also fills '\(target)' at \(pass.location.file):\(lineNumber + 1)", files: files)
                    }
                }
            }
        case "add-worker-call":
            for scene in app.scenes {
                guard let reference = scene.references.first(where: { $0.from == .interactor && $0.to == .worker && $0.worker != nil }),
                      let useCase = scene.useCases.first(where: { !$0.interactorMethod.isEmpty }) else { continue }
                let base = PatternNaming.baseName(useCase.interactorMethod)
                // In the Interactor's own file: another type may declare a method of the same name.
                let interactorFile = scene.components.first { $0.role == .interactor }?.location.file
                for display in allFiles() where interactorFile == nil || display == interactorFile {
                    guard let text = original(display) else { continue }
                    let lines = Self.lines(text)
                    guard let at = lines.firstIndex(where: { $0.contains("func \(base)(") && $0.contains("{") }) else { continue }
                    return Edit(change: "\(scene.name): '\(base)' also calls \(reference.property)?.mutantOperation() at \(display):\(at + 2)",
                                files: [(display, Self.inserting("        \(reference.property)?.mutantOperation()", after: at + 1, in: text))])
                }
            }
        case "strong-reference":
            for scene in app.scenes {
                // A reference the pattern holds weakly (the Presenter's View, VIPER's Interactor output).
                let weak = app.pattern.definition.rules.weakReferences.keys
                for reference in scene.references where reference.weak
                    && weak.contains(where: { $0.from == reference.from && $0.to == reference.to }) {
                    guard let text = original(reference.location.file) else { continue }
                    var lines = Self.lines(text)
                    let line = lines[reference.location.line - 1]
                    guard line.contains("weak ") else { continue }
                    lines[reference.location.line - 1] = line.replacingOccurrences(of: "weak ", with: "")
                    return Edit(change: "\(scene.name): '\(reference.property)' held strongly at \(reference.location.file):\(reference.location.line)",
                                files: [(reference.location.file, lines.joined(separator: "\n"))])
                }
            }
        default: break
        }
        return nil
    }

    /// The file declaring `protocol <Scene>DataStore {`, its text and the 0-based line of the declaration.
    private func dataStoreProtocol(of scene: String) -> (display: String, text: String, line: Int)? {
        for display in allFiles() {
            guard let text = original(display) else { continue }
            if let at = Self.lines(text).firstIndex(where: { $0.contains("protocol \(scene)DataStore") && $0.contains("{") }) {
                return (display, text, at)
            }
        }
        return nil
    }

    // MARK: - Scenario mutations

    private func scenarioMutation(_ kind: String, _ scenario: Scenario, app: ImportedApp) -> (Scenario, String)? {
        var mutated = scenario
        for index in mutated.scenes.indices {
            // What the code has too, in the same order.
            guard let code = app.scenes.first(where: { $0.name == mutated.scenes[index].name.rawValue }) else { continue }
            var scene = mutated.scenes[index]
            let naming = scenario.pattern.definition.naming
            let useCases = scene.useCases.filter { useCase in code.useCases.contains { $0.name == useCase.name.rawValue } }
            scene.useCases = useCases + scene.useCases.filter { useCase in !useCases.contains { $0.name == useCase.name } }
            let routes = scene.routes.filter { route in
                code.routes.contains { $0.name == route.name.rawValue || ScenarioDrift.sameMethod(naming.routeMethod(route), $0.method) }
            }
            scene.routes = routes + scene.routes.filter { route in !routes.contains { $0.name == route.name } }
            let fields = scene.dataStore.filter { field in code.dataStore.contains { $0.name == field.name } }
            scene.dataStore = fields + scene.dataStore.filter { field in !fields.contains { $0.name == field.name } }
            let workers = scene.workers.filter { worker in code.workers.contains { $0.name == worker.name.rawValue } }
            let name = scene.name.rawValue
            var change: String?
            switch kind {
            case "rename-use-case-method":
                // One whose Interactor method the code has (not a VIPER event the Presenter handles alone).
                guard let at = scene.useCases.prefix(useCases.count).firstIndex(where: { useCase in
                    code.useCases.contains { $0.name == useCase.name.rawValue && !$0.interactorMethod.isEmpty }
                }) else { continue }
                let useCase = scene.useCases[at]
                let current = naming.interactorMethod(useCase)
                let renamed = PatternNaming.baseName(current) + "Mutant" + current.drop { $0 != "(" }
                change = "\(name): the Interactor method of '\(useCase.name)', '\(current)', renamed '\(renamed)'"
                scene.useCases[at].methods.interactor = Located(renamed, at: useCase.location)
            case "drop-route":
                guard let route = routes.first else { continue }
                change = "\(name): route '\(route.name)' removed"
                scene.routes.removeFirst()
            case "add-datastore-field":
                change = "\(name): DataStore field 'mutantField' added"
                scene.dataStore.append(FieldDecl(name: "mutantField", type: .string, location: scene.location, typeLocation: scene.location))
            case "change-field-type":
                guard !fields.isEmpty else { continue }
                change = "\(name): DataStore field '\(scene.dataStore[0].name)' typed MutantType"
                scene.dataStore[0].type = .named("MutantType")
            case "pass-one-more-field":
                guard let at = scene.routes.prefix(routes.count).firstIndex(where: { !$0.pass.isEmpty }) else { continue }
                var extra = scene.routes[at].pass[0]
                extra.target = "mutantPassed"
                change = "\(name): route '\(scene.routes[at].name)' also passes 'mutantPassed'"
                scene.routes[at].pass.append(extra)
            case "add-worker-operation":
                guard let at = scene.workers.firstIndex(where: { worker in !worker.operations.isEmpty && workers.contains { $0.name == worker.name } }) else { continue }
                var operation = scene.workers[at].operations[0]
                operation.name = OperationName("mutantOperation")
                operation.signature = operation.signature.map { "mutantOperation" + $0.drop { $0 != "(" } }
                change = "\(name): worker '\(scene.workers[at].name)' gains 'mutantOperation'"
                scene.workers[at].operations.append(operation)
            case "rename-display-method":
                guard let at = scene.useCases.prefix(useCases.count).firstIndex(where: { !$0.outputs.isEmpty }) else { continue }
                // VIPER: a `display:` step of the Presenter's.
                if case .steps(var steps) = scene.useCases[at].outputs[0].presenter,
                   let step = steps.firstIndex(where: { if case .display = $0.kind { true } else { false } }),
                   case .display(let method, let values) = steps[step].kind {
                    let renamed = PatternNaming.baseName(method.value) + "Mutant" + method.value.drop { $0 != "(" }
                    steps[step].kind = .display(method: Located(renamed, at: method.location), values: values)
                    scene.useCases[at].outputs[0].presenter = .steps(steps)
                    change = "\(name): the Presenter's display '\(method.value)' renamed '\(renamed)'"
                    break
                }
                // Clean Swift's display method, where the Presenter builds a ViewModel for one (not AppState's).
                // (One the scenario says something about: it names it, or builds a ViewModel for it.)
                guard case .viewModel(let mapping) = scene.useCases[at].outputs[0].presenter,
                      !mapping.isEmpty || scene.useCases[at].outputs[0].methods.view != nil,
                      scenario.pattern.definition.columnOrder.contains(.presenter) else { continue }
                let naming = scenario.pattern.definition.naming
                let useCase = scene.useCases[at]
                let current = naming.viewMethod(useCase, output: useCase.outputs[0])
                let renamed = PatternNaming.baseName(current) + "Mutant" + current.drop { $0 != "(" }
                change = "\(name): display method '\(current)' renamed '\(renamed)'"
                scene.useCases[at].outputs[0].methods.view = Located(renamed, at: scene.location)
            default: return nil
            }
            mutated.scenes[index] = scene
            if let change { return (mutated, change) }
        }
        return nil
    }

    // MARK: - Text

    static func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    /// `text` with `line` inserted after 1-based line `after`.
    static func inserting(_ line: String, after: Int, in text: String) -> String {
        var lines = lines(text)
        lines.insert(line, at: min(after, lines.count))
        return lines.joined(separator: "\n")
    }

    /// Every whole-word `word` replaced; nil when `word` is not an identifier.
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String? {
        guard let pattern = try? Regex("\\b\(NSRegularExpression.escapedPattern(for: word))\\b") else { return nil }
        return text.replacing(pattern, with: replacement)
    }

    /// `text` without the functions named `name`: a declaration with a body up to its closing brace, a
    /// protocol requirement as its line.
    static func droppingFunctions(named name: String, in text: String) -> String {
        var lines = lines(text)
        var at = 0
        while at < lines.count {
            guard lines[at].contains("func \(name)(") || lines[at].contains("func \(name) (") else { at += 1; continue }
            var depth = 0, end = at, opened = false
            scan: for index in at..<lines.count {
                for character in lines[index] {
                    if character == "{" { depth += 1; opened = true }
                    if character == "}" { depth -= 1 }
                }
                end = index
                // A requirement has no body: its declaration ends on a line with no brace left open.
                if !opened, !lines[index].hasSuffix(",") { break scan }
                if opened, depth <= 0 { break scan }
            }
            lines.removeSubrange(at...end)
        }
        return lines.joined(separator: "\n")
    }
}
