import UIKit

protocol CreateOrderViewControllerInput {
  func displayExpirationDate(viewModel: CreateOrder_FormatExpirationDate_ViewModel)
}

protocol CreateOrderViewControllerOutput {
  func formatExpirationDate(request: CreateOrder_FormatExpirationDate_Request)
}

class CreateOrderViewController: UITableViewController, CreateOrderViewControllerInput {
  var output: CreateOrderViewControllerOutput!
  var router: CreateOrderRouter!

  override func awakeFromNib() {
    super.awakeFromNib()
    CreateOrderConfigurator.sharedInstance.configure(self)
  }

  @IBAction func expirationDatePickerValueChanged(_ sender: UIDatePicker) {
    output.formatExpirationDate(request: CreateOrder_FormatExpirationDate_Request(date: sender.date))
  }

  func displayExpirationDate(viewModel: CreateOrder_FormatExpirationDate_ViewModel) {
    title = viewModel.date
  }
}
