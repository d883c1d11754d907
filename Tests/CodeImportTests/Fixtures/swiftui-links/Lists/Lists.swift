import SwiftUI

enum Lists {
    enum Fetch {
        struct Request {
            let all: Bool
        }
        struct Response {
            let lists: [ShoppingList]
        }
        struct ViewModel {
            let names: [String]
        }
    }
}

protocol ListsBusinessLogic {
    func fetch(request: Lists.Fetch.Request)
}

final class ListsInteractor: ListsBusinessLogic {
    var presenter: ListsPresentationLogic?
    private let repository: Repository

    init(repository: Repository) {
        self.repository = repository
    }

    func fetch(request: Lists.Fetch.Request) {
        let send: ([ShoppingList]) -> Void = { [weak self] lists in
            self?.presenter?.present(response: Lists.Fetch.Response(lists: lists))
        }
        if request.all {
            send(repository.allLists())
        } else {
            guard let first = repository.list(withId: 1) else { return }
            send([first])
        }
    }
}

protocol ListsPresentationLogic {
    func present(response: Lists.Fetch.Response)
}

final class ListsPresenter: ListsPresentationLogic {
    weak var viewController: ListsDisplayLogic?

    func present(response: Lists.Fetch.Response) {
        viewController?.display(viewModel: Lists.Fetch.ViewModel(names: response.lists.map(\.name)))
    }
}

protocol ListsDisplayLogic: AnyObject {
    func display(viewModel: Lists.Fetch.ViewModel)
}

struct ListsView: View {
    @StateObject private var controller: Controller
    private let configurator: Configurator

    init(controller: Controller, configurator: Configurator) {
        self._controller = StateObject(wrappedValue: controller)
        self.configurator = configurator
    }

    var body: some View {
        NavigationView {
            List(controller.lists) { list in
                NavigationLink(list.name, destination: configurator.itemsView(list: list))
            }
            .navigationBarItems(trailing: refreshButton)
        }
        .onAppear { controller.fetch() }
    }

    private var refreshButton: some View {
        Button("Refresh") { controller.fetch() }
    }
}

extension ListsView {
    final class Controller: ObservableObject, ListsDisplayLogic {
        var interactor: ListsBusinessLogic?
        @Published var lists: [ShoppingList] = []

        func fetch() {
            interactor?.fetch(request: Lists.Fetch.Request(all: true))
        }

        func display(viewModel: Lists.Fetch.ViewModel) {}
    }
}
