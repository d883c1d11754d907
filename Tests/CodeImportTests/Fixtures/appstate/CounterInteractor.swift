import SwiftUI

struct CounterInteractor: EnvironmentKey {
    var appState: AppState?

    static var defaultValue = CounterInteractor()

    func increment() {
        appState?.count += 1
    }

    func reset(to value: Int) {
        appState?.lastReset = appState?.count
        appState?.count = value
    }
}

extension EnvironmentValues {
    var counterInteractor: CounterInteractor {
        get { self[CounterInteractor.self] }
        set { self[CounterInteractor.self] = newValue }
    }
}
