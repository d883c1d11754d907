import Foundation
import ScenarioLoader
import ScenarioSpec
import Testing
import TestSupport

/// Each file in `Fixtures/findings/` does what its pattern's rules do not allow, as real apps do: it loads, each
/// such step is a finding (a warning with the rule's id) unless an acceptance takes it back, and its diagnostics are
/// exactly `<name>.expected`. `RECORD_GOLDEN=1` rewrites them; review the diff.
@Suite("Rule findings")
struct FindingFixtureTests {
    static let folder = PackagePaths.tests.appendingPathComponent("ScenarioLoaderTests/Fixtures/findings")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted()
    }

    static func load(_ name: String) -> ScenarioLoader.Result {
        let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
        return ScenarioLoader().load(data: data, file: "findings/\(name)", baseDirectory: folder)
    }

    @Test("a scenario that breaks a rule loads, with the finding as a warning", arguments: fixtures)
    func diagnosticsMatch(_ name: String) {
        let result = Self.load(name)
        #expect(result.scenario != nil)
        #expect(!result.diagnostics.containsErrors)
        let text = result.diagnostics.map(\.description).joined(separator: "\n") + "\n"
        Golden.check(text, against: Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".yml", with: ".expected")))
    }

    @Test("findings carry their rule, place, scene and path; an acceptance takes one back for its scope only")
    func findings() throws {
        let scenario = try #require(Self.load("clean-swift.yml").scenario)
        let found = scenario.findings.map { finding in
            "\(finding.location) \(finding.scene) \(finding.path.map(\.description) ?? "-") \(finding.rule)"
                + (finding.accepted.map { " accepted for \($0.scopeDescription): \($0.reason)" } ?? "")
        }
        #expect(found == [
            "findings/clean-swift.yml:22:13 Login Interactor → Router clean-swift/view-routes accepted for the scenario: the Presenters navigate once they have tracked the tap",
            "findings/clean-swift.yml:25:13 Login Presenter → Interactor clean-swift/one-way",
            "findings/clean-swift.yml:27:13 Login Presenter → Worker clean-swift/workers-serve-interactor accepted for this step: analytics are sent where the screen is formatted",
            "findings/clean-swift.yml:30:13 Login Presenter → Router clean-swift/view-routes accepted for the scenario: the Presenters navigate once they have tracked the tap",
            "findings/clean-swift.yml:32:13 Login View → Presenter clean-swift/view-to-interactor",
            "findings/clean-swift.yml:33:13 Login View → Worker clean-swift/workers-serve-interactor",
            "findings/clean-swift.yml:35:13 Login View → DataStore clean-swift/interactor-owns-datastore accepted for scene 'Login': the form writes its draft into the DataStore",
            "findings/clean-swift.yml:36:29 Login - clean-swift/interactor-owns-datastore accepted for scene 'Login': the form writes its draft into the DataStore",
        ])
        // The step-level acceptance of the Presenter's worker call does not reach the View's call of the same rule.
        #expect(scenario.acceptances.count == 5)
    }

    @Test("an acceptance needs a rule and a reason, and is a mapping")
    func malformedAcceptances() {
        let yaml = """
        scenario: Accepting
        accept:
          - rule: clean-swift/one-way
          - reason: no rule
          - clean-swift/one-way
          - { rule: clean-swift/one-way, reason: " " }
          - { rule: clean-swift/one-way, reason: fine, scope: all }
        scenes:
          A: {}
        """
        let result = ScenarioLoader().load(yaml: yaml, file: "accept.yml")
        #expect(result.scenario == nil)
        #expect(result.diagnostics.map { "\($0.location.map(\.description) ?? "-"): \($0.severity): \($0.message)" } == [
            "accept.yml:3:11: error: the acceptance of clean-swift/one-way needs 'reason:': why the app breaks the rule",
            "accept.yml:4:5: error: an acceptance needs 'rule:' (the id a finding names, such as 'clean-swift/one-way')",
            "accept.yml:5:5: error: an acceptance is '{ rule: …, reason: … }', found 'clean-swift/one-way'",
            "accept.yml:6:42: error: the acceptance of clean-swift/one-way gives no reason",
            "accept.yml:7:13: warning: nothing in the scenario breaks clean-swift/one-way, so this acceptance takes back nothing",
            "accept.yml:7:48: error: unknown key 'scope' in an acceptance",
        ])
    }
}

@Suite("Findings, acceptances and names: what the loader says")
struct FindingDiagnosticsTests {
    static func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader().load(yaml: yaml, file: "s.yml").diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.severity): \($0.messageWithID())" }
    }

    @Test("an 'accept:' on an 'if' step covers the steps nested in it")
    func nestedAcceptance() {
        let yaml = """
            scenario: S
            scenes:
              A:
                dataStore: { page: Int = 1 }
                workers:
                  Log: { track: {} }
                useCases:
                  Load:
                    interactor: [{ respond: {} }]
                    presenter:
                      - if: 'true'
                        accept: { rule: clean-swift/workers-serve-interactor, reason: the Presenter logs each page }
                        then:
                          - call: Log.track
                      - call: Log.track
            """
        #expect(Self.diagnostics(yaml).filter { $0.contains("warning:") && !$0.contains("generate/") } == [
            "15:13 warning: 'call: Log.track' sends Presenter → Worker, which clean-swift does not allow [clean-swift/workers-serve-interactor]",
        ])
    }

    @Test("a part calling itself is refused as no message between parts, without a rule to accept")
    func selfCall() {
        let yaml = """
            scenario: S
            scenes:
              A:
                useCases:
                  Load:
                    interactor:
                      - call: Interactor.load
                      - respond: {}
            """
        #expect(Self.diagnostics(yaml) == [
            "7:13 error: 'call: Interactor.load' has Interactor call itself; a part's call to its own method is no message between parts",
        ])
    }

    @Test("a configurator's name where the View's setup() wires has no effect; a renamed protocol is pointed to")
    func names() {
        let yaml = """
            scenario: S
            wiring: setup
            scenes:
              A:
                names: { configurator: ASetup, protocols: { businessLogic: AActions } }
                useCases:
                  Load:
                    interactor: [{ respond: {} }]
            story:
              - do: A.Load
                expect: { messages: [ABusinessLogic.load(request:)] }
            """
        #expect(Self.diagnostics(yaml) == [
            "5:28 warning: 'configurator: ASetup' has no effect: the View's setup() wires scene 'A'",
            "11:26 error: 'messages' names 'ABusinessLogic', which is no component, protocol or worker of this scenario",
        ])
        let notes = ScenarioLoader().load(yaml: yaml, file: "s.yml").diagnostics.last?.notes.map(\.message)
        #expect(notes?.contains("'names:' calls it 'AActions' in this app") == true)
    }
}

@Suite("Scene keys for what an app's scene has not")
struct SceneShapeDiagnosticsTests {
    @Test("'without' takes only the router; 'external' is true or false")
    func refusals() {
        let yaml = """
            scenario: S
            scenes:
              A:
                without: [view]
              B:
                external: yes
            """
        let result = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        #expect(result.scenario == nil)
        #expect(result.diagnostics.map(\.description) == [
            "s.yml:4:15: error: a scene may be without its 'router', not 'view'\nnote: a pattern without a part is another pattern: see 'pattern:'",
            "s.yml:5:3: warning: scene 'B' is never reached: no route leads to it and no story step shows it\nnote: add a route to it, an 'appear: B' story step, or remove it",
            "s.yml:6:15: error: 'external' is 'true' or 'false', not 'yes'",
        ])
    }
}
