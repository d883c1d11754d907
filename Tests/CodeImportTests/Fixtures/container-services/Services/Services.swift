import Foundation

struct Profile {
    var name: String
    var email: String
}

protocol AuthServiceProtocol {
    func currentUserID() -> String?
    func signOut()
}

final class AuthService: AuthServiceProtocol {
    func currentUserID() -> String? { "42" }
    func signOut() {}
}

protocol ProfileRepositoryProtocol {
    func profile(for id: String, completion: @escaping (Result<Profile, Error>) -> Void)
}

final class ProfileRepository: ProfileRepositoryProtocol {
    func profile(for id: String, completion: @escaping (Result<Profile, Error>) -> Void) {
        completion(.success(Profile(name: "Ann", email: "ann@example.com")))
    }
}

protocol CartStoring {
    func itemCount() -> Int
    func clear()
}

final class CartStore: CartStoring {
    private var items: [String] = []
    func itemCount() -> Int { items.count }
    func clear() { items.removeAll() }
}

protocol PriceCalculating {
    func total(for count: Int) -> Double
}

final class PriceCalculator: PriceCalculating {
    func total(for count: Int) -> Double { Double(count) * 9.5 }
}
