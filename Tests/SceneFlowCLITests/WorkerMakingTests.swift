import Foundation
import Testing
import TestSupport

/// What real apps do with workers and DataStores that a scenario now says as they do it: a worker its Interactor
/// makes itself (`var worker = HomeWorker()`) is wired by nothing; a View calling a worker the app shares is a finding
/// `validate` sees, as `check` does; and after going back, a step's expectations read the DataStore on screen.
@Suite("Workers made by their holder, shared-worker findings, the DataStore on screen")
struct WorkerMakingTests {
    static let scenario = #"""
        scenario: Made
        start: Home
        workers:
          Analytics:
            track: { input: { event: String } }
        scenes:
          Home:
            workers:
              HomeWorker:
                made: byHolder
                fetch: { output: Int, result: 3 }
              CacheWorker:
                clear: {}
            useCases:
              Load:
                trigger: load
                interactor:
                  - call: HomeWorker.fetch
                    as: count
                  - respond: { count: count }
                response: { count: Int }
                viewModel: { text: String }
                presenter:
                  text: '"\(response.count)"'
                view:
                  - show: text
                  - call: Analytics.track
                    with: { event: '"home"' }
                    ACCEPT
              Clear:
                interactor:
                  - call: CacheWorker.clear
                  - respond: {}
                view:
                  - route: toDetail
            routes:
              toDetail: { to: Detail, pass: { level: 1 } }
          Detail:
            dataStore: { level: { type: Int, default: 0 } }
            useCases:
              Deeper:
                interactor:
                  - respond: {}
                view:
                  - route: toDetail
            routes:
              toDetail: { to: Detail, pass: { level: source.level + 1 } }
        story:
          - do: Home.Clear
          - do: Detail.Deeper
            expect: { dataStore: { Detail.level: 2 } }
          - back: true
            expect: { stack: [Home, Detail], dataStore: { Detail.level: 1 } }
        """#

    static func folder(accepting: Bool) throws -> URL {
        let text = Self.scenario.replacingOccurrences(
            of: "ACCEPT", with: accepting ? "accept: { rule: clean-swift/workers-serve-interactor, reason: the View logs its own screen }" : "")
        return try CLI.temporaryFile(text, name: "made.yml").deletingLastPathComponent()
    }

    @Test("a worker made by its holder gets no wiring message; the Configurator still sets the other")
    func wiring() throws {
        let folder = try Self.folder(accepting: true)
        #expect(try CLI.run(["run", "made.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let lines = try String(contentsOf: folder.appendingPathComponent("out/made/trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let homeWiring = lines.filter { $0.contains(#""kind":"configure""#) && $0.contains(#""from":3,"#) }
            .map { $0.replacing(/,"at":"[^"]*"/, with: "") }
        #expect(homeWiring == [
            #"{"seq":1,"t":0,"kind":"configure","from":3,"to":4,"property":"interactor","protocol":"HomeBusinessLogic","value":5}"#,
            #"{"seq":2,"t":0,"kind":"configure","from":3,"to":4,"property":"router","protocol":"HomeRoutingLogic","value":7}"#,
            #"{"seq":3,"t":0,"kind":"configure","from":3,"to":5,"property":"presenter","protocol":"HomePresentationLogic","value":6}"#,
            #"{"seq":4,"t":0,"kind":"configure","from":3,"to":6,"property":"viewController","protocol":"HomeDisplayLogic","value":4}"#,
            #"{"seq":5,"t":0,"kind":"configure","from":3,"to":7,"property":"viewController","value":4}"#,
            #"{"seq":6,"t":0,"kind":"configure","from":3,"to":7,"property":"dataStore","protocol":"HomeDataStore","value":5}"#,
            #"{"seq":7,"t":0,"kind":"configure","from":3,"to":5,"property":"cacheWorker","value":10}"#,
        ])
        // HomeWorker is still the scene's own: the Interactor calls it.
        #expect(lines.contains(#"{"participant":9,"role":"worker","name":"HomeWorker","scene":"Home","instance":1}"#))
        #expect(lines.contains { $0.contains(#""kind":"workerCall","from":5,"to":9"#) })
        // generate writes a worker its holder makes (PresentationTests builds one): what it refuses here is the View's
        // own worker call, not the making.
        let valid = try CLI.run(["validate", "made.yml", "--color", "never"], in: folder)
        #expect(!valid.stderr.contains("generate/made"), "\(valid.stderr)")
        #expect(valid.stderr.contains("[generate/step]"), "\(valid.stderr)")
    }

    @Test("'made' takes 'wiring' or 'byHolder', and only on a scene's worker")
    func misuse() throws {
        let bad = """
            scenario: M
            start: A
            workers:
              Shared:
                made: byHolder
                go: {}
            scenes:
              A:
                workers:
                  W:
                    made: perCall
                    go: {}
            """
        let folder = try CLI.temporaryFile(bad, name: "bad.yml").deletingLastPathComponent()
        let result = try CLI.run(["validate", "bad.yml", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            bad.yml:5:5: error: a shared worker is made once, by the app; 'made' belongs to a scene's worker
                made: byHolder
                ^
            note: remove 'made', or declare 'Shared' under a scene's 'workers:'
            bad.yml:11:15: error: 'made' is 'wiring' (what wires the scene sets it) or 'byHolder' (the part that calls it makes it itself), not 'perCall'
                    made: perCall
                          ^
            ✗ 1 of 1 scenario invalid (2 errors, 0 warnings)

            """)
    }

    @Test("a View calling a shared worker is a finding validate reports, and its acceptance is used, as check has it")
    func sharedWorkerFinding() throws {
        let open = try Self.folder(accepting: false)
        let warned = try CLI.run(["validate", "made.yml", "--color", "never"], in: open)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("""
            made.yml:27:13: warning: 'call: Analytics.track' sends View → Worker, which clean-swift does not allow [clean-swift/workers-serve-interactor]
                      - call: Analytics.track
                        ^
            note: rule clean-swift/workers-serve-interactor: Workers serve the Interactor; the View does no business work
            """), "\(warned.stderr)")
        let failed = try CLI.run(["check", "made.yml", "--color", "never"], in: open)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("got event 15 View → Worker breaks clean-swift/workers-serve-interactor"), "\(failed.stdout)")
        let accepted = try Self.folder(accepting: true)
        let quiet = try CLI.run(["validate", "made.yml", "--color", "never"], in: accepted)
        #expect(!quiet.stderr.contains("accept/unused") && !quiet.stderr.contains("[clean-swift/workers-serve-interactor]"), "\(quiet.stderr)")
        let passed = try CLI.run(["check", "made.yml", "--color", "never"], in: accepted)
        #expect(passed.status == 0, "\(passed.stdout)")
        #expect(passed.stdout.hasSuffix("1 scenario: 4 checks passed, 0 failed\n"), "\(passed.stdout)")
    }

    @Test("after going back, a DataStore expectation reads the instance on screen, in the run and in a recorded trace")
    func dataStoreOnScreen() throws {
        let folder = try Self.folder(accepting: true)
        // Detail#2 (level 2) is popped; Detail#1 (level 1) is on screen again: the newest instance is not the one shown.
        let check = try CLI.run(["check", "made.yml", "--color", "never"], in: folder)
        #expect(check.stdout.contains("  ✓ 2  do Detail.Deeper\n  ✓ 3  back\n"), "\(check.stdout)")
        #expect(try CLI.run(["run", "made.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let replay = try CLI.run(["check", "made.yml", "--trace", "out/made/trace.jsonl", "--color", "never"], in: folder)
        #expect(replay.status == 0, "\(replay.stdout)")
        #expect(replay.stdout.contains("  ✓ 3  back\n"), "\(replay.stdout)")
    }
}
