import UIKit

enum Login {
  // MARK: Use cases

  enum SignIn {
    struct Request {
      var username: String
      var password: String
    }
    struct Response {
      var user: User?
      var error: String?
    }
    struct ViewModel {
      var message: String
      var isSignedIn: Bool
    }
  }
}
