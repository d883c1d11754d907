import Foundation

struct Film: Decodable {
    let id: Int
    let title: String
}

protocol FilmsServiceProtocol {
    func fetchFilms(page: Int, completion: @escaping (Result<[Film], Error>) -> Void)
}

final class FilmsService: FilmsServiceProtocol {
    func fetchFilms(page: Int, completion: @escaping (Result<[Film], Error>) -> Void) {
        completion(.success([]))
    }
}

final class ListsService {
    func fetchLists(completion: @escaping ([String]) -> Void) {
        completion(["Classics", "New"])
    }
}
