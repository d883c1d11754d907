import SwiftUI

enum Items {
    enum Load {
        struct Request {}
        struct Response {
            let name: String
        }
        struct ViewModel {
            let title: String
        }
    }
}

protocol ItemsBusinessLogic {
    func load(request: Items.Load.Request)
}

final class ItemsInteractor: ItemsBusinessLogic {
    var presenter: ItemsPresentationLogic?
    private let listId: Int
    private let repository: Repository

    init(listId: Int, repository: Repository) {
        self.listId = listId
        self.repository = repository
    }

    func load(request: Items.Load.Request) {
        guard let list = repository.list(withId: listId) else { return }
        presenter?.present(response: Items.Load.Response(name: list.name))
    }
}

protocol ItemsPresentationLogic {
    func present(response: Items.Load.Response)
}

final class ItemsPresenter: ItemsPresentationLogic {
    weak var viewController: ItemsDisplayLogic?

    func present(response: Items.Load.Response) {
        viewController?.display(viewModel: Items.Load.ViewModel(title: response.name))
    }
}

protocol ItemsDisplayLogic: AnyObject {
    func display(viewModel: Items.Load.ViewModel)
}

struct ItemsView: View {
    @ObservedObject var controller: Controller
    @Environment(\.dismiss) private var dismissAction: DismissAction

    var body: some View {
        Text(controller.title)
            .onAppear { controller.load() }
            .toolbar {
                Button("Done") { dismissAction() }
            }
    }
}

extension ItemsView {
    final class Controller: ObservableObject, ItemsDisplayLogic {
        var interactor: ItemsBusinessLogic?
        @Published var title = ""

        func load() {
            interactor?.load(request: Items.Load.Request())
        }

        func display(viewModel: Items.Load.ViewModel) {}
    }
}
