import Foundation
import Testing
import TestSupport

/// A route back to whichever scene is below (`navigation: back` or `pop`/`dismiss` with no `to:`), as a Router's
/// `viewController?.dismiss(animated: true)` returns to whoever presented it: one route, two destinations in one run.
@Suite("Routes back to whichever scene is below")
struct BackToWhicheverTests {
    static let scenario = #"""
        scenario: Settings
        start: Home
        scenes:
          Home:
            useCases:
              OpenProfile:
                interactor: [{ respond: {} }]
                view: [{ route: toProfile }]
              OpenHelp:
                interactor: [{ respond: {} }]
                view: [{ route: toHelp }]
            routes:
              toProfile: Profile
              toHelp: { to: Help, navigation: present }
          Help:
            useCases:
              OpenProfile:
                interactor: [{ respond: {} }]
                view: [{ route: toProfile }]
              Close:
                interactor: [{ respond: {} }]
                view: [{ route: close }]
            routes:
              toProfile: { to: Profile, navigation: present }
              close: { navigation: dismiss, method: dismissScreen() }
          Profile:
            useCases:
              Done:
                interactor: [{ respond: {} }]
                view: [{ route: close }]
            routes:
              close: { navigation: back, method: "closeProfile()" }
        story:
          - do: Home.OpenProfile
          - do: Profile.Done
            expect: { scene: Home, stack: [Home] }
          - do: Home.OpenHelp
          - do: Help.OpenProfile
            expect: { stack: [Home, Help, Profile] }
          - do: Profile.Done
            expect: { scene: Help, stack: [Home, Help] }
          - do: Help.Close
            expect: { stack: [Home] }
        """#

    @Test("the route pops when its scene was pushed and dismisses when it was presented, to whichever scene is below")
    func run() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "settings.yml")
        let folder = file.deletingLastPathComponent()
        let check = try CLI.run(["check", "settings.yml", "--color", "never"], in: folder)
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix("1 scenario: 7 checks passed, 0 failed\n"), "\(check.stdout)")
        #expect(try CLI.run(["run", "settings.yml", "--out", "out", "--quiet", "--no-diagrams"], in: folder).status == 0)
        let lines = try String(contentsOf: folder.appendingPathComponent("out/settings/trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let navigation = lines.filter { $0.contains(#""kind":"navigation""#) && $0.contains(#""route":"close""#) }
        #expect(navigation == [
            #"{"seq":26,"cycle":2,"parent":25,"t":0,"kind":"navigation","from":13,"to":4,"style":"pop","route":"close","method":"navigateToClose(source:destination:)","removed":[10],"at":"settings.yml:32:7"}"#,
            #"{"seq":58,"cycle":5,"parent":57,"t":0,"kind":"navigation","from":25,"to":16,"style":"dismiss","route":"close","method":"navigateToClose(source:destination:)","removed":[22],"at":"settings.yml:32:7"}"#,
            #"{"seq":64,"cycle":6,"parent":63,"t":0,"kind":"navigation","from":19,"to":4,"style":"dismiss","route":"close","method":"navigateToClose(source:destination:)","removed":[16],"at":"settings.yml:25:7"}"#,
        ])
    }

    @Test("the flow diagram draws the route to each scene that shows its scene, with what the run took")
    func flow() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "settings.yml")
        let folder = file.deletingLastPathComponent()
        #expect(try CLI.run(["run", "settings.yml", "--out", "out", "--quiet", "--diagram", "flow", "--image-format", "dot"], in: folder).status == 0)
        let dot = try String(contentsOf: folder.appendingPathComponent("out/settings/flow.dot"), encoding: .utf8)
        let edges = dot.split(separator: "\n").filter { $0.contains("close [") }.map { line in
            String(line.trimmingCharacters(in: .whitespaces).prefix { $0 != "[" })
        }
        #expect(edges == [#""scene_Help" -> "scene_Home" "#, #""scene_Profile" -> "scene_Home" "#, #""scene_Profile" -> "scene_Help" "#])
        #expect(dot.contains(#"label="close [back]\nback to whoever showed it\n×1""#), "\(dot)")
        #expect(dot.contains(#"label="close [dismiss]\nback to whoever showed it\n×1""#))
        let mermaid = try CLI.run(["export", "settings.yml", "--format", "mermaid", "--diagram", "flow", "-o", "-"], in: folder)
        #expect(mermaid.stdout.contains(#"    s2 ==>|"close [back]<br/>back to whoever showed it<br/>×1"| s1"#), "\(mermaid.stdout)")
    }

    @Test("explain says where the route went and why it names no destination")
    func explain() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "settings.yml")
        let result = try CLI.run(["explain", "settings.yml", "--color", "never"], in: file.deletingLastPathComponent())
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
              26  ProfileRouter → HomeViewController
                  ProfileRouter moves to HomeViewController (back to Home#1).
                  Why: This route names no destination: the Router goes back the way its scene came (dismissed
                       if it was presented, popped if it was pushed), so whichever scene showed it comes back,
                       here HomeViewController. It passes nothing: the scene below learns of this one only
                       through a call back (a delegate).
            """), "\(result.stdout)")
    }

    @Test("validate takes it without a warning; passing data or going forward without 'to' is an error")
    func diagnostics() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "settings.yml")
        let folder = file.deletingLastPathComponent()
        let valid = try CLI.run(["validate", "settings.yml", "--color", "never"], in: folder)
        #expect(valid.status == 0)
        #expect(valid.stderr == "✓ 1 scenario valid (0 errors, 0 warnings)\n")
        let broken = Self.scenario
            .replacingOccurrences(of: "close: { navigation: back, method: \"closeProfile()\" }", with: "close: { navigation: back, pass: { seen: true } }")
            .replacingOccurrences(of: "toHelp: { to: Help, navigation: present }", with: "toHelp: { navigation: present }")
        let brokenFile = try CLI.temporaryFile(broken, name: "broken.yml")
        let invalid = try CLI.run(["validate", "broken.yml", "--color", "never"], in: brokenFile.deletingLastPathComponent())
        #expect(invalid.status == 1)
        #expect(invalid.stderr == """
            broken.yml:11:25: error: scene 'Home' has no route 'toHelp'
                    view: [{ route: toHelp }]
                                    ^
            broken.yml:14:7: error: route 'toHelp' is missing 'to' (the destination scene)
                  toHelp: { navigation: present }
                  ^
            note: only a route going back ('navigation: back', 'pop' or 'dismiss') may leave 'to' out, to return to whichever scene is below
            broken.yml:15:3: warning: scene 'Help' is never reached: no route leads to it and no story step shows it
              Help:
              ^
            note: add a route to it, an 'appear: Help' story step, or remove it
            broken.yml:32:42: error: route 'close' goes back to whichever scene is below, so it has no DataStore to pass 'seen' into
                  close: { navigation: back, pass: { seen: true } }
                                                     ^
            note: name the scene it returns to with 'to:', or tell the scene below through a 'delegate:' call
            ✗ 1 of 1 scenario invalid (3 errors, 1 warning)

            """)
    }

    @Test("the other patterns keep the route as it is")
    func translate() throws {
        let file = try CLI.temporaryFile(Self.scenario, name: "settings.yml")
        let folder = file.deletingLastPathComponent()
        for pattern in ["viper", "swiftui", "appstate"] {
            #expect(try CLI.run(["translate", "settings.yml", "--to", pattern, "-o", "\(pattern).yml"], in: folder).status == 0)
            let translated = try String(contentsOf: folder.appendingPathComponent("\(pattern).yml"), encoding: .utf8)
            #expect(translated.contains("      close:\n        navigation: back\n        method: closeProfile()\n"), "\(pattern): \(translated)")
            let check = try CLI.run(["check", "\(pattern).yml", "--color", "never"], in: folder)
            #expect(check.status == 0, "\(pattern): \(check.stdout)")
        }
    }
}
