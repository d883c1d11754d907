import UIKit

protocol RenameViewInput: AnyObject {
    func show(name: String)
}

protocol RenameViewOutput {
    func viewIsReady()
}

protocol RenameInteractorInput {
    func obtainName()
}

protocol RenameInteractorOutput: AnyObject {
    func didObtainName(_ name: String)
}

final class RenameViewController: UIViewController, RenameViewInput {
    var output: RenameViewOutput!

    override func viewDidLoad() {
        super.viewDidLoad()
        output.viewIsReady()
    }

    func show(name: String) { title = name }
}

final class RenamePresenter: RenameViewOutput, RenameInteractorOutput {
    weak var view: RenameViewInput!
    var interactor: RenameInteractorInput!

    func viewIsReady() { interactor.obtainName() }

    func didObtainName(_ name: String) { view.show(name: name) }
}

final class RenameInteractor: RenameInteractorInput {
    weak var output: RenameInteractorOutput!
    var name = "Untitled"

    func obtainName() { output.didObtainName(name) }
}

// The factory the previous module's Router is given: it makes this module.
protocol RenameFactoryProtocol {
    func makeModule() -> UIViewController
}

final class RenameFactory: RenameFactoryProtocol {
    func makeModule() -> UIViewController {
        let view = RenameViewController()
        let presenter = RenamePresenter()
        let interactor = RenameInteractor()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        interactor.output = presenter
        return view
    }
}
