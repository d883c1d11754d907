import CodeImport
import Diagrams
import Foundation
import ScenarioLoader
import ScenarioSpec
import ScenarioWriting

/// `map` as a library call: the dependency diagram of an app's code — the references its components hold and the
/// calls they make — with what its pattern does not allow in red.
public enum CodeMap {
    /// A reference or call the pattern does not allow, with its place.
    public struct Violation: Sendable, CustomStringConvertible {
        public var scene: String
        public var from: ComponentRole
        public var to: ComponentRole
        public var what: String
        public var location: SourceLocation
        /// The pattern rule broken (`clean-swift/weak-view`), for what the code does beyond holding a reference.
        public var rule: String? = nil
        /// A retain cycle's strong references, each with its place.
        public var cycle: [ImportedApp.Finding.Edge] = []
        /// Why the app accepts it for now, when an acceptance names it.
        public var accepted: String? = nil
        public var description: String { "\(location): \(scene): \(from.rawValue) → \(to.rawValue) (\(what))" }

        /// The finding as a diagnostic at its place, named by its rule (`map/reference` for a reference the pattern
        /// does not draw): an error, or a warning when the app accepts it for now; a retain cycle's references and
        /// the acceptance's reason in notes.
        public func diagnostic(pattern: Pattern) -> Diagnostic {
            let message = rule != nil ? "\(scene): \(what)"
                : "\(scene): \(from.rawValue) → \(to.rawValue) \(what), which \(pattern.rawValue) does not allow"
            let notes = cycle.map { Diagnostic.Note($0.text, at: $0.location) } + (accepted.map { [Diagnostic.Note("accepted for now: \($0)")] } ?? [])
            return Diagnostic(accepted == nil ? .error : .warning, message, at: location, notes: notes, id: rule ?? "map/reference")
        }
    }

    public struct Result: Sendable {
        public var app: ImportedApp
        public var diagram: DependencyDiagram
        public var violations: [Violation]
        public var written: DiagramWriter.Result
        /// Acceptances that matched nothing (`file:line: …`).
        public var unusedAcceptances: [Acceptance] = []
        /// Whether anything not accepted is left: `map` fails on it.
        public var fails: Bool { violations.contains { $0.accepted == nil } }
    }

    /// A finding an app accepts for now: the rule, where (a file, or `file:line`), and why.
    public struct Acceptance: Sendable, Hashable {
        public var rule: String
        public var place: String
        public var reason: String
        /// Where the acceptance is written.
        public var line: Int
        public var column: Int = 1

        func matches(_ violation: Violation) -> Bool { matches(rule: violation.rule ?? violation.what, at: violation.location) }

        /// Whether it accepts a finding of `rule` at `location` (a file, or `file:line`, as map names it).
        public func matches(rule: String, at location: SourceLocation) -> Bool {
            guard self.rule == rule || self.rule == "*" else { return false }
            return place == location.file || place == "\(location.file):\(location.line)"
        }
    }

    /// Reads an acceptance file: `accept:` a list of `{ rule, at, reason }`.
    public static func acceptances(at path: String) throws -> [Acceptance] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure("accept-file/unreadable", "cannot read \(path)") }
        let tree: YAMLTree
        do { tree = try YAMLTree.parse(String(decoding: data, as: UTF8.self)) } catch let failure as YAMLTree.Failure {
            throw Failure("accept-file/syntax", failure.message, at: SourceLocation(file: path, line: failure.line, column: 1))
        }
        guard let list = tree["accept"] else {
            throw Failure("accept-file/shape", "the file lists its acceptances under 'accept:'", at: SourceLocation(file: path, line: 1, column: 1))
        }
        return try acceptances(in: list, file: path)
    }

    /// The acceptances a YAML list holds (an acceptance file's `accept:`, or the settings file's).
    public static func acceptances(in list: YAMLTree, file path: String) throws -> [Acceptance] {
        try list.items.map { item in
            func failure(_ reason: String) -> Failure {
                Failure("accept-file/shape", reason, at: SourceLocation(file: path, line: item.place.line, column: item.place.column))
            }
            guard let rule = item["rule"]?.string, let place = item["at"]?.string else {
                throw failure("an acceptance needs 'rule:' and 'at:' (a file, or file:line)")
            }
            guard let reason = item["reason"]?.string, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw failure("the acceptance of \(rule) at \(place) needs a 'reason:'")
            }
            return Acceptance(rule: rule, place: place, reason: reason, line: item.line, column: item.place.column)
        }
    }

    /// An acceptance file that accepts every violation of `result`: where an app that is not clean yet starts.
    public static func baseline(_ result: Result) -> String {
        var lines = ["# What `sceneflow map` reports for this app, accepted for now: map fails only on anything new.",
                     "# Give each a reason, or fix it and remove it.", "accept:"]
        for violation in result.violations {
            lines.append("  - rule: \(YAMLText.scalar(violation.rule ?? violation.what))")
            lines.append("    at: \(YAMLText.scalar("\(violation.location.file):\(violation.location.line)"))")
            lines.append("    reason: \(YAMLText.scalar("accepted when the baseline was written"))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `paths`, draws `map` into `folder` in `formats`; violations an acceptance names are marked accepted.
    public static func run(_ paths: [String], excluded: Set<String> = [], to folder: URL,
                           formats: [DiagramFormat] = [.svg], accepting acceptances: [Acceptance] = [], vet: (@Sendable ([String]) -> [String: String])? = nil) throws -> Result {
        let app = try CodeImporter(excluded: excluded, vet: vet).read(paths)
        let (diagram, found) = Self.diagram(app, title: CodeImporter.title(for: paths))
        var violations = found
        var used = Set<Acceptance>()
        for at in violations.indices {
            if let acceptance = acceptances.first(where: { $0.matches(violations[at]) }) {
                violations[at].accepted = acceptance.reason
                used.insert(acceptance)
            }
        }
        let written = try DiagramWriter.write(diagram.dot(name: "map"), engine: .pinned, as: "map", formats: formats, to: folder)
        let unused = acceptances.filter { !used.contains($0) }
        return Result(app: app, diagram: diagram, violations: violations, written: written, unusedAcceptances: unused)
    }

    /// The diagram: each scene's components as the code names them, a link per reference (weak ones dashed), its
    /// count the calls made through it, routes between scenes; links between roles the pattern's definition does
    /// not connect are not "declared" (red).
    public static func diagram(_ app: ImportedApp, title: String) -> (DependencyDiagram, [Violation]) {
        let definition = app.pattern.definition
        var diagram = DependencyDiagram(title: "\(title) — map of the code", pattern: app.pattern, scenes: [], shared: [],
                                        links: [], observed: true)
        diagram.fromCode = true
        var violations: [Violation] = []
        func id(_ scene: String, _ role: ComponentRole, _ worker: String? = nil) -> String {
            worker.map { "\(scene).worker.\($0)" } ?? "\(scene).\(role.rawValue)"
        }
        func allowed(_ from: ComponentRole, _ to: ComponentRole) -> Bool {
            if to == .worker { return from == definition.wiring.workerHolder }
            // What the pattern draws, and what its wiring sets (a Router's weak viewController).
            return definition.dependencies.contains { $0.from == from && $0.to == to }
                || definition.wiring.links.contains { $0.holder == from && $0.target == to }
                || (to == .dataStore && definition.wiring.links.contains { $0.holder == from && $0.through == .dataStore })
        }
        for scene in app.scenes {
            var components = [ComponentRole.view, .interactor, .presenter, .router].compactMap { role in
                scene.components.first { $0.role == role }.map { DependencyDiagram.Component(id: id(scene.name, role), name: $0.typeName, role: role) }
            }
            if !scene.dataStore.isEmpty || scene.references.contains(where: { $0.to == .dataStore }) {
                components.append(.init(id: id(scene.name, .dataStore), name: "\(scene.name)DataStore", role: .dataStore))
            }
            for worker in scene.workers {
                components.append(.init(id: id(scene.name, .worker, worker.name), name: worker.name, role: .worker))
            }
            diagram.scenes.append(.init(name: SceneName(scene.name), components: components))
            for reference in scene.references {
                let to = id(scene.name, reference.to, reference.worker)
                guard components.contains(where: { $0.id == to }) else { continue }
                let kind: DependencyDiagram.LinkKind = reference.weak ? .weak : reference.to == .dataStore ? .reads : .calls
                let calls = scene.calls.filter { $0.from == reference.from && $0.to == reference.to }.count
                // A Router (a WireFrame) keeping its View weakly, to navigate from, is what every pattern's Router does.
                let ok = allowed(reference.from, reference.to) || (reference.weak && reference.from == .router && reference.to == .view)
                diagram.links.append(.init(from: id(scene.name, reference.from), to: to, kind: kind, label: reference.property,
                                           declared: ok, messages: calls))
                if !ok {
                    violations.append(.init(scene: scene.name, from: reference.from, to: reference.to,
                                            what: "holds '\(reference.property)'", location: reference.location))
                }
            }
            if scene.useCases.contains(where: { $0.interactor.contains { if case .store = $0 { true } else { false } } }),
               components.contains(where: { $0.role == .dataStore }) {
                let stores = scene.useCases.flatMap { $0.interactor }.filter { if case .store = $0 { true } else { false } }.count
                diagram.links.append(.init(from: id(scene.name, .interactor), to: id(scene.name, .dataStore), kind: .writes,
                                           label: "", declared: allowed(.interactor, .dataStore), messages: stores))
            }
            // A worker a part calls without holding it (a singleton, a static method), where the pattern does not let
            // that part call workers: drawn red, as the list says it.
            let workerCalls = scene.findings.compactMap(\.workerCall)
            for call in Set(workerCalls).sorted(by: { ($0.worker, $0.from) < ($1.worker, $1.from) }) {
                let (from, to) = (id(scene.name, call.from), id(scene.name, .worker, call.worker))
                guard components.contains(where: { $0.id == to }), !diagram.links.contains(where: { $0.from == from && $0.to == to }) else { continue }
                diagram.links.append(.init(from: from, to: to, kind: .calls, label: "", declared: false,
                                           messages: workerCalls.filter { $0 == call }.count))
            }
            for route in scene.routes where app.scenes.contains(where: { $0.name == route.destination }) {
                let fields = route.pass.isEmpty ? "" : " · passes " + route.pass.map(\.field).joined(separator: ", ")
                // Calls to the route's method found in the code (a route a storyboard segue starts has none).
                let base = PatternNaming.baseName(route.method)
                let calls = scene.calls.filter { $0.to == .router && PatternNaming.baseName($0.method) == base }.count
                diagram.links.append(.init(from: id(scene.name, .router), to: id(route.destination, .view), kind: .route,
                                           label: "\(route.name) [\(route.navigation ?? "push")]" + fields, declared: true, messages: calls))
            }
        }
        // What the code does that the pattern's rules do not allow: strong references closing retain cycles, calls
        // between parts that are not connected, Views reading state or navigating, calls into other scenes.
        for scene in app.scenes {
            for finding in scene.findings {
                let roles = finding.kind.split(separator: "-")
                let from = ComponentRole(rawValue: String(roles.first ?? "")) ?? .view
                let to = roles.count >= 3 ? ComponentRole.allCases.first { $0.rawValue.lowercased() == roles[2] } ?? .view : .view
                violations.append(Violation(scene: scene.name, from: from, to: to, what: finding.message, location: finding.location,
                                            rule: finding.rule, cycle: finding.cycle))
            }
        }
        violations.sort { ($0.location.file, $0.location.line, $0.location.column) < ($1.location.file, $1.location.line, $1.location.column) }
        return (diagram, violations)
    }
}
