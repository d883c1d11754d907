import Foundation
import SceneFlowKit
import Testing
import TestSupport
import TraceFormat
import ScenarioSpec

/// Round three of hostile input: Swift files written to hurt the importer, the writers' destinations, the helpers'
/// paths. Each class is closed at its mechanism; each test feeds one and checks the exact words and exit code.
@Suite("Hostile input, round three")
struct HostileRoundThreeTests {
    /// A folder holding the `current` import fixture and `extra` files beside it.
    func appFolder(with extra: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-swift-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/current/Shop"), to: app)
        for (name, text) in extra { try Data(text.utf8).write(to: app.appendingPathComponent(name)) }
        return folder
    }

    @Test("a file the parser would take too long on is refused by name once the budget is spent; the others are read")
    func parseBudget() throws {
        // Nested `#if`s: the parser's time grows faster than the file (150 KB take it seconds in a debug build).
        let slow = String(repeating: "#if A\n", count: 25_000) + String(repeating: "#endif\n", count: 25_000)
        let folder = try appFolder(with: ["Slow.swift": slow])
        let output = folder.appendingPathComponent("app.yml")
        let start = Date()
        let result = try CLI.subprocess(["import", folder.appendingPathComponent("App").path, "-o", output.path],
                                 environment: ["SCENEFLOW_PARSE_BUDGET": "1"], timeout: 60)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: App/Slow.swift is not read: parsing it took more than 1 s\n"), "\(result.stderr)")
        #expect(result.stderr.contains("2 scenes, "), "\(result.stderr)")
    }

    @Test("the vetting helper: a file it crashes on or does not answer for in time is refused by name, and a new helper goes on")
    func vettingHelper() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-vet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let helper = folder.appendingPathComponent("helper")
        try Data("""
            #!/bin/bash
            # Stands in for `sceneflow vet-swift`: crashes on one file, hangs on another, answers for the rest.
            while IFS= read -r -d '' path; do
              case "$path" in
                *Crash*) kill -SEGV $$ ;;
                *Hang*) exec sleep 60 ;;
                *Deep*) printf '7:nests its syntax more than 1000 levels deep; the file is not read\\0' ;;
                *) printf 'ok\\0' ;;
              esac
            done

            """.utf8).write(to: helper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
        let paths = ["A.swift", "Crash.swift", "B.swift", "Hang.swift", "Deep.swift", "C.swift"].map { folder.appendingPathComponent($0).path }
        let start = Date()
        let refused = SwiftFileVetting.vet(paths, executable: helper, budget: 1)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(refused == [
            paths[1]: "parsing it ended the parser (a stack overflow or a crash)",
            paths[3]: "parsing it took more than 1 s",
            paths[4]: "7:nests its syntax more than 1000 levels deep; the file is not read",
        ])
    }

    @Test("syntax too deep for any reader, or '[' hidden after a raw string, is refused with its place through the command too")
    func deepFilesThroughTheCommand() throws {
        let folder = try appFolder(with: [
            "Generics.swift": "let x: " + String(repeating: "a<", count: 1_500) + "Int" + String(repeating: ">", count: 1_500) + " = 0\n",
            "Raw.swift": "let r = #\"\\\"#; let q = " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n",
            "Members.swift": "let y = a" + String(repeating: ".b", count: 5_000) + "\n",
        ])
        let result = try CLI.subprocess(["map", folder.appendingPathComponent("App").path, "--out", folder.appendingPathComponent("map").path], timeout: 60)
        #expect(result.stderr.contains("App/Generics.swift:1:1: warning: nests generic arguments '<' more than 32 deep; the file is not read"), "\(result.stderr)")
        #expect(result.stderr.contains("App/Members.swift:1:1: warning: nests its syntax more than 1000 levels deep; the file is not read"), "\(result.stderr)")
        #expect(result.stderr.contains("App/Raw.swift:1:1: warning: nests '[' more than 12 deep; the file is not read"), "\(result.stderr)")
    }

    @Test("a path that is no Swift file or folder is said as such, exit 1")
    func notSwift() throws {
        for (path, words) in [("/dev/zero", "is not a Swift file or a folder (a device, a FIFO or a socket is not read)"),
                              ("README.md", "is not a Swift file (.swift) or a folder of them")] {
            let result = try CLI.subprocess(["import", path, "-o", "-"])
            #expect(result.status == 2)
            #expect(result.stderr == "error: \(path) \(words)\n", "\(result.stderr)")
        }
    }

    @Test("thousands of unknown fields: each diagnostic lists a dozen names and counts the rest, 200 are shown and the rest counted, in linear time")
    func diagnosticsInProportion() throws {
        let known = (0..<3_000).map { "a\($0): Int" }.joined(separator: ", ")
        let unknown = (0..<3_000).map { "b\($0): 1" }.joined(separator: ", ")
        let file = try CLI.temporaryFile("""
            scenario: Fields
            scenes:
              A:
                dataStore: { \(known) }
                useCases:
                  Go:
                    interactor:
                      - store: { \(unknown) }

            """)
        let result = try CLI.subprocess(["validate", file.path, "--color", "never"], timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("""
            \(file.path):8:22: error: 'A' DataStore has no field 'b0'
                      - store: { b0: 1, b1: 1, b2: 1, b3: 1, b4: 1, b5: 1, b6: 1, b7: 1, b8: 1, b9: 1, b10: 1, b11: 1, b12: 1, b13: …
                                 ^
            note: did you mean 'a0'?
            note: fields: a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19 and 2980 more

            """), "\(result.stderr.prefix(600))")
        #expect(result.stderr.hasSuffix("""
            … and 2800 more errors and 0 more warnings (the first 200 are shown; --format json lists them all)
            ✗ 1 of 1 scenario invalid (3000 errors, 0 warnings)

            """))
        // Output in proportion to the input (the file is 64 KB; every error once repeated every field name: 60 MB).
        #expect(result.stderr.utf8.count < 100_000)
        let json = try CLI.subprocess(["validate", file.path, "--format", "json"], timeout: 60)
        let listed = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]]
        #expect(listed?.count == 3_000)
    }

    @Test("a valid scenario of twenty thousand fields validates: the checks are linear")
    func manyFields() throws {
        let fields = (0..<20_000).map { "a\($0): Int = 0" }.joined(separator: ", ")
        let stores = (0..<20_000).map { "a\($0): 1" }.joined(separator: ", ")
        let file = try CLI.temporaryFile("""
            scenario: Valid
            scenes:
              A:
                dataStore: { \(fields) }
                useCases:
                  Go:
                    response: { \(fields.replacingOccurrences(of: " = 0", with: "")) }
                    interactor:
                      - store: { \(stores) }
                      - respond: { \(stores) }

            """)
        let result = try CLI.subprocess(["validate", file.path], timeout: 60)
        #expect(result.status == 0)
        #expect(result.stderr == "✓ 1 scenario valid (0 errors, 0 warnings)\n", "\(result.stderr.prefix(600))")
    }

    /// 403 bytes that grow a value to half a megabyte and send it a million times.
    static let multiplying = """
        scenario: Big
        start: A
        scenes:
          A:
            dataStore: { s: { type: String, default: "ab" }, n: { type: Int, default: 0 } }
            useCases:
              Grow:
                response: { s: String }
                interactor:
                  - if: dataStore.n < 18
                    then:
                      - store: { s: dataStore.s + dataStore.s, n: dataStore.n + 1 }
                  - respond: { s: dataStore.s }
        story:
          - do: A.Grow
        repeat: 1000000

        """

    @Test("a run's trace has a byte budget: a small file repeating a large value stops at it with its step, the trace complete to there")
    func traceBudget() throws {
        let file = try CLI.temporaryFile(Self.multiplying, name: "big.yml")
        let folder = file.deletingLastPathComponent()
        let result = try CLI.subprocess(["run", "big.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never", "--max-trace-bytes", "10000000"],
                                 in: folder, timeout: 120, addressSpace: 2 << 30)
        #expect(result.status == 1)
        #expect(result.stderr == """
            big.yml:13:13: error: the run's trace reached its limit of 10000000 bytes at message 178, in story step 1, and stopped
                      - respond: { s: dataStore.s }
                        ^
            note: large values repeated make a large trace: repeat less, or raise the limit with --max-trace-bytes N

            """)
        let trace = folder.appendingPathComponent("out/big/trace.jsonl")
        let size = try FileManager.default.attributesOfItem(atPath: trace.path)[.size] as? Int ?? 0
        #expect(size > 10_000_000 && size < 10_000_000 + 600_000, "the budget, and at most the message that passed it")
        let tail = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").last.map(String.init)
        #expect(tail == #"{"end":"failed","messages":178,"cycles":34,"t":0,"error":"the run's trace reached its limit of 10000000 bytes at message 178, in story step 1, and stopped","at":"big.yml:13:13"}"#)
    }

    @Test("commands that hold a run's trace stop at 256 MiB with the step, in bounded memory; generate refuses a story that does not run to its end")
    func heldTraceBudget() throws {
        let file = try CLI.temporaryFile(Self.multiplying, name: "big.yml")
        let folder = file.deletingLastPathComponent()
        let check = try CLI.subprocess(["check", "big.yml", "--color", "never"], in: folder, timeout: 120, addressSpace: 2 << 30)
        #expect(check.status == 1)
        #expect(check.stdout.contains("big.yml:13:13: error: step ran: expected the step runs, got the run stopped: the run's trace reached its limit of 256 MiB at message 2146, in story step 1, and stopped"),
                "\(check.stdout.prefix(800))")
        let generate = try CLI.subprocess(["generate", "big.yml", "--out", "gen", "--color", "never"], in: folder, timeout: 120, addressSpace: 2 << 30)
        #expect(generate.status == 2)
        #expect(generate.stderr.hasSuffix("""
            error: the story must run to its end, or to its failure, before its app is generated: the generated tests expect what its run shows [generate/story-unfinished]

            """), "\(generate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gen").path))
    }

    /// A folder holding Login.yml, and the folder `elsewhere` beside it that nothing may be written into.
    func loginFolder() throws -> (folder: URL, elsewhere: URL) {
        let file = try CLI.temporaryFile(try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8),
                                         name: "Login.yml")
        let folder = file.deletingLastPathComponent()
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        return (folder, elsewhere)
    }

    func contents(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test("a link where a command derives its folder is refused by every writer, and nothing lands where it leads")
    func linkedOutputFolders() throws {
        let (folder, elsewhere) = try loginFolder()
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("Login").path, withDestinationPath: "../elsewhere")
        let refusal = "error: out/Login is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n"
        for arguments in [["run", "Login.yml", "--out", "out", "--quiet"], ["coverage", "Login.yml", "--out", "out"],
                          ["compare", "Login.yml", "--out", "out"]] {
            let result = try CLI.subprocess(arguments + ["--color", "never"], in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == refusal, "\(arguments): \(result.stderr)")
        }
        // render of a trace, and compare's own folder, once the scene's folder is real.
        try FileManager.default.removeItem(at: out.appendingPathComponent("Login"))
        #expect(try CLI.subprocess(["run", "Login.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let render = try CLI.subprocess(["render", "out/Login/trace.jsonl", "--out", "out2", "--color", "never"], in: folder)
        #expect(render.status == 0, "\(render.stderr)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out3"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out3/Login").path, withDestinationPath: "../elsewhere")
        let linkedRender = try CLI.subprocess(["render", "out/Login/trace.jsonl", "--out", "out3", "--color", "never"], in: folder)
        #expect(linkedRender.status == 2)
        #expect(linkedRender.stderr == "error: out3/Login is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n")
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("Login/compare").path, withDestinationPath: "../../elsewhere")
        let compare = try CLI.subprocess(["compare", "Login.yml", "--out", "out", "--color", "never"], in: folder)
        #expect(compare.status == 2)
        #expect(compare.stderr == "error: out/Login/compare is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n")
        // map's folder, named after the app's.
        let map = folder.appendingPathComponent("map")
        try FileManager.default.createDirectory(at: map, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: map.appendingPathComponent("current").path, withDestinationPath: "../elsewhere")
        let mapped = try CLI.subprocess(["map", PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/current").path,
                                  "--out", "map", "--color", "never"], in: folder)
        #expect(mapped.status == 2)
        #expect(mapped.stderr == "error: map/current is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n")
        #expect(contents(elsewhere) == [])
    }

    @Test("generate writes its package whole or not at all: --force into a package whose Sources is a link is refused before a file moves")
    func generateThroughALink() throws {
        let (folder, elsewhere) = try loginFolder()
        let first = try CLI.subprocess(["generate", "Login.yml", "--out", "gen", "--color", "never"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(contents(folder.appendingPathComponent("gen")) == ["Package.swift", "Sources", "Tests"])
        let package = try String(contentsOf: folder.appendingPathComponent("gen/Package.swift"), encoding: .utf8)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("gen/Sources"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gen/Sources").path, withDestinationPath: "../elsewhere")
        try Data("// edited\n".utf8).write(to: folder.appendingPathComponent("gen/Package.swift"))
        let forced = try CLI.subprocess(["generate", "Login.yml", "--out", "gen", "--force", "--color", "never"], in: folder)
        #expect(forced.status == 2)
        #expect(forced.stderr == "error: gen/Sources is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link\n")
        #expect(contents(elsewhere) == [])
        #expect(try String(contentsOf: folder.appendingPathComponent("gen/Package.swift"), encoding: .utf8) == "// edited\n",
                "a refusal changes nothing")
        #expect(contents(folder).filter { $0.hasPrefix(".") } == [], "no temporary package is left")
        #expect(package.contains("// swift-tools-version"))
    }

    @Test("-o onto a stream writes it in place: /dev/stdout (a pipe here), /dev/null stays a device, a FIFO is read, '-' is standard output")
    func streamsAreWrittenInPlace() throws {
        let (folder, _) = try loginFolder()
        let expected = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid"], in: folder)
        #expect(expected.status == 0 && expected.stdout.hasPrefix("sequenceDiagram\n"))
        for target in ["/dev/stdout", "-"] {
            let result = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid", "-o", target], in: folder)
            #expect(result.status == 0, "\(target): \(result.stderr)")
            #expect(result.stdout == expected.stdout, "\(target)")
        }
        let null = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid", "-o", "/dev/null"], in: folder)
        #expect(null.status == 0)
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/null is still a device")
        // A FIFO, read by another thread while the command writes it.
        let fifo = folder.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        nonisolated(unsafe) var read = Data()
        let reader = Thread {
            let descriptor = open(fifo.path, O_RDONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = Foundation.read(descriptor, &chunk, chunk.count)
                if count <= 0 { break }
                read.append(contentsOf: chunk[0..<count])
            }
        }
        reader.start()
        let viaFifo = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid", "-o", "pipe"], in: folder, timeout: 30)
        while !reader.isFinished { usleep(10_000) }
        #expect(viaFifo.status == 0, "\(viaFifo.stderr)")
        #expect(String(decoding: read, as: UTF8.self) == expected.stdout)
        #expect(lstat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
        let full = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid", "-o", "/dev/full"], in: folder)
        #expect(full.status == 2)
        #expect(full.stderr == "error: cannot write /dev/full: no space left on the device\n")
    }

    @Test("-o onto a link, a folder or a socket is refused by name and left as it is")
    func otherDestinationsAreRefused() throws {
        let (folder, _) = try loginFolder()
        try Data("kept\n".utf8).write(to: folder.appendingPathComponent("real.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.txt").path, withDestinationPath: "real.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.txt").path, withDestinationPath: "nothing.txt")
        let cases: [(String, String)] = [
            ("link.txt", "error: cannot write link.txt: it is a symbolic link, which SceneFlow neither replaces nor writes through; name the file it leads to, or remove the link\n"),
            ("dangling.txt", "error: cannot write dangling.txt: it is a symbolic link to nothing; remove the link, or name the file it was meant to lead to\n"),
            ("elsewhere", "error: cannot write elsewhere: it is a folder; name a file\n"),
        ]
        for (target, message) in cases {
            let result = try CLI.subprocess(["export", "Login.yml", "--format", "mermaid", "-o", target, "--color", "never"], in: folder)
            #expect(result.status == 2, "\(target)")
            #expect(result.stderr == message, "\(target): \(result.stderr)")
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("real.txt"), encoding: .utf8) == "kept\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.txt").path) == "real.txt")
        #expect(contents(folder).filter { $0.hasPrefix(".") } == [], "no temporary file is left")
    }

    @Test("the trace writer writes a stream in place and refuses a folder by name")
    func traceWriterDestinations() throws {
        let null = try TraceFileWriter(destination: URL(fileURLWithPath: "/dev/null"))
        try null.begin(TraceHeader(scenario: "S", file: "s.yml", pattern: "clean-swift", start: "A"))
        try null.finish(RunEnd(status: .completed, messages: 0, cycles: 0, time: 0))
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: WriteFailure.self) { try TraceFileWriter(destination: folder) }
        do {
            _ = try TraceFileWriter(destination: folder)
        } catch {
            #expect("\(error)" == "cannot write \(folder.relativePath): it is a folder; name a file")
        }
    }

    @Test("drift --format json says a scenario's errors as JSON too, exit 2 (an error, not a drift)")
    func driftJSONErrors() throws {
        let file = try CLI.temporaryFile("scenario: x\npattern: clean-swift\nscenes: {}\n", name: "bad.yml")
        let result = try CLI.subprocess(["drift", file.lastPathComponent, PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/current").path,
                                  "--format", "json", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(result.status == 2)
        #expect(result.stdout == """
            {
              "command" : "drift",
              "diagnostics" : [
                {
                  "column" : 9,
                  "file" : "bad.yml",
                  "id" : "scenario/missing",
                  "line" : 3,
                  "message" : "'scenes' is empty; declare at least one scene",
                  "notes" : [

                  ],
                  "severity" : "error"
                }
              ],
              "status" : "error",
              "version" : 1
            }

            """)
        // The JSON is the whole report: nothing on standard error.
        #expect(result.stderr == "")
    }
}
