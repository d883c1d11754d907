import Foundation

struct User: Equatable {
  var id: String
  var firstName: String
  var joined: Date
}
