import CodeImport
import Diagrams
import Foundation
import ScenarioSpec

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
        public var description: String { "\(location): \(scene): \(from.rawValue) → \(to.rawValue) (\(what))" }
    }

    public struct Result: Sendable {
        public var app: ImportedApp
        public var diagram: DependencyDiagram
        public var violations: [Violation]
        public var written: DiagramWriter.Result
    }

    /// Reads `paths`, draws `map` into `folder` in `formats`.
    public static func run(_ paths: [String], excluded: Set<String> = [], to folder: URL,
                           formats: [DiagramFormat] = [.svg]) throws -> Result {
        let app: ImportedApp
        do {
            app = try CodeImporter(excluded: excluded).read(paths)
        } catch let failure as CodeImporter.Failure {
            throw ScenarioImport.Failure(message: failure.message)
        }
        let (diagram, violations) = Self.diagram(app, title: CodeImporter.title(for: paths))
        let written = try DiagramWriter.write(diagram.dot(name: "map"), engine: .pinned, as: "map", formats: formats, to: folder)
        return Result(app: app, diagram: diagram, violations: violations, written: written)
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
                let ok = allowed(reference.from, reference.to)
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
            for route in scene.routes where app.scenes.contains(where: { $0.name == route.destination }) {
                let fields = route.pass.isEmpty ? "" : " · passes " + route.pass.map(\.field).joined(separator: ", ")
                // Calls to the route's method found in the code (a route a storyboard segue starts has none).
                let base = PatternNaming.baseName(route.method)
                let calls = scene.calls.filter { $0.to == .router && PatternNaming.baseName($0.method) == base }.count
                diagram.links.append(.init(from: id(scene.name, .router), to: id(route.destination, .view), kind: .route,
                                           label: "\(route.name) [\(route.navigation ?? "push")]" + fields, declared: true, messages: calls))
            }
        }
        return (diagram, violations)
    }
}
