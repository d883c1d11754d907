import TraceFormat

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
        // Where each event's handling ends: its last descendant.
        var end: [Int: Int] = [:]
        for event in trace.events.reversed() {
            let finish = end[event.sequence] ?? event.sequence
            end[event.sequence] = finish
            if let parent = event.parent { end[parent] = max(end[parent] ?? parent, finish) }
        }
        var tracks: [Participant: Int] = [:]
        var names: [(Int, String)] = []
        func track(_ participant: Participant) -> Int {
            if let tid = tracks[participant] { return tid }
            let tid = tracks.count + 1
            tracks[participant] = tid
            names.append((tid, participant.role == .user ? participant.name : participant.id))
            return tid
        }
        if let user = trace.events.first(where: { $0.from.role == .user })?.from ?? trace.events.first(where: { $0.to.role == .user })?.to {
            _ = track(user)
        }

        var slices: [String] = []
        var flows: [String] = []
        // Open slices per track, to keep them nested as the format requires.
        var open: [Int: [Int]] = [:]
        func slice(_ name: String, category: String, track receiver: Int, start: Int, finish: Int, args: String) {
            var finish = finish
            var stack = open[receiver, default: []]
            while let top = stack.last, top <= start { stack.removeLast() }
            if let top = stack.last { finish = min(finish, top) }
            stack.append(finish)
            open[receiver] = stack
            slices.append("{\"name\":\(json(name)),\"cat\":\(json(category)),\"ph\":\"X\",\"pid\":1,\"tid\":\(receiver),"
                          + "\"ts\":\(start * tick),\"dur\":\((finish - start) * tick),\"args\":{\(args)}}")
        }
        let userTrack = tracks.isEmpty ? nil : 1
        for record in trace.records {
            switch record {
            case .marker(.cycleStart(let cycle)):
                // A cycle is a slice on the User's track enclosing its messages.
                guard let userTrack, cycle.lastSequence >= cycle.firstSequence else { continue }
                let title = cycle.title ?? (cycle.trigger == .action ? nil : "\(cycle.scene.map(\.rawValue) ?? "") appears")
                var args = "\"cycle\":\(cycle.number),\"useCase\":\(json(cycle.name)),\"trigger\":\(json(cycle.trigger.rawValue))"
                if let location = cycle.location { args += ",\"at\":\(json(location.description))" }
                slice("cycle \(cycle.number) · \(cycle.name)" + (title.map { " — \($0)" } ?? ""), category: "cycle",
                      track: userTrack, start: cycle.firstSequence, finish: cycle.lastSequence + 1, args: args)
            case .marker:
                continue
            case .event(let event):
                let receiver = track(event.to)
                let sender = track(event.from)
                let start = event.sequence
                var args = "\"seq\":\(event.sequence),\"kind\":\(json(event.kind.rawValue)),\"t_ms\":\(event.time)"
                args += ",\"from\":\(json(event.from.id)),\"to\":\(json(event.to.id))"
                if let protocolName = event.protocolName { args += ",\"protocol\":\(json(protocolName))" }
                if let payload = event.payload { args += ",\"payload\":\(json(payload.description))" }
                args += ",\"message\":\(json(event.text()))"
                if let location = event.location { args += ",\"at\":\(json(location.description))" }
                slice(event.signature, category: event.kind.rawValue, track: receiver, start: start,
                      finish: (end[event.sequence] ?? start) + 1, args: args)
                if sender != receiver {
                    flows.append("{\"name\":\(json(event.signature)),\"cat\":\"message\",\"ph\":\"s\",\"id\":\(event.sequence),\"pid\":1,\"tid\":\(sender),\"ts\":\(start * tick)}")
                    flows.append("{\"name\":\(json(event.signature)),\"cat\":\"message\",\"ph\":\"f\",\"bp\":\"e\",\"id\":\(event.sequence),\"pid\":1,\"tid\":\(receiver),\"ts\":\(start * tick)}")
                }
            }
        }
        var lines: [String] = []
        let pattern = trace.header.pattern
        lines.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":\(json("\(trace.header.scenario) (\(pattern))"))}}")
        for (tid, name) in names {
            lines.append("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"name\":\(json(name))}}")
            lines.append("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"sort_index\":\(tid)}}")
        }
        lines += slices + flows
        var out = "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"sceneflow\",\"scenario\":\(json(trace.header.scenario)),"
        out += "\"file\":\(json(trace.header.file)),\"pattern\":\(json(pattern)),\"time\":\"logical: message n at n ms\"},\n"
        out += "\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
        return out
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var bytes: [UInt8] = []
        TraceEncoder.string(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
