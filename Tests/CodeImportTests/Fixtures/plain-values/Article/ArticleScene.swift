import UIKit

protocol ArticleBusinessLogic {
    func loadArticle(id: Int)
}

protocol ArticlePresentationLogic {
    func present(title: String)
}

protocol ArticleDisplayLogic: AnyObject {
    func display(title: String)
}

final class ArticleInteractor: ArticleBusinessLogic {
    var presenter: ArticlePresentationLogic?

    func loadArticle(id: Int) {
        presenter?.present(title: "Article \(id)")
    }
}

final class ArticlePresenter: ArticlePresentationLogic {
    weak var articleViewController: ArticleDisplayLogic?
    func present(title: String) { articleViewController?.display(title: title) }
}

final class ArticleViewController: UIViewController, ArticleDisplayLogic {
    var interactor: ArticleBusinessLogic?
    var articleID = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        interactor?.loadArticle(id: articleID)
    }

    func display(title: String) { self.title = title }

    @IBAction func done() { dismiss(animated: true) }
}
