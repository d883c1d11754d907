import UIKit

protocol HeroesViewControllerInput {
    func displayHeroes(viewModel: Heroes.Fetch.ViewModel)
}

protocol HeroesViewControllerOutput {
    func fetchHeroes(request: Heroes.Fetch.Request)
    var selectedName: String? { get set }
}

class HeroesViewController: UITableViewController, HeroesViewControllerInput {
    var output: HeroesViewControllerOutput!
    var router: HeroesRouter!

    override func awakeFromNib() {
        super.awakeFromNib()
        HeroesConfigurator.sharedInstance.configure(viewController: self)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        output.fetchHeroes(request: Heroes.Fetch.Request(page: 1))
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        router.passDataToNextScene(segue: segue)
    }

    func displayHeroes(viewModel: Heroes.Fetch.ViewModel) {}
}
