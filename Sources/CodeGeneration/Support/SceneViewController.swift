import Foundation
import SceneFlowRecorder
#if canImport(UIKit)
import UIKit

/// What every scene's View controller is: a UIKit view controller on iOS, with the scene's navigation.
open class SceneViewController: UIViewController {
    /// The app's navigation, shared by its scenes (a `UINavigationController` stands behind it on iOS).
    public var navigator: SceneNavigator = .shared
    /// Whether the scene has been shown (and loaded) once.
    public var hasLoaded = false
    /// Whether it was presented modally (going back dismisses it) rather than pushed.
    public var isPresented = false
    /// Whether it was presented as a sheet or over full screen: the scene below stayed on screen under it.
    public var keepsBelowOnScreen = false

    public init() { super.init(nibName: nil, bundle: nil) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// After the cycle that showed it: the scene runs what loading (or appearing again) starts.
    open func sceneShown(revealed: Bool) {}
}
#else

/// What every scene's View controller is where there is no UIKit: the same logic, with no screen, so the
/// whole cycle runs on Linux and in tests.
open class SceneViewController {
    public var navigator: SceneNavigator = .shared
    public var hasLoaded = false
    public var isPresented = false
    public var keepsBelowOnScreen = false
    /// Whether `viewDidLoad()` has run, as UIKit's property says.
    public private(set) var isViewLoaded = false

    public init() {}

    /// Loads the scene the first time it is asked to, as UIKit does: `viewDidLoad()` runs once.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }

    /// The scene has loaded (UIKit calls it once, before the scene first appears).
    open func viewDidLoad() {}

    /// The scene is about to come on screen again.
    open func viewWillAppear(_ animated: Bool) {}

    open func sceneShown(revealed: Bool) {}
}
#endif
