import Foundation
import ScenarioSpec
import Testing
import TraceFormat

@Suite("Trace format")
struct TraceFormatTests {
    static let header = TraceHeader(scenario: "Sign \"in\"", file: "Scenarios/Login.yml", pattern: .cleanSwift, start: "Login")
    static let view = Participant(role: .view, name: "LoginViewController", scene: "Login", instance: 1)
    static let interactor = Participant(role: .interactor, name: "LoginInteractor", scene: "Login", instance: 1)

    static var sample: Trace {
        let payload = Value.record(Record([
            ("name", .string("Zoë \"Z\" <script>\n\u{2028}\u{1}")), ("age", .int(-3)), ("ratio", .double(2)),
            ("tiny", .double(1e-300)), ("tags", .list([.string("a"), .null, .bool(true)])),
            ("nested", .record(Record([("z", .int(1)), ("a", .int(2))]))),
        ]))
        let events = [
            TraceEvent(sequence: 1, cycle: 1, parent: nil, step: 2, time: 0, kind: .cycleStart, from: .user, to: view,
                       method: "Login.Login", note: "Wrong password"),
            TraceEvent(sequence: 2, cycle: 1, parent: 1, step: 2, time: 120, kind: .request, from: view, to: interactor,
                       protocolName: "LoginBusinessLogic", method: "login(request:)", payloadType: "Login.Login.Request",
                       payload: payload, location: SourceLocation(file: "C:/odd:path.yml", line: 27, column: 7)),
            TraceEvent(sequence: 3, cycle: nil, parent: nil, step: nil, time: 120, kind: .navigation, from: .user, to: view,
                       method: "popViewController(animated:)", note: "back"),
        ]
        return Trace(header: header, events: events,
                     end: RunEnd(status: .failed, messages: 3, cycles: 1, time: 120, error: "boom",
                                 location: SourceLocation(file: "s.yml", line: 1, column: 2)))
    }

    @Test("lines are compact JSON with a fixed key order")
    func encoding() {
        let text = String(decoding: TraceEncoder.encode(Self.sample), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"sceneflowTrace":1,"scenario":"Sign \"in\"","file":"Scenarios/Login.yml","pattern":"clean-swift","start":"Login"}"#)
        #expect(lines[1] == #"{"seq":1,"cycle":1,"step":2,"t":0,"kind":"cycleStart","from":{"role":"user","name":"User"},"to":{"role":"view","name":"LoginViewController","scene":"Login","instance":1},"method":"Login.Login","note":"Wrong password"}"#)
        #expect(lines[2].contains(#""payload":{"name":"Zoë \"Z\" <script>\n\u2028\u0001","age":-3,"ratio":2.0,"tiny":1e-300,"tags":["a",null,true],"nested":{"z":1,"a":2}}"#))
        #expect(lines[2].hasSuffix(#""at":"C:/odd:path.yml:27:7"}"#))
        #expect(lines[4] == #"{"end":"failed","messages":3,"cycles":1,"t":120,"error":"boom","at":"s.yml:1:2"}"#)
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

    @Test("a participant made from a template is the participant, JSON and all")
    func participantTemplate() {
        let template = Participant.Template(role: .interactor, name: "Login\"Interactor", scene: SceneName("Lo\\gin"))
        for instance in [1, 9, 10, 12_345, Int.max] {
            let made = template.participant(instance: instance)
            let plain = Participant(role: .interactor, name: "Login\"Interactor", scene: SceneName("Lo\\gin"), instance: instance)
            #expect(made == plain)
            #expect(made.json == plain.json)
        }
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
        for event in Self.sample.events { try writer.record(event) }
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

    @Test("malformed traces are rejected with their line", arguments: [
        ("", "line 1: the trace is empty; expected a header line"),
        ("{\"sceneflowTrace\":9,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"viper\",\"start\":\"A\"}\n",
         "line 1: trace format version 9 is newer than this sceneflow reads (1)"),
        ("{\"sceneflowTrace\":1,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"viper\",\"start\":\"A\"}\n{\"seq\":2}\n",
         "line 2: missing 'kind'"),
        ("{\"sceneflowTrace\":1,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"viper\",\"start\":\"A\"}\n{\"seq\":1,\n",
         "line 2: invalid JSON at byte 10: unexpected end of line"),
        ("{\"sceneflowTrace\":1,\"scenario\":\"s\",\"file\":\"f\",\"pattern\":\"mvc\",\"start\":\"A\"}\n",
         "line 1: unknown pattern 'mvc'"),
        ("[1]\n", "line 1: expected a JSON object"),
    ])
    func malformed(_ input: String, _ expected: String) {
        #expect(throws: (any Error).self) { try TraceReader.read(Data(input.utf8)) }
        do {
            _ = try TraceReader.read(Data(input.utf8))
        } catch {
            #expect("\(error)" == expected)
        }
    }

    @Test("event text is one short line")
    func eventText() {
        let events = Self.sample.events
        #expect(events[0].text() == "Login.Login")
        #expect(events[2].text() == "popViewController(animated:) [back]")
        let write = TraceEvent(sequence: 4, cycle: 1, parent: 2, step: 2, time: 0, kind: .dataStoreWrite,
                               from: Self.interactor, to: Self.interactor, method: "userID", payload: .string("42"))
        #expect(write.text() == #"userID = "42""#)
        #expect(TraceEvent.brief(.string(String(repeating: "x", count: 100)), limit: 10) == "\"xxxxxxxx…")
    }
}
