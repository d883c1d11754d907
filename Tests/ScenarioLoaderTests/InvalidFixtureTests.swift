import Foundation
import ScenarioLoader
import ScenarioSpec
import Testing
import TestSupport

/// Each file in `Fixtures/invalid/` is loaded, and its diagnostics are compared with `<name>.expected`: the exact
/// text, line and column of every one. `RECORD_GOLDEN=1` rewrites them; review the diff.
@Suite("Invalid scenarios")
struct InvalidFixtureTests {
    static let folder = PackagePaths.tests.appendingPathComponent("ScenarioLoaderTests/Fixtures/invalid")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted()
    }

    static func load(_ name: String) -> ScenarioLoader.Result {
        let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
        return ScenarioLoader().load(data: data, file: "invalid/\(name)", baseDirectory: folder)
    }

    @Test("diagnostics match the golden file", arguments: fixtures)
    func diagnosticsMatch(_ name: String) {
        let result = Self.load(name)
        #expect(result.scenario == nil, "an invalid scenario must not load")
        #expect(result.diagnostics.containsErrors)
        // With every id, as --verbose says them: the golden file holds each diagnostic's kind too.
        let text = result.diagnostics.map { diagnostic in
            ([(diagnostic.location.map { "\($0): " } ?? "") + "\(diagnostic.severity.rawValue): \(diagnostic.messageWithID(allIDs: true))"]
             + diagnostic.notes.map { ($0.location.map { "\($0): " } ?? "") + "note: \($0.message)" }).joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
        Golden.check(text, against: Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".yml", with: ".expected")))
    }

    @Test("diagnostics come sorted by position")
    func sorted() {
        for name in Self.fixtures {
            let locations = Self.load(name).diagnostics.compactMap(\.location)
            #expect(locations == locations.sorted(), "\(name)")
        }
    }
}
