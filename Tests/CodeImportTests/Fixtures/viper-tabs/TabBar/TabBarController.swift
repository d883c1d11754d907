import UIKit

final class TabBarController: UITabBarController {
    override func viewDidLoad() {
        super.viewDidLoad()
        setUpTabs()
    }
}

private extension TabBarController {
    func setUpTabs() {
        let films = FilmsRouter.createModule()
        let filmsNavigation = wrapped(films, title: "Films")
        let lists = ListsRouter.createModule()
        let listsNavigation = wrapped(lists, title: "Lists")
        viewControllers = [filmsNavigation, listsNavigation]
    }

    func wrapped(_ viewController: UIViewController, title: String) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: viewController)
        navigation.tabBarItem = UITabBarItem(title: title, image: nil, tag: 0)
        return navigation
    }
}
