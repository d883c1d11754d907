@testable import Shop
import XCTest

class LoginInteractorTests: XCTestCase {
  // MARK: Test doubles

  class LoginPresentationLogicSpy: LoginPresentationLogic {
    var presentSignInCalled = false
    func presentSignIn(response: Login.SignIn.Response) {
      presentSignInCalled = true
    }
  }

  class AuthWorkerSpy: AuthWorker {
    var signInCalled = false
    override func signIn(username: String, password: String, completion: @escaping (User?) -> Void) {
      signInCalled = true
      completion(nil)
    }
  }

  func testSignInAsksThePresenter() {
    let interactor = LoginInteractor()
    let spy = LoginPresentationLogicSpy()
    interactor.presenter = spy
    interactor.signIn(request: Login.SignIn.Request(username: "ann", password: "wrong"))
    XCTAssertTrue(spy.presentSignInCalled)
  }
}
