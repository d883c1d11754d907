import Foundation
import ScenarioSpec
import Testing
import TraceFormat
import TraceReading

@Suite("Trace format")
struct TraceFormatTests {
    static let header = TraceHeader(scenario: "Sign \"in\"", file: "Scenarios/Login.yml", pattern: "clean-swift", start: "Login",
                                    scenarioSHA256: "ab12", fixtures: ["fixtures/posts.json": "cd34"])
    static let user = Participant(number: 1, role: .user, name: "User")
    static let view = Participant(number: 4, role: .view, name: "LoginViewController", scene: "Login", instance: 1)
    static let interactor = Participant(number: 5, role: .interactor, name: "LoginInteractor", scene: "Login", instance: 1)
    static let home = Participant(number: 9, role: .view, name: "HomeViewController", scene: "Home", instance: 1)

    static var sample: Trace {
        let payload = Value.record(Record([
            ("name", .string("Zoë \"Z\" <script>\n\u{2028}\u{1}")), ("age", .int(-3)), ("ratio", .double(2)),
            ("tiny", .double(1e-300)), ("tags", .list([.string("a"), .null, .bool(true)])),
            ("nested", .record(Record([("z", .int(1)), ("a", .int(2))]))),
            ("when", .date(DateValue(milliseconds: 1_700_000_000_250))), ("price", .decimal(DecimalValue(significand: -1250, scale: 2))),
        ]))
        let events = [
            TraceEvent(sequence: 1, cycle: 1, parent: nil, step: 2, time: 0, from: user, to: view,
                       message: .action(useCase: "Login", payloadType: nil, payload: nil)),
            TraceEvent(sequence: 2, cycle: 1, parent: 1, step: 2, time: 120, from: view, to: interactor,
                       message: .request(useCase: "Login", Invocation(protocolName: "LoginBusinessLogic", method: "login(request:)",
                                                                      payloadType: "Login.Login.Request", payload: payload)),
                       location: SourceLocation(file: "C:/odd:path.yml", line: 27, column: 7)),
            TraceEvent(sequence: 3, cycle: nil, parent: nil, step: 3, time: 120, from: user, to: view,
                       message: .navigation(Navigation(style: .pop, route: nil, method: "popViewController(animated:)",
                                                       removed: [home]))),
        ]
        return Trace(header: header, events: events,
                     steps: [TraceStep(number: 2, action: .perform(scene: "Login", useCase: "Login"), title: "Wrong",
                                       firstSequence: 1, lastSequence: 2),
                             TraceStep(number: 3, pass: 2, action: .back, firstSequence: 3, lastSequence: 3)],
                     cycles: [TraceCycle(number: 1, view: view, useCase: "Login", trigger: .action, title: "Wrong password",
                                         firstSequence: 1, lastSequence: 2)],
                     end: RunEnd(status: .failed, messages: 3, cycles: 1, time: 120, error: "boom",
                                 location: SourceLocation(file: "s.yml", line: 1, column: 2)))
    }

    @Test("lines are compact JSON with a fixed key order; participants are declared once, before their first use")
    func encoding() {
        let text = String(decoding: TraceEncoder.encode(Self.sample), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 13)
        #expect(lines[0] == #"{"sceneflowTrace":2,"scenario":"Sign \"in\"","file":"Scenarios/Login.yml","pattern":"clean-swift","start":"Login","sha256":"ab12","fixtures":{"fixtures/posts.json":"cd34"}}"#)
        #expect(lines[1] == #"{"step":2,"do":"Login.Login","title":"Wrong"}"#)
        #expect(lines[2] == #"{"participant":4,"role":"view","name":"LoginViewController","scene":"Login","instance":1}"#)
        #expect(lines[3] == #"{"cycle":1,"view":4,"useCase":"Login","trigger":"action","title":"Wrong password"}"#)
        #expect(lines[4] == #"{"participant":1,"role":"user","name":"User"}"#)
        #expect(lines[5] == #"{"seq":1,"cycle":1,"t":0,"kind":"action","from":1,"to":4,"useCase":"Login"}"#)
        #expect(lines[6] == #"{"participant":5,"role":"interactor","name":"LoginInteractor","scene":"Login","instance":1}"#)
        #expect(lines[7].contains(#""payload":{"name":"Zoë \"Z\" <script>\n\u2028\u0001","age":-3,"ratio":2.0,"tiny":1e-300,"tags":["a",null,true],"nested":{"z":1,"a":2},"when":{"$date":"2023-11-14T22:13:20.250Z"},"price":{"$decimal":"-12.50"}}"#))
        #expect(lines[7].hasSuffix(#""at":"C:/odd:path.yml:27:7"}"#))
        #expect(lines[8] == #"{"cycleEnd":1}"#)
        #expect(lines[9] == #"{"step":3,"pass":2,"back":true}"#)
        #expect(lines[10] == #"{"participant":9,"role":"view","name":"HomeViewController","scene":"Home","instance":1}"#)
        #expect(lines[11] == #"{"seq":3,"t":120,"kind":"navigation","from":1,"to":4,"style":"pop","method":"popViewController(animated:)","removed":[9]}"#)
        #expect(lines[12] == #"{"end":"failed","messages":3,"cycles":1,"t":120,"error":"boom","at":"s.yml:1:2"}"#)
    }

    @Test("numbers and strings encode exactly: every Int, every escape", arguments: [
        (Value.int(0), "0"), (.int(7), "7"), (.int(10), "10"), (.int(-1), "-1"), (.int(1_234_567), "1234567"),
        (.int(Int.max), "9223372036854775807"), (.int(Int.min), "-9223372036854775808"),
        (.string("plain"), "\"plain\""), (.string(""), "\"\""),
        (.string("q\"b\\n\nr\rt\tz\u{0}\u{1F}\u{7F}"), #""q\"b\\n\nr\rt\tz\u0000\u001f\u007f""#),
        (.string("a\u{2028}b\u{2029}c\u{2027}日本"), #""a\u2028b\u2029c\#u{2027}日本""#),
        (.string("\u{E2}"), "\"\u{E2}\""),
    ])
    func scalars(_ value: Value, _ json: String) {
        var out: [UInt8] = []
        TraceEncoder.value(value, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == json)
    }

    /// The encoder skips eight bytes at a time: every special character at every offset of a long text, and
    /// the 3-byte U+2028 across a word boundary, must still be escaped.
    @Test("a special character is escaped at every offset of a long text")
    func escapesAtEveryOffset() {
        let specials: [(Character, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#), ("\u{7F}", #"\u007f"#),
            ("\u{2028}", #"\u2028"#), ("é", "é"), (" ", " "), ("~", "~"),
        ]
        let filler = "abcdefghijklmnopqrstuvwxyz"
        for (special, escaped) in specials {
            for offset in 0...filler.count {
                let text = String(filler.prefix(offset)) + String(special) + String(filler.dropFirst(offset))
                var out: [UInt8] = []
                TraceEncoder.string(text, into: &out)
                let expected = "\"" + String(filler.prefix(offset)) + escaped + String(filler.dropFirst(offset)) + "\""
                #expect(String(decoding: out, as: UTF8.self) == expected, "\(escaped) at \(offset)")
            }
        }
    }

    @Test("reading and writing again gives the same bytes and the same values")
    func roundTrip() throws {
        let bytes = TraceEncoder.encode(Self.sample)
        let read = try TraceReader.read(Data(bytes))
        #expect(read == Self.sample)
        #expect(TraceEncoder.encode(read) == bytes)
    }

    @Test("the file writer streams in chunks and renames into place")
    func fileWriter() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID())")
        let file = folder.appendingPathComponent("trace.jsonl")
        let writer = try TraceFileWriter(destination: file, chunkSize: 64)
        try writer.begin(Self.header)
        for record in Self.sample.records {
            switch record {
            case .event(let event): try writer.record(event)
            case .marker(let marker): try writer.mark(marker)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing appears before the trace is finished")
        try writer.finish(Self.sample.end!)
        #expect(try Data(contentsOf: file) == Data(TraceEncoder.encode(Self.sample)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["trace.jsonl"])
    }

    @Test("a discarded writer leaves the previous file untouched")
    func discard() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("trace.jsonl")
        try Data("old\n".utf8).write(to: file)
        let writer = try TraceFileWriter(destination: file)
        try writer.begin(Self.header)
        try writer.record(Self.sample.events[0])
        writer.discard()
        #expect(try String(contentsOf: file, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["trace.jsonl"])
    }

    static let v2 = "{\"sceneflowTrace\":2,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"viper\",\"start\":\"A\"}\n"
    static let people = "{\"participant\":1,\"role\":\"user\",\"name\":\"User\"}\n{\"participant\":2,\"role\":\"view\",\"name\":\"AView\",\"scene\":\"A\",\"instance\":1}\n"

    @Test("malformed traces are rejected with their line, and the reader enforces what the format promises", arguments: [
        ("", "line 1: the trace is empty; expected a header line"),
        ("{\"sceneflowTrace\":9,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"viper\",\"start\":\"A\"}\n",
         "line 1: trace format version 9 is newer than this sceneflow reads (3)"),
        ("{\"sceneflowTrace\":0,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"viper\",\"start\":\"A\"}\n",
         "line 1: trace format version 0 is not a version; versions start at 1"),
        (v2 + "{\"seq\":2}\n", "line 2: event 2 out of order; expected 1"),
        (v2 + "{\"seq\":1,\n", "line 2: invalid JSON at byte 10: unexpected end of line"),
        (v2 + "{\"seq\":1,\"t\":0,\"kind\":\"load\",\"from\":1,\"to\":1,\"method\":\"viewDidLoad()\"}\n",
         "line 2: participant 1 is not declared before its first use"),
        (v2 + people + "{\"seq\":1,\"t\":-5,\"kind\":\"load\",\"from\":2,\"to\":2,\"method\":\"viewDidLoad()\"}\n",
         "line 4: event 1 happens at -5 ms; time starts at 0"),
        (v2 + people + "{\"seq\":1,\"parent\":1,\"t\":0,\"kind\":\"load\",\"from\":2,\"to\":2,\"method\":\"viewDidLoad()\"}\n",
         "line 4: event 1's parent 1 must be an earlier message"),
        (v2 + people + "{\"seq\":1,\"cycle\":1,\"t\":0,\"kind\":\"load\",\"from\":2,\"to\":2,\"method\":\"viewDidLoad()\"}\n",
         "line 4: event 1 belongs to cycle 1, which is not open"),
        (v2 + people + "{\"cycle\":1,\"view\":2,\"useCase\":\"U\",\"trigger\":\"action\"}\n"
            + "{\"seq\":1,\"cycle\":1,\"t\":9,\"kind\":\"action\",\"from\":1,\"to\":2,\"useCase\":\"U\"}\n"
            + "{\"seq\":2,\"cycle\":1,\"t\":3,\"kind\":\"action\",\"from\":1,\"to\":2,\"useCase\":\"U\"}\n",
         "line 6: event 2 happens at 3 ms, before the cycle's previous message (9 ms)"),
        (v2 + "{\"cycleEnd\":1}\n", "line 2: cycle 1 ends but is not open"),
        (v2 + "{\"end\":\"completed\",\"messages\":0,\"cycles\":0,\"t\":0}\n{\"seq\":1}\n", "line 3: nothing may follow the 'end' line"),
        (v2 + "{\"hello\":1}\n", "line 2: unknown line 'hello'; expected a participant, step, cycle, cycleEnd, seq or end line"),
        ("[1]\n", "line 1: expected a JSON object"),
    ])    func malformed(_ input: String, _ expected: String) {
        #expect(throws: (any Error).self) { try TraceReader.read(Data(input.utf8)) }
        do {
            _ = try TraceReader.read(Data(input.utf8))
        } catch {
            #expect("\(error)" == expected)
        }
    }

    @Test("a byte-order mark before the header is skipped; a trace of an unknown pattern still reads")
    func byteOrderMark() throws {
        let text = "\u{FEFF}{\"sceneflowTrace\":2,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"mvc\",\"start\":\"A\"}\n"
        let trace = try TraceReader.read(Data(text.utf8))
        #expect(trace.header.pattern == "mvc")
        #expect(trace.events.isEmpty && trace.end == nil)
    }

    @Test("event text is one short line")
    func eventText() {
        let events = Self.sample.events
        #expect(events[0].text() == "Login")
        #expect(events[2].text() == "popViewController(animated:) [back to Login#1]")
        let write = TraceEvent(sequence: 4, cycle: 1, parent: 2, step: 2, time: 0, from: Self.interactor, to: Self.interactor,
                               message: .dataStoreWrite(FieldWrite(protocolName: "LoginDataStore", field: "userID", type: "String?",
                                                                   value: .string("42"))))
        #expect(write.text() == #"userID = "42""#)
        #expect(write.signature == "LoginDataStore.userID")
        #expect(TraceEvent.brief(.string(String(repeating: "x", count: 100)), limit: 10) == "\"xxxxxxxx…")
    }

    @Test("dates and decimals are written the same on every platform, and read back", arguments: [
        (0, "1970-01-01T00:00:00Z"), (1_700_000_000_250, "2023-11-14T22:13:20.250Z"), (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"), (253_402_300_799_000, "9999-12-31T23:59:59Z"),
    ])
    func dates(_ milliseconds: Int, _ text: String) {
        #expect(DateValue(milliseconds: milliseconds).description == text)
        #expect(DateValue(iso8601: text)?.milliseconds == milliseconds)
    }

    @Test("decimals keep their places")
    func decimals() {
        #expect(DecimalValue(significand: 1250, scale: 2).description == "12.50")
        #expect(DecimalValue(significand: -5, scale: 2).description == "-0.05")
        #expect(DecimalValue(significand: 3, scale: 0).description == "3")
        #expect(DecimalValue("-0.05") == DecimalValue(significand: -5, scale: 2))
        #expect(DecimalValue("1.") == nil && DecimalValue("x") == nil && DecimalValue("99999999999999999999") == nil)
        #expect(DateValue(iso8601: "2026-13-01T00:00:00Z") == nil && DateValue(iso8601: "2026-01-01T00:00:00") == nil)
    }
}
