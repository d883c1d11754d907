import Foundation
import TraceFormat

/// Reads a JSON Lines trace back into memory, exactly: reading and writing again gives the same bytes.
public enum TraceReader {
    /// What is wrong with a trace file, and on which line.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String

        public var description: String { "line \(line): \(message)" }
    }

    /// Reads the trace in a regular file (links followed); a folder, pipe or device is refused before reading.
    public static func read(contentsOf url: URL) throws -> Trace {
        try checkRegularFile(url)
        return try read(Data(contentsOf: url))
    }

    /// Reads the trace in a regular file a chunk at a time, keeping only its first `keep` messages (and every step
    /// and cycle that starts among them) and counting all of them in the tally: a long trace is drawn in memory that
    /// does not grow with it. A format-1 trace is read whole and upgraded.
    public static func read(contentsOf url: URL, keepingEvents keep: Int, routeName: TraceUpgrader.RouteNamer? = nil) throws -> (Trace, TraceTally) {
        try checkRegularFile(url)
        if let header = header(of: url), header.version == 1 {
            let trace = try read(Data(contentsOf: url), routeName: routeName)
            return (trace.prefix(through: keep), TraceTally(trace.events, cycles: trace.cycles))
        }
        var state = ReadState()
        state.keep = keep
        state.tally = TraceTally()
        try stream(url, into: &state)
        guard let header = state.header else { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
        return (try state.finish(header), state.tally ?? TraceTally())
    }

    /// What `scan` hands over, in file order.
    public typealias Item = TraceItem

    /// Reads a format-2 trace a line at a time, handing each item to `body` and keeping no message: for exports of
    /// traces of any length. The steps and cycles seen so far are kept (they are few).
    public static func scan(contentsOf url: URL, _ body: @escaping (Item) throws -> Void) throws {
        try checkRegularFile(url)
        if let header = header(of: url), header.version == 1 {
            throw Failure(line: 1, message: "a format-1 trace cannot be streamed; upgrade it with 'sceneflow upgrade' first")
        }
        var state = ReadState()
        state.keep = 0
        state.onItem = body
        try stream(url, into: &state)
        if state.header == nil { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
    }

    /// One line's JSON object.
    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws -> Fields {
        var parser = JSONParser(bytes: bytes)
        do {
            guard case .object(let members) = try parser.parseDocument() else {
                throw Failure(line: line, message: "expected a JSON object")
            }
            return Fields(members: members, line: line)
        } catch let error as JSONParser.SyntaxError {
            throw Failure(line: line, message: "invalid JSON at byte \(error.offset + 1): \(error.message)")
        }
    }

    private static func checkRegularFile(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw Failure(line: 0, message: "cannot read \(url.relativePath): \(String(cString: strerror(errno)).lowercased())")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(line: 0, message: "\(url.relativePath) is not a regular file")
        }
    }

    /// Feeds the file's lines to `state`, a megabyte at a time.
    private static func stream(_ url: URL, into state: inout ReadState) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var lineNumber = 0
        var pending: [UInt8] = []
        var first = true
        func line(_ bytes: UnsafeBufferPointer<UInt8>, _ state: inout ReadState) throws {
            lineNumber += 1
            guard !bytes.isEmpty else { return }
            let fields = try Self.fields(bytes, line: lineNumber)
            if state.header == nil {
                let header = try Self.header(fields)
                state.header = header
                try state.onItem?(.header(header))
                return
            }
            if state.end != nil { throw Failure(line: lineNumber, message: "nothing may follow the 'end' line") }
            try state.read(fields)
        }
        while true {
            let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            pending.append(contentsOf: chunk)
            if first {
                first = false
                if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            }
            var start = 0
            try pending.withUnsafeBufferPointer { buffer in
                while let newline = buffer[start...].firstIndex(of: 0x0A) {
                    try line(UnsafeBufferPointer(rebasing: buffer[start..<newline]), &state)
                    start = newline + 1
                }
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { try pending.withUnsafeBufferPointer { try line($0, &state) } }
    }

    /// The header of the trace at `url`, reading only its first line (at most 64 KiB): nil when the file is not a
    /// regular file or does not start with a trace header.
    public static func header(of url: URL) -> TraceHeader? {
        // A pipe or device would block the read: only regular files are opened.
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16), let newline = head.firstIndex(of: 0x0A) else { return nil }
        var line = head[head.startIndex..<newline]
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        return try? line.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> TraceHeader in
            try Self.header(Self.fields(raw.bindMemory(to: UInt8.self), line: 1))
        }
    }

    /// Reads a trace of any format this library knows; a format-1 trace is upgraded (`TraceUpgrader`), with
    /// `routeName` naming the routes its events call by method.
    public static func read(_ data: Data, routeName: TraceUpgrader.RouteNamer? = nil) throws -> Trace {
        var state = ReadState()
        var upgrader: TraceUpgrader?
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            // A byte-order mark may open the file, nowhere else.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            var lineNumber = 0
            while start < bytes.count {
                var stop = start
                while stop < bytes.count && bytes[stop] != 0x0A { stop += 1 }
                lineNumber += 1
                defer { start = stop + 1 }
                if stop == start { continue }
                func fail(_ message: String) -> Failure { Failure(line: lineNumber, message: message) }
                let fields = try Self.fields(UnsafeBufferPointer(rebasing: bytes[start..<stop]), line: lineNumber)
                let object = fields.members
                if state.header == nil {
                    let header = try Self.header(fields)
                    state.header = header
                    if header.version == 1 { upgrader = TraceUpgrader(header: header, routeName: routeName) }
                    continue
                }
                if state.end != nil { throw fail("nothing may follow the 'end' line") }
                if var old = upgrader {
                    if object.first?.0 == "end" {
                        state.end = try Self.end(fields)
                    } else {
                        try old.add(TraceUpgrader.Event(fields: fields))
                    }
                    upgrader = old
                    continue
                }
                try state.read(fields)
            }
        }
        guard let header = state.header else { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
        if let upgrader { return try upgrader.finish(end: state.end) }
        return try state.finish(header)
    }

    // MARK: - Lines

    private static func header(_ fields: Fields) throws -> TraceHeader {
        let version = try fields.int("sceneflowTrace")
        guard version >= 1 else { throw fields.failure("trace format version \(version) is not a version; versions start at 1") }
        guard version <= TraceHeader.currentVersion else {
            throw fields.failure("trace format version \(version) is newer than this sceneflow reads (\(TraceHeader.currentVersion))")
        }
        var fixtures: [String: String] = [:]
        if case .object(let members)? = fields.value("fixtures") {
            for (file, value) in members {
                guard case .string(let sha) = value else { throw fields.failure("'fixtures' maps files to SHA-256 texts") }
                fixtures[file] = sha
            }
        } else if fields.value("fixtures") != nil {
            throw fields.failure("'fixtures' must be an object")
        }
        var omits: [String] = []
        if let value = fields.value("omits") {
            guard case .array(let items) = value else { throw fields.failure("'omits' must be a list of facts") }
            for item in items {
                guard case .string(let fact) = item else { throw fields.failure("'omits' must be a list of facts") }
                omits.append(fact)
            }
        }
        return TraceHeader(version: version, scenario: try fields.string("scenario"), file: try fields.string("file"),
                           pattern: try fields.string("pattern"), start: SceneName(try fields.string("start")),
                           scenarioSHA256: try fields.optionalString("sha256"), fixtures: fixtures, omits: omits)
    }

    static func end(_ fields: Fields) throws -> RunEnd {
        let statusName = try fields.string("end")
        guard let status = RunEnd.Status(rawValue: statusName) else { throw fields.failure("unknown end status '\(statusName)'") }
        return RunEnd(status: status, messages: try fields.int("messages"), cycles: try fields.int("cycles"),
                      time: try fields.int("t"), error: try fields.optionalString("error"),
                      location: try fields.optionalString("at").map { try location($0, fields) })
    }

    /// What a format-2 reader has seen so far.
    private struct ReadState {
        var header: TraceHeader?
        var end: RunEnd?
        var events: [TraceEvent] = []
        /// Messages after the first `keep` are counted in `tally`, not kept.
        var keep = Int.max
        var tally: TraceTally?
        var count = 0
        var lastTime = 0
        /// Called with each item as it is read (`scan`).
        var onItem: ((Item) throws -> Void)?
        var steps: [TraceStep] = []
        var cycles: [TraceCycle] = []
        var participants: [Int: Participant] = [:]
        /// Cycle number → index into `cycles`, while the cycle is open.
        var open: [Int: Int] = [:]
        /// The time of each open cycle's last message.
        var cycleTime: [Int: Int] = [:]

        mutating func read(_ fields: Fields) throws {
            switch fields.members.first?.0 {
            case "participant": try declare(fields)
            case "step": try step(fields)
            case "cycle": try cycleStart(fields)
            case "cycleEnd": try cycleEnd(fields)
            case "seq": try event(fields)
            case "end":
                let end = try TraceReader.end(fields)
                self.end = end
                try onItem?(.end(end))
            case let key?: throw fields.failure("unknown line '\(key)'; expected a participant, step, cycle, cycleEnd, seq or end line")
            case nil: throw fields.failure("an empty object is not a trace line")
            }
        }

        func participant(_ key: String, _ fields: Fields) throws -> Participant {
            let number = try fields.int(key)
            guard let participant = participants[number] else {
                throw fields.failure("participant \(number) is not declared before its first use")
            }
            return participant
        }

        mutating func declare(_ fields: Fields) throws {
            let number = try fields.int("participant")
            guard participants[number] == nil else { throw fields.failure("participant \(number) is declared twice") }
            let roleName = try fields.string("role")
            guard let role = ComponentRole(rawValue: roleName) else { throw fields.failure("unknown role '\(roleName)'") }
            participants[number] = Participant(number: number, role: role, name: try fields.string("name"),
                                               scene: try fields.optionalString("scene").map { SceneName($0) },
                                               instance: try fields.optionalInt("instance"))
        }

        mutating func step(_ fields: Fields) throws {
            let number = try fields.int("step")
            let pass = try fields.optionalInt("pass") ?? 1
            guard number >= 1, pass >= 1 else { throw fields.failure("step and pass numbers start at 1") }
            var action: TraceStep.Action?
            if let scene = try fields.optionalString("appear") {
                action = .appear(SceneName(scene))
            } else if let name = try fields.optionalString("do") {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw fields.failure("'do' names 'Scene.UseCase', found '\(name)'") }
                action = .perform(scene: SceneName(parts[0]), useCase: UseCaseName(parts[1]))
            } else if case .bool(true)? = fields.value("back") {
                action = .back
            } else if let name = try fields.optionalString("route") {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw fields.failure("'route' names 'Scene.route', found '\(name)'") }
                action = .route(scene: SceneName(parts[0]), route: RouteName(parts[1]))
            } else if let scene = try fields.optionalString("tab") {
                try requireVersion(3, for: "a 'tab' step", fields)
                action = .tab(SceneName(scene))
            }
            steps.append(TraceStep(number: number, pass: pass, action: action, title: try fields.optionalString("title"),
                                   location: try fields.optionalString("at").map { try TraceReader.location($0, fields) },
                                   firstSequence: count + 1, lastSequence: count))
            try onItem?(.step(steps[steps.count - 1]))
        }

        mutating func cycleStart(_ fields: Fields) throws {
            let number = try fields.int("cycle")
            guard number == cycles.count + 1 else {
                throw fields.failure("cycle \(number) out of order; expected \(cycles.count + 1)")
            }
            let triggerName = try fields.string("trigger")
            guard let trigger = TraceCycle.Trigger(rawValue: triggerName) else {
                throw fields.failure("unknown trigger '\(triggerName)'; expected action, load, appear or callback")
            }
            let cause = try fields.optionalInt("cause")
            if let cause, cause < 1 || cause > count {
                throw fields.failure("cycle \(number) is caused by message \(cause), which has not happened")
            }
            open[number] = cycles.count
            cycleTime[number] = lastTime
            cycles.append(TraceCycle(number: number, view: try participant("view", fields),
                                     useCase: UseCaseName(try fields.string("useCase")), trigger: trigger,
                                     title: try fields.optionalString("title"), cause: cause,
                                     location: try fields.optionalString("at").map { try TraceReader.location($0, fields) },
                                     firstSequence: count + 1, lastSequence: count))
            tally?.add(cycles[cycles.count - 1])
            try onItem?(.cycleStart(cycles[cycles.count - 1]))
        }

        mutating func cycleEnd(_ fields: Fields) throws {
            let number = try fields.int("cycleEnd")
            guard let index = open.removeValue(forKey: number) else {
                throw fields.failure("cycle \(number) ends but is not open")
            }
            cycleTime[number] = nil
            cycles[index].lastSequence = count
            try onItem?(.cycleEnd(number: number, lastSequence: count))
        }

        mutating func event(_ fields: Fields) throws {
            let sequence = try fields.int("seq")
            guard sequence == count + 1 else {
                throw fields.failure("event \(sequence) out of order; expected \(count + 1)")
            }
            let parent = try fields.optionalInt("parent")
            if let parent, parent < 1 || parent >= sequence {
                throw fields.failure("event \(sequence)'s parent \(parent) must be an earlier message")
            }
            let time = try fields.int("t")
            guard time >= 0 else { throw fields.failure("event \(sequence) happens at \(time) ms; time starts at 0") }
            let cycle = try fields.optionalInt("cycle")
            if let cycle {
                guard let last = cycleTime[cycle] else {
                    throw fields.failure("event \(sequence) belongs to cycle \(cycle), which is not open")
                }
                guard time >= last else {
                    throw fields.failure("event \(sequence) happens at \(time) ms, before the cycle's previous message (\(last) ms)")
                }
                cycleTime[cycle] = time
            }
            let message = try TraceReader.message(fields, participant: { number in
                guard let found = participants[number] else {
                    throw fields.failure("participant \(number) is not declared before its first use")
                }
                return found
            })
            if case .navigation(let navigation) = message, navigation.style == .tab {
                try requireVersion(3, for: "the navigation style 'tab'", fields)
            }
            let event = TraceEvent(sequence: sequence, cycle: cycle, parent: parent, step: steps.last?.number, time: time,
                                   from: try participant("from", fields), to: try participant("to", fields),
                                   message: message,
                                   location: try fields.optionalString("at").map { try TraceReader.location($0, fields) })
            count = sequence
            lastTime = time
            tally?.add(event)
            if sequence <= keep { events.append(event) }
            try onItem?(.event(event))
            if !steps.isEmpty { steps[steps.count - 1].lastSequence = sequence }
        }

        /// What a newer format added may not appear in a trace that says it is older.
        func requireVersion(_ version: Int, for what: String, _ fields: Fields) throws {
            guard let header, header.version < version else { return }
            throw fields.failure("\(what) is new in trace format \(version), but the header says \(header.version)")
        }

        func finish(_ header: TraceHeader) throws -> Trace {
            Trace(header: header, events: events, steps: steps, cycles: cycles, end: end).clipped(through: events.count)
        }
    }

    /// A message's own fields, by its kind.
    static func message(_ fields: Fields, participant: (Int) throws -> Participant) throws -> Message {
        let kindName = try fields.string("kind")
        guard let kind = EventKind(rawValue: kindName) else { throw fields.failure("unknown event kind '\(kindName)'") }
        func invocation() throws -> Invocation {
            Invocation(protocolName: try fields.optionalString("protocol"), method: try fields.string("method"),
                       payloadType: try fields.optionalString("type"), payload: fields.value("payload").map(value))
        }
        func write() throws -> FieldWrite {
            guard let written = fields.value("value") else { throw fields.failure("missing 'value'") }
            return FieldWrite(protocolName: try fields.optionalString("protocol"), field: try fields.string("field"),
                              type: try fields.string("type"), value: value(written))
        }
        func answer() throws -> WorkerAnswer {
            let answer: Answer
            if let index = try fields.optionalInt("case") {
                guard index >= 0 else { throw fields.failure("'case' is a 0-based index") }
                answer = .case(index)
            } else if case .bool(true)? = fields.value("given") {
                answer = .given
            } else {
                answer = .unknown
            }
            let latency = try fields.optionalInt("latency") ?? 0
            guard latency >= 0 else { throw fields.failure("'latency' cannot be negative") }
            return WorkerAnswer(operation: OperationName(try fields.string("operation")), invocation: try invocation(),
                                answer: answer, latency: latency)
        }
        switch kind {
        case .configure:
            return .configure(property: try fields.string("property"), protocolName: try fields.optionalString("protocol"),
                              value: try participant(try fields.int("value")))
        case .load: return .load(method: try fields.string("method"))
        case .appear: return .appear(method: try fields.string("method"))
        case .render: return .render(method: try fields.string("method"))
        case .action:
            return .action(useCase: UseCaseName(try fields.string("useCase")), payloadType: try fields.optionalString("type"),
                           payload: fields.value("payload").map(value))
        case .request: return .request(useCase: try fields.optionalString("useCase").map { UseCaseName($0) }, try invocation())
        case .event: return .event(useCase: try fields.optionalString("useCase").map { UseCaseName($0) }, try invocation())
        case .call: return .call(try invocation())
        case .workerCall:
            let styleName = try fields.optionalString("style") ?? "return"
            guard let style = CallStyle(rawValue: styleName) else { throw fields.failure("unknown call style '\(styleName)'") }
            return .workerCall(operation: OperationName(try fields.string("operation")), style: style, try invocation())
        case .workerResult: return .workerResult(try answer())
        case .workerError: return .workerError(try answer(), error: try fields.string("error"))
        case .dataStoreWrite: return .dataStoreWrite(try write())
        case .stateWrite: return .stateWrite(try write())
        case .publish: return .publish(try write())
        case .response:
            return .response(useCase: UseCaseName(try fields.string("useCase")),
                             output: try fields.optionalString("output").map { OutputName($0) }, try invocation())
        case .display:
            return .display(useCase: try fields.optionalString("useCase").map { UseCaseName($0) },
                            output: try fields.optionalString("output").map { OutputName($0) }, try invocation())
        case .show:
            guard let shown = fields.value("value") else { throw fields.failure("missing 'value'") }
            return .show(label: try fields.string("label"), value: value(shown))
        case .route: return .route(RouteName(try fields.string("route")), try invocation())
        case .dataPassing:
            guard let passed = fields.value("value") else { throw fields.failure("missing 'value'") }
            return .dataPassing(DataPass(route: RouteName(try fields.string("route")),
                                         protocolName: try fields.optionalString("protocol"), method: try fields.string("method"),
                                         field: try fields.string("field"), source: try fields.string("source"),
                                         type: try fields.string("type"), value: value(passed)))
        case .navigation:
            let styleName = try fields.string("style")
            guard let style = Navigation.Style(rawValue: styleName) else { throw fields.failure("unknown navigation style '\(styleName)'") }
            // `removed` and `shown` list participants by number.
            func participants(_ key: String) throws -> [Participant] {
                guard case .array(let items)? = fields.value(key) else { return [] }
                return try items.map { item in
                    guard case .number(let text, true) = item, let number = Int(text) else {
                        throw fields.failure("'\(key)' lists participant numbers")
                    }
                    return try participant(number)
                }
            }
            let removed = try participants("removed"), shown = try participants("shown")
            return .navigation(Navigation(style: style, route: try fields.optionalString("route").map { RouteName($0) },
                                          method: try fields.string("method"), removed: removed, shown: shown))
        }
    }

    /// `file:line:col`, split from the right so file names may contain colons.
    static func location(_ text: String, _ fields: Fields) throws -> SourceLocation {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            throw fields.failure("'\(text)' is not a file:line:column location")
        }
        return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    /// A payload: numbers with a decimal point or exponent are Doubles, others Ints; objects are records in order,
    /// except `{"$date":…}`, `{"$decimal":…}` and `{"$enum":…}`.
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text, let isInteger):
            if isInteger, let int = Int(text) { return .int(int) }
            return .double(Double(text) ?? .nan)
        case .string(let text): return .string(text)
        case .array(let items): return .list(items.map(value))
        case .object(let members):
            if members.count == 1, case .string(let text) = members[0].1 {
                if members[0].0 == "$date", let date = DateValue(iso8601: text) { return .date(date) }
                if members[0].0 == "$decimal", let decimal = DecimalValue(text) { return .decimal(decimal) }
                if members[0].0 == "$enum", let value = EnumCaseValue(text) { return .enumCase(value) }
            }
            return .record(Record(members.map { ($0.0, value($0.1)) }))
        }
    }

    /// Typed access to an object's members, with line-numbered errors.
    struct Fields {
        let members: [(String, JSONValue)]
        let line: Int

        func failure(_ message: String) -> Failure { Failure(line: line, message: message) }

        func value(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }

        func string(_ key: String) throws -> String {
            guard let s = try optionalString(key) else { throw failure("missing '\(key)'") }
            return s
        }

        func optionalString(_ key: String) throws -> String? {
            guard let v = value(key) else { return nil }
            guard case .string(let s) = v else { throw failure("'\(key)' must be a string") }
            return s
        }

        func int(_ key: String) throws -> Int {
            guard let i = try optionalInt(key) else { throw failure("missing '\(key)'") }
            return i
        }

        func optionalInt(_ key: String) throws -> Int? {
            guard let v = value(key) else { return nil }
            guard case .number(let text, true) = v, let i = Int(text) else { throw failure("'\(key)' must be an integer") }
            return i
        }

        func object(_ key: String) throws -> Fields {
            guard case .object(let m)? = value(key) else { throw failure("'\(key)' must be an object") }
            return Fields(members: m, line: line)
        }
    }
}

/// A parsed JSON value that keeps object members in order and numbers as written.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case number(String, isInteger: Bool)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
}

/// A strict RFC 8259 parser over UTF-8 bytes, with bounded nesting.
struct JSONParser {
    struct SyntaxError: Error {
        var offset: Int
        var message: String
    }

    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected data after the value") }
        return value
    }

    private func error(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of line") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try parseNumber()
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw error("invalid literal") }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] {
            throw error("invalid literal")
        }
        index += length
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of line") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw error("invalid value") }
        if bytes[digitsStart] == 0x30 && index - digitsStart > 1 { throw error("leading zero in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fraction = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > exponent else { throw error("invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger && Int(text) == nil { isInteger = false }
        return .number(text, isInteger: isInteger)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        // Most strings have no escapes: find the closing quote and make the String from the bytes in place.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string")
                }
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        var result: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: result, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result.append(0x22)
                case UInt8(ascii: "\\"): result.append(0x5C)
                case UInt8(ascii: "/"): result.append(0x2F)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("unpaired surrogate")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    result.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw error("invalid escape")
                }
            case 0x00..<0x20: throw error("control character in a string")
            default: result.append(byte)
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }
}
