import UIKit

protocol CreateOrderPresenterInput {
  func presentExpirationDate(response: CreateOrder_FormatExpirationDate_Response)
}

protocol CreateOrderPresenterOutput: class {
  func displayExpirationDate(viewModel: CreateOrder_FormatExpirationDate_ViewModel)
}

class CreateOrderPresenter: CreateOrderPresenterInput {
  weak var output: CreateOrderPresenterOutput!

  func presentExpirationDate(response: CreateOrder_FormatExpirationDate_Response) {
    let date = DateFormatter().string(from: response.date)
    let viewModel = CreateOrder_FormatExpirationDate_ViewModel(date: date)
    output.displayExpirationDate(viewModel: viewModel)
  }
}
