import UIKit

protocol HeroesRouterInput {
    func navigateToHeroDetail()
}

class HeroesRouter: HeroesRouterInput {
    weak var viewController: HeroesViewController!

    func navigateToHeroDetail() {
        viewController.performSegue(withIdentifier: "ShowHeroDetail", sender: nil)
    }

    func passDataToNextScene(segue: UIStoryboardSegue) {
        if segue.identifier == "ShowHeroDetail" {
            let destination = segue.destination as! HeroDetailViewController
            destination.output.name = viewController.output.selectedName ?? "nobody"
        }
    }
}
