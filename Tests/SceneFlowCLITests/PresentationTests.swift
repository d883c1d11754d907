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

    @Test("the flow diagram and Mermaid say how the route presents; validate says what generate does not write yet")
    func drawnAndWarned() throws {
        let folder = try CLI.temporaryFile(Self.scenario, name: "sheets.yml").deletingLastPathComponent()
        #expect(try CLI.run(["run", "sheets.yml", "--out", "out", "--quiet", "--diagram", "flow", "--image-format", "dot"], in: folder).status == 0)
        let dot = try String(contentsOf: folder.appendingPathComponent("out/sheets/flow.dot"), encoding: .utf8)
        #expect(dot.contains(#"label="toSheet [present, pageSheet]\n×2""#), "\(dot)")
        #expect(dot.contains(#"label="toFull [present]\n×1""#), "\(dot)")
        let mermaid = try CLI.run(["export", "sheets.yml", "--format", "mermaid", "--diagram", "flow", "-o", "-"], in: folder)
        #expect(mermaid.stdout.contains(#"s0 -.->|"toSheet [present, pageSheet]<br/>×2"| s1"#), "\(mermaid.stdout)")
        let valid = try CLI.run(["validate", "sheets.yml", "--color", "never"], in: folder)
        #expect(valid.stderr.hasPrefix("""
            sheets.yml:19:64: warning: generate presents every scene full screen; 'presentation: pageSheet' of Home.toSheet is not written yet [generate/presentation]
                  toSheet: { to: Sheet, navigation: present, presentation: pageSheet }
                                                                           ^
            note: generate refuses it until it is changed

            """), "\(valid.stderr)")
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
