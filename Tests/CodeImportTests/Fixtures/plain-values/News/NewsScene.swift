import UIKit

// No Request, Response or ViewModel types: every layer hands over plain values. Workers are singletons and locals,
// routes pick View Controllers out of storyboards by identifier, and the Presenter keeps its View under its own name.

protocol NewsBusinessLogic {
    func fetchNews(category: String)
    func bookmark(articleID: Int)
}

protocol NewsPresentationLogic {
    func present(data: [NewsItem])
    func presentError(_ message: String)
}

protocol NewsDisplayLogic: AnyObject {
    func display(data: [NewsItem])
    func displayError(message: String)
}

protocol NewsRoutingLogic {
    func openArticle(id: Int)
}

struct NewsItem {
    var id: Int
    var title: String
}

final class NewsInteractor: NewsBusinessLogic {
    var presenter: NewsPresentationLogic?
    var items: [NewsItem] = []

    func fetchNews(category: String) {
        NewsManager.shared.fetchNews(category: category) { [weak self] items, error in
            if let error = error {
                self?.presenter?.presentError(error)
                return
            }
            self?.items = items
            self?.presenter?.present(data: items)
        }
    }

    func bookmark(articleID: Int) {
        let worker = BookmarksWorker()
        worker.save(articleID: articleID)
    }
}

final class NewsManager {
    static let shared = NewsManager()
    func fetchNews(category: String, completion: @escaping ([NewsItem], String?) -> Void) {}
}

final class BookmarksWorker {
    func save(articleID: Int) {}
}

final class NewsPresenter: NewsPresentationLogic {
    weak var newsViewController: NewsDisplayLogic?

    func present(data: [NewsItem]) {
        newsViewController?.display(data: data)
    }

    func presentError(_ message: String) {
        newsViewController?.displayError(message: message)
    }
}

final class NewsViewController: UIViewController, NewsDisplayLogic {
    var interactor: NewsBusinessLogic?
    var router: NewsRoutingLogic?
    private var items: [NewsItem] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        interactor?.fetchNews(category: "games")
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        router?.openArticle(id: items[indexPath.row].id)
    }

    func display(data: [NewsItem]) { items = data }
    func displayError(message: String) { title = message }
}

final class NewsRouter: NewsRoutingLogic {
    weak var viewController: UIViewController?

    func openArticle(id: Int) {
        let storyboard = UIStoryboard(name: "Article", bundle: nil)
        guard let article = storyboard.instantiateViewController(withIdentifier: "ArticleViewController") as? ArticleViewController else { return }
        article.articleID = id
        viewController?.present(article, animated: true)
    }
}
