import SwiftUI

/// The one state of the app: it knows nothing of the other layers.
final class AppState: ObservableObject {
    @Published var count = 1
    @Published var lastReset: Int? = nil
}
