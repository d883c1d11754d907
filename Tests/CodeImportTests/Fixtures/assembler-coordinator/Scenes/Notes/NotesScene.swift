import UIKit

enum NotesModel {
    struct ViewModel {
        let titles: [String]
    }
}

protocol INotesInteractor {
    func fetchData()
    func didSelectNote(at index: Int)
}

protocol INotesDelegate: AnyObject {
    func openNote(title: String)
}

final class NotesInteractor: INotesInteractor {
    private let presenter: INotesPresenter
    private let repository: INotesRepository
    weak var delegate: INotesDelegate?

    init(presenter: INotesPresenter, repository: INotesRepository) {
        self.presenter = presenter
        self.repository = repository
    }

    func fetchData() {
        presenter.present(titles: repository.allTitles())
    }

    func didSelectNote(at index: Int) {
        let titles = repository.allTitles()
        delegate?.openNote(title: titles[index])
    }
}

protocol INotesRepository {
    func allTitles() -> [String]
}

final class NotesRepository: INotesRepository {
    func allTitles() -> [String] { [] }
}

protocol INotesPresenter {
    func present(titles: [String])
}

final class NotesPresenter: INotesPresenter {
    private weak var viewController: INotesViewController?
    init(viewController: INotesViewController) { self.viewController = viewController }
    func present(titles: [String]) {
        viewController?.render(viewModel: NotesModel.ViewModel(titles: titles))
    }
}

protocol INotesViewController: AnyObject {
    func render(viewModel: NotesModel.ViewModel)
}

final class NotesViewController: UIViewController, INotesViewController {
    var interactor: INotesInteractor?

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.fetchData()
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        interactor?.didSelectNote(at: indexPath.row)
    }

    func render(viewModel: NotesModel.ViewModel) { title = viewModel.titles.first }
}

final class NotesAssembler {
    func assembly(delegate: INotesDelegate) -> NotesViewController {
        let viewController = NotesViewController()
        let presenter = NotesPresenter(viewController: viewController)
        let interactor = NotesInteractor(presenter: presenter, repository: NotesRepository())
        interactor.delegate = delegate
        viewController.interactor = interactor
        return viewController
    }
}
