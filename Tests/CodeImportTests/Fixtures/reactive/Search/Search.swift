import UIKit
import RxSwift
import RxCocoa

// Reactive VIP: the View sends into the Interactor's relays, the Interactor binds its results to the Presenter's.

enum SearchModels {
    struct Request { var query: String }
    struct Response { var names: [String] }
    struct ViewModel { var rows: [String] }
}

protocol SearchInteractorLogic: AnyObject {
    var searchRelay: PublishRelay<SearchModels.Request> { get }
    var clearRelay: PublishRelay<Void> { get }
}

protocol SearchDataStore: AnyObject {
    var lastQuery: String? { get set }
}

protocol SearchPresenterLogic: AnyObject {
    var presentResultsRelay: PublishRelay<SearchModels.Response> { get }
}

protocol SearchDisplayLogic: AnyObject {
    var displayRowsRelay: PublishRelay<SearchModels.ViewModel> { get }
}

final class SearchInteractor: SearchInteractorLogic, SearchDataStore {
    let searchRelay = PublishRelay<SearchModels.Request>()
    let clearRelay = PublishRelay<Void>()
    var lastQuery: String?
    let worker = SearchWorker()

    func bind(to presenter: SearchPresenterLogic) -> Disposable {
        let results = searchRelay
            .flatMap { [unowned self] request -> Observable<[String]> in
                self.lastQuery = request.query
                return self.worker.search(query: request.query)
            }
            .map { SearchModels.Response(names: $0) }
            .bind(to: presenter.presentResultsRelay)
        let cleared = clearRelay
            .map { SearchModels.Response(names: []) }
            .bind(to: presenter.presentResultsRelay)
        return Disposables.create([results, cleared])
    }
}

final class SearchWorker {
    func search(query: String) -> Observable<[String]> { .just([]) }
}

final class SearchPresenter: SearchPresenterLogic {
    let presentResultsRelay = PublishRelay<SearchModels.Response>()

    func bind(to view: SearchDisplayLogic) -> Disposable {
        presentResultsRelay
            .map { SearchModels.ViewModel(rows: $0.names) }
            .bind(to: view.displayRowsRelay)
    }
}

final class SearchViewController: UIViewController, SearchDisplayLogic {
    let displayRowsRelay = PublishRelay<SearchModels.ViewModel>()
    var interactor: SearchInteractorLogic?
    let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        let interactor = SearchInteractor()
        let presenter = SearchPresenter()
        interactor.bind(to: presenter).disposed(by: disposeBag)
        presenter.bind(to: self).disposed(by: disposeBag)
        self.interactor = interactor
    }

    func searchTapped(_ text: String) {
        interactor?.searchRelay.accept(SearchModels.Request(query: text))
    }

    func clearTapped() {
        interactor?.clearRelay.accept(())
    }
}
