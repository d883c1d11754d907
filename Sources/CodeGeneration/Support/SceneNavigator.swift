import Foundation
import SceneFlowRecorder

/// The stack of scenes on screen. Pushing, presenting, replacing and going back change it; a scene that comes
/// on screen loads (once) and appears after the current cycle is over, as UIKit calls `viewDidLoad()` and
/// `viewWillAppear(_:)` on its next pass. It records each load and appearance it brings about as the scene's trace
/// names them.
public final class SceneNavigator {
    nonisolated(unsafe) public static var shared = SceneNavigator()

    public private(set) var stack: [SceneViewController] = []
    private var pending: [() -> Void] = []
    private var standIns: [Int: (SceneViewController) -> Void] = [:]
    private var nextStandIn = 0

    public init() {}

    public var top: SceneViewController? { stack.last }

    /// The app launches on `root`.
    public func start(with root: SceneViewController) {
        stack = [root]
        comeOnScreen(root, cause: nil)
    }

    // A Router navigates with one call; the route running now records the navigation, with the method its message
    // names.

    /// Pushes `destination` on the stack.
    public func push(_ destination: SceneViewController) {
        let cause = arrival(.push, of: destination, removing: [])
        stack.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    /// Presents `destination` over the stack, as `style` covers what is below.
    public func present(_ destination: SceneViewController, style: PresentationStyle = .fullScreen) {
        let cause = arrival(.present, of: destination, removing: [])
        destination.isPresented = true
        destination.keepsBelowOnScreen = style.keepsBelowOnScreen
        stack.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    /// Makes `destination` the whole stack.
    public func replace(with destination: SceneViewController) {
        let cause = arrival(.replace, of: destination, removing: stack.reversed())
        stack = [destination]
        comeOnScreen(destination, cause: cause)
    }

    /// Back to `destination`, already on the stack below, as `style` says (popped, popped to, dismissed): what is
    /// above it goes.
    public func back(to destination: SceneViewController, style: Navigation.Style) {
        guard let index = stack.lastIndex(where: { $0 === destination }) else { return }
        let cause = arrival(style, of: destination, removing: stack[(index + 1)...].reversed())
        back(to: index, cause: cause)
    }

    /// The navigation the route running now records: nil where none runs or nothing records.
    private func arrival(_ style: Navigation.Style, of destination: SceneViewController, removing removed: [SceneViewController]) -> Int? {
        (destination as? SceneTracing)?.sceneTrace?.arrived(style, removed: removed.compactMap { ($0 as? SceneTracing)?.sceneTrace })
    }

    private func back(to index: Int, cause: Int?) {
        let destination = stack[index]
        let above = stack[index + 1]
        stack.removeSubrange((index + 1)...)
        if !above.keepsBelowOnScreen { reveal(destination, cause: cause) }
    }

    /// The user goes back (the navigation bar's back button): the top scene goes, the one below appears again.
    public func userGoesBack(recorder: Recorder = .shared) {
        guard stack.count > 1, let top = stack.last else { return }
        let revealed = stack[stack.count - 2]
        var cause: Int?
        if let topTrace = (top as? SceneTracing)?.sceneTrace, let revealedTrace = (revealed as? SceneTracing)?.sceneTrace {
            let dismisses = top.isPresented
            cause = recorder.note(.navigation(Navigation(style: dismisses ? .dismiss : .pop, route: nil,
                                                         method: dismisses ? "dismiss(animated:)" : "popViewController(animated:)",
                                                         removed: [topTrace.view])), from: Recorder.user, to: revealedTrace.view)
        }
        stack.removeLast()
        if !top.keepsBelowOnScreen { reveal(revealed, cause: cause) }
    }

    private func reveal(_ scene: SceneViewController, cause: Int?) {
        (scene as? SceneTracing)?.sceneTrace?.comesBack(cause: cause)
        scene.viewWillAppear(false)
        pending.append { [weak self, scene] in
            guard let self, self.stack.contains(where: { $0 === scene }) else { return }
            Self.shown(scene, revealed: true)
        }
    }

    /// The nearest scene below the top that is a `T`.
    public func below<T: SceneViewController>(_ type: T.Type) -> T? {
        stack.dropLast().last { $0 is T } as? T
    }

    /// Runs what waits for the current cycle to end: the loads and appearances of scenes just shown.
    public func settle() {
        while !pending.isEmpty {
            let next = pending.removeFirst()
            next()
        }
    }

    /// Applies `change` to every scene on the stack and to each scene that comes on screen until the returned
    /// closure runs; that closure undoes every change, last first. A story test stands in a worker's given
    /// answers this way for one step.
    public func standIn(_ change: @escaping (SceneViewController) -> (() -> Void)?) -> () -> Void {
        final class Undo { var steps: [() -> Void] = [] }
        let undo = Undo()
        undo.steps = stack.compactMap(change)
        let key = nextStandIn
        nextStandIn += 1
        standIns[key] = { scene in
            if let step = change(scene) { undo.steps.append(step) }
        }
        return { [weak self] in
            self?.standIns[key] = nil
            for step in undo.steps.reversed() { step() }
            undo.steps = []
        }
    }

    /// Runs what `scene` starts on its own once it is on screen, as its trace's load or appearance.
    private static func shown(_ scene: SceneViewController, revealed: Bool) {
        guard let trace = (scene as? SceneTracing)?.sceneTrace else { return scene.sceneShown(revealed: revealed) }
        trace.whileShown(revealed: revealed) { scene.sceneShown(revealed: revealed) }
    }

    private func comeOnScreen(_ scene: SceneViewController, cause: Int?) {
        for key in standIns.keys.sorted() { standIns[key]?(scene) }
        scene.hasLoaded = true
        if !scene.isViewLoaded { (scene as? SceneTracing)?.sceneTrace?.comesOnScreen(cause: cause) }
        scene.loadViewIfNeeded()
        // A scene replaced before its turn never loads.
        pending.append { [weak self, scene] in
            guard let self, self.stack.contains(where: { $0 === scene }) else { return }
            Self.shown(scene, revealed: false)
        }
    }
}
