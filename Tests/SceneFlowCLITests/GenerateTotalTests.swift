import Foundation
import Testing
import TestSupport

/// What `generate` cannot write is what `validate` warns about, at every place, with the same words; names the loader
/// takes are names Swift takes; the module's name never leaves `--out`.
@Suite("generate is total")
struct GenerateTotalTests {
    static let reservedNames = "Tests/SceneFlowCLITests/Fixtures/Generate/ReservedNames.yml"

    @Test("names generated code gives itself, a field with no value and a shared method that takes nothing: validate warns at each place, generate refuses them all at once")
    func reservedNames() throws {
        let validated = try CLI.run(["validate", Self.reservedNames, "--color", "never"])
        #expect(validated.status == 0)
        let file = Self.reservedNames
        let note = "note: generate refuses it until it is changed\n"
        #expect(validated.stderr == """
            \(file):10:3: warning: generate cannot write an entity 'Record': generated code uses the recorder's 'Record', which this name would hide; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
              Record: { title: String }
              ^
            \(note)\(file):15:7: warning: generate cannot write a DataStore field 'presenter': the Interactor generate writes has a member of that name; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
                  presenter: { type: String, default: "" }
                  ^
            \(note)\(file):16:7: warning: generate cannot write a DataStore field 'trace': the Interactor generate writes has a member of that name; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
                  trace: { type: Int, default: 0 }
                  ^
            \(note)\(file):17:7: warning: generate writes DataStore fields as Swift properties, which hold a value from the start; 'pinned' has none until it is stored: give it a default ({ type: Int, default: … }) or make it optional [generate/no-initial-value]
                  pinned: Int
                  ^
            \(note)\(file):30:17: warning: generate cannot write a value named 'presenter': the generated method reaches its own 'presenter' by that name; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
                        as: presenter
                            ^
            \(note)\(file):33:31: warning: 'presentRefresh()' answers Pin and Unpin and takes nothing, so the generated method cannot tell which it answers: give each its own method, or let the method take the model [generate/shared-method]
                    methods: { presenter: presentRefresh() }
                                          ^
            \(note)\(file):36:20: warning: generate cannot write a value named 'trace': the generated method reaches its own 'trace' by that name; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
                      - let: { trace: 1 }
                               ^
            \(note)✓ 1 scenario valid (0 errors, 7 warnings)

            """)
        // Everything still runs.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-total-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ran = try CLI.run(["run", Self.reservedNames, "--out", folder.path, "--quiet", "--no-diagrams"])
        #expect(ran.status == 0, "\(ran.stderr)")
        // generate: the same seven places, as errors, and nothing written.
        let generated = try CLI.run(["generate", Self.reservedNames, "--out", folder.appendingPathComponent("app").path, "--color", "never"])
        #expect(generated.status == 2)
        let warnings = validated.stderr.split(separator: "\n").filter { $0.hasPrefix(file) }.map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") }
        let errors = generated.stderr.split(separator: "\n").filter { $0.hasPrefix(file) }.map(String.init)
        #expect(errors == warnings)
        #expect(errors.count == 7)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app").path))
    }

    @Test("a type named as a Swift type generated code uses (an app's own Result, Error) is warned about by validate and refused by generate, nothing written")
    func swiftTypeNames() throws {
        let scenario = try CLI.temporaryFile("""
            scenario: Swift names
            pattern: clean-swift
            start: Board
            entities:
              Result: { score: String }
            enums:
              Error: [offline, denied]
            scenes:
              Board:
                useCases:
                  Show:
                    interactor: [ { respond: {} } ]
            story:
              - do: Board.Show

            """, name: "swift-names.yml")
        let folder = scenario.deletingLastPathComponent()
        let validated = try CLI.run(["validate", "swift-names.yml", "--color", "never"], in: folder)
        #expect(validated.status == 0)
        #expect(validated.stderr == """
            swift-names.yml:5:3: warning: generate cannot write an entity 'Result': generated code uses Swift's 'Result', which this name would hide; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
              Result: { score: String }
              ^
            note: generate refuses it until it is changed
            swift-names.yml:7:3: warning: generate cannot write an enum 'Error': generated code uses Swift's 'Error', which this name would hide; rename it (run, check and the diagrams are not affected) [generate/reserved-name]
              Error: [offline, denied]
              ^
            note: generate refuses it until it is changed
            ✓ 1 scenario valid (0 errors, 2 warnings)

            """)
        let generated = try CLI.run(["generate", "swift-names.yml", "--out", "app", "--color", "never"], in: folder)
        #expect(generated.status == 2)
        #expect(generated.stderr.contains("swift-names.yml:5:3: error: generate cannot write an entity 'Result': generated code uses Swift's 'Result', which this name would hide"), "\(generated.stderr)")
        #expect(generated.stderr.contains("swift-names.yml:7:3: error: generate cannot write an enum 'Error': generated code uses Swift's 'Error', which this name would hide"), "\(generated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app").path))
    }

    @Test("a module name that is no Swift name, or one the package uses, is refused and nothing is written anywhere; a title that would make one gets 'App'")
    func moduleNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-module-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (module, message) in [
            ("../../x", "error: '../../x' is no Swift module name: use letters, digits and '_', not starting with a digit [generate/module]\n"),
            (#"A"B"#, #"error: 'A"B' is no Swift module name: use letters, digits and '_', not starting with a digit [generate/module]"# + "\n"),
            ("Foundation", "error: the module cannot be named 'Foundation': the package imports or carries a module of that name [generate/module]\n"),
            ("TraceFormat", "error: the module cannot be named 'TraceFormat': the package imports or carries a module of that name [generate/module]\n"),
        ] {
            let generated = try CLI.run(["generate", "Scenarios/Counter-SwiftUI.yml", "--out", folder.appendingPathComponent("a/b/app").path,
                                         "--module", module, "--color", "never"])
            #expect(generated.status == 2, "\(module)")
            #expect(generated.stderr == message, "\(module)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written for \(module)")
        }
        let text = try String(contentsOfFile: "Scenarios/Counter-SwiftUI.yml", encoding: .utf8)
        let titled = folder.appendingPathComponent("titled.yml")
        try text.replacingOccurrences(of: "scenario: Counter (SwiftUI VIP)", with: "scenario: Trace Format").write(to: titled, atomically: true, encoding: .utf8)
        #expect(text.contains("scenario: Counter (SwiftUI VIP)"))
        let generated = try CLI.run(["generate", titled.path, "--out", folder.appendingPathComponent("app").path])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stderr.firstMatch(of: #/^\d+ files, module TraceFormatApp, in /#) != nil, "\(generated.stderr)")
    }

    @Test("names are Swift's: '_' alone, a character Swift does not allow in a name and one it does not allow first are refused, the character named")
    func identifiers() throws {
        let file = try CLI.temporaryFile("scenario: T\npattern: clean-swift\nscenes:\n  A:\n    dataStore: { _: Int, \"a\u{2E2F}b\": Int, \"\u{0345}x\": Int, \"x\u{0345}\": Int }\n", name: "names.yml")
        let validated = try CLI.run(["validate", "names.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(validated.status == 1)
        #expect(validated.stderr == """
            names.yml:5:18: error: field name '_' is not a valid name; use letters, digits and '_'
                dataStore: { _: Int, "a\u{2E2F}b": Int, "\u{0345}x": Int, "x\u{0345}": Int }
                             ^
            note: '_' alone is Swift's wildcard, not a name
            names.yml:5:26: error: field name 'a\u{2E2F}b' is not a valid name; use letters, digits and '_'
                dataStore: { _: Int, "a\u{2E2F}b": Int, "\u{0345}x": Int, "x\u{0345}": Int }
                                     ^
            note: U+2E2F (VERTICAL TILDE) is not allowed in a Swift name
            names.yml:5:38: error: field name '\u{0345}x' is not a valid name; use letters, digits and '_'
                dataStore: { _: Int, "a\u{2E2F}b": Int, "\u{0345}x": Int, "x\u{0345}": Int }
                                                 ^
            note: U+0345 (COMBINING GREEK YPOGEGRAMMENI) cannot start a Swift name
            ✗ 1 of 1 scenario invalid (3 errors, 0 warnings)

            """)
    }

    @Test("a display method's unlabelled argument is given under '_', as its signature spells it; '_' names nothing else")
    func unlabelledDisplay() throws {
        let text = try String(contentsOf: PackagePaths.scenarios.appendingPathComponent("PostList-VIPER.yml"), encoding: .utf8)
        let original = "- display: \"showError(_:)\"\n                with: { error: '\"Internet not connected\"' }"
        #expect(text.contains(original))
        // What the View shows is no longer labelled 'error', so the story does not expect that label.
        let unlabelled = text.replacingOccurrences(of: original, with: "- display: \"showError(_:)\"\n                with: { _: '\"Internet not connected\"' }")
            .replacingOccurrences(of: "      shown: { error: Internet not connected }\n", with: "")
        let file = try CLI.temporaryFile(unlabelled, name: "unlabelled.yml")
        let fixtures = file.deletingLastPathComponent().appendingPathComponent("fixtures")
        if !FileManager.default.fileExists(atPath: fixtures.path) {
            try FileManager.default.copyItem(at: PackagePaths.scenarios.appendingPathComponent("fixtures"), to: fixtures)
        }
        let validated = try CLI.run(["validate", "unlabelled.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(validated.status == 0)
        #expect(validated.stderr == "✓ 1 scenario valid (0 errors, 0 warnings)\n")
        let misplaced = try CLI.temporaryFile("scenario: S\nscenes:\n  A:\n    dataStore: { n: Int? }\n    useCases:\n      Go:\n        interactor:\n          - store: { _: 1 }\n", name: "misplaced.yml")
        let refused = try CLI.run(["validate", "misplaced.yml", "--color", "never"], in: misplaced.deletingLastPathComponent())
        #expect(refused.status == 1)
        #expect(refused.stderr == """
            misplaced.yml:8:22: error: '_' is not a field name
                      - store: { _: 1 }
                                 ^
            ✗ 1 of 1 scenario invalid (1 error, 0 warnings)

            """)
    }
}
