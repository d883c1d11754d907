import UIKit

struct CreateOrder_FormatExpirationDate_Request {
  var date: Date
}

struct CreateOrder_FormatExpirationDate_Response {
  var date: Date
}

struct CreateOrder_FormatExpirationDate_ViewModel {
  var date: String
}
