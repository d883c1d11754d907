import Foundation

/// Names Swift writes in backticks, a `$` inside a name, and raw values as Swift spells them.
enum Checkout {
    enum `Continue` {
        struct Request {
            var `default`: Bool
            var note: String
        }
        struct Response {
            var total: Int
            var `class`: Fare
        }
        struct ViewModel {
            var summary: String
            var `class`: Fare
        }
    }
}

enum Fare: String {
    case economy = "eco \"saver\""
    case business = "biz\\first\n"
    case `default`
}

enum Priority: Int {
    case low = 0x10
    case normal
    case high = 1_000
    case urgent = -0b11
    case later
}
