import UIKit

enum Home {
  enum Greet {
    struct Request {}
    struct Response {
      var name: String
    }
    struct ViewModel {
      var greeting: String
    }
  }
}
