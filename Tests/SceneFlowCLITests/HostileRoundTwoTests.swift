import Foundation
import Testing
import TestSupport

/// The second round of attacks on every command: each class of failure fed in variants, with the exact message and
/// exit code (a generous watchdog catches hangs).
@Suite("Hostile input, round two")
struct HostileRoundTwoTests {
    /// A fresh folder with `files` written into it.
    func folder(_ files: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-h2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    /// The address space a hostile run gets: the binary and its libraries with room to spare, far below what an
    /// unbounded value or fixture would take.
    static let addressSpace = 3 << 30

    // MARK: - Values and stories that grow

    static let grow = """
        scenario: Grow
        start: A
        scenes:
          A:
            dataStore: { s: { type: String, default: "ab" } }
            useCases:
              Grow:
                interactor:
                  - let: { b: dataStore.s + dataStore.s }
                  - store: { s: b + b }
                  - respond: {}
        story:
          - do: A.Grow
        repeat: 100
        """

    @Test("a value that doubles stops at the size limit, at its line, with the trace so far")
    func valueCap() throws {
        let dir = try folder(["grow.yml": Self.grow])
        let defaults = try CLI.subprocess(["run", "grow.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: dir, timeout: 60,
                                   addressSpace: Self.addressSpace)
        #expect(defaults.status == 1)
        #expect(defaults.stderr == """
            grow.yml:10:27: error: this text would be 2097152 bytes; a value is limited to 1048576
                      - store: { s: b + b }
                                      ^
            note: raise the limit with --max-value-size, or stop the value growing

            """)
        let small = try CLI.subprocess(["run", "grow.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never",
                                 "--max-value-size", "1000"], in: dir, timeout: 60)
        #expect(small.status == 1)
        #expect(small.stderr.hasPrefix("grow.yml:9:35: error: this text would be 1024 bytes; a value is limited to 1000\n"))
        let trace = try String(contentsOf: dir.appendingPathComponent("out/grow/trace.jsonl"), encoding: .utf8)
        #expect(trace.hasSuffix(#"{"end":"failed","messages":29,"cycles":5,"t":0,"error":"this text would be 1024 bytes; a value is limited to 1000","at":"grow.yml:9:35"}"# + "\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out/grow").path) == ["trace.jsonl"])
        #expect(try CLI.subprocess(["run", "grow.yml", "--max-value-size", "0"], in: dir).status == 2)
    }

    @Test("repeat: with an empty story is refused before it spins")
    func emptyRepeat() throws {
        let dir = try folder(["spin.yml": "scenario: Spin\nstart: A\nrepeat: 1000000000\nscenes:\n  A: {}\nstory: []\n"])
        let result = try CLI.subprocess(["validate", "spin.yml", "--color", "never"], in: dir, timeout: 20)
        #expect(result.status == 1)
        #expect(result.stderr == """
            spin.yml:3:9: error: 'repeat' plays the story 1000000000 times, but the story has no steps
            repeat: 1000000000
                    ^
            note: add steps under 'story:', or remove 'repeat'
            ✗ 1 of 1 scenario invalid (1 error, 0 warnings)

            """)
    }

    @Test("an empty or dot-only field in a dataStore expectation is an error, in every command")
    func dataStorePaths() throws {
        let dir = try folder(["ds.yml": """
            scenario: E
            start: A
            scenes:
              A:
                dataStore: { n: Int }
            story:
              - appear: A
                expect: { dataStore: { "": 1, ".": 2, "A.": 3 } }
            """])
        let expected = """
            ds.yml:8:28: error: '' is not a DataStore field; write 'field' or 'Scene.field'
                expect: { dataStore: { "": 1, ".": 2, "A.": 3 } }
                                       ^
            ds.yml:8:35: error: '.' is not a DataStore field; write 'field' or 'Scene.field'
                expect: { dataStore: { "": 1, ".": 2, "A.": 3 } }
                                              ^
            ds.yml:8:43: error: 'A.' is not a DataStore field; write 'field' or 'Scene.field'
                expect: { dataStore: { "": 1, ".": 2, "A.": 3 } }
                                                      ^

            """
        for command in [["validate"], ["run", "--out", "out"], ["check"], ["coverage", "--out", "out"], ["explain"], ["render", "--out", "out"]] {
            let result = try CLI.subprocess([command[0], "ds.yml"] + command.dropFirst() + ["--color", "never"], in: dir, timeout: 20)
            // validate's answer is "invalid" (1); the others cannot do their work (2).
            #expect(result.status == (command[0] == "validate" ? 1 : 2), "\(command)")
            #expect(result.stderr.hasPrefix(expected), "\(command): \(result.stderr)")
        }
    }

    @Test("a story that loops draws what it has: the diagrams stop at their cap with a note, nothing crashes")
    func stoppedLoopDraws() throws {
        let dir = try folder(["loop.yml": """
            scenario: Loop
            start: A
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
            """])
        let result = try CLI.subprocess(["run", "loop.yml", "--out", "out", "--quiet", "--max-messages", "3000",
                                  "--max-diagram-messages", "500", "--color", "never"], in: dir, timeout: 120,
                                 addressSpace: Self.addressSpace)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the run reached 3000 messages and stopped: the launch has run 250 cycles without ending, 125 of them A.Go: its routes loop"))
        #expect(result.stderr.contains("note: the sequence diagram draws 500 of the 3000 messages (up to message 500); draw later story steps with 'sceneflow render TRACE --from N --to M', or raise --max-diagram-messages\n"),
                "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out/loop").path).sorted()
        // The 500 messages drawn are one story step (the launch): its pages are cut between its cycles.
        #expect(files == ["cycle.dot", "cycle.svg", "dependencies.dot", "dependencies.svg", "flow.dot", "flow.svg", "index.html",
                          "mistakes", "sequence-1.dot", "sequence-1.svg", "sequence-2.dot", "sequence-2.svg", "sequence-3.dot", "sequence-3.svg",
                          "sequence-4.dot", "sequence-4.svg", "sequence-scenes.dot", "sequence-scenes.svg", "sequence.dot",
                          "sequence.svg", "trace.jsonl"])
    }

    // MARK: - Traces and fixtures that point elsewhere

    /// Login's trace with its header naming `file`.
    func trace(namingScenario file: String, in dir: URL) throws -> URL {
        var lines = try String(contentsOf: PackagePaths.root.appendingPathComponent("Output/Login/trace.jsonl"), encoding: .utf8)
            .components(separatedBy: "\n")
        lines[0] = lines[0].replacingOccurrences(of: #""file":"Scenarios/Login.yml""#, with: #""file":"\#(file)""#)
        let url = dir.appendingPathComponent("t.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
        return url
    }

    @Test("a trace's header that names another file is not read, and never echoed", arguments: [
        ("creds.yml", "note: the scenario 'creds.yml' has changed since the trace was recorded (its SHA-256 differs); --scenario FILE names the scenario to use"),
        ("creds.txt", "note: the trace names 'creds.txt' as its scenario, which is not a scenario file (.yml); --scenario FILE names the scenario to use"),
        ("/proc/self/environ", "note: the trace names '/proc/self/environ' as its scenario, which is not a scenario file (.yml); --scenario FILE names the scenario to use"),
    ])
    func headerNamesAFile(file: String, note: String) throws {
        let dir = try folder(["creds.yml": "SECRET-LINE: x\n", "creds.txt": "SECRET-LINE\n"])
        _ = try trace(namingScenario: file, in: dir)
        for command in [["render", "t.jsonl", "--out", "out"], ["explain", "t.jsonl"], ["export", "t.jsonl", "--format", "mermaid"]] {
            let result = try CLI.subprocess(command + ["--color", "never"], in: dir, timeout: 20)
            #expect(result.status == 0, "\(command)")
            #expect(result.stderr.hasPrefix(note + "\n"), "\(command): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("SECRET"), "\(command)")
        }
    }

    @Test("fixtures: a link out of the folder, too many values and too many bytes are refused before reading")
    func fixtures() throws {
        let outside = try folder(["secret.json": "[1, 2, 3]"])
        let scenario = { (fixture: String) in """
            scenario: F
            start: A
            scenes:
              A:
                workers:
                  W:
                    get:
                      output: [Int]
                      fixture: \(fixture)
                useCases:
                  U:
                    interactor:
                      - call: W.get
                      - respond: {}
            story:
              - do: A.U
            """ }
        let dir = try folder(["link.yml": scenario("link.json"), "big.yml": scenario("big.json"), "huge.yml": scenario("huge.json"),
                              "big.json": "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"])
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("link.json"),
                                                   withDestinationURL: outside.appendingPathComponent("secret.json"))
        // Sparse: 17 MiB that cost nothing to make.
        let huge = dir.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let expectations = [
            ("link.yml", """
                link.yml:9:20: error: fixture 'link.json' leads outside the scenario's folder
                          fixture: link.json
                                   ^
                note: fixtures are read from the scenario's folder and its subfolders; copy the file there
                """),
            ("big.yml", """
                big.yml:9:20: error: fixture 'big.json' holds more than 100000 values
                          fixture: big.json
                                   ^
                note: a fixture is a value of the scenario, and values are limited to 100000 nodes
                """),
            ("huge.yml", """
                huge.yml:9:20: error: fixture 'huge.json' is larger than 16 MiB
                          fixture: huge.json
                                   ^
                """),
        ]
        for (file, expected) in expectations {
            let result = try CLI.subprocess(["validate", file, "--color", "never"], in: dir, timeout: 20, addressSpace: Self.addressSpace)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(expected + "\n"), "\(result.stderr)")
        }
    }

    // MARK: - Output folders

    @Test("a linked scenario folder is refused and nothing is written through it")
    func linkedFolder() throws {
        let dir = try folder(["Login.yml": try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8)])
        let elsewhere = try folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("out/Login"), withDestinationURL: elsewhere)
        let result = try CLI.subprocess(["run", "Login.yml", "--out", "out", "--quiet", "--color", "never"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "error: out/Login is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test("stale temporary files are removed only when SceneFlow provably made them")
    func staleTemporaries() throws {
        let dir = try folder(["Login.yml": try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8)])
        let scenarioFolder = dir.appendingPathComponent("out/Login")
        try FileManager.default.createDirectory(at: scenarioFolder, withIntermediateDirectories: true)
        // A process id that no process has: above Linux's and macOS's maximum.
        let dead = 4_194_305
        let files: [(String, String)] = [
            (".trace.jsonl.sceneflow-\(dead)-0000abcd.tmp", #"{"sceneflowTrace":2,"scenario":"x"}"#),   // ours: removed
            (".sequence.svg.sceneflow-\(dead)-0000abce.tmp", ""),                                     // ours, empty: removed
            (".notes.txt.sceneflow-\(dead)-0000abcf.tmp", "keep"),                                   // not a kind SceneFlow writes
            (".trace.jsonl.sceneflow-\(dead)-0000abd0.tmp", "the user's own notes"),                 // wrong content
            (".trace.jsonl.\(dead).12345.tmp", #"{"sceneflowTrace":2}"#),                            // the old name: not proof
            (".trace.jsonl.sceneflow-\(getpid())-0000abd1.tmp", #"{"sceneflowTrace":2}"#),           // a live process
        ]
        for (name, text) in files { try Data(text.utf8).write(to: scenarioFolder.appendingPathComponent(name)) }
        let result = try CLI.subprocess(["run", "Login.yml", "--out", "out", "--quiet", "--no-diagrams"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scenarioFolder.path).filter { $0.hasPrefix(".") }.sorted()
        #expect(left == files.dropFirst(2).map(\.0).sorted())
    }

    @Test("two scenario files whose names lead to one folder or golden trace are refused, also across runs")
    func nameCollisions() throws {
        let login = try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8)
        let dir = try folder(["a b.yml": login, "a-b.yml": login, "로그인.yml": login, "홈화면.yml": login,
                              "Login.yml": login, "Login.yaml": login])
        // Letters of any script are kept: no collision.
        #expect(try CLI.subprocess(["run", "로그인.yml", "--out", "out", "--quiet", "--no-diagrams"], in: dir).status == 0)
        #expect(try CLI.subprocess(["run", "홈화면.yml", "--out", "out", "--quiet", "--no-diagrams"], in: dir).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/로그인/trace.jsonl").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/홈화면/trace.jsonl").path))
        // Across runs: the folder's trace says whose it is.
        #expect(try CLI.subprocess(["run", "a b.yml", "--out", "out", "--quiet", "--no-diagrams", "--golden", "golden"], in: dir).status == 0)
        let second = try CLI.subprocess(["run", "a-b.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: dir)
        #expect(second.status == 2)
        #expect(second.stderr == "error: out/a-b holds the run of 'a b.yml', and 'a-b.yml' would overwrite it (both names lead to 'a-b'): rename one of the files, or use another --out\n")
        let golden = try CLI.subprocess(["run", "a-b.yml", "--out", "other", "--quiet", "--no-diagrams", "--golden", "golden", "--color", "never"], in: dir)
        #expect(golden.status == 2)
        #expect(golden.stderr == "error: golden/a-b.jsonl is the golden trace of 'a b.yml', and 'a-b.yml' would overwrite it (both names lead to 'a-b.jsonl'): rename one of the files\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("other/a-b/trace.jsonl").path), "refused before the run")
        // check --golden compares each file with its own golden trace only.
        let check = try CLI.subprocess(["check", "a-b.yml", "--golden", "golden", "--color", "never"], in: dir)
        #expect(check.status == 1)
        #expect(check.stdout.contains("golden trace: expected a golden trace of 'a-b.yml', got golden/a-b.jsonl was recorded from 'a b.yml' (both names lead to it); rename one of the files"), "\(check.stdout)")
        let batch = try CLI.subprocess(["check", "Login.yml", "Login.yaml", "--golden", "golden", "--color", "never"], in: dir)
        #expect(batch.status == 2)
        #expect(batch.stderr.contains("error: Login.yml: 'Login.yml', 'Login.yaml' share the golden trace 'Login.jsonl': rename all but one\n"), "\(batch.stderr)")
    }

    @Test("write failures name the destination and the reason")
    func writeFailures() throws {
        let dir = try folder(["Login.yml": try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8),
                              "afile": "x"])
        let onFile = try CLI.subprocess(["run", "Login.yml", "--out", "afile", "--quiet", "--color", "never"], in: dir)
        #expect(onFile.status == 2)
        #expect(onFile.stderr == "error: cannot write afile/Login: afile is a file, not a folder\n")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out/Login/trace.jsonl"), withIntermediateDirectories: true)
        let onFolder = try CLI.subprocess(["run", "Login.yml", "--out", "out", "--quiet", "--color", "never"], in: dir)
        #expect(onFolder.status == 2)
        #expect(onFolder.stderr == "error: cannot write out/Login/trace.jsonl: it is a folder; name a file\n")
        let export = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid", "-o", "out", "--color", "never"], in: dir)
        #expect(export.status == 2)
        #expect(export.stderr == "error: cannot write out: it is a folder; name a file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).filter { $0.hasPrefix(".") } == [])
    }

    @Test("traces that are folders, pipes or devices are refused by every reader")
    func traceThatIsNotAFile() throws {
        let dir = try folder(["Login.yml": try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8)])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d.jsonl"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appendingPathComponent("p.jsonl").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("z.jsonl").path, withDestinationPath: "/dev/zero")
        for name in ["d.jsonl", "p.jsonl", "z.jsonl"] {
            for command in [["render", name], ["explain", name], ["export", name, "--format", "mermaid"], ["diff", name, name],
                            ["check", "Login.yml", "--trace", name]] {
                let result = try CLI.subprocess(command + ["--color", "never"], in: dir, timeout: 20)
                // An error (2), told from traces that differ or a check that fails (1).
                #expect(result.status == 2, "\(command)")
                #expect(result.stderr.contains("\(name) is not a regular file"), "\(command): \(result.stderr)")
            }
        }
    }

    // MARK: - Options and the terminal

    @Test("options out of range get a usage error, and huge ones do not crash")
    func optionBounds() throws {
        let nan = try CLI.subprocess(["coverage", "Scenarios/Login.yml", "--minimum", "nan"])
        #expect(nan.status == 2)
        #expect(nan.stderr.hasPrefix("Error: --minimum is a percentage from 0 to 100, got nan\n"))
        #expect(try CLI.subprocess(["coverage", "Scenarios/Login.yml", "--minimum", "101"]).status == 2)
        let context = try CLI.subprocess(["diff", "Output/Login/trace.jsonl", "Output/Shop/trace.jsonl", "--context", String(Int.max)])
        #expect(context.status == 1)
        #expect(context.stdout.hasSuffix("177 inserted, 39 removed, 0 changed, 0 unchanged\n"))
    }

    @Test("explain --quiz ends on endless wrong answers and endless lines")
    func quizBounds() throws {
        let wrong = try CLI.subprocess(["explain", "Output/Login/trace.jsonl", "--quiz", "--color", "never"],
                                stdin: String(repeating: "x\n", count: 30_000), timeout: 60)
        #expect(wrong.status == 0)
        #expect(wrong.stdout.hasSuffix("Score: 0 of 17.\n"))
        let long = try CLI.subprocess(["explain", "Output/Login/trace.jsonl", "--quiz", "--color", "never"],
                               stdin: String(repeating: "a", count: 60_000), timeout: 60)
        #expect(long.status == 0)
        #expect(!long.stdout.contains(String(repeating: "a", count: 1025)))
    }

    /// Escape sequences in every string a scenario can hold, and in a file name found by expanding a folder.
    static let injected = #"""
        scenario: "Sign in\e]0;pwned\a\e[2J"
        description: "desc\e[31m red \r\e[Kforged"
        pattern: clean-swift
        start: Login
        scenes:
          Login:
            description: "scene\e[1A\u202Eup"
            dataStore: { firstName: String? }
            workers:
              AuthWorker:
                login:
                  description: "op\e]8;;http://x\a"
                  input: { username: String }
                  output: { firstName: String }
                  cases:
                    - when: username == "ann"
                      result: { firstName: "Ann\e[8mhidden\u009b31m" }
                    - error: "Invalid\e[5m credentials\u0007"
                  latency: 120ms
            useCases:
              Login:
                request: { username: String }
                response: { firstName: String?, error: String? }
                viewModel: { message: String }
                interactor:
                  - call: AuthWorker.login
                    with: { username: request.username }
                    as: auth
                    onError:
                      - respond: { error: auth.error }
                  - store: { firstName: auth.firstName }
                  - respond: { firstName: auth.firstName }
                presenter:
                  message: 'response.error ?? "Welcome, \(response.firstName ?? "")\u{1B}[2J"'
                view:
                  - show: message
        story:
          - appear: Login
          - do: Login.Login
            title: "Wrong\e]0;title\a user \e[2J"
            request: { username: "bob\e[H\e[2J" }
            expect:
              shown: { message: "Invalid\e[5m credentials\u0007" }
          - do: Login.Login
            title: "Right\r\e[Kforged"
            request: { username: ann }
            expect:
              shown: { message: "nope\e[31m" }
        """#

    /// What a terminal could obey besides SceneFlow's own colours: any control character but newline and tab, and
    /// with colour on, any escape sequence other than `ESC [ n;… m` with the colours SceneFlow uses.
    static func obeyed(_ text: String, colour: Bool) -> [String] {
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1B, colour, index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
                let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<min(end, scalars.count)]))
                let allowed = Set(["0", "1", "2", "22", "39"] + (30...37).map(String.init) + (90...97).map(String.init))
                if end < scalars.count, scalars[end] == "m", parameters.split(separator: ";").allSatisfy({ allowed.contains(String($0)) }) {
                    index = end + 1
                    continue
                }
            }
            if (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(value) {
                found.append(String(format: "U+%04X at %d", value, index))
            }
            index += 1
        }
        return found
    }

    @Test("escape sequences in every string field reach no terminal, from any command", arguments: ["never", "always"])
    func terminalInjection(color: String) throws {
        let dir = try folder(["evil.yml": Self.injected, "many/\u{1B}[2Jevil\u{07}.yml": Self.injected])
        #expect(try CLI.subprocess(["run", "evil.yml", "--out", "out", "--quiet"], in: dir).status == 0)
        let commands: [[String]] = [
            ["validate", "many"], ["validate", "many", "--format", "json"], ["run", "evil.yml", "--out", "out"],
            ["run", "evil.yml", "--out", "out", "--json"], ["explain", "out/evil/trace.jsonl"], ["check", "many"], ["check", "evil.yml"],
            ["diff", "out/evil/trace.jsonl", PackagePaths.root.appendingPathComponent("Output/Login/trace.jsonl").path],
            ["coverage", "many", "--out", "out2"], ["render", "out/evil/trace.jsonl", "--out", "out3"],
            ["export", "out/evil/trace.jsonl", "--format", "mermaid"], ["export", "out/evil/trace.jsonl", "--format", "plantuml"],
            ["compare", "evil.yml", "--out", "out4"],
        ]
        for command in commands {
            let result = try CLI.subprocess(command + ["--color", color], in: dir, timeout: 60)
            #expect([0, 1].contains(result.status), "\(command): \(result.stderr)")
            #expect(Self.obeyed(result.stdout, colour: color == "always").isEmpty, "\(command) stdout")
            #expect(Self.obeyed(result.stderr, colour: color == "always").isEmpty, "\(command) stderr")
            if color == "never" { #expect(!(result.stdout + result.stderr).unicodeScalars.contains("\u{1B}"), "\(command)") }
        }
        let quiz = try CLI.subprocess(["explain", "out/evil/trace.jsonl", "--quiz", "--color", color],
                               stdin: "\u{1B}]0;x\u{07}\n\u{1B}[2J\n1\n", in: dir, timeout: 60)
        #expect(Self.obeyed(quiz.stdout, colour: color == "always").isEmpty)
    }

    @Test("method signatures, titles and names have lengths and shapes; a worker named like a component is a warning")
    func shapes() throws {
        let dir = try folder([
            "w.yml": "scenario: W\nstart: A\nscenes:\n  A:\n    workers:\n      APresenter:\n        get:\n          output: Int\n          result: 1\n          method: \"get\\e[2J()\"\n",
            "t.yml": "scenario: \(String(repeating: "t", count: 201))\nstart: A\nscenes:\n  A: {}\n",
            "m.yml": "scenario: M\nstart: A\nscenes:\n  A:\n    workers:\n      W:\n        get:\n          output: Int\n          result: 1\n          method: \(String(repeating: "m", count: 300))()\n",
            "k.yml": "scenario: K\nstart: A\nscenes:\n  A:\n    dataStore: { \(String(repeating: "k", count: 257)): Int }\n",
        ])
        let worker = try CLI.subprocess(["validate", "w.yml", "--color", "never"], in: dir)
        #expect(worker.status == 1)
        #expect(worker.stderr == """
            w.yml:6:7: warning: worker 'APresenter' has the name of the presenter of scene 'A'; diagrams and traces will show two 'APresenter'
                  APresenter:
                  ^
            note: name workers for the work they do, e.g. 'AuthWorker'
            w.yml:10:19: error: 'get\u{FFFD}[2J()' is not a method signature; write e.g. 'presentLogin(response:)' or 'viewDidLoad()'
                      method: "get\\e[2J()"
                              ^
            ✗ 1 of 1 scenario invalid (1 error, 1 warning)

            """)
        let title = try CLI.subprocess(["validate", "t.yml", "--color", "never"], in: dir)
        #expect(title.stderr.hasPrefix("t.yml:1:11: error: 'scenario' (the scenario's title) is 201 characters long; a title is at most 200\n"))
        let method = try CLI.subprocess(["validate", "m.yml", "--color", "never"], in: dir)
        #expect(method.stderr.hasPrefix("m.yml:10:19: error: this method signature is 302 bytes long; a signature is at most 256\n"))
        let key = try CLI.subprocess(["validate", "k.yml", "--color", "never"], in: dir)
        #expect(key.status == 1)
        #expect(key.stderr.hasPrefix("k.yml:5:18: error: this key is 257 bytes long; a name is at most 256\n"), "\(key.stderr)")
    }
}
