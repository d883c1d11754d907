import UIKit

// Generamba's modules with a transition library: a route opens the next module by the protocol its Presenter
// adopts (`FolderPickerModuleInput.self`) and configures it through that protocol; the next Router makes a module
// through the factory it is given. The Interactor keeps its state in a struct and in rows named for the View.

protocol TransitionHandler: AnyObject {
    func openModule<Input>(identifier: String, to input: Input.Type, configure: @escaping (Input) -> Void)
    func push(_ viewController: UIViewController)
}

struct Note {
    var title: String
    var folder: String
}

struct NoteForView {
    var title: String
}

struct NoteStorage {
    var notes: [Note] = []
    var pinned: [Note] = []
}

protocol NoteListViewInput: AnyObject {
    func show(rows: [NoteForView])
}

protocol NoteListViewOutput {
    func viewIsReady()
    func didTapMove(note: Note)
}

protocol NoteListInteractorInput {
    func obtainNotes()
}

protocol NoteListInteractorOutput: AnyObject {
    func didObtainNotes(_ rows: [NoteForView])
}

protocol NoteListRouterInput {
    func openFolderPicker(for note: Note)
}

final class NoteListViewController: UIViewController, NoteListViewInput, TransitionHandler {
    var output: NoteListViewOutput!

    override func viewDidLoad() {
        super.viewDidLoad()
        output.viewIsReady()
    }

    func show(rows: [NoteForView]) { title = "\(rows.count)" }

    func openModule<Input>(identifier: String, to input: Input.Type, configure: @escaping (Input) -> Void) {}
    func push(_ viewController: UIViewController) { navigationController?.pushViewController(viewController, animated: true) }
}

final class NoteListPresenter: NoteListViewOutput, NoteListInteractorOutput {
    weak var view: NoteListViewInput!
    var interactor: NoteListInteractorInput!
    var router: NoteListRouterInput!

    func viewIsReady() { interactor.obtainNotes() }

    func didTapMove(note: Note) { router.openFolderPicker(for: note) }

    func didObtainNotes(_ rows: [NoteForView]) { view.show(rows: rows) }
}

final class NoteListInteractor: NoteListInteractorInput {
    weak var output: NoteListInteractorOutput!
    var storage = NoteStorage()
    private lazy var rows: [NoteForView] = []

    func obtainNotes() {
        storage.notes.removeAll()
        rows.removeAll()
        storage.notes.append(contentsOf: NoteService.shared.allNotes())
        storage.notes.forEach { note in
            self.rows.append(NoteForView(title: note.title))
        }
        output.didObtainNotes(rows)
    }
}

final class NoteListRouter: NoteListRouterInput {
    weak var transitionHandler: TransitionHandler!

    func openFolderPicker(for note: Note) {
        transitionHandler.openModule(identifier: "folderPicker", to: FolderPickerModuleInput.self) { input in
            input.configure(with: note.folder)
        }
    }
}

final class NoteListAssembly {
    static func assemble() -> UIViewController {
        let view = NoteListViewController()
        let presenter = NoteListPresenter()
        let interactor = NoteListInteractor()
        let router = NoteListRouter()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.transitionHandler = view
        return view
    }
}

final class NoteService {
    static let shared = NoteService()
    func allNotes() -> [Note] { [] }
}

// The list's cell loads its thumbnail itself, through a shared loader: the View calling a worker.
final class NoteListCell: UITableViewCell {
    func fill(with row: NoteForView) {
        textLabel?.text = row.title
        ThumbnailLoader.shared.loadThumbnail(named: row.title) { [weak self] image in
            self?.imageView?.image = image
        }
    }
}

final class ThumbnailLoader {
    static let shared = ThumbnailLoader()
    func loadThumbnail(named name: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
