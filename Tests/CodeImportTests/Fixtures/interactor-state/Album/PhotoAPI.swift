import Foundation

final class PhotoAPI {
    func photos(albumId: String, completion: @escaping (Result<[Photo], Error>) -> Void) {
        completion(.success([]))
    }

    func store(_ photos: [Photo]) throws {
        if photos.count > 500 { throw PhotoStoreError.full }
    }
}
