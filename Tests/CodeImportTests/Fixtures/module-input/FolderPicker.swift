import UIKit

struct Folder {
    var name: String
}

protocol FolderPickerModuleInput: AnyObject {
    func configure(with folderName: String)
}

protocol FolderPickerViewInput: AnyObject {
    func show(folders: [Folder])
}

protocol FolderPickerViewOutput {
    func viewIsReady()
    func didAddFolder(named name: String)
    func didTapRename()
}

protocol FolderPickerRouterInput {
    func openRename()
}

protocol FolderPickerInteractorInput {
    func obtainFolders()
    func addFolder(named name: String)
}

protocol FolderPickerInteractorOutput: AnyObject {
    func didObtainFolders(_ folders: [Folder])
}

final class FolderPickerViewController: UIViewController, FolderPickerViewInput {
    var output: FolderPickerViewOutput!

    override func viewDidLoad() {
        super.viewDidLoad()
        output.viewIsReady()
    }

    func show(folders: [Folder]) { title = "\(folders.count)" }
}

final class FolderPickerPresenter: FolderPickerModuleInput, FolderPickerViewOutput, FolderPickerInteractorOutput {
    weak var view: FolderPickerViewInput!
    var interactor: FolderPickerInteractorInput!
    var router: FolderPickerRouterInput!
    private var folderName: String = ""

    func configure(with folderName: String) {
        self.folderName = folderName
    }

    func viewIsReady() { interactor.obtainFolders() }

    func didAddFolder(named name: String) { interactor.addFolder(named: name) }

    func didTapRename() { router.openRename() }

    func didObtainFolders(_ folders: [Folder]) { view.show(folders: folders) }
}

final class FolderPickerRouter: FolderPickerRouterInput {
    weak var viewController: UIViewController?
    private let renameFactory: RenameFactoryProtocol

    init(renameFactory: RenameFactoryProtocol) {
        self.renameFactory = renameFactory
    }

    func openRename() {
        let rename = renameFactory.makeModule()
        viewController?.navigationController?.pushViewController(rename, animated: true)
    }
}

final class FolderPickerInteractor: FolderPickerInteractorInput {
    weak var output: FolderPickerInteractorOutput!
    private var folders = [Folder(name: "Inbox"), Folder(name: "Archive")]

    func obtainFolders() {
        folders.sort { first, second in first.name < second.name }
        output.didObtainFolders(folders)
    }

    func addFolder(named name: String) {
        folders.append(Folder(name: name))
        output.didObtainFolders(folders)
    }
}

final class FolderPickerAssembly {
    static func assemble() -> UIViewController {
        let view = FolderPickerViewController()
        let presenter = FolderPickerPresenter()
        let interactor = FolderPickerInteractor()
        let router = FolderPickerRouter(renameFactory: RenameFactory())
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.viewController = view
        return view
    }
}
