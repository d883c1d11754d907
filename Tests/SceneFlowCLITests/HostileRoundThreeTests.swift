import Foundation
import SceneFlowKit
import Testing
import TestSupport

/// Round three of hostile input: Swift files written to hurt the importer, the writers' destinations, the helpers'
/// paths. Each class is closed at its mechanism; each test feeds one and checks the exact words and exit code.
@Suite("Hostile input, round three")
struct HostileRoundThreeTests {
    /// A folder holding the `current` import fixture and `extra` files beside it.
    func appFolder(with extra: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-swift-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/current/Shop"), to: app)
        for (name, text) in extra { try Data(text.utf8).write(to: app.appendingPathComponent(name)) }
        return folder
    }

    @Test("a file the parser would take too long on is refused by name once the budget is spent; the others are read")
    func parseBudget() throws {
        // Nested `#if`s: the parser's time grows faster than the file (150 KB take it seconds in a debug build).
        let slow = String(repeating: "#if A\n", count: 25_000) + String(repeating: "#endif\n", count: 25_000)
        let folder = try appFolder(with: ["Slow.swift": slow])
        let output = folder.appendingPathComponent("app.yml")
        let start = Date()
        let result = try CLI.run(["import", folder.appendingPathComponent("App").path, "-o", output.path],
                                 environment: ["SCENEFLOW_PARSE_BUDGET": "1"], timeout: 60)
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: App/Slow.swift is not read: parsing it took more than 1 s\n"), "\(result.stderr)")
        #expect(result.stderr.contains("2 scenes, "), "\(result.stderr)")
    }

    @Test("the vetting helper: a file it crashes on or does not answer for in time is refused by name, and a new helper goes on")
    func vettingHelper() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-vet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let helper = folder.appendingPathComponent("helper")
        try Data("""
            #!/bin/bash
            # Stands in for `sceneflow vet-swift`: crashes on one file, hangs on another, answers for the rest.
            while IFS= read -r -d '' path; do
              case "$path" in
                *Crash*) kill -SEGV $$ ;;
                *Hang*) exec sleep 60 ;;
                *Deep*) printf '7:nests its syntax more than 1000 levels deep; the file is not read\\0' ;;
                *) printf 'ok\\0' ;;
              esac
            done

            """.utf8).write(to: helper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)
        let paths = ["A.swift", "Crash.swift", "B.swift", "Hang.swift", "Deep.swift", "C.swift"].map { folder.appendingPathComponent($0).path }
        let start = Date()
        let refused = SwiftFileVetting.vet(paths, executable: helper, budget: 1)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(refused == [
            paths[1]: "parsing it ended the parser (a stack overflow or a crash)",
            paths[3]: "parsing it took more than 1 s",
            paths[4]: "7:nests its syntax more than 1000 levels deep; the file is not read",
        ])
    }

    @Test("syntax too deep for any reader, or '[' hidden after a raw string, is refused with its place through the command too")
    func deepFilesThroughTheCommand() throws {
        let folder = try appFolder(with: [
            "Generics.swift": "let x: " + String(repeating: "a<", count: 1_500) + "Int" + String(repeating: ">", count: 1_500) + " = 0\n",
            "Raw.swift": "let r = #\"\\\"#; let q = " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n",
        ])
        let result = try CLI.run(["map", folder.appendingPathComponent("App").path, "--out", folder.appendingPathComponent("map").path], timeout: 60)
        #expect(result.stderr.contains("App/Generics.swift:1:1: nests its syntax more than 1000 levels deep; the file is not read"), "\(result.stderr)")
        #expect(result.stderr.contains("App/Raw.swift:1:1: nests '[' more than 12 deep; the file is not read"), "\(result.stderr)")
    }

    @Test("a path that is no Swift file or folder is said as such, exit 1")
    func notSwift() throws {
        for (path, words) in [("/dev/zero", "is not a Swift file or a folder (a device, a FIFO or a socket is not read)"),
                              ("README.md", "is not a Swift file (.swift) or a folder of them")] {
            let result = try CLI.run(["import", path, "-o", "-"])
            #expect(result.status == 1)
            #expect(result.stderr == "error: \(path) \(words)\n", "\(result.stderr)")
        }
    }
}
