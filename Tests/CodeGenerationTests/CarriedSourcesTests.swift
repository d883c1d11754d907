import Foundation
import Testing
import TestSupport
@testable import CodeGeneration

/// Generated packages carry the recorder's source so that they build offline with Swift alone; the copy the tool
/// carries is written as CodeGeneration builds, and must be the library's source, byte for byte — its writing half
/// only: the trace's reader and diff live in TraceReading, which no app needs.
@Suite("The recorder's source, carried")
struct CarriedSourcesTests {
    /// The carried targets' Swift files as they are in this package, in the order CarriedSources keeps them.
    static func sources() throws -> [GeneratedFile] {
        try ["Sources/TraceFormat", "Sources/SceneFlowRecorder"].flatMap { folder in
            let url = PackagePaths.root.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { name in
                    GeneratedFile(path: "\(folder)/\(name)",
                                  text: String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self))
                }
        }
    }

    @Test("CarriedSources holds Sources/TraceFormat and Sources/SceneFlowRecorder byte for byte, and nothing of the trace's reading")
    func carriedCopyIsTheSource() throws {
        let sources = try Self.sources()
        #expect(CarriedSources.files.map(\.path) == sources.map(\.path))
        for (carried, source) in zip(CarriedSources.files, sources) {
            #expect(Array(carried.text.utf8) == Array(source.text.utf8), "\(carried.path) differs from the library's")
        }
        #expect(sources.count == 19)
        for reading in ["TraceReader", "TraceDiff", "TraceUpgrader"] {
            #expect(!CarriedSources.files.contains { $0.text.contains(reading) }, "\(reading) is carried")
        }
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
