import Foundation
import SceneFlowRecorder

/// A View the app shows. A SwiftUI View is a value, copied wherever it goes: the screen knows it by the object its
/// copies share.
public protocol SceneRoot {
    /// The object every copy of the View shares (its DataStore, or the trace it records with): what the screen knows
    /// it by.
    var screenIdentity: AnyObject { get }
    /// After the cycle that showed it (SwiftUI's `onAppear`): what appearing, or the first time loading, starts.
    func sceneShown(revealed: Bool)
}

/// The Views on screen, as a NavigationStack holds them. SwiftUI draws them on Apple's platforms; here it is what
/// the story test plays on and what Routers navigate. A View that comes on screen appears after the current cycle is
/// over; where its scene records, the screen records each appearance and navigation as the scene's trace names them.
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

    // A Router navigates with one call; the route running now records the navigation, with the method its message
    // names.

    /// Pushes `destination` on the stack.
    public func push(_ destination: any SceneRoot) {
        let destination = arriving(destination)
        let cause = arrival(.push, of: destination, removing: [])
        stack.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    /// Presents `destination` over the stack, as `style` covers what is below.
    public func present(_ destination: any SceneRoot, style: PresentationStyle = .fullScreen) {
        let destination = arriving(destination)
        let cause = arrival(.present, of: destination, removing: [])
        presented.insert(Self.identity(destination))
        if style.keepsBelowOnScreen { keepingBelow.insert(Self.identity(destination)) }
        stack.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    /// Makes `destination` the whole stack.
    public func replace(with destination: any SceneRoot) {
        let destination = arriving(destination)
        let cause = arrival(.replace, of: destination, removing: stack.reversed())
        leave(stack)
        stack = [destination]
        comeOnScreen(destination, cause: cause)
    }

    /// Back to `destination`, already on the stack below, as `style` says (popped, popped to, dismissed): what is
    /// above it goes.
    public func back(to destination: any SceneRoot, style: Navigation.Style) {
        guard let index = index(of: destination) else { return }
        let cause = arrival(style, of: stack[index], removing: stack[(index + 1)...].reversed())
        let keptOnScreen = keepingBelow.contains(Self.identity(stack[index + 1]))
        leave(Array(stack[(index + 1)...]))
        stack.removeSubrange((index + 1)...)
        if !keptOnScreen { reveal(stack[index], cause: cause) }
    }

    /// Whether the View on top was presented (going back dismisses it) rather than pushed.
    public var topWasPresented: Bool { top.map { presented.contains(Self.identity($0)) } ?? false }

    /// The user goes back (the navigation bar's back button): the top View goes, the one below appears again.
    public func userGoesBack(recorder: Recorder = .shared) {
        guard stack.count > 1, let top = stack.last else { return }
        let revealed = stack[stack.count - 2]
        let dismisses = presented.contains(Self.identity(top))
        var cause: Int?
        if let topTrace = Self.trace(of: top), let revealedTrace = Self.trace(of: revealed) {
            cause = recorder.note(.navigation(Navigation(style: dismisses ? .dismiss : .pop, route: nil,
                                                         method: dismisses ? "dismiss(animated:)" : "popViewController(animated:)",
                                                         removed: [topTrace.view])),
                                  from: Recorder.user, to: revealedTrace.view)
        }
        let keptOnScreen = keepingBelow.contains(Self.identity(top))
        leave([top])
        stack.removeLast()
        if !keptOnScreen { reveal(revealed, cause: cause) }
    }

    /// The navigation the route running now records: nil where none runs or nothing records.
    private func arrival(_ style: Navigation.Style, of destination: any SceneRoot, removing removed: [any SceneRoot]) -> Int? {
        Self.trace(of: destination)?.arrived(style, removed: removed.compactMap(Self.trace(of:)))
    }

    /// Views that leave the screen stop observing the AppState, and are no longer known as presented: once a View
    /// is gone, its identity may be another's.
    private func leave(_ views: [any SceneRoot]) {
        for view in views {
            if let trace = Self.trace(of: view) { AppStateObservers.remove(trace) }
            presented.remove(Self.identity(view))
            keepingBelow.remove(Self.identity(view))
        }
    }

    /// The View just below the top: where going back from the top leads, whichever it is.
    public var belowTop: (any SceneRoot)? { stack.dropLast().last }

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

    private static func identity(_ view: any SceneRoot) -> ObjectIdentifier { ObjectIdentifier(view.screenIdentity) }

    /// The trace `view`'s scene records with, nil where it records nothing.
    private static func trace(of view: any SceneRoot) -> SceneTrace? { (view as? SceneTracing)?.sceneTrace }

    private func index(of view: any SceneRoot) -> Int? {
        let identity = Self.identity(view)
        return stack.lastIndex { Self.identity($0) == identity }
    }

    private func comeOnScreen(_ view: any SceneRoot, cause: Int?) {
        for key in standIns.keys.sorted() { standIns[key]?(view) }
        Self.trace(of: view)?.comesOnScreen(cause: cause)
        afterCycle(view, revealed: false)
    }

    private func reveal(_ view: any SceneRoot, cause: Int?) {
        Self.trace(of: view)?.comesBack(cause: cause)
        afterCycle(view, revealed: true)
    }

    /// Once the cycle is over, the View runs what it starts on screen, as its trace's appearance; a View replaced
    /// before its turn starts nothing. The View on the stack runs it: a stand-in may have changed the copy since.
    private func afterCycle(_ view: any SceneRoot, revealed: Bool) {
        pending.append { [weak self] in
            guard let self, let index = self.index(of: view) else { return }
            let shown = self.stack[index]
            guard let trace = Self.trace(of: shown) else { return shown.sceneShown(revealed: revealed) }
            trace.whileShown(revealed: revealed) { shown.sceneShown(revealed: revealed) }
        }
    }
}
