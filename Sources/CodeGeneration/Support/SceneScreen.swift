import Foundation
import SceneFlowRecorder

/// A View the app shows: it appears (SwiftUI's `onAppear`) when it comes on screen, and after the cycle that
/// showed it runs what appearing starts.
public protocol SceneRoot {
    var sceneTrace: SceneTrace { get }
    /// The View comes on screen, because of message `cause`: it appears and renders.
    func appears(cause: Int?)
    /// Going back brought it on screen again: it appears if appearing starts something.
    func reappears(cause: Int)
    /// After the cycle that showed it: what appearing (or loading, the first time) starts.
    func shown(revealed: Bool)
}

/// The Views on screen, as a NavigationStack holds them. SwiftUI draws them on Apple's platforms; here it is what
/// the story test plays on and what Routers navigate.
public final class SceneScreen {
    nonisolated(unsafe) public static var shared = SceneScreen()

    public private(set) var stack: [any SceneRoot] = []
    private var presented: Set<ObjectIdentifier> = []
    /// Views presented as a sheet or over full screen: the View below stays on screen under them.
    private var keepingBelow: Set<ObjectIdentifier> = []
    private var pending: [() -> Void] = []
    private var standIns: [Int: (Any) -> Void] = [:]
    private var nextStandIn = 0

    public init() {}

    public var top: (any SceneRoot)? { stack.last }

    /// The app shows `root`.
    public func start(with root: any SceneRoot) {
        let root = arriving(root)
        stack = [root]
        comeOnScreen(root, cause: nil)
    }

    public func push(_ destination: any SceneRoot, cause: Int) {
        let destination = arriving(destination)
        stack.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    public func present(_ destination: any SceneRoot, cause: Int, style: PresentationStyle = .fullScreen) {
        let destination = arriving(destination)
        presented.insert(ObjectIdentifier(destination.sceneTrace))
        if style.keepsBelowOnScreen { keepingBelow.insert(ObjectIdentifier(destination.sceneTrace)) }
        stack.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    public func replace(with destination: any SceneRoot, cause: Int) {
        let destination = arriving(destination)
        leave(stack)
        stack = [destination]
        comeOnScreen(destination, cause: cause)
    }

    /// Back to `destination`, already on the stack below: what is above it goes.
    public func back(to destination: any SceneRoot, cause: Int) {
        guard let index = index(of: destination) else { return }
        let keptOnScreen = keepingBelow.contains(ObjectIdentifier(stack[index + 1].sceneTrace))
        leave(Array(stack[(index + 1)...]))
        stack.removeSubrange((index + 1)...)
        if !keptOnScreen { reveal(destination, cause: cause) }
    }

    /// The Views above `destination`, nearest first: what going back to it removes.
    public func above(_ destination: any SceneRoot) -> [SceneTrace] {
        guard let index = index(of: destination) else { return [] }
        return stack[(index + 1)...].reversed().map(\.sceneTrace)
    }

    /// The user goes back (the navigation bar's back button): the top View goes, the one below appears again.
    public func userGoesBack(recorder: Recorder = .shared) {
        guard stack.count > 1, let top = stack.last else { return }
        let revealed = stack[stack.count - 2]
        let dismisses = presented.contains(ObjectIdentifier(top.sceneTrace))
        let cause = recorder.note(.navigation(Navigation(style: dismisses ? .dismiss : .pop, route: nil,
                                                         method: dismisses ? "dismiss(animated:)" : "popViewController(animated:)",
                                                         removed: [top.sceneTrace.view])),
                                  from: Recorder.user, to: revealed.sceneTrace.view)
        let keptOnScreen = keepingBelow.contains(ObjectIdentifier(top.sceneTrace))
        leave([top])
        stack.removeLast()
        if !keptOnScreen { reveal(revealed, cause: cause) }
    }

    /// Views that leave the screen stop observing the AppState, and are no longer known as presented: once a View
    /// is gone, its identifier may name another.
    private func leave(_ views: [any SceneRoot]) {
        for view in views {
            AppStateObservers.remove(view.sceneTrace)
            presented.remove(ObjectIdentifier(view.sceneTrace))
            keepingBelow.remove(ObjectIdentifier(view.sceneTrace))
        }
    }

    /// The View just below the top: where going back from the top leads, whichever it is.
    public var belowTop: (any SceneRoot)? { stack.dropLast().last }

    /// Whether the View recording into `trace` was presented (going back dismisses it) rather than pushed.
    public func wasPresented(_ trace: SceneTrace) -> Bool { presented.contains(ObjectIdentifier(trace)) }

    /// The nearest View below the top that is a `T`.
    public func below<T: SceneRoot>(_ type: T.Type) -> T? {
        stack.dropLast().last { $0 is T } as? T
    }

    /// Runs what waits for the current cycle to end: what the Views just shown start.
    public func settle() {
        while !pending.isEmpty {
            let next = pending.removeFirst()
            next()
        }
    }

    /// Applies `change` to every View on screen and to each that comes on screen until the returned closure runs;
    /// that closure undoes every change, last first. A story test stands in a worker's given answers this way.
    public func standIn(_ change: @escaping (Any) -> (() -> Void)?) -> () -> Void {
        final class Undo { var steps: [() -> Void] = [] }
        let undo = Undo()
        undo.steps = stack.compactMap(change)
        let key = nextStandIn
        nextStandIn += 1
        standIns[key] = { view in
            if let step = change(view) { undo.steps.append(step) }
        }
        return { [weak self] in
            self?.standIns[key] = nil
            for step in undo.steps.reversed() { step() }
            undo.steps = []
        }
    }

    /// For Views that hold their parts as values (SwiftUI with AppState's Interactor): `change` makes a changed
    /// copy of every View on screen and of each that comes on screen until the returned closure runs; that
    /// closure has `restore` change them back.
    public func standIn(values change: @escaping (any SceneRoot) -> (any SceneRoot)?,
                        restore: @escaping (any SceneRoot) -> (any SceneRoot)?) -> () -> Void {
        stack = stack.map { change($0) ?? $0 }
        let key = nextStandIn
        nextStandIn += 1
        valueStandIns[key] = change
        return { [weak self] in
            guard let self else { return }
            self.valueStandIns[key] = nil
            self.stack = self.stack.map { restore($0) ?? $0 }
        }
    }

    private var valueStandIns: [Int: (any SceneRoot) -> (any SceneRoot)?] = [:]

    /// A View about to come on screen, as the value stand-ins change it.
    private func arriving(_ view: any SceneRoot) -> any SceneRoot {
        valueStandIns.keys.sorted().reduce(view) { view, key in valueStandIns[key]?(view) ?? view }
    }

    private func index(of view: any SceneRoot) -> Int? {
        stack.lastIndex { $0.sceneTrace === view.sceneTrace }
    }

    private func comeOnScreen(_ view: any SceneRoot, cause: Int?) {
        for key in standIns.keys.sorted() { standIns[key]?(view) }
        view.appears(cause: cause)
        pending.append { [weak self] in
            // A View replaced before its turn never starts anything.
            guard let self, self.index(of: view) != nil else { return }
            view.shown(revealed: false)
        }
    }

    private func reveal(_ view: any SceneRoot, cause: Int) {
        view.reappears(cause: cause)
        pending.append { [weak self] in
            guard let self, self.index(of: view) != nil else { return }
            view.shown(revealed: true)
        }
    }
}
