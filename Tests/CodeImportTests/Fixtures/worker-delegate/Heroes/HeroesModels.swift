import Foundation

struct Heroes {
    struct Fetch {
        struct Request {
            var page: Int
        }
        struct Response {
            var names: [String]
        }
        struct ViewModel {
            var rows: [String]
            var error: String?
        }
    }
}
