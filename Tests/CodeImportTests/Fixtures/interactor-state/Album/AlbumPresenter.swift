import Foundation

protocol AlbumPresentationLogic {
    func presentPhotos(response: Album.LoadPhotos.Response)
    func presentRename(response: Album.Rename.Response)
    func presentSaved(response: Album.Save.Response)
    func presentSaveFailed(response: Album.Save.Response)
}

final class AlbumPresenter: AlbumPresentationLogic {
    weak var viewController: AlbumDisplayLogic?

    func presentPhotos(response: Album.LoadPhotos.Response) {
        viewController?.displayPhotos(viewModel: Album.LoadPhotos.ViewModel(captions: response.photos.map(\.caption)))
    }

    func presentRename(response: Album.Rename.Response) {
        viewController?.displayRename(viewModel: Album.Rename.ViewModel(title: response.info.title))
    }

    func presentSaved(response: Album.Save.Response) {
        viewController?.displaySave(viewModel: Album.Save.ViewModel(message: "Saved"))
    }

    func presentSaveFailed(response: Album.Save.Response) {
        viewController?.displaySave(viewModel: Album.Save.ViewModel(message: "Could not save"))
    }
}
