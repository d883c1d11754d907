import UIKit

protocol HomeBusinessLogic {
  func greet(request: Home.Greet.Request)
}

protocol HomeDataStore {
  var name: String? { get set }
}

class HomeInteractor: HomeBusinessLogic, HomeDataStore {
  var presenter: HomePresentationLogic?
  var name: String?

  func greet(request: Home.Greet.Request) {
    presenter?.presentGreet(response: Home.Greet.Response(name: name ?? "guest"))
  }
}
