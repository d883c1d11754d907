import Foundation

protocol CheckoutBusinessLogic {
    func `continue`(request: Checkout.Continue.Request)
}

protocol CheckoutDataStore {
    var `default`: Bool { get set }
    var price$: Int { get set }
    var priority: Priority { get set }
}

final class CheckoutInteractor: CheckoutBusinessLogic, CheckoutDataStore {
    var presenter: CheckoutPresentationLogic?
    var `default` = false
    var price$ = 0
    var priority: Priority = .normal

    func `continue`(request: Checkout.Continue.Request) {
        `default` = request.default
        let response = Checkout.Continue.Response(total: price$ + 1, class: .default)
        presenter?.presentContinue(response: response)
    }
}
