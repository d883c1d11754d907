import UIKit

protocol AlbumDisplayLogic: AnyObject {
    func displayPhotos(viewModel: Album.LoadPhotos.ViewModel)
    func displayRename(viewModel: Album.Rename.ViewModel)
    func displaySave(viewModel: Album.Save.ViewModel)
}

final class AlbumViewController: UIViewController, AlbumDisplayLogic {
    var interactor: AlbumBusinessLogic?
    var router: (AlbumRoutingLogic & AlbumDataPassing)?
    private var captions: [String] = []

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setup()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setup()
    }

    private func setup() {
        let interactor = AlbumInteractor()
        let presenter = AlbumPresenter()
        let router = AlbumRouter()
        self.interactor = interactor
        self.router = router
        interactor.presenter = presenter
        interactor.photoAPI = PhotoAPI()
        presenter.viewController = self
        router.viewController = self
        router.dataStore = interactor
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.loadPhotos(request: Album.LoadPhotos.Request())
    }

    @objc func renameTapped() {
        interactor?.rename(request: Album.Rename.Request(title: "Summer"))
    }

    @objc func saveTapped() {
        interactor?.save(request: Album.Save.Request())
    }

    @objc func closeTapped() {
        router?.routeBack()
    }

    func displayPhotos(viewModel: Album.LoadPhotos.ViewModel) {
        captions = viewModel.captions
    }

    func displayRename(viewModel: Album.Rename.ViewModel) {
        title = viewModel.title
    }

    func displaySave(viewModel: Album.Save.ViewModel) {
        navigationItem.prompt = viewModel.message
    }
}
