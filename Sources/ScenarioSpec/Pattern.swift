/// The architecture a scenario is written in; it decides who talks to whom and how protocols are named.
public enum Pattern: String, Sendable, Hashable, Codable, CaseIterable {
    /// Clean Swift VIP with UIKit-style view controllers: View → Interactor → Presenter → View, Router with DataPassing.
    case cleanSwift = "clean-swift"
    /// VIP in SwiftUI: the View is a struct configured by `configureView()` and holds the DataStore.
    case swiftUI = "swiftui"
    /// SwiftUI with one observable AppState and no Presenter: the Interactor writes state, Views re-render.
    case appState = "appstate"
    /// VIPER: View ↔ Presenter ↔ Interactor, Presenter → WireFrame, Entities, DataManagers.
    case viper
}
