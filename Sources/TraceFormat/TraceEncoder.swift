/// Encodes trace lines as compact JSON with a fixed key order, so the same run always gives the same bytes.
///
/// Hand-written rather than `JSONEncoder`: the format needs keys in a fixed order, record fields in declaration
/// order, Doubles that always show a decimal point (so they read back as Doubles), and it is on the engine's hot
/// path. It remembers which participants it has declared: each is written once, on a line of its own, just before
/// the first line that names it.
public struct TraceEncoder: Sendable {
    /// Participants declared so far, by number.
    private var declared: [UInt64] = []
    /// The last file named by a location, and its JSON (the opening quote and the escaped text): a run names one
    /// scenario file in nearly every message.
    private var lastFile = ""
    private var lastFileJSON: [UInt8] = [UInt8(ascii: "\"")]

    public init() {}

    public func header(_ header: TraceHeader, into out: inout some ByteOutput) {
        out.append(#"{"sceneflowTrace":"#)
        Self.int(header.version, into: &out)
        out.append(#","scenario":"#)
        Self.string(header.scenario, into: &out)
        out.append(#","file":"#)
        Self.string(header.file, into: &out)
        out.append(#","pattern":"#)
        Self.string(header.pattern, into: &out)
        out.append(#","start":"#)
        Self.string(header.start.rawValue, into: &out)
        if let sha = header.scenarioSHA256 {
            out.append(#","sha256":"#)
            Self.string(sha, into: &out)
        }
        if !header.fixtures.isEmpty {
            out.append(#","fixtures":{"#)
            for (index, (file, sha)) in header.fixtures.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.string(file, into: &out)
                out.append(UInt8(ascii: ":"))
                Self.string(sha, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        if !header.omits.isEmpty {
            out.append(#","omits":["#)
            for (index, fact) in header.omits.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.string(fact, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("}\n")
    }

    /// Whether `participant` has been declared.
    @inline(__always)
    func isDeclared(_ participant: Participant) -> Bool {
        let number = participant.number, word = number >> 6
        return word < declared.count && declared.withUnsafeBufferPointer { $0[word] } & (UInt64(1) << UInt64(number & 63)) != 0
    }

    /// A participant's declaration line, when it has not been declared yet.
    @inline(__always)
    public mutating func declare(_ participant: Participant, into out: inout some ByteOutput) {
        if !isDeclared(participant) { writeDeclaration(participant, into: &out) }
    }

    private mutating func writeDeclaration(_ participant: Participant, into out: inout some ByteOutput) {
        let number = participant.number
        let word = number >> 6, bit = UInt64(1) << UInt64(number & 63)
        if word >= declared.count { declared.append(contentsOf: repeatElement(0, count: word - declared.count + 1)) }
        declared[word] |= bit
        out.append(#"{"participant":"#)
        Self.int(number, into: &out)
        out.append(#","role":""#)
        out.append(participant.role.staticName)
        out.append(#"","name":"#)
        Self.string(participant.name, into: &out)
        if let scene = participant.scene {
            out.append(#","scene":"#)
            Self.string(scene.rawValue, into: &out)
        }
        if let instance = participant.instance {
            out.append(#","instance":"#)
            Self.int(instance, into: &out)
        }
        out.append("}\n")
    }

    public mutating func event(_ event: TraceEvent, into out: inout some ByteOutput) {
        declare(event.from, into: &out)
        declare(event.to, into: &out)
        let kind = event.kind
        if kind == .configure || kind == .navigation {
            // The participants a message names besides its ends.
            switch event.message {
            case .configure(_, _, let value): declare(value, into: &out)
            case .navigation(let navigation): for named in navigation.removed + navigation.shown { declare(named, into: &out) }
            default: break
            }
        }
        out.append(#"{"seq":"#)
        Self.int(event.sequence, into: &out)
        if let cycle = event.cycle {
            out.append(#","cycle":"#)
            Self.int(cycle, into: &out)
        }
        if let parent = event.parent {
            out.append(#","parent":"#)
            Self.int(parent, into: &out)
        }
        out.append(#","t":"#)
        Self.int(event.time, into: &out)
        out.append(#","kind":""#)
        out.append(kind.staticName)
        out.append(#"","from":"#)
        Self.int(event.from.number, into: &out)
        out.append(#","to":"#)
        Self.int(event.to.number, into: &out)
        Self.message(event.message, into: &out)
        if let location = event.location {
            out.append(#","at":"#)
            self.location(location, into: &out)
        }
        out.append("}\n")
    }

    /// A story step's or a cycle's marker line.
    public mutating func marker(_ marker: TraceMarker, into out: inout some ByteOutput) {
        switch marker {
        case .step(let step):
            out.append(#"{"step":"#)
            Self.int(step.number, into: &out)
            if step.pass != 1 {
                out.append(#","pass":"#)
                Self.int(step.pass, into: &out)
            }
            switch step.action {
            case .appear(let scene)?:
                out.append(#","appear":"#)
                Self.string(scene.rawValue, into: &out)
            case .perform(let scene, let useCase)?:
                out.append(#","do":"#)
                Self.string("\(scene).\(useCase)", into: &out)
            case .back?:
                out.append(#","back":true"#)
            case .route(let scene, let route)?:
                out.append(#","route":"#)
                Self.string("\(scene).\(route)", into: &out)
            case .tab(let scene)?:
                out.append(#","tab":"#)
                Self.string(scene.rawValue, into: &out)
            case nil:
                break
            }
            Self.optional("title", step.title, into: &out)
            if let location = step.location {
                out.append(#","at":"#)
                self.location(location, into: &out)
            }
            out.append("}\n")
        case .cycleStart(let cycle):
            declare(cycle.view, into: &out)
            out.append(#"{"cycle":"#)
            Self.int(cycle.number, into: &out)
            out.append(#","view":"#)
            Self.int(cycle.view.number, into: &out)
            out.append(#","useCase":"#)
            Self.string(cycle.useCase.rawValue, into: &out)
            out.append(#","trigger":""#)
            out.append(cycle.trigger.staticName)
            out.append(UInt8(ascii: "\""))
            Self.optional("title", cycle.title, into: &out)
            if let cause = cycle.cause {
                out.append(#","cause":"#)
                Self.int(cause, into: &out)
            }
            if let location = cycle.location {
                out.append(#","at":"#)
                self.location(location, into: &out)
            }
            out.append("}\n")
        case .cycleEnd(let number):
            out.append(#"{"cycleEnd":"#)
            Self.int(number, into: &out)
            out.append("}\n")
        }
    }

    public mutating func end(_ end: RunEnd, into out: inout some ByteOutput) {
        out.append(#"{"end":"#)
        Self.string(end.status.rawValue, into: &out)
        out.append(#","messages":"#)
        Self.int(end.messages, into: &out)
        out.append(#","cycles":"#)
        Self.int(end.cycles, into: &out)
        out.append(#","t":"#)
        Self.int(end.time, into: &out)
        Self.optional("error", end.error, into: &out)
        if let location = end.location {
            out.append(#","at":"#)
            self.location(location, into: &out)
        }
        out.append("}\n")
    }

    /// The whole trace as JSON Lines: markers where they fall between messages, each participant declared before
    /// its first use.
    public static func encode(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        var encoder = TraceEncoder()
        encoder.header(trace.header, into: &out)
        for record in trace.records { encoder.record(record, into: &out) }
        if let end = trace.end { encoder.end(end, into: &out) }
        return out
    }

    /// A line of the body.
    public mutating func record(_ record: TraceRecord, into out: inout some ByteOutput) {
        switch record {
        case .event(let event): self.event(event, into: &out)
        case .marker(let marker): self.marker(marker, into: &out)
        }
    }

    /// The whole trace as one JSON document: `{"header":{…},"participants":[…],"steps":[…],"cycles":[…],
    /// "events":[…],"end":{…}}`, each item the object of its line, one per line; steps and cycles also say their
    /// first and last message. `end` is `null` for an interrupted run.
    public static func document(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        try! writeDocument(scan: { body in try trace.items(body) }, to: { out.append(contentsOf: $0) })
        return out
    }

    /// The document of the trace that `scan` reads (twice; it is never held in memory): participants, steps and
    /// cycles first, then every message as it is read again.
    public static func writeDocument(scan: (@escaping (TraceItem) throws -> Void) throws -> Void,
                                     to write: @escaping ([UInt8]) throws -> Void) throws {
        // Pass 1: the header, participants in the order the lines declare them, the steps and cycles with their ends.
        var header: TraceHeader?
        var encoder = TraceEncoder()
        var participants: [UInt8] = []
        var steps: [TraceStep] = []
        var cycles: [TraceCycle] = []
        var cycleIndex: [Int: Int] = [:]
        var end: RunEnd?
        var scratch: [UInt8] = []
        func declarations() {
            for line in scratch.split(separator: 0x0A) where line.starts(with: Array(#"{"participant":"#.utf8)) {
                participants.append(contentsOf: participants.isEmpty ? [] : Array(",\n".utf8))
                participants.append(contentsOf: line)
            }
            scratch.removeAll(keepingCapacity: true)
        }
        try scan { item in
            switch item {
            case .header(let found): header = found
            case .step(let step):
                if let last = steps.indices.last { steps[last].lastSequence = max(steps[last].lastSequence, step.firstSequence - 1) }
                steps.append(step)
            case .cycleStart(let cycle):
                encoder.record(.marker(.cycleStart(cycle)), into: &scratch)
                declarations()
                cycleIndex[cycle.number] = cycles.count
                cycles.append(cycle)
            case .cycleEnd(let number, let last):
                if let index = cycleIndex.removeValue(forKey: number) { cycles[index].lastSequence = last }
            case .event(let event):
                encoder.record(.event(event), into: &scratch)
                declarations()
                if let last = steps.indices.last { steps[last].lastSequence = event.sequence }
            case .end(let found): end = found
            }
        }
        guard let header else { return }
        var out: [UInt8] = []
        out.append(contentsOf: #"{"header":"#.utf8)
        TraceEncoder().header(header, into: &out)
        out.removeLast()
        out.append(contentsOf: ",\n\"participants\":[\n".utf8)
        out.append(contentsOf: participants)
        out.append(contentsOf: "],\n\"steps\":[\n".utf8)
        for (index, step) in steps.enumerated() {
            if index > 0 { out.append(contentsOf: ",\n".utf8) }
            encoder.marker(.step(step), into: &out)
            out.removeLast(2)
            out.append(contentsOf: #","first":"#.utf8)
            int(step.firstSequence, into: &out)
            out.append(contentsOf: #","last":"#.utf8)
            int(step.lastSequence, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "],\n\"cycles\":[\n".utf8)
        for (index, cycle) in cycles.enumerated() {
            if index > 0 { out.append(contentsOf: ",\n".utf8) }
            encoder.marker(.cycleStart(cycle), into: &out)
            out.removeLast(2)
            out.append(contentsOf: #","first":"#.utf8)
            int(cycle.firstSequence, into: &out)
            out.append(contentsOf: #","last":"#.utf8)
            int(cycle.lastSequence, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "],\n\"events\":[\n".utf8)
        try write(out)
        // Pass 2: the messages, every participant already declared.
        var first = true
        try scan { item in
            guard case .event(let event) = item else { return }
            var line: [UInt8] = first ? [] : Array(",\n".utf8)
            first = false
            encoder.event(event, into: &line)
            line.removeLast()
            try write(line)
        }
        out = Array("],\n\"end\":".utf8)
        if let end {
            encoder.end(end, into: &out)
            out.removeLast()
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: "}\n".utf8)
        try write(out)
    }

    // MARK: - Messages

    /// The kind's own keys, after `"to"`.
    static func message(_ message: Message, into out: inout some ByteOutput) {
        switch message {
        case .configure(let property, let protocolName, let value):
            out.append(#","property":"#)
            string(property, into: &out)
            optional("protocol", protocolName, into: &out)
            out.append(#","value":"#)
            int(value.number, into: &out)
        case .load(let method), .appear(let method), .render(let method):
            out.append(#","method":"#)
            string(method, into: &out)
        case .action(let useCase, let type, let payload):
            out.append(#","useCase":"#)
            string(useCase.rawValue, into: &out)
            optional("type", type, into: &out)
            if let payload {
                out.append(#","payload":"#)
                value(payload, into: &out)
            }
        case .request(let useCase, let call), .event(let useCase, let call):
            optional("useCase", useCase?.rawValue, into: &out)
            invocation(call, into: &out)
        case .call(let call):
            invocation(call, into: &out)
        case .workerCall(let operation, let style, let call):
            out.append(#","operation":"#)
            string(operation.rawValue, into: &out)
            if style != .return {
                out.append(#","style":""#)
                out.append(style.staticName)
                out.append(UInt8(ascii: "\""))
            }
            invocation(call, into: &out)
        case .workerResult(let answer):
            workerAnswer(answer, into: &out)
        case .workerError(let answer, let error):
            workerAnswer(answer, into: &out)
            out.append(#","error":"#)
            string(error, into: &out)
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write):
            optional("protocol", write.protocolName, into: &out)
            out.append(#","field":"#)
            string(write.field, into: &out)
            out.append(#","type":"#)
            string(write.type, into: &out)
            out.append(#","value":"#)
            value(write.value, into: &out)
        case .response(let useCase, let output, let call), .display(let useCase?, let output, let call):
            out.append(#","useCase":"#)
            string(useCase.rawValue, into: &out)
            optional("output", output?.rawValue, into: &out)
            invocation(call, into: &out)
        case .display(nil, let output, let call):
            optional("output", output?.rawValue, into: &out)
            invocation(call, into: &out)
        case .show(let label, let shown):
            out.append(#","label":"#)
            string(label, into: &out)
            out.append(#","value":"#)
            value(shown, into: &out)
        case .route(let route, let call):
            out.append(#","route":"#)
            string(route.rawValue, into: &out)
            invocation(call, into: &out)
        case .dataPassing(let pass):
            out.append(#","route":"#)
            string(pass.route.rawValue, into: &out)
            optional("protocol", pass.protocolName, into: &out)
            out.append(#","method":"#)
            string(pass.method, into: &out)
            out.append(#","field":"#)
            string(pass.field, into: &out)
            out.append(#","source":"#)
            string(pass.source, into: &out)
            out.append(#","type":"#)
            string(pass.type, into: &out)
            out.append(#","value":"#)
            value(pass.value, into: &out)
        case .navigation(let navigation):
            out.append(#","style":""#)
            out.append(navigation.style.staticName)
            out.append(UInt8(ascii: "\""))
            optional("route", navigation.route?.rawValue, into: &out)
            out.append(#","method":"#)
            string(navigation.method, into: &out)
            numbers(#","removed":["#, navigation.removed, into: &out)
            numbers(#","shown":["#, navigation.shown, into: &out)
        }
    }

    /// `,"key":[3,7]`, the participants' numbers; nothing for none.
    static func numbers(_ opening: StaticString, _ participants: [Participant], into out: inout some ByteOutput) {
        guard !participants.isEmpty else { return }
        out.append(opening)
        for (index, participant) in participants.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            int(participant.number, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    @inline(__always)
    static func invocation(_ call: Invocation, into out: inout some ByteOutput) {
        optional("protocol", call.protocolName, into: &out)
        out.append(#","method":"#)
        string(call.method, into: &out)
        optional("type", call.payloadType, into: &out)
        if let payload = call.payload {
            out.append(#","payload":"#)
            value(payload, into: &out)
        }
    }

    static func workerAnswer(_ answer: WorkerAnswer, into out: inout some ByteOutput) {
        out.append(#","operation":"#)
        string(answer.operation.rawValue, into: &out)
        invocation(answer.invocation, into: &out)
        switch answer.answer {
        case .case(let index):
            out.append(#","case":"#)
            int(index, into: &out)
        case .given:
            out.append(#","given":true"#)
        case .unknown:
            break
        }
        out.append(#","latency":"#)
        int(answer.latency, into: &out)
    }

    /// `,"key":"text"` when there is a text.
    @inline(__always)
    static func optional(_ key: StaticString, _ text: String?, into out: inout some ByteOutput) {
        guard let text else { return }
        out.append(#",""#)
        out.append(key)
        out.append(#"":"#)
        string(text, into: &out)
    }

    // MARK: - Pieces

    @inline(__always)
    static func int(_ value: Int, into out: inout some ByteOutput) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Digits into a small buffer, without making a String.
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if value < 0 {
                buffer[23 - count] = UInt8(ascii: "-")
                count += 1
            }
            out.append(bytes: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// JSON for a value. Doubles keep a decimal point or exponent; non-finite Doubles (never produced by the
    /// engine) are written as null.
    public static func value(_ value: Value, into out: inout some ByteOutput) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .int(let number): int(number, into: &out)
        case .double(let number):
            if number.isFinite {
                out.append(utf8: Value.format(number))
            } else {
                out.append("null")
            }
        case .string(let text): string(text, into: &out)
        case .date(let date):
            out.append(#"{"$date":"#)
            string(date.description, into: &out)
            out.append(UInt8(ascii: "}"))
        case .decimal(let decimal):
            out.append(#"{"$decimal":"#)
            string(decimal.description, into: &out)
            out.append(UInt8(ascii: "}"))
        case .enumCase(let value):
            out.append(#"{"$enum":"#)
            string(value.description, into: &out)
            out.append(UInt8(ascii: "}"))
        case .list(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                self.value(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .record(let record):
            out.append(UInt8(ascii: "{"))
            for index in 0..<record.count {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(record.names[index], into: &out)
                out.append(UInt8(ascii: ":"))
                self.value(record.values[index], into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\uXXXX`; everything else as UTF-8.
    /// U+2028 and U+2029 are escaped too, so the text is also safe inside a `<script>` element.
    public static func string(_ text: String, into out: inout some ByteOutput) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ bytes in escape(bytes, into: &out) }) == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBufferPointer { escape($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The body of a JSON string: UTF-8 `bytes` with what JSON needs escaped. Runs that need nothing are found
    /// eight bytes at a time and copied in one go.
    @inline(__always)
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout some ByteOutput) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            while index + 8 <= count, !mayNeedEscaping(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
            // Byte by byte through the word that may need escaping (or the tail).
            let stop = min(index + 8, count)
            while index < stop {
                let byte = bytes[index]
                let special = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
                    || (byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                guard special else {
                    index += 1
                    continue
                }
                if runStart < index { out.append(bytes: UnsafeRawBufferPointer(start: raw + runStart, count: index - runStart)) }
                out.append(0x5C)
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0xE2:
                    // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                    out.append("u202")
                    out.append(bytes[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    index += 2
                default:
                    out.append("u00")
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
                index += 1
                runStart = index
            }
        }
        if runStart < count { out.append(bytes: UnsafeRawBufferPointer(start: raw + runStart, count: count - runStart)) }
    }

    /// Whether any of eight bytes is a control character, `"`, `\`, DEL or not ASCII (which covers the lead
    /// byte of U+2028 and U+2029); may say yes when the answer is no, never the other way round.
    @inline(__always)
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        let delOrWide = (word &+ ones) | word
        return (control | quoteZero | backslashZero | delOrWide) & high != 0
    }

    /// `"file:line:column"`, written without building the text.
    mutating func location(_ location: SourceLocation, into out: inout some ByteOutput) {
        if location.file != lastFile {
            lastFile = location.file
            var json: [UInt8] = []
            Self.string(location.file, into: &json)
            json.removeLast()
            lastFileJSON = json
        }
        lastFileJSON.withUnsafeBytes { out.append(bytes: $0) }
        out.append(UInt8(ascii: ":"))
        Self.int(location.line, into: &out)
        out.append(UInt8(ascii: ":"))
        Self.int(location.column, into: &out)
        out.append(UInt8(ascii: "\""))
    }
}

extension EventKind {
    /// The raw value without making a String (the names need no escaping).
    var staticName: StaticString {
        switch self {
        case .configure: "configure"
        case .load: "load"
        case .appear: "appear"
        case .action: "action"
        case .request: "request"
        case .event: "event"
        case .call: "call"
        case .workerCall: "workerCall"
        case .workerResult: "workerResult"
        case .workerError: "workerError"
        case .dataStoreWrite: "dataStoreWrite"
        case .stateWrite: "stateWrite"
        case .response: "response"
        case .display: "display"
        case .show: "show"
        case .route: "route"
        case .dataPassing: "dataPassing"
        case .navigation: "navigation"
        case .publish: "publish"
        case .render: "render"
        }
    }
}

extension ComponentRole {
    var staticName: StaticString {
        switch self {
        case .user: "user"
        case .configurator: "configurator"
        case .view: "view"
        case .interactor: "interactor"
        case .worker: "worker"
        case .dataStore: "dataStore"
        case .presenter: "presenter"
        case .router: "router"
        case .appState: "appState"
        }
    }
}

extension CallStyle {
    var staticName: StaticString {
        switch self {
        case .return: "return"
        case .completion: "completion"
        case .async: "async"
        case .callback: "callback"
        }
    }
}

extension Navigation.Style {
    var staticName: StaticString {
        switch self {
        case .push: "push"
        case .present: "present"
        case .replace: "replace"
        case .pop: "pop"
        case .popToScene: "popToScene"
        case .dismiss: "dismiss"
        case .tab: "tab"
        }
    }
}

extension TraceCycle.Trigger {
    var staticName: StaticString {
        switch self {
        case .action: "action"
        case .load: "load"
        case .appear: "appear"
        case .callback: "callback"
        }
    }
}
