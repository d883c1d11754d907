import Foundation

protocol AlbumBusinessLogic {
    func loadPhotos(request: Album.LoadPhotos.Request)
    func rename(request: Album.Rename.Request)
    func save(request: Album.Save.Request)
}

protocol AlbumDataStore {
    var albumId: String? { get set }
}

final class AlbumInteractor: AlbumBusinessLogic, AlbumDataStore {
    var presenter: AlbumPresentationLogic?
    var photoAPI: PhotoAPI?
    var albumId: String?
    // What the Interactor keeps besides what it shares through its DataStore.
    var photos: [Photo] = []
    var info = AlbumInfo(title: "", owner: "")

    func loadPhotos(request: Album.LoadPhotos.Request) {
        guard let albumId else { return }
        photoAPI?.photos(albumId: albumId) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let photos):
                self.photos = photos
                self.photos.sort { $0.isCover && !$1.isCover }
                self.presenter?.presentPhotos(response: Album.LoadPhotos.Response(photos: self.photos))
            case .failure:
                self.presenter?.presentPhotos(response: Album.LoadPhotos.Response(photos: []))
            }
        }
    }

    func rename(request: Album.Rename.Request) {
        info.title = request.title
        presenter?.presentRename(response: Album.Rename.Response(info: info))
    }

    func save(request: Album.Save.Request) {
        do {
            try photoAPI?.store(photos)
            presenter?.presentSaved(response: Album.Save.Response(saved: true))
        } catch {
            presenter?.presentSaveFailed(response: Album.Save.Response(saved: false))
        }
    }
}
