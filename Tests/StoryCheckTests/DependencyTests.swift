import Foundation
import Testing
import TestSupport

/// StoryCheck judges traces that did not come from the engine, so it must not depend on it.
@Suite("StoryCheck's dependencies")
struct DependencyTests {
    @Test("StoryCheck depends on the model and the trace format (written and read) only")
    func noEngine() throws {
        let manifest = try String(contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains(#".target(name: "StoryCheck""#) })
        #expect(line.trimmingCharacters(in: .whitespaces) == #".target(name: "StoryCheck", dependencies: ["ScenarioSpec", "TraceFormat", "TraceReading"]),"#)
        for file in try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root.appendingPathComponent("Sources/StoryCheck").path) {
            let text = try String(contentsOf: PackagePaths.root.appendingPathComponent("Sources/StoryCheck/\(file)"), encoding: .utf8)
            #expect(!text.contains("import SceneEngine"), "\(file)")
        }
    }
}
