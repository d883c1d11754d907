import Foundation
import Testing
import TestSupport

/// `presentation:` says how a presented scene covers the one below, as `modalPresentationStyle` does: a sheet or an
/// over-full-screen scene leaves it on screen, so dismissing it brings no `viewWillAppear(_:)` and no appear use case.
@Suite("Presentation styles")
struct PresentationTests {
    static let scenario = #"""
        scenario: Sheets
        start: Home
        scenes:
          Home:
            dataStore: { shown: { type: Int, default: 0 } }
            useCases:
              Count:
                trigger: appear
                interactor:
                  - store: { shown: dataStore.shown + 1 }
                  - respond: {}
              OpenSheet:
                interactor: [{ respond: {} }]
                view: [{ route: toSheet }]
              OpenFull:
                interactor: [{ respond: {} }]
                view: [{ route: toFull }]
            routes:
              toSheet: { to: Sheet, navigation: present, presentation: pageSheet }
              toFull: { to: Full, navigation: present }
          Sheet:
            useCases:
              Close:
                interactor: [{ respond: {} }]
                view: [{ leave: dismiss, accept: { rule: clean-swift/router-navigates, reason: the sheet's Done button dismisses it } }]
          Full: {}
        story:
          - do: Home.OpenSheet
          - back: true
            expect: { scene: Home, dataStore: { Home.shown: 1 } }
          - do: Home.OpenSheet
          - do: Sheet.Close
            expect: { scene: Home, dataStore: { Home.shown: 1 } }
          - do: Home.OpenFull
          - back: true
            expect: { scene: Home, dataStore: { Home.shown: 2 } }
        """#

    @Test("dismissing a sheet, by the user or by itself, brings no appear; dismissing a full-screen scene does")
    func trace() throws {
        let folder = try CLI.temporaryFile(Self.scenario, name: "sheets.yml").deletingLastPathComponent()
        let check = try CLI.run(["check", "sheets.yml", "--color", "never"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.hasSuffix("1 scenario: 7 checks passed, 0 failed\n"), "\(check.stdout)")
        #expect(try CLI.run(["run", "sheets.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let lines = try String(contentsOf: folder.appendingPathComponent("out/sheets/trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let afterDismissals = lines.filter { $0.contains(#""style":"dismiss""#) || $0.contains(#""kind":"appear""#) }
        #expect(afterDismissals == [
            #"{"seq":25,"t":0,"kind":"navigation","from":1,"to":4,"style":"dismiss","method":"dismiss(animated:)","removed":[10],"at":"sheets.yml:29:5"}"#,
            #"{"seq":43,"cycle":4,"parent":42,"t":0,"kind":"navigation","from":16,"to":4,"style":"dismiss","method":"dismiss(animated:)","removed":[16],"at":"sheets.yml:25:25"}"#,
            #"{"seq":57,"t":0,"kind":"navigation","from":1,"to":4,"style":"dismiss","method":"dismiss(animated:)","removed":[22],"at":"sheets.yml:35:5"}"#,
            #"{"seq":58,"parent":57,"t":0,"kind":"appear","from":4,"to":4,"method":"viewWillAppear(_:)","at":"sheets.yml:4:3"}"#,
        ])
    }

    /// A sheet and a full-screen scene, each dismissed by the user, over a scene whose appear use case asks a worker
    /// its Interactor makes itself.
    static let generated = #"""
        scenario: Sheets
        start: Home
        scenes:
          Home:
            dataStore: { shown: { type: Int, default: 0 } }
            workers:
              CountWorker:
                made: byHolder
                next:
                  input: { value: Int }
                  output: Int
                  result: 1
            useCases:
              Count:
                trigger: appear
                interactor:
                  - call: CountWorker.next
                    with: { value: dataStore.shown }
                    as: next
                  - store: { shown: dataStore.shown + next }
                  - respond: {}
              OpenSheet:
                interactor: [{ respond: {} }]
                view: [{ route: toSheet }]
              OpenFull:
                interactor: [{ respond: {} }]
                view: [{ route: toFull }]
            routes:
              toSheet: { to: Sheet, navigation: present, presentation: pageSheet }
              toFull: { to: Full, navigation: present }
          Sheet: {}
          Full: {}
        story:
          - do: Home.OpenSheet
          - back: true
            expect: { scene: Home, dataStore: { Home.shown: 1 } }
          - do: Home.OpenFull
          - back: true
            expect: { scene: Home, dataStore: { Home.shown: 2 } }
        """#

    @Test("generate writes the style and a worker its holder makes; the app it writes records the simulation's run, with no appear after the sheet")
    func generated() throws {
        let folder = try CLI.temporaryFile(Self.generated, name: "sheets.yml").deletingLastPathComponent()
        #expect(try CLI.run(["validate", "sheets.yml", "--color", "never"], in: folder).stderr == "✓ 1 scenario valid (0 errors, 0 warnings)\n")
        let generate = try CLI.run(["generate", "sheets.yml", "--out", "pkg", "--module", "Sheets", "--color", "never"], in: folder)
        #expect(generate.status == 0, "\(generate.stderr)")
        let scenes = folder.appendingPathComponent("pkg/Sources/Sheets/Scenes/Home")
        let router = try String(contentsOf: scenes.appendingPathComponent("HomeRouter.swift"), encoding: .utf8)
        #expect(router.contains("        source.navigator.present(destination, style: .pageSheet)\n"), "\(router)")
        #expect(router.contains("        source.navigator.present(destination)\n"), "\(router)")
        let configurator = try String(contentsOf: scenes.appendingPathComponent("HomeConfigurator.swift"), encoding: .utf8)
        #expect(!configurator.contains("countWorker"), "the Interactor makes it; nothing wires it: \(configurator)")
        let interactor = try String(contentsOf: scenes.appendingPathComponent("HomeInteractor.swift"), encoding: .utf8)
        #expect(interactor.contains("    var countWorker: Home.CountWorkerProtocol = Home.CountWorker()\n"), "\(interactor)")
        let recording = folder.appendingPathComponent("recorded.jsonl")
        let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(recording.path)", "swift", "test"], in: folder.appendingPathComponent("pkg"))
        #expect(tested.status == 0, "\(tested.stdout.suffix(3000))\(tested.stderr.suffix(3000))")
        #expect(try CLI.run(["run", "sheets.yml", "--out", "sim", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let diff = try CLI.run(["diff", "sim/sheets/trace.jsonl", "recorded.jsonl", "--color", "never"], in: folder)
        #expect(diff.status == 0, "\(diff.stdout)")
        #expect(diff.stdout.hasSuffix("0 inserted, 0 removed, 0 changed, 48 unchanged\n"), "\(diff.stdout)")
        let appears = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n").filter { $0.contains(#""kind":"appear""#) }
        #expect(appears.count == 1, "only dismissing the full-screen scene brings Home back: \(appears)")
    }

    @Test("two routes sharing one navigation method that present differently: validate warns, generate refuses and writes nothing")
    func sharedNavigation() throws {
        let shared = """
            scenario: Shared
            start: Home
            scenes:
              Home:
                useCases:
                  Peek:
                    interactor: [{ respond: {} }]
                    view: [{ route: toPeek }]
                  Open:
                    interactor: [{ respond: {} }]
                    view: [{ route: toOpen }]
                routes:
                  toPeek: { to: Detail, navigation: present, presentation: pageSheet, method: show() }
                  toOpen: { to: Detail, navigation: present, method: show() }
              Detail: {}
            story:
              - do: Home.Peek
            """
        let folder = try CLI.temporaryFile(shared, name: "shared.yml").deletingLastPathComponent()
        let message = "generate writes one navigation method for Home.toPeek and Home.toOpen, which present differently ('presentation:'); it does not write two yet [generate/presentation]"
        let valid = try CLI.run(["validate", "shared.yml", "--color", "never"], in: folder)
        #expect(valid.status == 0)
        #expect(valid.stderr == """
            shared.yml:14:7: warning: \(message)
                  toOpen: { to: Detail, navigation: present, method: show() }
                  ^
            note: generate refuses it until it is changed
            ✓ 1 scenario valid (0 errors, 1 warning)

            """, "\(valid.stderr)")
        let generated = try CLI.run(["generate", "shared.yml", "--out", "pkg", "--color", "never"], in: folder)
        #expect(generated.status == 2)
        #expect(generated.stderr.hasPrefix("shared.yml:14:7: error: \(message)\n"), "\(generated.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pkg").path))
    }

    @Test("the flow diagram and Mermaid say how the route presents; validate asks generate nothing of the style")
    func drawnAndWarned() throws {
        let folder = try CLI.temporaryFile(Self.scenario, name: "sheets.yml").deletingLastPathComponent()
        #expect(try CLI.run(["run", "sheets.yml", "--out", "out", "--quiet", "--diagram", "flow", "--image-format", "dot"], in: folder).status == 0)
        let dot = try String(contentsOf: folder.appendingPathComponent("out/sheets/flow.dot"), encoding: .utf8)
        #expect(dot.contains(#"label="toSheet [present, pageSheet]\n×2""#), "\(dot)")
        #expect(dot.contains(#"label="toFull [present]\n×1""#), "\(dot)")
        let mermaid = try CLI.run(["export", "sheets.yml", "--format", "mermaid", "--diagram", "flow", "-o", "-"], in: folder)
        #expect(mermaid.stdout.contains(#"s0 -.->|"toSheet [present, pageSheet]<br/>×2"| s1"#), "\(mermaid.stdout)")
        let valid = try CLI.run(["validate", "sheets.yml", "--color", "never"], in: folder)
        // generate writes the style (`present(destination, …, style: .pageSheet)`); what it does not write is the View
        // dismissing itself.
        #expect(valid.stderr == """
            sheets.yml:25:18: warning: generate does not write this step in a View yet [generate/step]
                    view: [{ leave: dismiss, accept: { rule: clean-swift/router-navigates, reason: the sheet's Done button dismisses…
                             ^
            note: generate refuses it until it is changed
            ✓ 1 scenario valid (0 errors, 1 warning)

            """, "\(valid.stderr)")
    }

    @Test("on a route that is not presented it has no effect, and a style UIKit does not have is named with the list")
    func misuse() throws {
        let bad = """
            scenario: P
            start: A
            scenes:
              A:
                routes:
                  toB: { to: B, presentation: pageSheet }
                  toC: { to: C, navigation: present, presentation: sheet }
              B: {}
              C: {}
            """
        let folder = try CLI.temporaryFile(bad, name: "bad.yml").deletingLastPathComponent()
        let result = try CLI.run(["validate", "bad.yml", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            bad.yml:6:21: warning: route 'toB' is not presented ('navigation: push'), so 'presentation' has no effect
                  toB: { to: B, presentation: pageSheet }
                                ^
            note: remove 'presentation', or write 'navigation: present'
            bad.yml:7:56: error: unknown presentation 'sheet'
                  toC: { to: C, navigation: present, presentation: sheet }
                                                                   ^
            note: presentation is one of UIModalPresentationStyle's: fullScreen, currentContext, automatic, pageSheet, formSheet, overFullScreen, overCurrentContext, popover
            ✗ 1 of 1 scenario invalid (1 error, 1 warning)

            """)
    }
}
