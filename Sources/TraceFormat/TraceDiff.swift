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

    public init(from old: Trace, to new: Trace) {
        let a = old.events.map(Key.init), b = new.events.map(Key.init)
        let difference = b.difference(from: a)
        var removedOffsets = Set<Int>(), insertedOffsets = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removedOffsets.insert(offset)
            case .insert(let offset, _, _): insertedOffsets.insert(offset)
            }
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

    /// What differs between two messages beyond their payloads (which are compared on their own).
    static func details(_ a: Message, _ b: Message) -> [String] {
        switch (a, b) {
        case (.workerResult(let x), .workerResult(let y)), (.workerError(let x, _), .workerError(let y, _)):
            var changes: [String] = []
            if x.latency != y.latency { changes.append("latency \(x.latency) ms → \(y.latency) ms") }
            if x.answer != y.answer { changes.append("answered by \(describe(x.answer)) → \(describe(y.answer))") }
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
        return out + "\(inserted) inserted, \(removed) removed, \(changed) changed, \(unchanged) unchanged\n"
    }
}
