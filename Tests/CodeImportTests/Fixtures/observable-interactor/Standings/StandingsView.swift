import SwiftUI

/// The league table: it draws what its Interactor publishes.
struct StandingsView: View {
    @ObservedObject var interactor: StandingsInteractor

    var body: some View {
        List(interactor.rows, id: \.position) { row in
            Text("\(row.position). \(row.team)")
        }
    }
}
