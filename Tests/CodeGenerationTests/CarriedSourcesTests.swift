import Foundation
import Testing
import TestSupport
@testable import CodeGeneration

/// Generated packages carry the recorder's source so that they build offline with Swift alone; the copy the tool
/// carries must be the library's source, byte for byte.
@Suite("The recorder's source, carried")
struct CarriedSourcesTests {
    /// The carried folders' Swift files as they are in this package, in the order CarriedSources keeps them.
    static func sources() throws -> [GeneratedFile] {
        try CarriedSourceFile.folders.flatMap { folder in
            let url = PackagePaths.root.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { name in
                    GeneratedFile(path: "\(folder)/\(name)",
                                  text: String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self))
                }
        }
    }

    @Test("CarriedSources holds Sources/TraceFormat and Sources/SceneFlowRecorder byte for byte, written by its writer")
    func carriedCopyIsTheSource() throws {
        let sources = try Self.sources()
        let file = PackagePaths.root.appendingPathComponent("Sources/CodeGeneration/CarriedSources.swift")
        let written = Data(CarriedSourceFile.text(sources).utf8)
        if Golden.isRecording { try written.write(to: file) }
        #expect(try Data(contentsOf: file) == written,
                "Sources/CodeGeneration/CarriedSources.swift is stale: run the tests with RECORD_GOLDEN=1 to rewrite it")
        #expect(CarriedSources.files.map(\.path) == sources.map(\.path))
        for (carried, source) in zip(CarriedSources.files, sources) {
            #expect(Array(carried.text.utf8) == Array(source.text.utf8), "\(carried.path) differs from the library's")
        }
        #expect(sources.count >= 20)
    }

    @Test("a generated package holds the carried files and depends on nothing")
    func generatedPackageCarriesThem() throws {
        let files = try CodeGeneratorTests.generate("Login")
        let carried = files.filter { $0.path.hasPrefix("Sources/TraceFormat/") || $0.path.hasPrefix("Sources/SceneFlowRecorder/") }
        #expect(carried == CarriedSources.files)
        let manifest = try #require(files.first { $0.path == "Package.swift" }).text
        #expect(!manifest.contains("dependencies: [\n        .package"))
        #expect(manifest.contains(#".target(name: "TraceFormat", swiftSettings: [.swiftLanguageMode(.v6)]),"#))
    }
}
