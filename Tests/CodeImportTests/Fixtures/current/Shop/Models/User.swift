import Foundation

struct User: Equatable {
  var id: String
  var firstName: String
  var joined: Date
  var plan: Plan
  var contact: ContactChannel
}

/// Text raw values: a case without one is its own name.
enum Plan: String {
  case free
  case pro = "Pro"
}

/// Int raw values count on from the last written one.
enum ContactChannel: Int {
  case email = 1, phone, post
}
