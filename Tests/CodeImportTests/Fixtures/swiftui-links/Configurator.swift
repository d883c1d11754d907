import SwiftUI

// SwiftUI Views whose observable Controller plays the display logic; a Configurator makes each scene, and the Views
// navigate with NavigationLink and sheets; the Interactor hands its Presenter answers through a local closure.

struct ShoppingList: Identifiable {
    let id: Int
    let name: String
}

protocol Repository {
    func allLists() -> [ShoppingList]
    func list(withId id: Int) -> ShoppingList?
}

final class InMemoryRepository: Repository {
    func allLists() -> [ShoppingList] { [] }
    func list(withId id: Int) -> ShoppingList? { nil }
}

final class Configurator {
    private let repository: Repository = InMemoryRepository()

    func listsView() -> some View {
        let interactor = ListsInteractor(repository: repository)
        let presenter = ListsPresenter()
        let controller = ListsView.Controller()
        interactor.presenter = presenter
        presenter.viewController = controller
        controller.interactor = interactor
        return ListsView(controller: controller, configurator: self)
    }

    func itemsView(list: ShoppingList) -> some View {
        let interactor = ItemsInteractor(listId: list.id, repository: repository)
        let presenter = ItemsPresenter()
        let controller = ItemsView.Controller()
        interactor.presenter = presenter
        presenter.viewController = controller
        controller.interactor = interactor
        return ItemsView(controller: controller)
    }
}
