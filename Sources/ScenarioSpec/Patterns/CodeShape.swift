/// How a scene of a pattern is written as code: the files it is made of, what its View is, who holds its state and
/// where its run is recorded. Each pattern's definition declares its shape (`PatternDefinition.codeShape`); the
/// generator has one writer per shape and asks the shape, never the pattern's flow, what to write.
public enum CodeShape: String, Sendable, Hashable, CaseIterable {
    /// A UIKit View Controller scene, wired by its Configurator or its own `setup()`: Interactor (the DataStore),
    /// Presenter, Router (Clean Swift).
    case viewControllerScene = "view-controller-scene"
    /// A module its WireFrame creates (`createPostListModule()`): a passive View, the Presenter its hub, the
    /// Interactor (the DataStore) answering through its output protocol (VIPER).
    case wireFrameModule = "wireframe-module"
    /// A SwiftUI View that holds the scene's DataStore, with an Interactor and a Presenter (SwiftUI VIP).
    case swiftUIScene = "swiftui-scene"
    /// A SwiftUI View rendering the app's one AppState, which its Interactor writes (SwiftUI with AppState).
    case appStateScene = "appstate-scene"

    /// The scene's files, each named by what follows the scene's name (`Interactor`: `LoginInteractor.swift`), in the
    /// order generate writes them. `Workers` is there when the scene has workers of its own, `Router` in SwiftUI
    /// when it has routes, `Configurator` in a View Controller scene that its Configurator wires.
    public var files: [String] {
        switch self {
        case .viewControllerScene: ["Models", "ViewController", "Interactor", "Presenter", "Router", "Configurator", "Tracing", "Workers"]
        case .wireFrameModule: ["Models", "View", "Presenter", "Interactor", "WireFrame", "Tracing", "Workers"]
        case .swiftUIScene: ["Models", "View", "Interactor", "Presenter", "Configurator", "Router", "Tracing", "Workers"]
        case .appStateScene: ["Models", "View", "Interactor", "Configurator", "Router", "Tracing", "Workers"]
        }
    }

    /// Whether its Views are SwiftUI values (structs the screen holds) rather than View controllers.
    public var viewsAreValues: Bool { self == .swiftUIScene || self == .appStateScene }

    /// Whether the View holds the scene's DataStore (an observable object), the Interactor keeping no state.
    public var viewHoldsDataStore: Bool { self == .swiftUIScene }


    /// Whether `definition`'s flow and wiring are the ones this shape is written for.
    public func fits(_ definition: PatternDefinition) -> Bool {
        let flow = definition.flow, style = definition.wiring.style
        switch self {
        case .viewControllerScene:
            return [.configurator, .setup].contains(style) && flow.entry != .presenter && flow.store == .dataStore && !flow.viewWritesDataStore
        case .swiftUIScene:
            return [.configurator, .setup].contains(style) && flow.entry != .presenter && flow.store == .dataStore && flow.viewWritesDataStore
        case .appStateScene:
            return style == .environment && flow.entry != .presenter && flow.store == .appState
        case .wireFrameModule:
            return style == .wireFrame && flow.entry == .presenter && flow.store == .dataStore
        }
    }
}
