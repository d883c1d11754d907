import Foundation
import Testing
import TestSupport

@Suite("sceneflow explain")
struct ExplainCommandTests {
    @Test("every example is explained, stepped through and quizzed", arguments: PackagePaths.exampleScenarios().map(\.lastPathComponent))
    func everyExample(_ file: String) throws {
        let plain = try CLI.run(["explain", "Scenarios/\(file)", "--color", "never"])
        #expect(plain.status == 0)
        #expect(plain.stderr == "")
        #expect(plain.stdout.contains(" — explained ("))
        #expect(plain.stdout.contains("Why: "))
        // At the end of input --step goes on without waiting, drawing the picture at every message.
        let step = try CLI.run(["explain", "Scenarios/\(file)", "--step", "--color", "never"], stdin: "")
        #expect(step.status == 0)
        #expect(step.stdout.components(separatedBy: "User ◀─▶ View").count > 3)
        let quiz = try CLI.run(["explain", "Scenarios/\(file)", "--quiz", "--color", "never"], stdin: "1\n1\n1\n")
        #expect(quiz.status == 0)
        #expect(quiz.stdout.contains("\nScore: "))
    }

    @Test("a quiz through standard input: the CLI echoes answers and prints the score")
    func quiz() throws {
        let result = try CLI.run(["explain", "Scenarios/Counter-SwiftUI.yml", "--quiz", "--color", "never"], stdin: "1\n2\n1\n1\n1\n1\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            ? SomeView sends a Request. Who receives it?
                1) SomeInteractor
                2) SomePresenter
                3) SomeDataStore
              > 1
              ✓ Right: SomeInteractor.
            """))
        #expect(result.stdout.contains("""
            ? SomeInteractor sends a Response. Who receives it?
                1) SomeView
                2) SomePresenter
                3) SomeDataStore
              > 2
              ✓ Right: SomePresenter.
            """))
        #expect(result.stdout.hasSuffix("Score: 4 of 6.\n"))
    }

    @Test("--lang ko speaks Korean; an unknown language is a usage error")
    func korean() throws {
        let result = try CLI.run(["explain", "Scenarios/Login.yml", "--lang", "ko", "--color", "never"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Sign in — 단계별 설명 (clean-swift, Scenarios/Login.yml)\n"))
        #expect(result.stdout.contains("── 사이클 1 (스토리 2단계): Login.Login — “Wrong password” ──"))
        let unknown = try CLI.run(["explain", "Scenarios/Login.yml", "--lang", "fr"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("'fr'"))
    }

    @Test("a trace is explained like its scenario; a broken scenario exits 1 with its diagnostics")
    func inputs() throws {
        let fromScenario = try CLI.run(["explain", "Scenarios/Login.yml", "--color", "never"])
        let fromTrace = try CLI.run(["explain", "Output/Login/trace.jsonl", "--color", "never"])
        #expect(fromTrace.status == 0)
        #expect(fromTrace.stdout == fromScenario.stdout)
        let broken = try CLI.temporaryFile("scenario: S\nscenes:\n  A:\n    routes: { toB: { to: B } }\n")
        let result = try CLI.run(["explain", broken.path, "--color", "never"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: route 'toB' leads to unknown scene 'B'"))
        #expect(result.stdout == "")
    }
}
