import Foundation
import Testing
import TestSupport

/// `todo`: what an importer cannot know is written as a placeholder that validates with a warning and stops a run
/// that reaches it, at its place.
@Suite("Placeholders")
struct PlaceholderTests {
    @Test("a todo result and a todo expression warn, and a run stops where it reaches one")
    func todo() throws {
        let file = try CLI.temporaryFile("""
            scenario: Todo
            start: A
            scenes:
              A:
                workers:
                  W:
                    fetch: { output: "[String]", result: todo }
                useCases:
                  Load:
                    interactor:
                      - call: W.fetch
                        as: items
                      - respond: { count: items.count }
                    response: { count: Int }
                    viewModel: { text: String }
                    presenter:
                      text: todo
            story:
              - do: A.Load
            """, name: "todo.yml")
        let folder = file.deletingLastPathComponent()
        let warnings = """
            todo.yml:7:46: warning: the result of operation 'W.fetch' is a placeholder ('todo'); a run that calls it stops there
                    fetch: { output: "[String]", result: todo }
                                                         ^
            note: write the result, or give it in the story with 'given:'
            todo.yml:17:17: warning: a placeholder ('todo') stands here; a run that reaches it stops
                      text: todo
                            ^
            note: write the expression

            """
        let validate = try CLI.run(["validate", "todo.yml", "--color", "never"], in: folder)
        #expect(validate.status == 0)
        #expect(validate.stderr == warnings + "✓ 1 scenario valid (0 errors, 2 warnings)\n")
        let run = try CLI.run(["run", "todo.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == warnings + """
            todo.yml:11:19: error: 'W.fetch' answers with a placeholder ('todo'); write its result, or give it with 'given:'
                      - call: W.fetch
                              ^

            """)
        // Given in the story, the run goes on to the Presenter's placeholder.
        let given = try String(contentsOf: file, encoding: .utf8) + "\n    given: { W.fetch: { result: [a, b] } }\n"
        try Data(given.utf8).write(to: file)
        let second = try CLI.run(["run", "todo.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: folder)
        #expect(second.status == 1)
        #expect(second.stderr.hasSuffix("""
            todo.yml:17:17: error: the run reached a placeholder ('todo'); write the expression
                      text: todo
                            ^

            """), "\(second.stderr)")
    }
}
