import Foundation
import Testing
import TestSupport

/// Method names the pattern's code cannot have (an Interactor method without the Request, a route without a label
/// for its input): validate warns about each, at its place; generate refuses, naming the first and counting the rest.
@Suite("Method shapes")
struct MethodShapeTests {
    static let scenario = """
        scenario: Session
        start: Home
        scenes:
          Home:
            useCases:
              CheckSession:
                methods: { interactor: checkSession() }
                interactor: [{ respond: {} }]
                view: [{ show: { status: '"checked"' } }]
              SignOut:
                methods: { interactor: "signOut(user:reason:)" }
                request: { user: String }
                interactor: [{ respond: {} }]
                view: [{ show: { status: '"out"' } }]
              Refresh:
                interactor: [{ respond: {} }]
                view: [{ show: { status: '"fresh"' } }]
        story:
          - do: Home.CheckSession
          - do: Home.SignOut
            request: { user: ann }

        """

    @Test("validate warns about every method generate cannot write, at once; run is not affected; generate refuses each, with the same words")
    func warnings() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "s.yml")
        let folder = file.deletingLastPathComponent()
        let validated = try CLI.run(["validate", "s.yml", "--color", "never"], in: folder)
        #expect(validated.status == 0)
        #expect(validated.stderr == """
            s.yml:7:32: warning: 'Home.CheckSession' names its Interactor method 'checkSession()'; the BusinessLogic methods generate writes take the Request, one argument: write 'checkSession' or 'checkSession(request:)' [generate/method-shape]
                    methods: { interactor: checkSession() }
                                           ^
            note: run, check and the diagrams use the name as written; generate refuses it
            s.yml:11:32: warning: 'Home.SignOut' names its Interactor method 'signOut(user:reason:)'; the BusinessLogic methods generate writes take the Request, one argument: write 'signOut' or 'signOut(request:)' [generate/method-shape]
                    methods: { interactor: "signOut(user:reason:)" }
                                           ^
            note: run, check and the diagrams use the name as written; generate refuses it
            ✓ 1 scenario valid (0 errors, 2 warnings)

            """)
        #expect(try CLI.run(["validate", "s.yml", "--strict", "--color", "never"], in: folder).status == 1)
        let ran = try CLI.run(["run", "s.yml", "--out", "out", "--quiet", "--image-format", "dot"], in: folder)
        #expect(ran.status == 0)
        let generated = try CLI.run(["generate", "s.yml", "--out", "gen", "--color", "never"], in: folder)
        #expect(generated.status == 2)
        #expect(generated.stderr == """
            s.yml:7:32: error: 'Home.CheckSession' names its Interactor method 'checkSession()'; the BusinessLogic methods generate writes take the Request, one argument: write 'checkSession' or 'checkSession(request:)' [generate/method-shape]
                    methods: { interactor: checkSession() }
                                           ^
            s.yml:11:32: error: 'Home.SignOut' names its Interactor method 'signOut(user:reason:)'; the BusinessLogic methods generate writes take the Request, one argument: write 'signOut' or 'signOut(request:)' [generate/method-shape]
                    methods: { interactor: "signOut(user:reason:)" }
                                           ^

            """, "\(generated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gen").path), "nothing is written")
    }

    @Test("a VIPER event, display and route method each have the shape VIPER's code gives them", arguments: [
        (#"event: "showPostDetail(forPost:)""#, #"event: "showPostDetail(forPost:extra:)""#,
         "'showPostDetail(forPost:extra:)' takes 2 argument(s) but PostList.ShowPostDetail's Request has 1 field(s); generate passes each field as an argument: name one label per field"),
        ("presentPostDetailScreen(from:forPost:)", "presentPostDetailScreen(from:)",
         "route 'toPostDetail': 'presentPostDetailScreen(from:)' takes no argument for the input 'post': add a label for it"),
        (#"display: "showError(_:)""#, #"display: "showError(error:code:)""#,
         "'showError(error:code:)' takes more than one argument; generate passes what a View shows as one value: name the method with one label or none"),
        (#"display: "showError(_:)""#, "display: showError()",
         "'showError()' takes nothing, but this step gives it 'error'; generate passes what a View shows as one value: write 'showError(_:)'"),
    ])
    func viper(_ original: String, _ changed: String, _ message: String) throws {
        let text = try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("PostList-VIPER.yml"), encoding: .utf8)
        #expect(text.contains(original))
        let file = try CLI.temporaryFile(text.replacingOccurrences(of: original, with: changed), name: "v.yml")
        let fixtures = file.deletingLastPathComponent().appendingPathComponent("fixtures")
        if !FileManager.default.fileExists(atPath: fixtures.path) {
            try FileManager.default.copyItem(at: PackagePaths.scenarios.appendingPathComponent("fixtures"), to: fixtures)
        }
        let validated = try CLI.run(["validate", "v.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(validated.status == 0)
        #expect(validated.stderr.contains("warning: \(message) [generate/method-shape]\n"), "\(validated.stderr)")
        #expect(validated.stderr.hasSuffix("✓ 1 scenario valid (0 errors, 1 warning)\n"), "\(validated.stderr)")
    }
}
