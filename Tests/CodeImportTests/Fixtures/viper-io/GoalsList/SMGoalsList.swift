import UIKit

// One protocol per direction, as Generamba's templates write them, with the app's two-letter prefix.

protocol SMGoalsListViewInput: AnyObject {
    func setupInitialState()
    func update(with goals: [SMGoal])
}

protocol SMGoalsListViewOutput {
    func viewIsReady()
    func didTapAdd()
    func didTapClearDone()
}

protocol SMGoalsListInteractorInput {
    func obtainGoals()
    func clearDone()
}

protocol SMGoalsListInteractorOutput: AnyObject {
    func didObtainGoals(_ goals: [SMGoal])
    func didClearGoals()
}

protocol SMGoalsListRouterInput {
    func openGoalEdit(output: SMGoalEditModuleOutput)
}

struct SMGoal {
    var title: String
    var done: Bool
}

final class SMGoalsListViewController: UIViewController, SMGoalsListViewInput {
    var output: SMGoalsListViewOutput!

    override func viewDidLoad() {
        super.viewDidLoad()
        output.viewIsReady()
    }

    @IBAction func addTapped() { output.didTapAdd() }
    @IBAction func clearTapped() { output.didTapClearDone() }

    func setupInitialState() {}
    func update(with goals: [SMGoal]) { title = "\(goals.count)" }
}

final class SMGoalsListPresenter: SMGoalsListViewOutput, SMGoalsListInteractorOutput, SMGoalEditModuleOutput {
    weak var view: SMGoalsListViewInput!
    var interactor: SMGoalsListInteractorInput!
    var router: SMGoalsListRouterInput!

    func viewIsReady() {
        view.setupInitialState()
        interactor.obtainGoals()
    }

    func didTapAdd() { router.openGoalEdit(output: self) }

    func didObtainGoals(_ goals: [SMGoal]) { view.update(with: goals) }

    func goalSaved() { interactor.obtainGoals() }

    func didTapClearDone() { interactor.clearDone() }

    func didClearGoals() { view.setupInitialState() }
}

final class SMGoalsListInteractor: SMGoalsListInteractorInput {
    weak var output: SMGoalsListInteractorOutput!
    // Whoever empties the list, the Presenter hears of it: the observer runs after every write.
    private var kept: [SMGoal] = [] {
        didSet {
            output.didClearGoals()
        }
    }

    func obtainGoals() {
        let goals = SMGoalService.allGoals()
        output.didObtainGoals(goals)
    }

    func clearDone() {
        kept = []
    }
}

final class SMGoalsListRouter: SMGoalsListRouterInput {
    weak var transitionHandler: UIViewController!

    func openGoalEdit(output: SMGoalEditModuleOutput) {
        let module = SMGoalEditModule.configureWith(output: output)
        transitionHandler.present(module, animated: true)
    }
}

final class SMGoalsListModule {
    static func configure() -> UIViewController {
        let view = SMGoalsListViewController()
        let presenter = SMGoalsListPresenter()
        let interactor = SMGoalsListInteractor()
        let router = SMGoalsListRouter()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.transitionHandler = view
        return view
    }
}

enum SMGoalService {
    static func allGoals() -> [SMGoal] { [] }
    static func save(_ goal: SMGoal) {}
}
