import Foundation

struct Account {
    var id: String
    var name: String
}

// One Request, Response and ViewModel for the whole scene.
enum Login {
    struct Request {
        var email: String?
        var password: String?
    }
    struct Response {
        var user: Account?
    }
    struct ViewModel {
        var title: String
    }
}
