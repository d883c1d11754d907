import TraceFormat

/// A semantic diff of two traces: events aligned by what they are (kind, sender, receiver, protocol, method),
/// like a text diff of lines; aligned events whose payload, note or time step (since the previous event) differ
/// are reported as changed.
public struct TraceDiff: Sendable {
    public enum Line: Sendable, Hashable {
        case same(TraceEvent, TraceEvent)
        case changed(TraceEvent, TraceEvent, [String])
        case removed(TraceEvent)
        case inserted(TraceEvent)
    }

    public var lines: [Line]

    public var inserted: Int { lines.filter { if case .inserted = $0 { true } else { false } }.count }
    public var removed: Int { lines.filter { if case .removed = $0 { true } else { false } }.count }
    public var changed: Int { lines.filter { if case .changed = $0 { true } else { false } }.count }
    public var unchanged: Int { lines.filter { if case .same = $0 { true } else { false } }.count }
    public var isEmpty: Bool { inserted == 0 && removed == 0 && changed == 0 }

    /// What makes two events "the same message", whatever they carry.
    struct Key: Hashable {
        var kind: EventKind
        var from: Participant
        var to: Participant
        var signature: String

        init(_ event: TraceEvent) {
            kind = event.kind
            from = event.from
            to = event.to
            signature = event.signature
        }
    }

    /// Set when the traces differ in more places than the alignment searches (`maxEdits`): the middle part was
    /// then compared position by position, and this says so.
    public var note: String?

    /// Most insertions plus removals the alignment searches for; beyond it, the middle is compared by position.
    /// Bounds time at O((N + M) · maxEdits) and memory at O(maxEdits²) whatever the traces hold.
    public static let maxEdits = 1_000

    public init(from old: Trace, to new: Trace, maxEdits: Int = TraceDiff.maxEdits) {
        let (a, b) = Self.numbered(old.events.map(Key.init), new.events.map(Key.init))
        let edits = Self.edits(a, b, maxEdits: maxEdits)
        let removedOffsets = edits.removed, insertedOffsets = edits.inserted
        if edits.gaveUp {
            note = "the traces differ in more than \(maxEdits) places; the middle \(edits.middle.0) and \(edits.middle.1) messages were compared position by position"
        }
        var lines: [Line] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removedOffsets.contains(i) {
                lines.append(.removed(old.events[i]))
                i += 1
            } else if j < b.count, insertedOffsets.contains(j) {
                lines.append(.inserted(new.events[j]))
                j += 1
            } else if i < a.count, j < b.count, a[i] != b[j] {
                // Paired by position (the alignment gave up): two different messages.
                lines.append(.removed(old.events[i]))
                lines.append(.inserted(new.events[j]))
                i += 1
                j += 1
            } else if i < a.count, j < b.count {
                let (x, y) = (old.events[i], new.events[j])
                var changes: [String] = []
                if x.payload != y.payload {
                    changes.append("payload \(x.payload?.description ?? "none") → \(y.payload?.description ?? "none")")
                }
                // Time as the step from the previous event, so one slower call is one change, not a cascade.
                let dx = x.time - (i > 0 ? old.events[i - 1].time : 0), dy = y.time - (j > 0 ? new.events[j - 1].time : 0)
                if dx != dy { changes.append("+\(dx) ms → +\(dy) ms after the previous message") }
                if x.message != y.message { changes += Self.details(x.message, y.message) }
                lines.append(changes.isEmpty ? .same(x, y) : .changed(x, y, changes))
                i += 1
                j += 1
            } else {
                break
            }
        }
        self.lines = lines
    }

    /// Keys as small integers (equal keys, equal numbers), so the alignment compares integers.
    static func numbered(_ a: [Key], _ b: [Key]) -> ([Int], [Int]) {
        var ids: [Key: Int] = [:]
        func id(_ key: Key) -> Int {
            if let known = ids[key] { return known }
            ids[key] = ids.count
            return ids.count - 1
        }
        return (a.map(id), b.map(id))
    }

    /// The offsets removed from `a` and inserted into `b` by a shortest edit script (Myers), after trimming the
    /// common prefix and suffix; with more than `maxEdits` edits, the remaining middle is paired by position
    /// (`gaveUp`), its surplus removed or inserted at the end.
    static func edits(_ a: [Int], _ b: [Int], maxEdits: Int)
        -> (removed: Set<Int>, inserted: Set<Int>, gaveUp: Bool, middle: (Int, Int)) {
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let n = endA - start, m = endB - start
        var removed = Set<Int>(), inserted = Set<Int>()
        if n == 0 || m == 0 {
            removed.formUnion(start..<endA)
            inserted.formUnion(start..<endB)
            return (removed, inserted, false, (n, m))
        }
        // Myers' greedy search, keeping each round's furthest points for the way back.
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var rounds: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            rounds.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[start + x] == b[start + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let depth = found else {
            // Too different to align within the bound: pair the middle by position.
            let paired = min(n, m)
            removed.formUnion((start + paired)..<endA)
            inserted.formUnion((start + paired)..<endB)
            return (removed, inserted, true, (n, m))
        }
        var x = n, y = m
        for d in stride(from: depth, to: 0, by: -1) {
            let v = rounds[d]
            let k = x - y
            let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            if down { inserted.insert(start + previousY) } else { removed.insert(start + previousX) }
            x = previousX
            y = previousY
        }
        return (removed, inserted, false, (n, m))
    }

    /// What differs between two messages beyond their payloads (which are compared on their own).
    static func details(_ a: Message, _ b: Message) -> [String] {
        switch (a, b) {
        case (.workerResult(let x), .workerResult(let y)), (.workerError(let x, _), .workerError(let y, _)):
            var changes: [String] = []
            if x.latency != y.latency { changes.append("latency \(x.latency) ms → \(y.latency) ms") }
            // Which case answered is the simulation's bookkeeping: an app's recorder cannot know it (`unknown`), so it
            // is compared only when both traces carry it.
            if x.answer != y.answer, x.answer != .unknown, y.answer != .unknown {
                changes.append("answered by \(describe(x.answer)) → \(describe(y.answer))")
            }
            return changes
        case (.navigation(let x), .navigation(let y)) where x.style != y.style:
            return ["navigation \(x.style.rawValue) → \(y.style.rawValue)"]
        case (.dataPassing(let x), .dataPassing(let y)) where x.source != y.source:
            return ["copies \(x.source) → \(y.source)"]
        default:
            return []
        }
    }

    static func describe(_ answer: Answer) -> String {
        switch answer {
        case .case(let index): "case \(index + 1)"
        case .given: "the step's given:"
        case .unknown: "an unknown case"
        }
    }

    /// The diff as text: changes with `context` unchanged events around them, `…` for the rest, then a summary.
    public func text(context: Int = 2, describe: (TraceEvent) -> String) -> String {
        let context = min(max(0, context), lines.count)
        var keep = Set<Int>()
        for (index, line) in lines.enumerated() {
            if case .same = line { continue }
            for k in max(0, index - context)...min(lines.count - 1, index + context) { keep.insert(k) }
        }
        var out = ""
        var skipped = 0
        for (index, line) in lines.enumerated() {
            guard keep.contains(index) else {
                skipped += 1
                continue
            }
            if skipped > 0 {
                out += "  … \(skipped) unchanged\n"
                skipped = 0
            }
            switch line {
            case .same(_, let event): out += "  " + describe(event) + "\n"
            case .removed(let event): out += "- " + describe(event) + "\n"
            case .inserted(let event): out += "+ " + describe(event) + "\n"
            case .changed(_, let event, let changes):
                out += "~ " + describe(event) + "\n" + changes.map { "      " + $0 + "\n" }.joined()
            }
        }
        if skipped > 0 { out += "  … \(skipped) unchanged\n" }
        if let note { out += "note: \(note)\n" }
        return out + "\(inserted) inserted, \(removed) removed, \(changed) changed, \(unchanged) unchanged\n"
    }
}
