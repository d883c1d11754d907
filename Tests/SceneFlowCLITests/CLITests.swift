import Foundation
import Testing
import TestSupport

/// Runs the built `sceneflow` binary as a user would, and checks output and exit codes.
@Suite("sceneflow command line")
struct CLITests {
    @Test("validate: a clean folder of scenarios exits 0")
    func validateExamples() throws {
        let result = try CLI.run(["validate", "Scenarios/"])
        #expect(result.status == 0)
        #expect(result.stderr == "✓ 6 scenarios valid (0 errors, 0 warnings)\n")
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

    @Test("validate --format json prints diagnostics for editors")
    func json() throws {
        let file = try CLI.temporaryFile("scenario: S\npattern: vip\nscenes:\n  A: {}\n")
        let result = try CLI.run(["validate", "--format", "json", file.path])
        #expect(result.status == 1)
        #expect(result.stdout == """
            [
              {
                "column" : 10,
                "file" : "\(file.path)",
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
            ]

            """)
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
        #expect(help.stdout.contains("validate"))
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

    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL = PackagePaths.root,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = try binary
        process.arguments = arguments
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
