import Foundation

protocol CheckoutPresentationLogic {
    func presentContinue(response: Checkout.Continue.Response)
}

final class CheckoutPresenter: CheckoutPresentationLogic {
    weak var viewController: CheckoutDisplayLogic?

    func presentContinue(response: Checkout.Continue.Response) {
        let viewModel = Checkout.Continue.ViewModel(summary: "\(response.total) \(response.class.rawValue)", class: response.class)
        viewController?.displayContinue(viewModel: viewModel)
    }
}
