import Foundation
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// A tab bar container (`tabs:`) embeds scenes, one per tab; the story's `tab:` selects another. Each tab keeps its
/// scenes and what was pushed on it while another tab is shown, as a `UITabBarController` does.
@Suite("Tab bars")
struct TabBarTests {
    static let scenario = #"""
        scenario: Tabs
        pattern: clean-swift
        start: Welcome
        scenes:
          Welcome:
            useCases:
              Start:
                interactor:
                  - respond: {}
                view:
                  - route: toMain
            routes:
              toMain: { to: Main, navigation: replace }
          Main:
            tabs: [Feed, Profile]
            names: { view: MainTabBarController }
          Feed:
            dataStore: { visits: { type: Int, default: 0 } }
            useCases:
              Count:
                trigger: appear
                interactor:
                  - store: { visits: dataStore.visits + 1 }
                  - respond: { visits: dataStore.visits }
                response: { visits: Int }
                viewModel: { text: String }
                presenter:
                  text: '"Visit \(response.visits)"'
                view:
                  - show: text
              Open:
                interactor:
                  - respond: {}
                view:
                  - route: toPost
            routes:
              toPost: Post
          Profile:
            useCases:
              Load:
                trigger: load
                interactor:
                  - respond: {}
                view:
                  - show: { name: '"Ann"' }
          Post: {}
        story:
          - do: Welcome.Start
            expect: { stack: [Main, Feed], shown: { text: Visit 1 } }
          - do: Feed.Open
            expect: { stack: [Main, Feed, Post] }
          - tab: Profile
            expect: { stack: [Main, Profile], shown: { name: Ann } }
          - tab: Feed
            expect: { stack: [Main, Feed, Post] }
          - back: true
            expect: { stack: [Main, Feed], shown: { text: Visit 2 }, dataStore: { Feed.visits: 2 } }
        """#

    static func folder() throws -> URL {
        try CLI.temporaryFile(Self.scenario, name: "tabs.yml").deletingLastPathComponent()
    }

    @Test("the tab bar builds every tab's scene as it loads, shows the first, and a tab comes back as it was left")
    func trace() throws {
        let folder = try Self.folder()
        let run = try CLI.run(["run", "tabs.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: folder.appendingPathComponent("out/tabs/trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix(#"{"sceneflowTrace":3,"scenario":"Tabs""#))
        #expect(lines.filter { $0.contains(#""kind":"navigation""#) || $0.hasPrefix(#"{"step""#) } == [
            #"{"step":1,"do":"Welcome.Start","at":"tabs.yml:48:5"}"#,
            #"{"seq":13,"cycle":1,"parent":12,"t":0,"kind":"navigation","from":7,"to":10,"style":"replace","route":"toMain","method":"navigateToMain(source:destination:)","removed":[4],"at":"tabs.yml:13:7"}"#,
            #"{"seq":27,"cycle":1,"parent":14,"t":0,"kind":"navigation","from":10,"to":16,"style":"tab","method":"setViewControllers(_:animated:)","shown":[16],"at":"tabs.yml:13:7"}"#,
            #"{"step":2,"do":"Feed.Open","at":"tabs.yml:50:5"}"#,
            #"{"seq":45,"cycle":3,"parent":38,"t":0,"kind":"navigation","from":19,"to":28,"style":"push","route":"toPost","method":"navigateToPost(source:destination:)","at":"tabs.yml:37:7"}"#,
            #"{"step":3,"tab":"Profile","at":"tabs.yml:52:5"}"#,
            #"{"seq":47,"t":0,"kind":"navigation","from":1,"to":22,"style":"tab","method":"tabBarController(_:didSelect:)","removed":[28,16],"shown":[22],"at":"tabs.yml:52:5"}"#,
            #"{"step":4,"tab":"Feed","at":"tabs.yml:54:5"}"#,
            #"{"seq":53,"t":0,"kind":"navigation","from":1,"to":28,"style":"tab","method":"tabBarController(_:didSelect:)","removed":[22],"shown":[16,28],"at":"tabs.yml:54:5"}"#,
            #"{"step":5,"back":true,"at":"tabs.yml:56:5"}"#,
            #"{"seq":54,"t":0,"kind":"navigation","from":1,"to":16,"style":"pop","method":"popViewController(animated:)","removed":[28],"at":"tabs.yml:56:5"}"#,
        ])
        // The tab bar is wired by nothing; each tab's scene is wired as the tab bar loads (message 14), the second
        // tab's View loads only when it is selected, and coming back to the first tab loads nothing again.
        #expect(!lines.contains { $0.contains(#""name":"MainConfigurator""#) || $0.contains(#""name":"MainInteractor""#) })
        let loads = lines.filter { $0.contains(#""kind":"load""#) }.map { $0.replacing(/,"at":"[^"]*"/, with: "") }
        #expect(loads == [
            #"{"seq":7,"t":0,"kind":"load","from":4,"to":4,"method":"viewDidLoad()"}"#,
            #"{"seq":14,"cycle":1,"parent":13,"t":0,"kind":"load","from":10,"to":10,"method":"viewDidLoad()"}"#,
            #"{"seq":28,"cycle":1,"parent":27,"t":0,"kind":"load","from":16,"to":16,"method":"viewDidLoad()"}"#,
            #"{"seq":46,"cycle":3,"parent":45,"t":0,"kind":"load","from":28,"to":28,"method":"viewDidLoad()"}"#,
            #"{"seq":48,"parent":47,"t":0,"kind":"load","from":22,"to":22,"method":"viewDidLoad()"}"#,
        ])
        let configured = lines.filter { $0.contains(#""kind":"configure""#) && $0.contains(#""parent":14"#) }
        #expect(configured.count == 12, "both tabs' scenes are wired as the tab bar loads")
    }

    @Test("check passes the story, and check --trace rebuilds each tab's stack from the recorded trace")
    func check() throws {
        let folder = try Self.folder()
        let check = try CLI.run(["check", "tabs.yml", "--color", "never"], in: folder)
        #expect(check.status == 0)
        #expect(check.stdout.contains("  ✓ 3  tab Profile\n  ✓ 4  tab Feed\n  ✓ 5  back\n"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("1 scenario: 10 checks passed, 0 failed\n"), "\(check.stdout)")
        #expect(try CLI.run(["run", "tabs.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let replay = try CLI.run(["check", "tabs.yml", "--trace", "out/tabs/trace.jsonl", "--color", "never"], in: folder)
        #expect(replay.status == 0, "\(replay.stdout)")
        #expect(replay.stdout.hasSuffix("1 scenario: 10 checks passed, 0 failed\n"), "\(replay.stdout)")
        // A wrong expectation of a tab's stack fails with the stack the trace shows.
        let wrong = Self.scenario.replacingOccurrences(of: "expect: { stack: [Main, Feed, Post] }\n  - back",
                                                       with: "expect: { stack: [Main, Feed] }\n  - back")
        #expect(wrong != Self.scenario)
        let wrongFolder = try CLI.temporaryFile(wrong, name: "tabs.yml").deletingLastPathComponent()
        let failed = try CLI.run(["check", "tabs.yml", "--color", "never"], in: wrongFolder)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("  ✗ 4  tab Feed"), "\(failed.stdout)")
        #expect(failed.stdout.contains("Main → Feed → Post"), "\(failed.stdout)")
    }

    @Test("the flow diagram draws the tab bar with an edge to each tab and how often it was selected; Mermaid too")
    func flow() throws {
        let folder = try Self.folder()
        #expect(try CLI.run(["run", "tabs.yml", "--out", "out", "--quiet", "--diagram", "flow", "--image-format", "dot"], in: folder).status == 0)
        let dot = try String(contentsOf: folder.appendingPathComponent("out/tabs/flow.dot"), encoding: .utf8)
        let tabEdges = dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains(#"arrowtail="odiamond""#) }
        #expect(tabEdges.count == 2, "\(dot)")
        #expect(tabEdges[0].hasPrefix(#""scene_Main" -> "scene_Feed" ["#) && tabEdges[0].contains(#"label="tab\n×2""#), "\(tabEdges)")
        #expect(tabEdges[1].hasPrefix(#""scene_Main" -> "scene_Profile" ["#) && tabEdges[1].contains(#"label="tab\n×1""#), "\(tabEdges)")
        #expect(dot.contains(#"shape="tab""#))
        #expect(!dot.contains("leaves itself"), "a tab bar showing a tab is no View leaving its screen")
        let mermaid = try CLI.run(["export", "tabs.yml", "--format", "mermaid", "--diagram", "flow", "-o", "-"], in: folder)
        #expect(mermaid.stdout.contains("""
                s1 -->|"tab<br/>×2"| s2
                s1 -->|"tab<br/>×1"| s3

            """), "\(mermaid.stdout)")
        #expect(mermaid.stdout.contains(#"    s1["<b>Main</b><br/><small>tab bar</small><br/><small>shown ×1</small>"]"#))
    }

    @Test("explain tells the user's tab selection and what the tab bar keeps; no rule is broken")
    func explain() throws {
        let folder = try Self.folder()
        let result = try CLI.run(["explain", "tabs.yml", "--color", "never"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
              47  User → ProfileViewController
                  The user selects the tab of ProfileViewController (tab; keeps Post#1, Feed#1).
                  Why: A tab bar keeps every tab's scenes alive while another tab is shown: nothing is released
                       and nothing is passed. A tab's View loads the first time it is selected; selected again,
                       the same instances come back with their state and only their appear use cases run.
            """), "\(result.stdout)")
        #expect(result.stdout.contains("The user selects the tab of FeedViewController (tab; keeps Profile#1)."))
        let run = try CLI.run(["run", "tabs.yml", "--out", "out", "--no-diagrams", "--color", "never"], in: folder)
        #expect(!run.stdout.contains("✗"), "\(run.stdout)")
    }

    @Test("validate names each misuse of a tab bar at its place")
    func diagnostics() throws {
        let bad = #"""
            scenario: Bad tabs
            start: Main
            scenes:
              Main:
                tabs: [Feed, Nope, Main, Inner]
                useCases:
                  Load: { interactor: [{ respond: {} }] }
              Inner:
                tabs: [Feed]
              Feed: {}
              Other: {}
            story:
              - tab: Other
            """#
        let folder = try CLI.temporaryFile(bad, name: "bad.yml").deletingLastPathComponent()
        let result = try CLI.run(["validate", "bad.yml", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            bad.yml:5:18: error: tab bar 'Main' holds unknown scene 'Nope'
                tabs: [Feed, Nope, Main, Inner]
                             ^
            bad.yml:5:24: error: tab bar 'Main' holds itself as a tab
                tabs: [Feed, Nope, Main, Inner]
                                   ^
            note: list the scenes its tabs show
            bad.yml:5:30: error: tab bar 'Main' holds 'Inner', another tab bar
                tabs: [Feed, Nope, Main, Inner]
                                         ^
            note: a tab shows a scene; UIKit does not put a tab bar inside a tab
            bad.yml:6:5: error: scene 'Main' is a tab bar, a screen with none of the pattern's parts, so it has no 'useCases'
                useCases:
                ^
            note: give 'useCases' to the scenes of its tabs
            bad.yml:9:12: error: 'Feed' is a tab of 'Main' and of 'Inner'
                tabs: [Feed]
                       ^
            note: a scene's View belongs to one tab bar; give the other tab its own scene
            bad.yml:11:3: warning: scene 'Other' is never reached: no route leads to it, no tab bar holds it and no story step shows it
              Other: {}
              ^
            note: add a route to it, an 'appear: Other' story step, or remove it
            bad.yml:13:10: error: 'tab' selects a tab, but no tab bar has 'Other' among its 'tabs'
              - tab: Other
                     ^
            note: tabs: Feed
            ✗ 1 of 1 scenario invalid (6 errors, 1 warning)

            """)
        let valid = try CLI.run(["validate", "tabs.yml", "--color", "never"], in: try Self.folder())
        #expect(valid.status == 0)
        #expect(valid.stderr.hasPrefix("tabs.yml:14:3: warning: generate does not write a tab bar ('tabs:' of Main) yet [generate/tabs]\n"), "\(valid.stderr)")
    }

    static let errors = #"""
        scenario: Tab errors
        start: Main
        scenes:
          Main:
            tabs: [Feed, Profile]
          Feed:
            useCases:
              Compose:
                interactor: [{ respond: {} }]
                view: [{ route: toComposer }]
            routes:
              toComposer: { to: Composer, navigation: present }
          Profile: {}
          Composer: {}
        story:
          - STEP
        """#

    @Test("going back from a tab's root, selecting the selected tab, or a tab under a presented scene stops the run at the step",
          arguments: [
            ("back: true", """
                r.yml:16:5: error: there is nothing to go back to: 'Feed' is the root of a tab of 'Main', with nothing below it in its tab
                  - back: true
                    ^
                note: select another tab with 'tab:'

                """),
            ("tab: Feed", """
                r.yml:16:10: error: tab 'Feed' of 'Main' is already selected
                  - tab: Feed
                         ^
                note: the navigation stack is Main → Feed
                note: select another tab first, or leave this step out

                """),
            ("do: Feed.Compose\n  - tab: Profile", """
                r.yml:17:10: error: 'tab: Profile' needs the tab bar 'Main' visible, but 'Composer' is presented over it
                  - tab: Profile
                         ^
                note: the navigation stack is Main → Feed → Composer
                note: go 'back' first, as the user closes what covers the tab bar

                """),
          ])
    func runErrors(_ step: String, _ expected: String) throws {
        let folder = try CLI.temporaryFile(Self.errors.replacingOccurrences(of: "STEP", with: step), name: "r.yml").deletingLastPathComponent()
        let result = try CLI.run(["run", "r.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
    }

    @Test("every other pattern keeps the tab bar and the tab steps, and their stories pass")
    func translate() throws {
        let folder = try Self.folder()
        for pattern in ["viper", "swiftui", "appstate"] {
            let result = try CLI.run(["translate", "tabs.yml", "--to", pattern, "-o", "\(pattern).yml", "--quiet"], in: folder)
            #expect(result.status == 0, "\(pattern): \(result.stderr)")
            let text = try String(contentsOf: folder.appendingPathComponent("\(pattern).yml"), encoding: .utf8)
            #expect(text.contains("    tabs: [Feed, Profile]\n"), "\(pattern)")
            #expect(text.contains("  - tab: Profile\n") && text.contains("  - tab: Feed\n"), "\(pattern)")
            let check = try CLI.run(["check", "\(pattern).yml", "--color", "never"], in: folder)
            #expect(check.status == 0, "\(pattern): \(check.stdout)")
        }
    }

    @Test("a reader refuses a tab in a trace whose header says format 2")
    func version() throws {
        let trace = #"""
            {"sceneflowTrace":2,"scenario":"T","file":"t.yml","pattern":"clean-swift","start":"A"}
            {"step":1,"tab":"B"}

            """#
        #expect(throws: (any Error).self) { try TraceReader.read(Data(trace.utf8)) }
        do {
            _ = try TraceReader.read(Data(trace.utf8))
        } catch {
            #expect("\(error)".contains("a 'tab' step is new in trace format 3, but the header says 2"), "\(error)")
        }
        let three = trace.replacingOccurrences(of: #""sceneflowTrace":2"#, with: #""sceneflowTrace":3"#)
        #expect(try TraceReader.read(Data(three.utf8)).steps.map(\.action) == [.tab("B")])
    }

    @Test("an empty, doubled or external tab bar, an unknown tab, a tab bar off screen and a format-2 tab navigation are each named")
    func moreMisuse() throws {
        let bad = #"""
            scenario: More bad tabs
            start: Main
            scenes:
              Main:
                external: true
                tabs: [Feed, Feed]
              Empty:
                tabs: []
              Feed: {}
            story:
              - tab: Nowhere
            """#
        let folder = try CLI.temporaryFile(bad, name: "bad2.yml").deletingLastPathComponent()
        let invalid = try CLI.run(["validate", "bad2.yml", "--color", "never"], in: folder)
        #expect(invalid.status == 1)
        #expect(invalid.stderr == """
            bad2.yml:6:5: error: scene 'Main' is a tab bar ('tabs'), so it is not also 'external'
                tabs: [Feed, Feed]
                ^
            note: a tab bar is already a screen outside the pattern; remove 'external'
            bad2.yml:6:18: error: scene 'Feed' is a tab of 'Main' twice
                tabs: [Feed, Feed]
                             ^
            bad2.yml:6:12: note: 'Feed' is first listed here
            bad2.yml:7:3: warning: scene 'Empty' is never reached: no route leads to it, no tab bar holds it and no story step shows it
              Empty:
              ^
            note: add a route to it, an 'appear: Empty' story step, or remove it
            bad2.yml:8:11: error: a tab bar needs at least one tab
                tabs: []
                      ^
            note: list the scenes of its tabs: 'tabs: [Home, Search]'
            bad2.yml:11:10: error: 'tab' names unknown scene 'Nowhere'
              - tab: Nowhere
                     ^
            ✗ 1 of 1 scenario invalid (4 errors, 1 warning)

            """)

        let offScreen = #"""
            scenario: Off screen
            start: Feed
            scenes:
              Main:
                tabs: [Feed, Profile]
              Feed: {}
              Profile: {}
            story:
              - tab: Profile
            """#
        let offFolder = try CLI.temporaryFile(offScreen, name: "off.yml").deletingLastPathComponent()
        let stopped = try CLI.run(["run", "off.yml", "--out", "out", "--quiet", "--no-diagrams", "--color", "never"], in: offFolder)
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("""
            off.yml:9:10: error: 'tab: Profile' needs the tab bar 'Main' on screen, but it is not
              - tab: Profile
                     ^
            note: the navigation stack is Feed

            """), "\(stopped.stderr)")

        let trace = """
            {"sceneflowTrace":2,"scenario":"T","file":"t.yml","pattern":"clean-swift","start":"A"}
            {"participant":1,"role":"user","name":"User"}
            {"participant":3,"role":"view","name":"AView","scene":"A","instance":1}
            {"seq":1,"t":0,"kind":"navigation","from":1,"to":3,"style":"tab","method":"m","shown":[3]}

            """
        try trace.write(to: offFolder.appendingPathComponent("v2.jsonl"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["check", "off.yml", "--trace", "v2.jsonl", "--color", "never"], in: offFolder)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasSuffix("""
            v2.jsonl:4:1: error: the navigation style 'tab' is new in trace format 3, but the header says 2
            {"seq":1,"t":0,"kind":"navigation","from":1,"to":3,"style":"tab","method":"m","shown":[3]}
            ^

            """), "\(refused.stderr)")
    }
}
