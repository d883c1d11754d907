import UIKit

struct HeroDetail {
    struct Show {
        struct Request {}
        struct Response {
            var name: String
        }
        struct ViewModel {
            var title: String
        }
    }
}

protocol HeroDetailInteractorInput {
    func showHero(request: HeroDetail.Show.Request)
    var name: String? { get set }
}

protocol HeroDetailInteractorOutput {
    func presentHero(response: HeroDetail.Show.Response)
}

class HeroDetailInteractor: HeroDetailInteractorInput {
    var output: HeroDetailInteractorOutput!
    var name: String?

    func showHero(request: HeroDetail.Show.Request) {
        output.presentHero(response: HeroDetail.Show.Response(name: name ?? ""))
    }
}

protocol HeroDetailPresenterInput {
    func presentHero(response: HeroDetail.Show.Response)
}

protocol HeroDetailPresenterOutput: AnyObject {
    func displayHero(viewModel: HeroDetail.Show.ViewModel)
}

class HeroDetailPresenter: HeroDetailPresenterInput {
    weak var output: HeroDetailPresenterOutput!

    func presentHero(response: HeroDetail.Show.Response) {
        output.displayHero(viewModel: HeroDetail.Show.ViewModel(title: response.name))
    }
}

protocol HeroDetailViewControllerInput {
    func displayHero(viewModel: HeroDetail.Show.ViewModel)
}

protocol HeroDetailViewControllerOutput {
    func showHero(request: HeroDetail.Show.Request)
    var name: String? { get set }
}

class HeroDetailViewController: UIViewController, HeroDetailViewControllerInput {
    var output: HeroDetailViewControllerOutput!

    override func viewDidLoad() {
        super.viewDidLoad()
        output.showHero(request: HeroDetail.Show.Request())
    }

    func displayHero(viewModel: HeroDetail.Show.ViewModel) {}
}

extension HeroDetailViewController: HeroDetailPresenterOutput {}
extension HeroDetailInteractor: HeroDetailViewControllerOutput {}
extension HeroDetailPresenter: HeroDetailInteractorOutput {}
