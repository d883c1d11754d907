import Foundation
import Testing
import TestSupport

/// A worker held as a protocol the app names (`protocol: AuthServiceProtocol`): the trace, the diagrams and drift name it.
@Suite("Workers held as the app's protocols")
struct WorkerProtocolTests {
    static let scenario = #"""
        scenario: Sign in
        start: Login
        scenes:
          Login:
            workers:
              AuthService:
                protocol: AuthServiceProtocol
                login:
                  input: { name: String }
                  output: String
                  returns: '"token-\(name)"'
            useCases:
              SignIn:
                request: { name: String }
                interactor:
                  - call: AuthService.login
                    with: { name: request.name }
                    as: token
                  - respond: { token: token }
                response: { token: String }
                viewModel: { text: String }
                presenter: { text: response.token }
                view: [{ show: text }]
        story:
          - do: Login.SignIn
            request: { name: ann }
            expect: { shown: { text: token-ann } }
        """#

    @Test("the worker call, the wiring and the dependency diagram name the protocol")
    func named() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "signin.yml")
        let folder = file.deletingLastPathComponent()
        #expect(try CLI.run(["run", "signin.yml", "--out", "out", "--quiet", "--diagram", "dependencies", "--image-format", "dot"], in: folder).status == 0)
        let lines = try String(contentsOf: folder.appendingPathComponent("out/signin/trace.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains(#""kind":"workerCall","from":5,"to":9,"operation":"login","protocol":"AuthServiceProtocol","method":"login(name:)""#) },
                "\(lines.filter { $0.contains("workerCall") })")
        #expect(lines.contains { $0.contains(#""kind":"configure""#) && $0.contains(#""property":"authService","protocol":"AuthServiceProtocol""#) },
                "\(lines.filter { $0.contains("configure") })")
        let dot = try String(contentsOf: folder.appendingPathComponent("out/signin/dependencies.dot"), encoding: .utf8)
        #expect(dot.contains("AuthServiceProtocol"), "\(dot)")
    }

    @Test("a protocol that is no Swift name is an error at its place")
    func badName() throws {
        let file = try CLI.temporaryFile(Self.scenario.replacingOccurrences(of: "protocol: AuthServiceProtocol", with: "protocol: Auth Service"), name: "bad.yml")
        let result = try CLI.run(["validate", "bad.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("""
            bad.yml:7:19: error: 'protocol' (the Swift protocol the worker's callers hold it as) 'Auth Service' is not a valid name; use letters, digits and '_'
                    protocol: Auth Service
                              ^

            """), "\(result.stderr)")
    }

    @Test("import writes the protocol the code holds a worker as, and drift reports another")
    func importAndDrift() throws {
        let expected = try String(contentsOf: PackagePaths.tests.appendingPathComponent("CodeImportTests/Expected/own-names.yml"), encoding: .utf8)
        #expect(expected.contains("      LoginWorker:\n        protocol: LoginWorkerProtocol\n"))
        let file = try CLI.temporaryFile(expected.replacingOccurrences(of: "protocol: LoginWorkerProtocol", with: "protocol: LoginWorking"), name: "own.yml")
        let code = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/own-names").path
        let drift = try CLI.run(["drift", "own.yml", code, "--color", "never"], in: file.deletingLastPathComponent())
        #expect(drift.status == 1)
        #expect(drift.stderr.contains(": error: 'Login' holds the worker 'LoginWorker' as 'LoginWorking' in the scenario, as 'LoginWorkerProtocol' in the code"),
                "\(drift.stderr)")
        #expect(drift.stdout == "2 differences\n", "the other: the retain cycle the fixture holds")
    }
}
