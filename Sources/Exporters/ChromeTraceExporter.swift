import TraceFormat
import TraceReading

/// A run as Chrome trace event JSON, which Perfetto (ui.perfetto.dev) and chrome://tracing open:
/// - one track (thread) per component instance, in order of first appearance, the User first;
/// - logical time: message `n` happens at `n` ms, so every message has room whatever the simulated clock did;
/// - each message a slice on its receiver's track, lasting until everything it caused is done (so the
///   Interactor's `login(request:)` encloses its worker call, and a cycle on the User's track encloses the cycle);
/// - each message also a flow arrow from the sender's slice to the receiver's;
/// - the event's fields (sequence, kind, protocol, payload, simulated time, scenario line) in the slice's args.
public enum ChromeTraceExporter {
    /// Microseconds per message.
    static let tick = 1000

    public static func export(_ trace: Trace) -> String {
        var out = ""
        try! write(header: trace.header, scan: { body in try trace.items(body) }, to: { out += $0 })
        return out
    }

    /// Writes the export of the trace that `scan` reads (it is read three times, and never held in memory): the
    /// slices' ends and the tracks first, then the slices, then the flow arrows.
    public static func write(header: TraceHeader, scan: (@escaping (TraceReader.Item) throws -> Void) throws -> Void,
                             to write: @escaping (String) throws -> Void) throws {
        // Pass 1: where each event's handling ends (its last descendant), the tracks, and where cycles end.
        var parents: [Int32] = [0]
        var tracks: [Participant: Int] = [:]
        var order: [Participant] = []
        var user: Participant?
        var cycleEnds: [Int: Int] = [:]
        try scan { item in
            switch item {
            case .event(let event):
                parents.append(Int32(event.parent ?? 0))
                for side in [event.to, event.from] {
                    if side.role == .user && user == nil { user = side }
                    if tracks[side] == nil {
                        tracks[side] = 0
                        order.append(side)
                    }
                }
            case .cycleEnd(let number, let last): cycleEnds[number] = last
            default: break
            }
        }
        var finish = (0..<parents.count).map { Int32($0) }
        for sequence in stride(from: parents.count - 1, to: 0, by: -1) {
            let parent = Int(parents[sequence])
            if parent > 0 { finish[parent] = max(finish[parent], finish[sequence]) }
        }
        parents = []
        var names: [(Int, String)] = []
        for participant in (user.map { [$0] } ?? []) + order {
            guard tracks[participant] == 0 else { continue }  // the User, already first
            tracks[participant] = names.count + 1
            names.append((names.count + 1, participant.role == .user ? participant.name : participant.id))
        }
        order = []

        var first = true
        func line(_ text: String) throws {
            try write(first ? text : ",\n" + text)
            first = false
        }
        let pattern = header.pattern
        try write("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"sceneflow\",\"scenario\":\(json(header.scenario)),"
                  + "\"file\":\(json(header.file)),\"pattern\":\(json(pattern)),\"time\":\"logical: message n at n ms\"},\n\"traceEvents\":[\n")
        try line("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":\(json("\(header.scenario) (\(pattern))"))}}")
        for (tid, name) in names {
            try line("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"name\":\(json(name))}}")
            try line("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"sort_index\":\(tid)}}")
        }

        // Pass 2: the slices. Open slices per track, to keep them nested as the format requires.
        var open: [Int: [Int]] = [:]
        func slice(_ name: String, category: String, track receiver: Int, start: Int, finish: Int, args: String) throws {
            var finish = finish
            var stack = open[receiver, default: []]
            while let top = stack.last, top <= start { stack.removeLast() }
            if let top = stack.last { finish = min(finish, top) }
            stack.append(finish)
            open[receiver] = stack
            try line("{\"name\":\(json(name)),\"cat\":\(json(category)),\"ph\":\"X\",\"pid\":1,\"tid\":\(receiver),"
                     + "\"ts\":\(start * tick),\"dur\":\((finish - start) * tick),\"args\":{\(args)}}")
        }
        let userTrack = user == nil ? nil : 1
        var failure: Error?
        try scan { item in
            do {
                switch item {
                case .cycleStart(let cycle):
                    // A cycle is a slice on the User's track enclosing its messages.
                    let last = cycleEnds[cycle.number] ?? cycle.lastSequence
                    guard let userTrack, last >= cycle.firstSequence else { return }
                    let title = cycle.title ?? (cycle.trigger == .action ? nil : "\(cycle.scene.map(\.rawValue) ?? "") appears")
                    var args = "\"cycle\":\(cycle.number),\"useCase\":\(json(cycle.name)),\"trigger\":\(json(cycle.trigger.rawValue))"
                    if let location = cycle.location { args += ",\"at\":\(json(location.description))" }
                    try slice("cycle \(cycle.number) · \(cycle.name)" + (title.map { " — \($0)" } ?? ""), category: "cycle",
                              track: userTrack, start: cycle.firstSequence, finish: last + 1, args: args)
                case .event(let event):
                    let receiver = tracks[event.to]!
                    let start = event.sequence
                    var args = "\"seq\":\(event.sequence),\"kind\":\(json(event.kind.rawValue)),\"t_ms\":\(event.time)"
                    args += ",\"from\":\(json(event.from.id)),\"to\":\(json(event.to.id))"
                    if let protocolName = event.protocolName { args += ",\"protocol\":\(json(protocolName))" }
                    if let payload = event.payload { args += ",\"payload\":\(json(payload.description))" }
                    args += ",\"message\":\(json(event.text()))"
                    if let location = event.location { args += ",\"at\":\(json(location.description))" }
                    try slice(event.signature, category: event.kind.rawValue, track: receiver, start: start,
                              finish: Int(finish[start]) + 1, args: args)
                default: break
                }
            } catch { failure = error; throw error }
        }
        if let failure { throw failure }

        // Pass 3: a flow arrow from the sender's slice to the receiver's.
        try scan { item in
            guard case .event(let event) = item else { return }
            let (sender, receiver) = (tracks[event.from]!, tracks[event.to]!)
            guard sender != receiver else { return }
            let start = event.sequence
            try line("{\"name\":\(json(event.signature)),\"cat\":\"message\",\"ph\":\"s\",\"id\":\(event.sequence),\"pid\":1,\"tid\":\(sender),\"ts\":\(start * tick)}")
            try line("{\"name\":\(json(event.signature)),\"cat\":\"message\",\"ph\":\"f\",\"bp\":\"e\",\"id\":\(event.sequence),\"pid\":1,\"tid\":\(receiver),\"ts\":\(start * tick)}")
        }
        try write("\n]}\n")
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var bytes: [UInt8] = []
        TraceEncoder.string(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
