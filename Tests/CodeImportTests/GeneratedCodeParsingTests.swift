import CodeGeneration
import CodeImport
import Foundation
import ScenarioLoader
import SwiftParser
import SwiftParserDiagnostics
import Testing
import TestSupport

/// Generated code builds on Linux (`GenerateCommandTests`); its UIKit side, which Linux never compiles, must at least
/// parse, and the importer must read the scenes back.
@Suite("Generated code, read back")
struct GeneratedCodeParsingTests {
    static func files(_ name: String) throws -> [GeneratedFile] {
        let loaded = ScenarioLoader().load(path: PackagePaths.scenarios.appendingPathComponent("\(name).yml").path)
        let scenario = try #require(loaded.scenario)
        return try CodeGenerator(scenario: scenario, options: .init()).generate()
    }

    @Test("every generated file parses with swift-syntax, the UIKit branches too",
          arguments: ["Login", "Repositories", "CreateIceCream", "Shop", "CleanStore", "PostList-VIPER"])
    func parses(_ name: String) throws {
        for file in try Self.files(name) where file.path.hasSuffix(".swift") {
            let tree = Parser.parse(source: file.text)
            let problems = ParseDiagnosticsGenerator.diagnostics(for: tree).map { "\(file.path): \($0.message)" }
            #expect(problems == [])
        }
        let support = try #require(try Self.files(name).first { $0.path.hasSuffix("SceneViewController.swift") })
        #expect(support.text.contains("#if canImport(UIKit)\nimport UIKit\n"))
        #expect(support.text.contains("open class SceneViewController: UIViewController {"))
    }

    @Test("the SwiftUI apps' files parse too: the View's body and the environment keys Linux never compiles",
          arguments: [("Counter-SwiftUI", "SomeView"), ("Counter-AppState", "SomeView")])
    func swiftUIParses(_ name: String, _ view: String) throws {
        let files = try Self.files(name)
        for file in files where file.path.hasSuffix(".swift") {
            let tree = Parser.parse(source: file.text)
            let problems = ParseDiagnosticsGenerator.diagnostics(for: tree).map { "\(file.path): \($0.message)" }
            #expect(problems == [])
        }
        let viewFile = try #require(files.first { $0.path.hasSuffix("/\(view).swift") }).text
        #expect(viewFile.contains("#if canImport(SwiftUI)\nextension \(view): View {\n    var body: some View {\n        VStack(spacing: 16) {\n            Text("))
        #expect(viewFile.contains("        .onAppear { sceneShown(revealed: false) }\n"))
        #expect(!files.contains { $0.path.hasSuffix("SceneViewController.swift") })
        let observation = try #require(files.first { $0.path.hasSuffix("Support/Observation.swift") }).text
        #expect(observation.hasPrefix("#if !canImport(Combine)\n"))
    }

    @Test("import reads the generated scenes back: their use cases, routes and DataStore fields")
    func importsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-roundtrip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in try Self.files("Login") {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
        let app = try CodeImporter().read([folder.appendingPathComponent("Sources").path])
        #expect(app.scenes.map(\.name).sorted() == ["Home", "Login", "Signup"])
        let login = try #require(app.scenes.first { $0.name == "Login" })
        #expect(login.useCases.map(\.name) == ["Login", "Signup"])
        #expect(login.dataStore.map(\.name) == ["userID", "firstName"])
        #expect(login.routes.map(\.method).sorted() == ["showHome()", "showSignupView()"])
    }
}
