import UIKit

protocol CheckoutDisplayLogic: AnyObject {
    func displayContinue(viewModel: Checkout.Continue.ViewModel)
}

final class CheckoutViewController: UIViewController, CheckoutDisplayLogic {
    var interactor: CheckoutBusinessLogic?
    let summaryLabel = UILabel()

    @objc func continueTapped() {
        interactor?.continue(request: Checkout.Continue.Request(default: true, note: "go"))
    }

    func displayContinue(viewModel: Checkout.Continue.ViewModel) {
        summaryLabel.text = viewModel.summary
    }
}
