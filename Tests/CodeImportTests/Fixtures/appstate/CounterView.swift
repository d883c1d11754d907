import SwiftUI

struct CounterView: View {
    @Environment(\.counterInteractor) var interactor: CounterInteractor
    @EnvironmentObject var appState: AppState

    var body: some View {
        VStack {
            Text("\(appState.count)").font(.largeTitle)
            Button("add 1") { interactor.increment() }
            Button("reset") { interactor.reset(to: 0) }
        }
    }
}
