import Foundation
import ScenarioLoader
import Testing
import TestSupport

/// The committed fuzzing corpus, replayed: every input the fuzzers keep (and every crash they ever found, added
/// to the corpus when fixed) must end in a scenario or in diagnostics.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
    static let corpus = PackagePaths.tests.appendingPathComponent("FuzzCorpus")

    static func files(_ target: String) -> [URL] {
        let folder = corpus.appendingPathComponent(target)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("every loader input loads or is diagnosed")
    func loader() throws {
        let files = Self.files("loader")
        #expect(files.count >= 20)
        for file in files {
            let result = ScenarioLoader(limits: .init(maxFileSize: 1 << 20)).load(data: try Data(contentsOf: file), file: "fuzz.yml", baseDirectory: nil)
            #expect((result.scenario != nil) != result.diagnostics.contains { $0.severity == .error }, "\(file.lastPathComponent)")
        }
    }

    @Test("every expression input parses or is diagnosed with a column")
    func expressions() throws {
        let files = Self.files("expression")
        #expect(files.count >= 15)
        for file in files {
            let parsed = ScenarioLoader.parseExpression(String(decoding: try Data(contentsOf: file), as: UTF8.self))
            #expect((parsed.expression != nil) != (parsed.diagnostic != nil), "\(file.lastPathComponent)")
            if let diagnostic = parsed.diagnostic { #expect(diagnostic.location?.line == 1, "\(file.lastPathComponent)") }
        }
    }
}
