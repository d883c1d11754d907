import Foundation
import Testing
import TestSupport

/// Untrusted scenario files through `sceneflow run`, as a user would meet them: each ends with the exact
/// diagnostic, exit code 1, within seconds, and nothing written (or, for a run that stops, a complete trace).
@Suite("Hostile input")
struct HostileInputTests {
    /// A billion-laughs list of lists: nine levels of ten aliases each.
    static func laughs(levels: Int = 9) -> [String] {
        var lines = ["x-anchors:", "  - &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<levels {
            lines.append("  - &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return lines
    }

    /// Runs `text` (or `data`) as a scenario file; the folder it may write to must stay empty.
    func runHostile(_ data: Data, name: String = "hostile.yml", arguments: [String] = [])
        throws -> (result: CLI.Result, file: URL, seconds: Double)
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try data.write(to: file)
        let out = folder.appendingPathComponent("out")
        let start = Date()
        let result = try CLI.subprocess(["run", file.path, "--out", out.path, "--color", "never"] + arguments, timeout: 20)
        let seconds = Date().timeIntervalSince(start)
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing may be written for a file that does not load")
        return (result, file, seconds)
    }

    static let cases: [(name: String, text: String, expected: String)] = [
        ("alias bomb in values", (["scenario: Bomb"] + laughs() + ["scenes:", "  A: {}"]).joined(separator: "\n"), """
            FILE:7:5: error: YAML aliases expand this document by more than 100000 nodes
              - &a4 [*a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3]
                ^
            note: an alias here repeats the 11111 nodes anchored at line 6, column 5
            note: write the repeated parts out, or repeat less (aliases that repeat aliases multiply)
            """),
        ("alias bomb in keys", (["scenario: Keys"] + laughs() + ["scenes:", "  A:", "    dataStore:", "      ? *a8", "      : Int"]).joined(separator: "\n"), """
            FILE:15:9: error: YAML keys here must be plain names, not '? ' keys, aliases or lists
                  ? *a8
                    ^
            note: write the key as a name, e.g. 'userID:'
            """),
        ("alias as a key", "scenario: K\nx: &k [a, b]\nscenes:\n  A:\n    dataStore: { *k : Int }\n", """
            FILE:5:18: error: YAML keys here must be plain names, not '? ' keys, aliases or lists
                dataStore: { *k : Int }
                             ^
            note: write the key as a name, e.g. 'userID:'
            """),
        ("merge key", "scenario: M\nscenes:\n  A:\n    dataStore:\n      <<: { x: Int }\n      y: Int\n", """
            FILE:5:7: error: YAML merge keys ('<<') are not supported in the DataStore of scene 'A'
                  <<: { x: Int }
                  ^
            note: write the fields out (merge keys can multiply a document)
            """),
        ("nesting in brackets", "scenario: D\nscenes: " + String(repeating: "[", count: 100_000) + "\n", """
            FILE:2:136: error: the YAML nests deeper than 128 levels here; no scenario needs that many
            …\(String(repeating: "[", count: 120))…
            \(String(repeating: " ", count: 61))^
            note: flatten the structure (deep nesting is how hostile files exhaust a parser)
            """),
        ("nesting by indentation", "scenario: D\nscenes:\n" + (0..<300).map { String(repeating: " ", count: $0 + 1) + "k\($0):\n" }.joined(), """
            FILE:130:129: error: the YAML nests deeper than 128 levels here; no scenario needs that many
            …                                                                                                                   k127:
                                                                                                                                ^
            note: flatten the structure (deep nesting is how hostile files exhaust a parser)
            """),
        ("empty file", "", """
            FILE:1:1: error: the scenario file is empty

            ^
            note: start with 'scenario: <title>' and 'scenes:'
            """),
        ("NUL byte", "scenario: N\u{0}\nscenes:\n  A: {}\n", """
            FILE:1:12: error: cannot read the file: control characters are not allowed
            scenario: N�
                       ^
            """),
        ("number too large", "scenario: N\nrepeat: 99999999999999999999\nscenes:\n  A:\n    dataStore: { n: Int = 99999999999999999999 }\n", """
            FILE:2:9: error: 'repeat' must be a whole number from 1 to 1000000000, found '99999999999999999999'
            repeat: 99999999999999999999
                    ^
            note: 'repeat: 100' plays the story 100 times in a row
            FILE:5:27: error: integer '99999999999999999999' does not fit in an Int (-9223372036854775808…9223372036854775807)
                dataStore: { n: Int = 99999999999999999999 }
                                      ^
            """),
        ("terminal escapes in a name", "scenario: S\nscenes:\n  \"A\u{1B}[2J\u{202E}\": {}\n", """
            FILE:3:5: error: cannot read the file: control characters are not allowed
              "A�[2J<U+202E>": {}
                ^
            """),
    ]

    @Test("hostile YAML ends in one exact diagnostic, exit 1, within seconds, nothing written",
          arguments: cases.indices)
    func hostileYAML(_ index: Int) throws {
        let (name, text, expected) = Self.cases[index]
        let (result, file, seconds) = try runHostile(Data(text.utf8))
        #expect(result.status == 2, "\(name)")
        #expect(seconds < 5, "\(name) took \(seconds) s")
        #expect(result.stderr == expected.replacingOccurrences(of: "FILE", with: file.path) + "\n", "\(name)")
    }

    @Test("binary garbage is reported as not UTF-8, at the first bad byte")
    func garbage() throws {
        let bytes = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let (result, file, _) = try runHostile(bytes)
        #expect(result.status == 2)
        #expect(result.stderr == "\(file.path):1:5: error: the file is not valid UTF-8 text\nnote: save the scenario as UTF-8\n")
    }

    @Test("a file over the size limit names the limit and the flag; the flag raises it")
    func sizeLimit() throws {
        let text = "scenario: S\n# " + String(repeating: "x", count: 300) + "\nscenes:\n  A: {}\n"
        let (result, file, _) = try runHostile(Data(text.utf8), arguments: ["--max-file-size", "200"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(file.path) is \(text.utf8.count) bytes; scenario files are limited to 200 bytes (raise it with --max-file-size)\n")
        let raised = try CLI.subprocess(["validate", file.path, "--max-file-size", "1000"])
        #expect(raised.status == 0)
    }

    @Test("a directory, a FIFO and a link to a FIFO are refused at once, not read")
    func notFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.yml"), withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo.yml")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.yml"), withDestinationURL: fifo)
        let out = folder.appendingPathComponent("out")
        for (name, message) in [("dir.yml", "is a directory, not a scenario file"),
                                ("fifo.yml", "is not a regular file (a pipe, socket or device); give the path of a .yml file"),
                                ("link.yml", "is not a regular file (a pipe, socket or device); give the path of a .yml file")] {
            let path = folder.appendingPathComponent(name).path
            let result = try CLI.subprocess(["run", path, "--out", out.path], timeout: 10)
            #expect(result.status == 2, "\(name)")
            #expect(result.stderr == "error: \(path) \(message)\n", "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a byte-order mark and CRLF line ends read as the plain file does")
    func bomAndCRLF() throws {
        let plain = try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("Login.yml"), encoding: .utf8)
        let windows = Data([0xEF, 0xBB, 0xBF]) + Data(plain.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-crlf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unix = folder.appendingPathComponent("Login.yml"), dos = folder.appendingPathComponent("LoginDOS.yml")
        try Data(plain.utf8).write(to: unix)
        try windows.write(to: dos)
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.subprocess(["run", unix.path, "--out", out.path, "--quiet", "--no-diagrams"]).status == 0)
        #expect(try CLI.subprocess(["run", dos.path, "--out", out.path, "--quiet", "--no-diagrams"]).status == 0)
        func events(_ name: String) throws -> [Substring] {
            // Every line but the header, which names the file.
            try String(contentsOf: out.appendingPathComponent("\(name)/trace.jsonl"), encoding: .utf8)
                .split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: "LoginDOS.yml", with: "Login.yml")[...] }
        }
        #expect(try events("Login") == events("LoginDOS"))
    }

    @Test("a story whose routes loop stops at --max-messages with the place, and the trace up to there is whole")
    func endlessStory() throws {
        let text = """
            scenario: Loop
            scenes:
              A:
                useCases:
                  Go:
                    trigger: appear
                    interactor: [{ respond: {} }]
                    view: [{ route: toB }]
                routes: { toB: B }
              B:
                useCases:
                  Go:
                    trigger: appear
                    interactor: [{ respond: {} }]
                    view: [{ route: toA }]
                routes: { toA: A }
            """
        let file = try CLI.temporaryFile(text, name: "loop.yml")
        let out = file.deletingLastPathComponent().appendingPathComponent("out")
        let result = try CLI.subprocess(["run", file.path, "--out", out.path, "--quiet", "--no-diagrams", "--max-messages", "300",
                                  "--color", "never"], timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("""
            \(file.path):9:15: error: the run reached 300 messages and stopped: the launch has run 25 cycles without ending, 13 of them A.Go: its routes loop
                routes: { toB: B }
                          ^
            note: break the loop (a route that leads back, and an appear use case that routes on), or raise the limit with --max-messages
            """))
        let lines = try String(contentsOf: out.appendingPathComponent("loop/trace.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix(#"{"seq":"#) }.count == 300)
        #expect(lines.last == #"{"end":"failed","messages":300,"cycles":25,"t":0,"error":"the run reached 300 messages and stopped: the launch has run 25 cycles without ending, 13 of them A.Go: its routes loop","at":"\#(file.path):9:15"}"#)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("loop").path) == ["trace.jsonl"])
    }

    @Test("a run killed mid-trace leaves the previous trace whole; the next run clears what it left")
    func killedRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("long.yml")
        let synth = try CLI.subprocess(["synth", "--scenes", "5", "--steps", "50", "--repeat", "20000", "-o", file.path])
        #expect(synth.status == 0)
        let out = folder.appendingPathComponent("out")
        let traceFile = out.appendingPathComponent("long/trace.jsonl")
        // A first, short run: stopped by the message limit, its trace complete.
        _ = try CLI.subprocess(["run", file.path, "--out", out.path, "--quiet", "--no-diagrams", "--max-messages", "1000"])
        let before = try Data(contentsOf: traceFile)
        // A long run, killed while it writes.
        let process = Process()
        process.executableURL = try CLI.binary
        process.arguments = ["run", file.path, "--out", out.path, "--quiet", "--no-diagrams", "--max-messages", "100000000"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let temporary = { try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("long").path).filter { $0.hasSuffix(".tmp") } }
        let deadline = Date().addingTimeInterval(20)
        while try temporary().isEmpty && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try Data(contentsOf: traceFile) == before, "the old trace is untouched")
        #expect(try temporary().count == 1, "the killed run's temporary file is left behind")
        // The next run removes it (its process is gone) and writes its own trace.
        _ = try CLI.subprocess(["run", file.path, "--out", out.path, "--quiet", "--no-diagrams", "--max-messages", "1000"])
        #expect(try temporary().isEmpty)
        #expect(try Data(contentsOf: traceFile) == before)
    }

    @Test("two runs writing the same folder at once both finish, and the files are whole")
    func concurrentRuns() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-both-\(UUID().uuidString)")
        let single = out.appendingPathComponent("single")
        #expect(try CLI.subprocess(["run", "Scenarios/Shop.yml", "--out", single.path, "--quiet"]).status == 0)
        let shared = out.appendingPathComponent("shared")
        nonisolated(unsafe) var statuses: [Int32] = [0, 0]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            statuses[index] = (try? CLI.subprocess(["run", "Scenarios/Shop.yml", "--out", shared.path, "--quiet"]).status) ?? -1
        }
        #expect(statuses == [0, 0])
        for name in ["trace.jsonl", "sequence.svg", "sequence.dot", "index.html"] {
            let a = try Data(contentsOf: single.appendingPathComponent("Shop/\(name)"))
            let b = try Data(contentsOf: shared.appendingPathComponent("Shop/\(name)"))
            #expect(a == b, "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("Shop").path).filter { $0.hasPrefix(".") } == [])
    }
}
