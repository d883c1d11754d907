import Foundation
import SceneFlowRecorder

/// A View the app shows.
public protocol SceneRoot {
    /// After the cycle that showed it (SwiftUI's `onAppear`): what appearing, or the first time loading, starts.
    func sceneShown(revealed: Bool)
}

/// The Views on screen, as a NavigationStack holds them. SwiftUI draws them on Apple's platforms; here it is what
/// the story test plays on and what Routers navigate. A View that comes on screen appears after the current cycle is
/// over; where its scene records, the screen records each appearance and navigation as the scene's trace names them.
public final class SceneScreen {
    nonisolated(unsafe) public static var shared = SceneScreen()

    /// A View on the stack. Views are values, copied wherever they go: the screen knows each by its place.
    private final class Entry {
        var view: any SceneRoot
        /// Presented (going back dismisses it) rather than pushed.
        var presented = false
        /// Presented as a sheet or over full screen: the View below stays on screen under it.
        var keepsBelow = false

        init(_ view: any SceneRoot) { self.view = view }
    }

    private var entries: [Entry] = []
    public var stack: [any SceneRoot] { entries.map(\.view) }
    private var pending: [() -> Void] = []
    private var standIns: [Int: (Any) -> Void] = [:]
    private var nextStandIn = 0

    public init() {}

    public var top: (any SceneRoot)? { entries.last?.view }

    /// The app shows `root`.
    public func start(with root: any SceneRoot) {
        let root = Entry(root)
        entries = [root]
        comeOnScreen(root, cause: nil)
    }

    // A Router navigates with one call; the route running now records the navigation, with the method its message
    // names.

    /// Pushes `destination` on the stack.
    public func push(_ destination: any SceneRoot) {
        let destination = Entry(destination)
        let cause = arrival(.push, of: destination, removing: [])
        entries.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    /// Presents `destination` over the stack, as `style` covers what is below.
    public func present(_ destination: any SceneRoot, style: PresentationStyle = .fullScreen) {
        let destination = Entry(destination)
        let cause = arrival(.present, of: destination, removing: [])
        destination.presented = true
        destination.keepsBelow = style.keepsBelowOnScreen
        entries.append(destination)
        comeOnScreen(destination, cause: cause)
    }

    /// Makes `destination` the whole stack.
    public func replace(with destination: any SceneRoot) {
        let destination = Entry(destination)
        let cause = arrival(.replace, of: destination, removing: entries.reversed())
        leave(entries)
        entries = [destination]
        comeOnScreen(destination, cause: cause)
    }

    /// Back to `destination`, found below the top (`below(_:)`, `belowTop`): the nearest View of its type below the
    /// top, as `style` says (popped, popped to, dismissed); what is above it goes.
    public func back(to destination: any SceneRoot, style: Navigation.Style) {
        let type = ObjectIdentifier(Swift.type(of: destination as Any))
        guard let index = entries.dropLast().lastIndex(where: { ObjectIdentifier(Swift.type(of: $0.view as Any)) == type }) else { return }
        let cause = arrival(style, of: entries[index], removing: entries[(index + 1)...].reversed())
        let keptOnScreen = entries[index + 1].keepsBelow
        leave(Array(entries[(index + 1)...]))
        entries.removeSubrange((index + 1)...)
        if !keptOnScreen { reveal(entries[index], cause: cause) }
    }

    /// Whether the View on top was presented (going back dismisses it) rather than pushed.
    public var topWasPresented: Bool { entries.last?.presented ?? false }

    /// The user goes back (the navigation bar's back button): the top View goes, the one below appears again.
    public func userGoesBack(recorder: Recorder = .shared) {
        guard entries.count > 1, let top = entries.last else { return }
        let revealed = entries[entries.count - 2]
        var cause: Int?
        if let topTrace = Self.trace(of: top), let revealedTrace = Self.trace(of: revealed) {
            cause = recorder.note(.navigation(Navigation(style: top.presented ? .dismiss : .pop, route: nil,
                                                         method: top.presented ? "dismiss(animated:)" : "popViewController(animated:)",
                                                         removed: [topTrace.view])),
                                  from: Recorder.user, to: revealedTrace.view)
        }
        leave([top])
        entries.removeLast()
        if !top.keepsBelow { reveal(revealed, cause: cause) }
    }

    /// The navigation the route running now records: nil where none runs or nothing records.
    private func arrival(_ style: Navigation.Style, of destination: Entry, removing removed: [Entry]) -> Int? {
        Self.trace(of: destination)?.arrived(style, removed: removed.compactMap(Self.trace(of:)))
    }

    /// Views that leave the screen stop observing the AppState.
    private func leave(_ views: [Entry]) {
        for view in views {
            if let trace = Self.trace(of: view) { AppStateObservers.remove(trace) }
        }
    }

    /// The View just below the top: where going back from the top leads, whichever it is.
    public var belowTop: (any SceneRoot)? { entries.dropLast().last?.view }

    /// The nearest View below the top that is a `T`.
    public func below<T: SceneRoot>(_ type: T.Type) -> T? {
        entries.dropLast().last { $0.view is T }?.view as? T
    }

    /// Runs what waits for the current cycle to end: what the Views just shown start. Each View's turn ends first.
    public func settle() {
        SceneTrace.endTurns()
        while !pending.isEmpty {
            let next = pending.removeFirst()
            next()
            SceneTrace.endTurns()
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

    /// The trace `entry`'s scene records with, nil where it records nothing.
    private static func trace(of entry: Entry) -> SceneTrace? { (entry.view as? SceneTracing)?.sceneTrace }

    private func comeOnScreen(_ entry: Entry, cause: Int?) {
        for key in standIns.keys.sorted() { standIns[key]?(entry.view) }
        Self.trace(of: entry)?.comesOnScreen(cause: cause)
        afterCycle(entry, revealed: false)
    }

    private func reveal(_ entry: Entry, cause: Int?) {
        Self.trace(of: entry)?.comesBack(cause: cause)
        afterCycle(entry, revealed: true)
    }

    /// Once the cycle is over, the View runs what it starts on screen, as its trace's appearance; a View gone before
    /// its turn starts nothing. The View as it is on the stack runs it: a stand-in may have changed the copy since.
    private func afterCycle(_ entry: Entry, revealed: Bool) {
        pending.append { [weak self, entry] in
            guard let self, self.entries.contains(where: { $0 === entry }) else { return }
            guard let trace = Self.trace(of: entry) else { return entry.view.sceneShown(revealed: revealed) }
            trace.whileShown(revealed: revealed) { entry.view.sceneShown(revealed: revealed) }
        }
    }
}
