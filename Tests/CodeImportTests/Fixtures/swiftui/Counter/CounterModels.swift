import Foundation

enum Counter {
    enum Increment {
        struct Request {}
        struct Response {}
        struct ViewModel {}
    }

    enum Reset {
        struct Request {
            var to: Int
        }
        struct Response {
            var value: Int
        }
        struct ViewModel {
            var value: Int
        }
    }
}
