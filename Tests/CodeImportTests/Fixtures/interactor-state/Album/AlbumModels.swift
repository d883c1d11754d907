import Foundation

struct Photo {
    var id: String
    var caption: String
    var isCover: Bool
}

struct AlbumInfo {
    var title: String
    var owner: String
}

enum PhotoStoreError: Error {
    case full
}

enum Album {
    enum LoadPhotos {
        struct Request {}
        struct Response { var photos: [Photo] }
        struct ViewModel { var captions: [String] }
    }

    enum Rename {
        struct Request { var title: String }
        struct Response { var info: AlbumInfo }
        struct ViewModel { var title: String }
    }

    enum Save {
        struct Request {}
        struct Response { var saved: Bool }
        struct ViewModel { var message: String }
    }
}
