import Foundation
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// `check FILE --trace TRACE`: a story judged against a recorded trace, without running anything.
@Suite("sceneflow check --trace")
struct CheckTraceTests {
    static let login = PackagePaths.root.appendingPathComponent("Output/Login/trace.jsonl")

    /// Login's committed trace, edited, written to a temporary file.
    static func edited(_ edit: (inout Trace) throws -> Void) throws -> URL {
        var trace = try TraceReader.read(contentsOf: login)
        try edit(&trace)
        let bytes = TraceEncoder.encode(trace)
        #expect(try TraceReader.read(Data(bytes)) == trace, "the edited trace is well-formed")
        return try CLI.temporaryFile(String(decoding: bytes, as: UTF8.self), name: "edited.jsonl")
    }

    @Test("the engine's trace of every example passes", arguments: PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent })
    func examples(_ name: String) throws {
        let result = try CLI.run(["check", "Scenarios/\(name).yml", "--trace", "Output/\(name)/trace.jsonl", "--color", "never"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(" 0 failed"))
        #expect(!result.stdout.contains("not checked"))
    }

    @Test("a changed payload under an expectation fails, naming the expected value")
    func changedPayload() throws {
        let file = try Self.edited { trace in
            // Message 15: the View shows "Invalid credentials".
            let index = trace.events.firstIndex { $0.sequence == 15 }!
            guard case .show(let label, _) = trace.events[index].message else { Issue.record("message 15 is not a show"); return }
            trace.events[index].message = .show(label: label, value: .string("Try again"))
        }
        let result = try CLI.run(["check", "Scenarios/Login.yml", "--trace", file.path, "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
              ✗ 2  do Login.Login — Wrong password
            Scenarios/Login.yml:86:16: error: shown message: expected "Invalid credentials", got "Try again"
                    13  LoginInteractor → LoginPresenter  LoginPresentationLogic.presentLogin(response:) {firstName: nil, error: "Invalid credentials"}
                    14  LoginPresenter → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: false, message: "Invalid credentials"}
                    15  LoginViewController → User  shows message = "Try again"
              ✓ 3  do Login.Login — Right password
            """))
        #expect(result.stdout.hasSuffix("1 scenario: 14 checks passed, 1 failed\n"))
    }

    @Test("a dropped message an expectation names fails; the trace, renumbered, stays well-formed")
    func droppedMessage() throws {
        let file = try Self.edited { trace in trace = Self.dropping(11, from: trace) }  // LoginInteractor → AuthWorker
        let result = try CLI.run(["check", "Scenarios/Login.yml", "--trace", file.path, "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
              ✗ 2  do Login.Login — Wrong password
            Scenarios/Login.yml:87:54: error: messages: expected LoginBusinessLogic.login(request:), then AuthWorker.login(username:password:), got no 'AuthWorker.login(username:password:)' after event 10
            """))
        #expect(result.stdout.hasSuffix("1 scenario: 14 checks passed, 1 failed\n"))
    }

    @Test("a message that breaks the pattern's rules fails with the rule's id and the message's number")
    func brokenRule() throws {
        let file = try Self.edited { trace in
            // Message 14: the Presenter hands the ViewModel to the View; make the Interactor do it.
            let interactor = trace.events.first { $0.to.role == .interactor }!.to
            trace.events[13].from = interactor
        }
        let result = try CLI.run(["check", "Scenarios/Login.yml", "--trace", file.path, "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
              ✗ architecture
            Scenarios/Login.yml:23:7: error: architecture: expected every message follows clean-swift's rules, got event 14 Interactor → View breaks clean-swift/one-way
                    14  LoginInteractor → LoginViewController  LoginDisplayLogic.displayLogin(viewModel:) {isSuccess: false, message: "Invalid credentials"}
            """))
    }

    @Test("a trace of another pattern is said so; one that omits a fact leaves its expectations not checked")
    func otherPatternAndOmissions() throws {
        let viper = try Self.edited { $0.header.pattern = "viper" }
        let result = try CLI.run(["check", "Scenarios/Login.yml", "--trace", viper.path, "--color", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
              ✗ pattern
            error: pattern: expected a trace of a clean-swift run, got a trace of a viper run
            """))
        let partial = try Self.edited { $0.header.omits = ["shown", "dataStore"] }
        let unchecked = try CLI.run(["check", "Scenarios/Login.yml", "--trace", partial.path, "--color", "never"])
        #expect(unchecked.status == 0)
        #expect(unchecked.stdout.contains("""
              ✓ 2  do Login.Login — Wrong password
            Scenarios/Login.yml:86:16: warning: shown message: not checked: the trace does not record shown
            """))
        #expect(unchecked.stdout.hasSuffix("1 scenario: 9 checks passed, 0 failed, 6 not checked\n"))
    }

    @Test("a trace recorded from another version of the scenario file fails on its first line, unless accepted; a trace with no digest is judged with a note")
    func scenarioDigest() throws {
        let text = try String(contentsOf: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml"), encoding: .utf8)
        let edited = try CLI.temporaryFile(text + "# one more comment\n", name: "Login.yml")
        let sha = { (data: String) in try ExternalTool.run("sha256sum", [data]).stdout.prefix(12) }
        let recorded = try sha(PackagePaths.root.appendingPathComponent("Scenarios/Login.yml").path)
        let now = try sha(edited.path)
        let other = try CLI.run(["check", edited.path, "--trace", Self.login.path, "--color", "never"])
        #expect(other.status == 1)
        #expect(other.stdout.hasPrefix("""
            \(edited.path) — Sign in (clean-swift)
              ✗ scenario
            error: scenario: expected a trace of \(edited.path) as it is, got \(Self.login.path) was recorded from another version of \(edited.path) (SHA-256 \(recorded)…, the file now \(now)…): record it again, or pass --accept-scenario-change to judge it anyway
              ✓ 1  appear Login
            """), "\(other.stdout)")
        #expect(other.stdout.hasSuffix("1 scenario: 15 checks passed, 1 failed\n"))
        let accepted = try CLI.run(["check", edited.path, "--trace", Self.login.path, "--accept-scenario-change", "--color", "never"])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("  · scenario\nwarning: scenario: not checked: \(Self.login.path) was recorded from another version of \(edited.path)"))
        #expect(accepted.stdout.hasSuffix("1 scenario: 15 checks passed, 0 failed, 1 not checked\n"))
        let unsigned = try Self.edited { $0.header.scenarioSHA256 = nil }
        let noted = try CLI.run(["check", "Scenarios/Login.yml", "--trace", unsigned.path, "--color", "never"])
        #expect(noted.status == 0)
        #expect(noted.stdout.contains("  · scenario\nwarning: scenario: not checked: \(unsigned.path) records no scenario digest (an app's recorder): it is judged against Scenarios/Login.yml as the file is now\n"))
        // Without a trace to judge, the flag would do nothing: a usage error.
        let alone = try CLI.run(["check", "Scenarios/Login.yml", "--accept-scenario-change"])
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("Error: --accept-scenario-change judges a recorded trace: give it with --trace TRACE.jsonl\n"))
        // The same file: no line about it.
        let same = try CLI.run(["check", "Scenarios/Login.yml", "--trace", Self.login.path, "--color", "never"])
        #expect(!same.stdout.contains("scenario\n"))
    }

    @Test("diff compares which case answered a worker only when both traces say: an app's recording of the same run does not differ")
    func diffIgnoresWhatOneSideCannotRecord() throws {
        let recorded = try Self.edited { trace in
            for index in trace.events.indices {
                switch trace.events[index].message {
                case .workerResult(var answer):
                    answer.answer = .unknown
                    trace.events[index].message = .workerResult(answer)
                case .workerError(var answer, let error):
                    answer.answer = .unknown
                    trace.events[index].message = .workerError(answer, error: error)
                default: break
                }
            }
        }
        let result = try CLI.run(["diff", Self.login.path, recorded.path, "--color", "never"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 inserted, 0 removed, 0 changed, 39 unchanged\n" as String))
        // Two traces that both say which case answered still differ when they disagree.
        let otherCase = try Self.edited { trace in
            for index in trace.events.indices {
                if case .workerResult(var answer) = trace.events[index].message {
                    answer.answer = .case(3)
                    trace.events[index].message = .workerResult(answer)
                }
            }
        }
        let differs = try CLI.run(["diff", Self.login.path, otherCase.path, "--color", "never"])
        #expect(differs.status == 1)
        #expect(differs.stdout.contains("answered by case 1 → case 4"))
    }

    @Test("a trace that cannot be read, or --trace with several scenarios, is an error naming the problem")
    func unreadable() throws {
        let broken = try CLI.temporaryFile("{\"sceneflowTrace\":2,\"scenario\":\"s\"}\n", name: "broken.jsonl")
        let result = try CLI.run(["check", "Scenarios/Login.yml", "--trace", broken.path, "--color", "never"])
        #expect(result.status == 2)
        #expect(result.stderr == "\(broken.path):1:1: error: missing 'file'\n{\"sceneflowTrace\":2,\"scenario\":\"s\"}\n^\n")
        let several = try CLI.run(["check", "Scenarios/", "--trace", Self.login.path, "--color", "never"])
        #expect(several.status == 2)
        #expect(several.stderr == "error: --trace checks one scenario against one trace; 8 scenarios were given\n")
    }

    /// `trace` without message `sequence`: later messages move up one, parents and ranges follow, and a message
    /// caused by the dropped one is caused by its cause.
    static func dropping(_ sequence: Int, from trace: Trace) -> Trace {
        var trace = trace
        let dropped = trace.events[sequence - 1]
        func shift(_ number: Int) -> Int { number > sequence ? number - 1 : number }
        trace.events.remove(at: sequence - 1)
        for index in trace.events.indices {
            trace.events[index].sequence = shift(trace.events[index].sequence)
            if let parent = trace.events[index].parent {
                trace.events[index].parent = parent == sequence ? dropped.parent.map(shift) : shift(parent)
            }
        }
        for index in trace.steps.indices {
            trace.steps[index].firstSequence = shift(trace.steps[index].firstSequence)
            trace.steps[index].lastSequence = trace.steps[index].lastSequence >= sequence ? trace.steps[index].lastSequence - 1 : trace.steps[index].lastSequence
        }
        for index in trace.cycles.indices {
            trace.cycles[index].firstSequence = shift(trace.cycles[index].firstSequence)
            trace.cycles[index].lastSequence = trace.cycles[index].lastSequence >= sequence ? trace.cycles[index].lastSequence - 1 : trace.cycles[index].lastSequence
            trace.cycles[index].cause = trace.cycles[index].cause.map(shift)
        }
        trace.end?.messages -= 1
        return trace
    }
}
