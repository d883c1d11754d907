import Foundation
import ScenarioSpec
import SwiftSyntax

/// Reading a SwiftUI app in the AppState variant (seed 000 §3): one `ObservableObject` holding the app's state, a
/// View per scene that observes it (`@EnvironmentObject`) and calls its Interactor, and Interactors that write the
/// state and return nothing. There are no protocols to go by: a scene is a `XView` struct with a `XInteractor` that
/// holds the AppState.
extension VIPReader {
    /// The observable state class: an `ObservableObject` named `AppState`, or else the one the Interactors hold.
    static func appStateType(_ index: SwiftIndex) -> SwiftIndex.TypeDecl? {
        let observable = index.declarations.filter { $0.kind == .class && index.members(of: $0).inherited.contains("ObservableObject") }
        return observable.first { $0.name == "AppState" } ?? observable.first { state in
            index.declarations.contains { $0.name.hasSuffix("Interactor") && $0.properties.contains { Self.baseTypeName($0.type ?? "") == state.name } }
        }
    }

    /// Scenes: `X` with an `XView` struct and an `XInteractor` that holds the AppState.
    static func appStateSceneNames(_ index: SwiftIndex, state: SwiftIndex.TypeDecl) -> [String] {
        Set(index.declarations.filter { declaration in
            declaration.name.hasSuffix("Interactor") && declaration.name.count > "Interactor".count
                && index.members(of: declaration).properties.contains { Self.baseTypeName($0.type ?? "") == state.name }
        }.map { String($0.name.dropLast("Interactor".count)) }.filter { index.type(named: $0 + "View")?.kind == .struct }).sorted()
    }

    /// The app's state fields and its scenes.
    mutating func readAppState(_ state: SwiftIndex.TypeDecl, names: [String]) -> (appState: [ImportedApp.Field], scenes: [ImportedApp.Scene], entities: [ImportedApp.Entity]) {
        types.sceneNames = Set(names)
        types.excluded.insert(state.name)
        for name in names { for suffix in ["View", "Interactor"] { types.excluded.insert(name + suffix) } }
        let stateFields = storedFields(of: state)
        var scenes: [ImportedApp.Scene] = []
        for name in names {
            let view = index.type(named: name + "View")!
            let interactor = index.type(named: name + "Interactor")!
            var scene = ImportedApp.Scene(
                name: name, location: view.location,
                components: [.init(role: .view, typeName: view.name, location: view.location),
                             .init(role: .interactor, typeName: interactor.name, location: interactor.location)],
                wiring: nil, dataStore: [], workers: [], useCases: [], routes: [], references: [], calls: [])
            let interactorMembers = index.members(of: interactor)
            // The property the Interactor writes the state through, and the one the View reads it through.
            let stateProperties = Set(interactorMembers.properties.filter { Self.baseTypeName($0.type ?? "") == state.name }.map(\.name))
            let viewStates = Set(index.members(of: view).properties.filter { Self.baseTypeName($0.type ?? "") == state.name }.map(\.name))
            let viewInteractors = Set(index.members(of: view).properties.filter {
                ($0.type ?? "").contains(interactor.name) || $0.name == "interactor"
            }.map(\.name))
            var workerProperties: [String: String] = [:]
            for property in interactorMembers.properties where !property.isStatic {
                guard let typeName = Self.baseTypeName(property.type ?? property.initializerType ?? ""),
                      Self.workerSuffixes.contains(where: { typeName.hasSuffix($0) }) else { continue }
                workerProperties[property.name] = typeName
                if !scene.workers.contains(where: { $0.name == typeName }) { scene.workers.append(readWorker(typeName, at: property.location)) }
            }
            let appearing = appearCalls(in: view, interactorProperties: viewInteractors.union(["interactor"]))
            for method in interactorMembers.methods where !method.isStatic && method.name != "init" && method.body != nil {
                var useCase = ImportedApp.UseCase(
                    name: SwiftSpellingForImport.upperFirst(method.name), location: method.location,
                    request: fields(of: method, context: interactor.path), response: [], viewModel: [],
                    interactorMethod: method.signature, presenterMethod: nil, viewMethod: nil, interactor: [], presenter: [],
                    trigger: appearing[method.name]?.trigger)
                if useCase.trigger != nil, !useCase.request.isEmpty { useCase.trigger = nil }
                var reader = BodyReader(method, in: index)
                reader.stateRoots = Dictionary(stateProperties.map { ($0, "appState") }, uniquingKeysWith: { first, _ in first })
                reader.workers = workerProperties
                reader.presenterProperties = []
                for parameter in method.parameters { reader.bound[parameter.name] = "request.\(parameter.name)" }
                reader.readInteractor(method.body!.statements)
                useCase.interactor = reader.steps
                unmapped += reader.unmapped
                scene.useCases.append(useCase)
            }
            scene.shows = renderedLabels(of: view, roots: Dictionary(viewStates.map { ($0, "appState") }, uniquingKeysWith: { first, _ in first }))
            scene.references = interactorMembers.properties.filter { stateProperties.contains($0.name) }.map {
                ImportedApp.Reference(from: .interactor, to: .appState, property: $0.name, weak: $0.isWeak, location: $0.location)
            } + index.members(of: view).properties.filter { viewStates.contains($0.name) }.map {
                ImportedApp.Reference(from: .view, to: .appState, property: $0.name, weak: false, location: $0.location)
            } + index.members(of: view).properties.filter { viewInteractors.contains($0.name) }.map {
                ImportedApp.Reference(from: .view, to: .interactor, property: $0.name, weak: false, location: $0.location)
            }
            scenes.append(scene)
        }
        return (stateFields, scenes, types.entityOrder.compactMap { types.entities[$0] })
    }
}
