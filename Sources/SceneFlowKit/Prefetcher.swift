import Foundation

/// Makes items `0..<count` in order on a thread of its own, at most `ahead` of the one being used, so that
/// making the next item (Swift work: building a diagram page and its DOT) overlaps using this one (Graphviz
/// rendering it, which holds the renderer's lock and cannot run twice at once).
///
/// Items are taken in order with `take(_:)`; `cancel()` stops the making thread after the item it is on.
final class Prefetcher<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var made: [Int: Item] = [:]
    private var taken = 0
    private var cancelled = false

    init(count: Int, ahead: Int, make: @escaping @Sendable (Int) -> Item) {
        precondition(ahead >= 1)
        let thread = Thread { [self] in
            for index in 0..<count {
                condition.lock()
                while index - taken >= ahead && !cancelled { condition.wait() }
                let stop = cancelled
                condition.unlock()
                if stop { return }
                let item = make(index)
                condition.lock()
                made[index] = item
                condition.broadcast()
                condition.unlock()
            }
        }
        thread.name = "sceneflow.prefetch"
        thread.start()
    }

    /// Item `index`, waiting for it if it is not made yet. Items are taken in order, each once.
    func take(_ index: Int) -> Item {
        condition.lock()
        defer { condition.unlock() }
        while made.index(forKey: index) == nil { condition.wait() }
        let item = made.removeValue(forKey: index)!
        taken = index + 1
        condition.broadcast()
        return item
    }

    /// Stops making items; the thread ends after the one it is making.
    func cancel() {
        condition.lock()
        cancelled = true
        made.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
