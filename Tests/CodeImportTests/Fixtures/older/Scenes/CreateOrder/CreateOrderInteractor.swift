import UIKit

protocol CreateOrderInteractorInput {
  func formatExpirationDate(request: CreateOrder_FormatExpirationDate_Request)
}

protocol CreateOrderInteractorOutput {
  func presentExpirationDate(response: CreateOrder_FormatExpirationDate_Response)
}

class CreateOrderInteractor: CreateOrderInteractorInput {
  var output: CreateOrderInteractorOutput!

  func formatExpirationDate(request: CreateOrder_FormatExpirationDate_Request) {
    let response = CreateOrder_FormatExpirationDate_Response(date: request.date)
    output.presentExpirationDate(response: response)
  }
}
