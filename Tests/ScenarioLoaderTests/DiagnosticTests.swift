import Foundation
import ScenarioLoader
import ScenarioSpec
import Testing

/// Exact diagnostics for the problems users meet most, written out by hand.
@Suite("Diagnostics")
struct DiagnosticTests {
    func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader().load(yaml: yaml, file: "s.yml").diagnostics.map(\.description)
    }

    @Test("a route to a misspelled scene points at the name and suggests the scene")
    func unknownRouteDestination() {
        let yaml = """
            scenario: S
            scenes:
              Login:
                routes:
                  toHome: { to: Hme }
              Home: {}
            """
        #expect(diagnostics(yaml) == [
            "s.yml:5:21: error: route 'toHome' leads to unknown scene 'Hme'\nnote: did you mean 'Home'?",
            "s.yml:6:3: warning: scene 'Home' is never reached: no route leads to it and no story step shows it\nnote: add a route to it, an 'appear: Home' story step, or remove it",
        ])
    }

    @Test("nil clears an optional field; YAML's other nulls are still no expression")
    func nilLiteral() {
        let yaml = """
            scenario: S
            scenes:
              Edit:
                dataStore: { orderToEdit: String? = "A-1" }
                useCases:
                  Clear:
                    interactor:
                      - store: { orderToEdit: nil }
                      - respond: {}
            """
        #expect(diagnostics(yaml) == [])
        #expect(diagnostics(yaml.replacingOccurrences(of: "orderToEdit: nil }", with: "orderToEdit: ~ }")) == [
            "s.yml:8:35: error: the value of 'orderToEdit' is empty; write an expression",
        ])
    }

    @Test("repeat takes a whole number from 1 up", arguments: [
        ("0", "s.yml:2:9: error: 'repeat' must be a whole number from 1 to 1000000000, found '0'\nnote: 'repeat: 100' plays the story 100 times in a row"),
        ("2.5", "s.yml:2:9: error: 'repeat' must be a whole number from 1 to 1000000000, found '2.5'\nnote: 'repeat: 100' plays the story 100 times in a row"),
        ("99999999999999999999", "s.yml:2:9: error: 'repeat' must be a whole number from 1 to 1000000000, found '99999999999999999999'\nnote: 'repeat: 100' plays the story 100 times in a row"),
        ("[2]", "s.yml:2:9: error: 'repeat' must be a single value, found a list"),
    ])
    func repeatCount(_ value: String, _ expected: String) {
        #expect(diagnostics("scenario: S\nrepeat: \(value)\nscenes:\n  A: {}\n") == [expected])
    }

    @Test("merge keys and non-name keys are refused where they stand; modest anchors and aliases load")
    func yamlKeys() {
        #expect(diagnostics("scenario: M\n<<: { pattern: viper }\nscenes:\n  A: {}\n") == [
            "s.yml:2:1: error: YAML merge keys ('<<') are not supported in the scenario\nnote: write the keys out (merge keys can multiply a document)",
        ])
        #expect(diagnostics("scenario: L\nscenes:\n  A:\n    dataStore: { [a, b]: Int }\n") == [
            "s.yml:4:18: error: YAML keys here must be plain names, not '? ' keys, aliases or lists\nnote: write the key as a name, e.g. 'userID:'",
        ])
        #expect(diagnostics("""
            scenario: OK
            scenes:
              A:
                dataStore: { n: Int = 0 }
                useCases:
                  Tap:
                    interactor: &steps [{ store: { n: dataStore.n + 1 } }, { respond: {} }]
                  Tap2:
                    interactor: *steps
            """) == [])
    }

    @Test("an unknown field inside an interpolation points at its column")
    func columnInsideInterpolation() {
        let yaml = """
            scenario: S
            scenes:
              A:
                useCases:
                  U:
                    response: { name: String }
                    viewModel: { text: String }
                    interactor: [{ respond: { name: '"x"' } }]
                    presenter:
                      text: '"Hi \\(response.nam)!"'
            """
        #expect(diagnostics(yaml) == [
            "s.yml:10:33: error: 'A.U.Response' has no field 'nam'\nnote: did you mean 'name'?\nnote: fields of 'A.U.Response': name",
        ])
    }

    @Test("double-quoted YAML escapes keep columns exact")
    func columnsAfterEscapes() {
        func firstDiagnostic(_ line: String) -> String? {
            diagnostics("""
                scenario: S
                scenes:
                  A:
                    useCases:
                      U:
                        viewModel: { text: String }
                        interactor: [{ respond: {} }]
                        presenter:
                \(line)
                """).first
        }
        // The YAML value is `"ab" + nme`: the escaped quotes take two columns each, so `nme` is at column 27.
        #expect(firstDiagnostic(#"          text: "\"ab\" + nme""#)?.hasPrefix("s.yml:9:27: error: unknown name 'nme'") == true)
        // `\\b` is `\b` to YAML, then `\b` is an unknown escape in the expression's string, at column 21.
        #expect(firstDiagnostic(#"          text: "\"a\\b\" + nme""#) == "s.yml:9:21: error: unknown escape '\\b' in string")
    }

    @Test("data passing between different types is an error at the expression")
    func dataPassingTypes() {
        let yaml = """
            scenario: S
            scenes:
              A:
                dataStore: { id: String? }
                routes:
                  go: { to: B, pass: { id: source.id } }
              B:
                dataStore: { id: Int? }
            """
        #expect(diagnostics(yaml) == [
            "s.yml:6:32: error: data passing changes type: 'source.id' is 'String?' but 'B.id' is 'Int?'\ns.yml:8:18: note: 'B.id' is declared here",
        ])
    }

    @Test("a story step naming an unknown use case suggests the right one")
    func unknownUseCase() {
        let yaml = """
            scenario: S
            scenes:
              A:
                useCases:
                  Login: { interactor: [{ respond: {} }] }
            story:
              - do: A.Logn
            """
        #expect(diagnostics(yaml) == ["s.yml:7:11: error: scene 'A' has no use case 'Logn'\nnote: did you mean 'Login'?"])
    }

    @Test("YAML syntax errors are reported with their position and a hint")
    func yamlSyntax() {
        let yaml = "scenario: S\nscenes:\n  A:\n    message: Note: this breaks\n"
        #expect(diagnostics(yaml) == [
            "s.yml:4:18: error: invalid YAML: mapping values are not allowed in this context\nnote: a value that contains ': ' must be quoted, e.g. 'message: \"Note: …\"'",
        ])
    }

    @Test("a missing fixture names the file it looked for")
    func missingFixture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = """
            scenario: S
            scenes:
              A:
                workers:
                  W:
                    load: { output: "[String]", fixture: data.json }
            """
        let result = ScenarioLoader().load(yaml: yaml, file: "s.yml", baseDirectory: folder)
        #expect(result.diagnostics.map(\.description) == [
            "s.yml:6:46: error: fixture 'data.json' not found next to the scenario\nnote: looked for data.json",
        ])
    }

    @Test("warnings alone still load the scenario")
    func warningsLoad() {
        let result = ScenarioLoader().load(yaml: "scenario: S\nscenes:\n  A: {}\n  B: {}\n", file: "s.yml")
        #expect(result.scenario != nil)
        #expect(result.diagnostics.map(\.severity) == [.warning])
    }

    @Test("bytes that are not UTF-8 are reported at their line and column")
    func invalidUTF8() {
        var data = Data("scenario: S\nscenes:\n  A: {}\n  B\u{E9}".utf8)
        data.append(contentsOf: [0xFF, 0x0A])
        let result = ScenarioLoader().load(data: data, file: "s.yml", baseDirectory: nil)
        #expect(result.diagnostics.map(\.description) == ["s.yml:4:5: error: the file is not valid UTF-8 text\nnote: save the scenario as UTF-8"])
    }

    @Test("a byte-order mark is accepted")
    func byteOrderMark() {
        let data = Data("\u{FEFF}scenario: S\nscenes:\n  A: {}\n".utf8)
        #expect(ScenarioLoader().load(data: data, file: "s.yml", baseDirectory: nil).diagnostics.isEmpty)
    }
}

@Suite("Pattern override")
struct PatternOverrideTests {
    @Test("a scenario can be read as another pattern, and is then checked by that pattern's rules")
    func override() {
        let yaml = """
            scenario: S
            pattern: swiftui
            scenes:
              A:
                dataStore: { n: Int = 0 }
                useCases:
                  Add:
                    interactor: [{ respond: {} }]
                    view: [{ set: { n: dataStore.n + 1 } }]
            """
        #expect(ScenarioLoader().load(yaml: yaml, file: "s.yml").scenario?.pattern == .swiftUI)
        // Clean Swift's View neither writes nor reads the DataStore: the step still runs, and both are findings.
        let asClean = ScenarioLoader(patternOverride: .cleanSwift).load(yaml: yaml, file: "s.yml")
        #expect(asClean.scenario?.findings.map(\.rule) == ["clean-swift/interactor-owns-datastore", "clean-swift/interactor-owns-datastore"])
        #expect(asClean.diagnostics.map { "\($0.severity): \($0.messageWithID())" } == [
            "warning: 'set' sends View → DataStore, which clean-swift does not allow [clean-swift/interactor-owns-datastore]",
            "warning: the View reads 'dataStore', which clean-swift does not allow [clean-swift/interactor-owns-datastore]",
        ])
    }
}

@Suite("A View that fills its Request (sends)")
struct SendsTests {
    static let yaml = """
        scenario: S
        pattern: swiftui
        scenes:
          Home:
            dataStore: { name: 'String = "Ann"' }
            useCases:
              Greet:
                trigger: load
                request: { name: String }
                sends: { name: dataStore.name, nmae: dataStore.name }
                interactor:
                  - respond: { text: request.name }
                response: { text: String }
                viewModel: { text: String }
                presenter: { text: response.text }
                view:
                  - show: text
              Again:
                request: { name: String, times: Int }
                sends: { name: 'dataStore.name + "!"' }
                interactor:
                  - respond: { text: request.name }
                response: { text: String }
                viewModel: { text: String }
                presenter: { text: response.text }
                view:
                  - show: text
        story:
          - appear: Home
          - do: Home.Again
            request: { name: Bo, times: 2 }
        """

    @Test("an unknown field is named with the fields there are; a story value the View sends is a warning; sent fields need no default or story value")
    func diagnostics() {
        let result = ScenarioLoader().load(yaml: Self.yaml, file: "s.yml")
        #expect(result.diagnostics.map(\.description) == [
            "s.yml:10:40: error: the Request of 'Greet' has no field 'nmae'\nnote: did you mean 'name'?\nnote: declare it under 'request:'; 'sends:' fills Request fields from what the View holds",
            "s.yml:31:16: warning: request value 'name' has no effect: the View sends 'dataStore.name + \"!\"'\nnote: remove it here, or take 'name' out of the use case's 'sends:'",
        ])
    }

    @Test("the Request carries what the View holds")
    func run() throws {
        let yaml = Self.yaml.replacingOccurrences(of: ", nmae: dataStore.name", with: "")
            .replacingOccurrences(of: "request: { name: Bo, times: 2 }", with: "request: { times: 2 }")
        let result = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        #expect(result.diagnostics.map(\.description) == [])
        let scenario = try #require(result.scenario)
        #expect(scenario.scenes[0].useCases[1].sends.map(\.value.text) == [#"dataStore.name + "!""#])
    }
}

@Suite("Data passing in the AppState variant")
struct AppStatePassingTests {
    @Test("a route writes AppState fields: an unknown one is named with the fields there are, and 'source' is not in scope")
    func diagnostics() {
        let yaml = """
            scenario: S
            pattern: appstate
            appState: { n: Int = 1 }
            scenes:
              A:
                useCases:
                  Go:
                    interactor: []
                    view: [{ route: toB }]
                routes:
                  toB: { to: B, pass: { m: appState.n, n: source.n } }
              B: {}
            story:
              - do: A.Go
            """
        #expect(ScenarioLoader().load(yaml: yaml, file: "s.yml").diagnostics.map(\.description) == [
            "s.yml:11:29: error: the AppState has no field 'm' to pass into\nnote: did you mean 'n'?\nnote: in 'appstate' a route's 'pass:' writes AppState fields; declare it under 'appState:'",
            "s.yml:11:47: error: unknown name 'source'\nnote: in scope here: appState\nnote: in 'appstate' a route passes data by writing the AppState: it reads 'appState' and the route's 'input'",
        ])
    }
}
