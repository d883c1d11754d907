import Foundation
import SceneFlowCLI
import Testing
import TestSupport

/// Runs `sceneflow` as a user would, and checks output and exit codes.
@Suite("sceneflow command line")
struct CLITests {
    @Test("validate: a clean folder of scenarios exits 0")
    func validateExamples() throws {
        let result = try CLI.run(["validate", "Scenarios/"])
        #expect(result.status == 0)
        #expect(result.stderr == "✓ 8 scenarios valid (0 errors, 0 warnings)\n")
        #expect(result.stdout == "")
    }

    @Test("validate: errors print compiler-style with an excerpt and exit 1")
    func validateErrors() throws {
        let file = try CLI.temporaryFile("""
            scenario: S
            scenes:
              Login:
                routes:
                  toHome: { to: Hme }
              Home: {}
            """)
        let result = try CLI.run(["validate", file.path, "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            \(file.path):5:21: error: route 'toHome' leads to unknown scene 'Hme'
                  toHome: { to: Hme }
                                ^
            note: did you mean 'Home'?
            \(file.path):6:3: warning: scene 'Home' is never reached: no route leads to it and no story step shows it
              Home: {}
              ^
            note: add a route to it, an 'appear: Home' story step, or remove it
            ✗ 1 of 1 scenario invalid (1 error, 1 warning)

            """)
    }

    @Test("validate: warnings pass, --strict makes them fail")
    func strict() throws {
        let file = try CLI.temporaryFile("scenario: S\nscenes:\n  A: {}\n  B: {}\n")
        #expect(try CLI.run(["validate", file.path]).status == 0)
        let strict = try CLI.run(["validate", "--strict", file.path])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasSuffix("✗ 0 of 1 scenario invalid (0 errors, 1 warning; --strict treats warnings as errors)\n"))
    }

    @Test("validate --format json prints the report document: diagnostics with ids, the counts, status and version")
    func json() throws {
        let file = try CLI.temporaryFile("scenario: S\npattern: vip\nscenes:\n  A: {}\n")
        let result = try CLI.run(["validate", "--format", "json", file.path])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            {
              "command" : "validate",
              "diagnostics" : [
                {
                  "column" : 10,
                  "file" : "\(file.path)",
                  "id" : "scenario/unknown-name",
                  "line" : 2,
                  "message" : "unknown pattern 'vip'",
                  "notes" : [
                    {
                      "message" : "did you mean 'viper'?"
                    },
                    {
                      "message" : "patterns: clean-swift, swiftui, appstate, viper"
                    }
                  ],
                  "severity" : "error"
                }
              ],
              "result" : {
                "errors" : 1,
                "files" : 1,
                "strict" : false,
                "valid" : 0,
                "warnings" : 0
              },
              "status" : "fails",
              "version" : 1
            }

            """)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).json")
        try Data(result.stdout.utf8).write(to: report)
        #expect(try SchemaValidator.validate(schema: PackagePaths.root.appendingPathComponent("docs/report.schema.json"), files: [report])
                == ["valid \(report.path)"])
    }

    @Test("validate --format github writes a workflow annotation per diagnostic: place, id as title, notes joined, escaped")
    func github() throws {
        let file = try CLI.temporaryFile("scenario: S\npattern: vip\nscenes:\n  A: {}\n", name: "a,b.yml")
        let result = try CLI.run(["validate", "--format", "github", "--color", "never", file.path])
        #expect(result.status == 1)
        #expect(result.stdout == "::error file=\(file.path.replacingOccurrences(of: ",", with: "%2C")),line=2,col=10,title=scenario/unknown-name"
                + "::unknown pattern 'vip'%0Anote: did you mean 'viper'?%0Anote: patterns: clean-swift, swiftui, appstate, viper\n")
        #expect(result.stderr == "✗ 1 of 1 scenario invalid (1 error, 0 warnings)\n")
    }

    @Test("--verbose prints every diagnostic's id; --quiet and --verbose together are a usage error")
    func verbosity() throws {
        let file = try CLI.temporaryFile("scenario: S\npattern: vip\nscenes:\n  A: {}\n")
        let plain = try CLI.run(["validate", "--color", "never", file.path])
        #expect(plain.stderr.hasPrefix("\(file.path):2:10: error: unknown pattern 'vip'\n"))
        let verbose = try CLI.run(["validate", "--color", "never", "--verbose", file.path])
        #expect(verbose.stderr.hasPrefix("\(file.path):2:10: error: unknown pattern 'vip' [scenario/unknown-name]\n"))
        let both = try CLI.run(["validate", "-q", "-v", file.path])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: --quiet and --verbose ask for opposite things; give one\n"))
    }

    @Test("usage errors exit 2", arguments: [["validate"], ["validate", "--format", "xml", "x.yml"], ["frobnicate"]])
    func usage(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Run 'sceneflow --help' for usage."))
    }

    @Test("a missing file, a directory of nothing and a folder name are reported")
    func missingFiles() throws {
        let missing = try CLI.run(["validate", "no/such.yml"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no such file: no/such.yml\n"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try CLI.run(["validate", empty.path]).status == 2)
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        #expect(try CLI.run(["--version"]).stdout == "0.1.0\n")
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        // The subcommands by what they work on, the tools apart; the helpers' sides hidden.
        let listed = help.stdout.split(separator: "\n").compactMap { line -> String? in
            if line.hasSuffix("SUBCOMMANDS:") { return String(line) }
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return name.hasPrefix("-") ? nil : String(name)
        }
        #expect(listed == ["SCENARIOS SUBCOMMANDS:", "validate", "run", "explain", "check", "diff", "coverage",
                           "DIAGRAMS AND EXPORTS SUBCOMMANDS:", "render", "export", "compare",
                           "APP CODE SUBCOMMANDS:", "import", "map", "drift", "generate", "translate", "init",
                           "TOOLS SUBCOMMANDS:", "synth"])
    }

    @Test("one grammar in every command's help: -o/--output names a file, --out a folder, nothing else spells either")
    func grammar() throws {
        let commands = ["validate", "run", "explain", "check", "diff", "coverage", "render", "export", "compare", "import", "map",
                        "drift", "generate", "translate", "init", "synth"]
        var outputs: [String] = [], folders: [String] = []
        for command in commands {
            let help = try CLI.run(["help", command])
            #expect(help.status == 0, "\(command)")
            for line in help.stdout.split(separator: "\n") where line.hasPrefix("  -") {
                let option = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 3)
                let spelled = option.prefix { !$0.hasPrefix("<") }.joined(separator: " ")
                let value = option.first { $0.hasPrefix("<") }.map(String.init)
                if spelled.contains("-o,") || spelled.contains("--output") {
                    #expect(spelled == "-o, --output" && value == "<file>", "\(command): \(line)")
                    outputs.append(command)
                }
                if spelled == "--out" {
                    #expect(value == "<dir>", "\(command): \(line)")
                    folders.append(command)
                }
            }
        }
        #expect(outputs == ["export", "import", "translate", "synth"])
        #expect(folders == ["run", "explain", "coverage", "render", "compare", "map", "generate"])
    }

    @Test("generate's old -o still writes the package, with a warning to use --out")
    func generateOldSpelling() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-gen-\(UUID().uuidString)")
        let result = try CLI.run(["generate", "Scenarios/Counter-SwiftUI.yml", "-o", folder.path, "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("warning: -o is deprecated for generate (elsewhere it names a file); use --out DIR\n"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
        let both = try CLI.run(["generate", "Scenarios/Counter-SwiftUI.yml", "-o", folder.path, "--out", folder.path])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: give the folder once, with --out\n"))
        let neither = try CLI.run(["generate", "Scenarios/Counter-SwiftUI.yml"])
        #expect(neither.status == 2)
        #expect(neither.stderr.hasPrefix("Error: Missing expected argument '--out <dir>'\n"))
    }

    @Test("shell completion scripts are generated")
    func completion() throws {
        let result = try CLI.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("_sceneflow"))
    }
}

/// Finds and runs the `sceneflow` binary that `swift build` put next to the test bundle.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        get throws {
            var folder = Bundle.main.bundleURL
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("sceneflow")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder.deleteLastPathComponent()
            }
            throw CLIError.notBuilt(Bundle.main.bundleURL.path)
        }
    }

    enum CLIError: Error, CustomStringConvertible {
        case notBuilt(String)
        var description: String {
            switch self {
            case .notBuilt(let path): "no sceneflow binary near \(path); run 'swift build' before 'swift test'"
            }
        }
    }

    /// Runs `sceneflow` with `arguments`: in this process through `SceneFlowCLI` (its own streams, standard input
    /// from `stdin`), or as a process of its own when what the test holds needs one — a folder to run in, an
    /// environment, a memory bound, a watchdog shorter than the default, a `/dev/` path naming this process's
    /// descriptors, or a helper's side (`render-pages`, `vet-swift`: they read the process's own standard input).
    /// `process: true` asks for one; the hostile-input tests call `subprocess` directly.
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL = PackagePaths.root,
                    environment: [String: String] = [:], timeout: TimeInterval = 120, addressSpace: Int? = nil,
                    process: Bool = false) throws -> Result {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        if process || addressSpace != nil || !environment.isEmpty || timeout != 120
            || directory.standardizedFileURL.path != here.path || arguments.contains(where: { $0.hasPrefix("/dev/") })
            || ["render-pages", "vet-swift"].contains(arguments.first) {
            return try subprocess(arguments, stdin: stdin, in: directory, environment: environment, timeout: timeout,
                                  addressSpace: addressSpace)
        }
        return try inProcess(arguments, stdin: stdin)
    }

    /// Runs a command in this process, with streams of its own.
    static func inProcess(_ arguments: [String], stdin: String? = nil) throws -> Result {
        final class Streams: @unchecked Sendable {
            let lock = NSLock()
            var out = Data(), err = Data()
            var lines: [Substring]
            init(_ input: String?) {
                var lines = input.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
                if input?.hasSuffix("\n") == true { lines.removeLast() }
                self.lines = lines
            }
        }
        let streams = Streams(stdin)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let invocation = Invocation(
            write: { descriptor, data in
                streams.lock.withLock { if descriptor == 2 { streams.err.append(data) } else { streams.out.append(data) } }
            },
            readLine: { limit in
                streams.lock.withLock {
                    guard !streams.lines.isEmpty else { return nil }
                    var line = Array(streams.lines.removeFirst().utf8.prefix(limit))
                    if line.last == 0x0D { line.removeLast() }
                    return String(decoding: line, as: UTF8.self)
                }
            },
            isTerminal: { _ in false }, environment: environment, executable: try binary, columns: 80)
        let status = SceneFlowCLI.run(arguments, in: invocation)
        return streams.lock.withLock {
            Result(status: status, stdout: String(decoding: streams.out, as: UTF8.self), stderr: String(decoding: streams.err, as: UTF8.self))
        }
    }

    /// Runs the built `sceneflow` binary; a run still going after `timeout` seconds is killed (and its status is
    /// SIGKILL's). `addressSpace` (bytes) bounds the child's memory (`ulimit -v`): a run that would grow past it fails
    /// instead of taking the machine.
    static func subprocess(_ arguments: [String], stdin: String? = nil, in directory: URL = PackagePaths.root,
                           environment: [String: String] = [:], timeout: TimeInterval = 120, addressSpace: Int? = nil) throws -> Result {
        let process = Process()
        if let addressSpace {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(addressSpace / 1024) && exec \"$0\" \"$@\"", try binary.path] + arguments
        } else {
            process.executableURL = try binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A scenario file in a fresh temporary folder.
    static func temporaryFile(_ text: String, name: String = "scenario.yml") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}

@Suite("sceneflow run")
struct RunCommandTests {
    func outputFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-out-\(UUID().uuidString)")
    }

    @Test("a story that completes exits 0 and writes Output/<name>/trace.jsonl")
    func completes() throws {
        let out = outputFolder()
        let result = try CLI.run(["run", "Scenarios/Login.yml", "--out", out.path, "--quiet"])
        #expect(result.status == 0)
        let folder = "\(out.path)/Login"
        #expect(result.stdout == """
            ✓ story completed: 3 cycles, 39 messages, scenes Login, Home, 240 ms simulated
              trace: \(folder)/trace.jsonl
              diagrams: \(folder)/sequence.svg, \(folder)/dependencies.svg, \(folder)/flow.svg, \(folder)/cycle.svg
              report: \(folder)/index.html

            """)
        #expect(result.stderr == "")
        let trace = try String(contentsOf: out.appendingPathComponent("Login/trace.jsonl"), encoding: .utf8)
        let golden = try String(contentsOf: PackagePaths.tests.appendingPathComponent("SceneEngineTests/Goldens/Login.jsonl"), encoding: .utf8)
        #expect(trace == golden)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
            "cycle.dot", "cycle.svg", "dependencies.dot", "dependencies.svg", "flow.dot", "flow.svg", "index.html",
            "mistakes", "sequence.dot", "sequence.svg", "trace.jsonl",
        ], "the .dot is written next to each drawing, the report beside them, and nothing else is left behind")
        // The mistakes gallery is a page of the report, linked from its header and linking back.
        let report = try String(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("index.html"), encoding: .utf8)
        #expect(report.contains(##"<a href="#story">Story</a><a href="mistakes/index.html">Mistakes</a></nav>"##))
        let gallery = try String(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("mistakes/index.html"), encoding: .utf8)
        #expect(gallery.contains(#"<p><a href="../index.html">← the run&#39;s report</a></p><h1>Mistakes in Clean Swift — Sign in, each rule broken on purpose</h1>"#))
        #expect(gallery.contains("<code>clean-swift/one-way</code>"))
    }

    @Test("the readable trace: one line per message, indented, then the summary")
    func readable() throws {
        let result = try CLI.run(["run", "Scenarios/Counter-AppState.yml", "--out", outputFolder().path, "--color", "never"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(13)) == [
            "Counter (AppState)  (appstate, Scenarios/Counter-AppState.yml)",
            "     0 ms  SomeConfigurator → SomeView  interactor = SomeInteractor",
            "     0 ms  SomeConfigurator → SomeInteractor  appState = AppState",
            "     0 ms  SomeConfigurator → SomeView  appState = AppState",
            "     0 ms  SomeView → SomeView  onAppear()",
            "     0 ms    SomeView → User  shows count = 1",
            "",
            "── cycle 1 · Some.DoSomething · Tap \"add 1\" ── (story step 1)",
            "     0 ms    User → SomeView  DoSomething",
            "     0 ms      SomeView → SomeInteractor  doSomething()",
            "     0 ms        SomeInteractor → AppState  someInt = 2",
            "     0 ms          AppState → SomeView  body",
            "     0 ms            SomeView → User  shows count = 2",
        ])
    }

    @Test("a story step that runs no cycle of its own (appear, back, route) gets its own heading with its title")
    func stepHeadings() throws {
        let result = try CLI.run(["run", "Scenarios/Repositories.yml", "--out", outputFolder().path, "--color", "never"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.filter { $0.hasPrefix("──") } == [
            "── story step 1 · appear RepositoryList · The list appears and fetches ──",
            "── cycle 1 · RepositoryList.FetchRepositories · RepositoryList appears ── (story step 1)",
            "── cycle 2 · RepositoryList.SelectRepository · Tap the second row ── (story step 2)",
            "── cycle 3 · RepositoryShow.FetchRepository · RepositoryShow appears ── (story step 2)",
            "── story step 3 · back · Back to the list ──",
            "── cycle 4 · RepositoryList.SelectRepository · Tap a row that does not exist ── (story step 4)",
        ])
        let back = try #require(lines.firstIndex(of: "── story step 3 · back · Back to the list ──"))
        #expect(lines[back - 1] == "" && lines[back + 1]
                == "   500 ms  User → RepositoryListViewController  popViewController(animated:) [back to RepositoryList#1]",
                "the step's message prints under its own heading, not the previous cycle's")
    }

    @Test("an invalid scenario exits 1 with its diagnostics and writes nothing")
    func invalid() throws {
        let out = outputFolder()
        let file = try CLI.temporaryFile("scenario: S\nscenes:\n  A:\n    routes: { go: Nowhere }\n", name: "Bad.yml")
        let result = try CLI.run(["run", file.path, "--out", out.path, "--color", "never"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(file.path):4:19: error: route 'go' leads to unknown scene 'Nowhere'\n"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a run-time error exits 1, points at the scenario, and keeps the trace up to it")
    func runtimeError() throws {
        let out = outputFolder()
        let file = try CLI.temporaryFile("""
            scenario: Root
            scenes:
              A: {}
            story:
              - back
            """, name: "Root.yml")
        let result = try CLI.run(["run", file.path, "--out", out.path, "--color", "never", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            \(file.path):5:5: error: there is nothing to go back to: 'A' is the root
              - back
                ^

            """)
        #expect(result.stdout.hasPrefix("✗ run stopped: 0 cycles, 7 messages, scenes A, 0 ms simulated"))
        let trace = try String(contentsOf: out.appendingPathComponent("Root/trace.jsonl"), encoding: .utf8)
        #expect(trace.split(separator: "\n").last == #"{"end":"failed","messages":7,"cycles":0,"t":0,"error":"there is nothing to go back to: 'A' is the root","at":"\#(file.path):5:5"}"#)
    }

    @Test("--max-messages stops a looping story")
    func budget() throws {
        let file = try CLI.temporaryFile("""
            scenario: Loop
            scenes:
              A:
                useCases:
                  Go: { trigger: appear, interactor: [{ respond: {} }], view: [{ route: toA }] }
                routes: { toA: A }
            """, name: "Loop.yml")
        let result = try CLI.run(["run", file.path, "--out", outputFolder().path, "--quiet", "--max-messages", "300", "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the run reached 300 messages and stopped: the launch has run 25 cycles without ending, 25 of them A.Go: its routes loop"))
        #expect(try CLI.run(["run", file.path, "--max-messages", "0"]).status == 2)
    }

    @Test("--format json prints the report document with the run's summary; --json, its old spelling, still does, with a warning")
    func json() throws {
        let out = outputFolder()
        let result = try CLI.run(["run", "Scenarios/Counter-SwiftUI.yml", "--out", out.path, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            {
              "command" : "run",
              "diagnostics" : [

              ],
              "result" : {
                "cycles" : 2,
                "diagrams" : [
                  "\(out.path)/Counter-SwiftUI/sequence.dot",
                  "\(out.path)/Counter-SwiftUI/sequence.svg",
                  "\(out.path)/Counter-SwiftUI/dependencies.dot",
                  "\(out.path)/Counter-SwiftUI/dependencies.svg",
                  "\(out.path)/Counter-SwiftUI/flow.dot",
                  "\(out.path)/Counter-SwiftUI/flow.svg",
                  "\(out.path)/Counter-SwiftUI/cycle.dot",
                  "\(out.path)/Counter-SwiftUI/cycle.svg"
                ],
                "messages" : 17,
                "report" : "\(out.path)/Counter-SwiftUI/index.html",
                "scenes" : [
                  "Some"
                ],
                "story" : "completed",
                "time" : 0,
                "trace" : "\(out.path)/Counter-SwiftUI/trace.jsonl"
              },
              "status" : "ok",
              "version" : 1
            }

            """)
        let old = try CLI.run(["run", "Scenarios/Counter-SwiftUI.yml", "--out", out.path, "--json", "--color", "never"])
        #expect(old.status == 0)
        #expect(old.stdout == result.stdout.replacingOccurrences(of: "\"diagnostics\" : [\n\n  ]", with: """
            "diagnostics" : [
                {
                  "id" : "usage/deprecated",
                  "message" : "--json is deprecated; use --format json",
                  "notes" : [

                  ],
                  "severity" : "warning"
                }
              ]
            """))
        // A scenario that does not load: its errors in the document, status error, exit 2.
        let bad = try CLI.temporaryFile("scenario: S\nscenes: {}\n")
        let invalid = try CLI.run(["run", bad.path, "--out", out.path, "--format", "json"])
        #expect(invalid.status == 2)
        let document = try JSONSerialization.jsonObject(with: Data(invalid.stdout.utf8)) as? [String: Any]
        #expect(document?["status"] as? String == "error")
        #expect((document?["diagnostics"] as? [[String: Any]])?.map { $0["id"] as? String } == ["scenario/missing"])
    }

    @Test("output folders are named safely from the scenario's file name")
    func folderNames() throws {
        let out = outputFolder()
        let file = try CLI.temporaryFile("scenario: S\nscenes:\n  A: {}\n", name: "..My Flow (v2)!.yml")
        #expect(try CLI.run(["run", file.path, "--out", out.path, "--quiet"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["My-Flow--v2--"])
    }

    @Test("a scenario file named like a Windows device gets a folder that is not one")
    func reservedFolderNames() throws {
        let out = outputFolder()
        let file = try CLI.temporaryFile("scenario: S\nscenes:\n  A: {}\n", name: "con.yml")
        #expect(try CLI.run(["run", file.path, "--out", out.path, "--quiet"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["_con"])
    }

    @Test("synth refuses a repeat count out of range")
    func synthRepeatRange() throws {
        let result = try CLI.run(["synth", "--repeat", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --repeat must be between 1 and 1000000000\n"))
    }

    @Test("--format png,pdf renders in process; --no-diagrams writes the trace only")
    func formats() throws {
        let out = outputFolder()
        let result = try CLI.run(["run", "Scenarios/Counter-SwiftUI.yml", "--out", out.path, "--quiet",
                                  "--image-format", "png,pdf", "--diagram", "sequence"])
        #expect(result.status == 0)
        let folder = out.appendingPathComponent("Counter-SwiftUI")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["index.html", "mistakes", "sequence.dot", "sequence.pdf", "sequence.png", "trace.jsonl"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("sequence.png")).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let bare = outputFolder()
        #expect(try CLI.run(["run", "Scenarios/Counter-SwiftUI.yml", "--out", bare.path, "--quiet", "--no-diagrams"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bare.appendingPathComponent("Counter-SwiftUI").path) == ["trace.jsonl"])
        #expect(try CLI.run(["run", "Scenarios/Counter-SwiftUI.yml", "--format", "gif"]).status == 2)
        #expect(try CLI.run(["run", "Scenarios/Counter-SwiftUI.yml", "--from", "3", "--to", "2"]).status == 2)
    }

    @Test("render draws from a trace without re-running, and reports a broken trace")
    func render() throws {
        let out = outputFolder()
        #expect(try CLI.run(["run", "Scenarios/Login.yml", "--out", out.path, "--quiet", "--no-diagrams"]).status == 0)
        let trace = out.appendingPathComponent("Login/trace.jsonl")
        let result = try CLI.run(["render", trace.path, "--diagram", "sequence", "--detail", "scene"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(out.path)/Login/sequence.dot\n\(out.path)/Login/sequence.svg\n")
        let svg = try String(contentsOf: out.appendingPathComponent("Login/sequence.svg"), encoding: .utf8)
        #expect(svg.contains(">Login<") && svg.contains("Home #1"))
        let broken = try CLI.temporaryFile("{\"sceneflowTrace\":1}\n", name: "broken.jsonl")
        let failure = try CLI.run(["render", broken.path, "--color", "never"])
        #expect(failure.status == 2)
        #expect(failure.stderr == "\(broken.path):1:1: error: missing 'scenario'\n{\"sceneflowTrace\":1}\n^\n")
    }
}

@Suite("sceneflow compare")
struct CompareCommandTests {
    @Test("one story in every pattern: the others translated, the same values at every step, lined up step by step")
    func compare() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-cmp-\(UUID().uuidString)")
        let result = try CLI.run(["compare", "Scenarios/CreateIceCream.yml", "--patterns", "clean-swift,appstate,viper",
                                  "--out", out.path])
        #expect(result.status == 0)
        #expect(result.stdout == """
            clean-swift:
              1 cycle, 16 messages, 8.0 per cycle; 0 fields passed between scenes; writes: none
              paths: View → Interactor (…BusinessLogic); Interactor → Worker; Interactor → Presenter (…PresentationLogic); Presenter → View (…DisplayLogic)
            appstate:
              1 cycle, 20 messages, 12.0 per cycle; 0 fields passed between scenes; writes: Interactor → AppState
              translated; shows the same values as the original at every story step
              paths: View → Interactor; Interactor → Worker; Interactor → AppState; AppState → View
              only here: Interactor → AppState; AppState → View
            viper:
              1 cycle, 16 messages, 9.0 per cycle; 0 fields passed between scenes; writes: none
              translated; shows the same values as the original at every story step
              paths: View → Presenter (…PresenterProtocol); Presenter → Interactor (…InteractorInputProtocol); Interactor → Worker (…IceCreamWorkerInputProtocol); Interactor → Presenter (…InteractorOutputProtocol); Presenter → View (…ViewProtocol)
              only here: View → Presenter (…PresenterProtocol); Presenter → Interactor (…InteractorInputProtocol)
              step by step: \(out.path)/CreateIceCream/compare/index.html

            """)
        let folder = out.appendingPathComponent("CreateIceCream/compare")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["appstate", "clean-swift", "index.html", "viper"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("viper").path).sorted()
            == ["dependencies.dot", "dependencies.svg", "scenario.yml", "sequence.dot", "sequence.svg", "steps", "trace.jsonl"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("clean-swift/scenario.yml").path),
                "the scenario's own pattern runs the file as written")
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h2>Step 1 of 1 · The view appears (appear CreateIceCream)</h2>"))
        #expect(page.contains("<li>ViewModel: Presenter → View in clean-swift and viper; none in appstate.</li>"))
        #expect(page.contains("<img loading=\"lazy\" src=\"viper/steps/1/sequence.svg\""))
        #expect(!page.contains("<script"))
        #expect(try CLI.run(["compare", "Scenarios/CreateIceCream.yml", "--patterns", "mvvm"]).status == 2)
    }

    @Test("a pattern the story cannot be said in is listed with the reason; with no pattern left to run, exit 1")
    func refused() throws {
        let scenario = try CLI.temporaryFile("""
            scenario: Shared
            pattern: appstate
            appState: { count: Int = 0 }
            scenes:
              A:
                view: { shows: { count: appState.count } }
                useCases:
                  Add:
                    interactor: [{ store: { count: appState.count + 1 } }]
                    view: [{ route: toB }]
                routes: { toB: { to: B } }
              B:
                view: { shows: { total: appState.count } }
            story:
              - do: A.Add
                expect: { scene: B, shown: { total: 1 } }
            """)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-cmp-\(UUID().uuidString)")
        let result = try CLI.run(["compare", scenario.path, "--patterns", "appstate,clean-swift", "--out", out.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            clean-swift:
              cannot be expressed: AppState's 'count' is used by 'A' and 'B'; a VIP scene keeps its own DataStore, so say which scene owns it and how the other gets it (a route's 'pass:')

            """))
        #expect(try CLI.run(["compare", scenario.path, "--patterns", "clean-swift", "--out", out.path]).status == 1)
    }
}

@Suite("sceneflow translate")
struct TranslateCommandTests {
    @Test("to standard output, to a file (never over one without --force), refused with reasons, usage errors")
    func translate() throws {
        let printed = try CLI.run(["translate", "Scenarios/Counter-SwiftUI.yml", "--to", "appstate"])
        #expect(printed.status == 0)
        #expect(printed.stderr == "")
        #expect(printed.stdout.hasPrefix("# Counter (SwiftUI VIP): translated from swiftui (Counter-SwiftUI.yml) to appstate by 'sceneflow translate'.\n"))
        #expect(printed.stdout.contains("appState:\n  someInt: { type: Int, default: 0 }\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-tr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Posts-clean.yml")
        let written = try CLI.run(["translate", "Scenarios/PostList-VIPER.yml", "--to", "clean-swift", "-o", file.path])
        #expect(written.status == 0)
        #expect(written.stderr == "Posts (VIPER) in clean-swift: \(file.path)\n")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("fixture:"), "a file written away from the scenario carries its fixtures inline")
        #expect(try CLI.run(["validate", file.path]).status == 0)
        let again = try CLI.run(["translate", "Scenarios/PostList-VIPER.yml", "--to", "clean-swift", "-o", file.path, "--color", "never"])
        #expect(again.status == 2)
        #expect(again.stderr == "error: \(file.path) exists; --force overwrites it\n")
        #expect(try CLI.run(["translate", "Scenarios/PostList-VIPER.yml", "--to", "clean-swift", "-o", file.path, "--force"]).status == 0)
        let same = try CLI.run(["translate", "Scenarios/Login.yml", "--to", "clean-swift", "--color", "never"])
        #expect(same.status == 2)
        #expect(same.stderr == "error: Scenarios/Login.yml is already written in clean-swift\n")
        let unknown = try CLI.run(["translate", "Scenarios/Login.yml", "--to", "mvvm"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown pattern 'mvvm'; use clean-swift, swiftui, appstate, viper"))
    }

    @Test("what cannot be said in the pattern is refused with each reason, and a scenario that does not load with its diagnostics; nothing is written")
    func refused() throws {
        let shared = try CLI.temporaryFile("""
            scenario: Shared
            pattern: appstate
            appState: { count: Int = 0 }
            scenes:
              A:
                view: { shows: { count: appState.count } }
                useCases:
                  Add:
                    interactor: [{ store: { count: appState.count + 1 } }]
                    view: [{ route: toB }]
                routes: { toB: { to: B } }
              B:
                view: { shows: { total: appState.count } }
            """)
        let out = shared.deletingLastPathComponent().appendingPathComponent("out-\(UUID().uuidString).yml")
        let result = try CLI.run(["translate", shared.path, "--to", "clean-swift", "-o", out.path, "--color", "never"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(shared.path) cannot be said in clean-swift:\n  AppState's 'count' is used by 'A' and 'B'; a VIP scene keeps its own DataStore, so say which scene owns it and how the other gets it (a route's 'pass:')\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // An imported scenario whose Interactor stores a value still to fill: SwiftUI VIP's View would get it untyped.
        let placeholder = try CLI.temporaryFile("""
            scenario: Todo
            scenes:
              A:
                dataStore: { items: "[String]" }
                useCases:
                  Load:
                    trigger: load
                    interactor: [{ store: { items: todo } }, { respond: { count: dataStore.items.count } }]
                    response: { count: Int }
                    viewModel: { text: String }
                    presenter: { text: '"\\(response.count)"' }
                    view: [{ show: text }]
            """, name: "placeholder.yml")
        let unfilled = try CLI.run(["translate", placeholder.path, "--to", "swiftui", "-o", out.path, "--color", "never"])
        #expect(unfilled.status == 2)
        #expect(unfilled.stderr == "error: \(placeholder.path) cannot be said in swiftui:\n  A.Load: the Interactor stores a value still to fill ('todo'); SwiftUI VIP's View gets it in the Response, typed: fill it first\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let broken = try CLI.temporaryFile("scenario: S\nscenes:\n  A:\n    useCases:\n      Go: { interactor: [{ respnd: {} }] }\n", name: "broken.yml")
        let invalid = try CLI.run(["translate", broken.path, "--to", "viper", "--color", "never"])
        #expect(invalid.status == 2)
        #expect(invalid.stdout == "")
        #expect(invalid.stderr.contains("\(broken.path):5:28: error: unknown step 'respnd'"))
    }
}
