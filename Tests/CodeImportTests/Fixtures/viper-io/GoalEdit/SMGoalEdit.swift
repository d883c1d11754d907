import UIKit

protocol SMGoalEditViewInput: AnyObject {
    func showSaved()
}

protocol SMGoalEditViewOutput {
    func didTapSave(title: String)
    func didTapClose()
}

protocol SMGoalEditInteractorInput {
    func save(title: String)
}

protocol SMGoalEditInteractorOutput: AnyObject {
    func didSave()
}

protocol SMGoalEditRouterInput {
    func close()
}

/// What the module tells the module that opened it.
protocol SMGoalEditModuleOutput: AnyObject {
    func goalSaved()
}

final class SMGoalEditViewController: UIViewController, SMGoalEditViewInput {
    var output: SMGoalEditViewOutput!
    @IBAction func saveTapped() { output.didTapSave(title: title ?? "") }
    @IBAction func closeTapped() { output.didTapClose() }
    func showSaved() {}
}

final class SMGoalEditPresenter: SMGoalEditViewOutput, SMGoalEditInteractorOutput {
    weak var view: SMGoalEditViewInput!
    var interactor: SMGoalEditInteractorInput!
    var router: SMGoalEditRouterInput!
    weak var moduleOutput: SMGoalEditModuleOutput?

    func didTapSave(title: String) { interactor.save(title: title) }
    func didTapClose() { router.close() }

    func didSave() {
        view.showSaved()
        moduleOutput?.goalSaved()
        router.close()
    }
}

final class SMGoalEditInteractor: SMGoalEditInteractorInput {
    weak var output: SMGoalEditInteractorOutput!

    func save(title: String) {
        SMGoalService.save(SMGoal(title: title, done: false))
        output.didSave()
    }
}

final class SMGoalEditRouter: SMGoalEditRouterInput {
    weak var transitionHandler: UIViewController!
    func close() { transitionHandler.dismiss(animated: true) }
}

final class SMGoalEditModule {
    static func configureWith(output: SMGoalEditModuleOutput) -> UIViewController {
        let view = SMGoalEditViewController()
        let presenter = SMGoalEditPresenter()
        let interactor = SMGoalEditInteractor()
        let router = SMGoalEditRouter()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        presenter.moduleOutput = output
        interactor.output = presenter
        router.transitionHandler = view
        return view
    }
}
