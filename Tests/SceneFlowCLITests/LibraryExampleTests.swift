import Foundation
import SceneFlowKit
import Testing
import TestSupport

// README: library example
/// Checks every scenario in `folder` and writes JUnit XML to `junit`; true when every check passed.
func checkScenarios(in folder: String, junit: URL) throws -> Bool {
    let result = try ScenarioCheck().check([folder])
    try AtomicFile.write(result.junit(), to: junit)
    return result.succeeded
}
// end of the README's library example

@Suite("The README's library example")
struct LibraryExampleTests {
    static let source = URL(fileURLWithPath: #filePath)

    @Test("the README shows exactly the code this file compiles, and it checks a folder and writes JUnit")
    func readmeExample() throws {
        let text = try String(contentsOf: Self.source, encoding: .utf8)
        let start = try #require(text.range(of: "// README: library example\n"))
        let end = try #require(text.range(of: "// end of the README's library example\n"))
        let code = "import Foundation\nimport SceneFlowKit\n\n" + String(text[start.upperBound..<end.lowerBound])
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + code + "```\n"), "README's library example differs from \(Self.source.lastPathComponent)")

        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-junit-\(UUID().uuidString).xml")
        #expect(try checkScenarios(in: PackagePaths.scenarios.path, junit: junit))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"sceneflow check\""))
        #expect(try ExternalTool.xmlSchemaErrors(schema: PackagePaths.tests.appendingPathComponent("StoryCheckTests/Schemas/junit.xsd"),
                                                 file: junit) == nil)
    }
}
