import Foundation
@testable import ScenarioLoader
import Testing
import TestSupport

/// `docs/scenario.schema.json` lets editors check scenario files; these tests keep it and the loader in agreement.
@Suite("JSON Schema")
struct SchemaTests {
    static let schemaURL = PackagePaths.root.appendingPathComponent("docs/scenario.schema.json")

    func validate(_ files: [URL]) throws -> [String] {
        try SchemaValidator.validate(schema: Self.schemaURL, files: files)
    }

    @Test("every example scenario is valid under the schema")
    func examplesValidate() throws {
        let files = PackagePaths.exampleScenarios()
        #expect(!files.isEmpty)
        #expect(try validate(files) == files.map { "valid \($0.path)" })
    }

    @Test("the schema rejects what the loader rejects for its structure",
          arguments: ["unknown-keys.yml", "missing-keys.yml", "wrong-types.yml", "steps.yml", "story.yml"])
    func structuralErrorsAreRejected(_ name: String) throws {
        let file = InvalidFixtureTests.folder.appendingPathComponent(name)
        #expect(ScenarioLoader().load(path: file.path).scenario == nil)
        let verdict = try validate([file])
        #expect(verdict.count == 1 && verdict[0].hasPrefix("invalid "), "\(verdict)")
    }

    @Test("the schema lists exactly the keys the loader knows")
    func keysAgree() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as! [String: Any]
        let defs = schema["$defs"] as! [String: Any]
        func keys(_ object: Any?) -> Set<String> {
            Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        func def(_ name: String) -> Any? { defs[name] }
        #expect(keys(schema) == Set(Vocabulary.scenario))
        #expect(keys(def("scene")) == Set(Vocabulary.scene))
        #expect(keys((def("scene") as? [String: Any]).flatMap { ($0["properties"] as? [String: Any])?["view"] }) == Set(Vocabulary.view))
        #expect(keys(def("operation")) == Set(Vocabulary.operation))
        #expect(keys(def("case")) == Set(Vocabulary.workerCase))
        #expect(keys(def("useCase")) == Set(Vocabulary.useCase))
        #expect(keys(def("output")) == Set(Vocabulary.output))
        #expect(keys(def("useCaseMethods")) == Set(Vocabulary.useCaseMethods))
        #expect(keys(def("outputMethods")) == Set(Vocabulary.outputMethods))
        #expect(keys(def("expect")) == Set(Vocabulary.expect))
        #expect(keys(def("acceptance")) == Set(Vocabulary.acceptance))
        let fieldObject = (def("field") as! [String: Any])["oneOf"] as! [Any]
        #expect(keys(fieldObject[1]) == Set(Vocabulary.field))
        let routeObject = (def("route") as! [String: Any])["oneOf"] as! [Any]
        #expect(keys(routeObject[1]) == Set(Vocabulary.route))
        let stepKinds = (def("step") as! [String: Any])["anyOf"] as! [[String: Any]]
        for (kind, modifiers) in Vocabulary.stepKinds {
            let entry = stepKinds.first { ($0["title"] as? String) == kind }
            #expect(keys(entry) == Set([kind] + modifiers + Vocabulary.everyStep), "step '\(kind)'")
        }
        #expect(stepKinds.count == Vocabulary.stepKinds.count)
        let storySteps = (def("storyStep") as! [String: Any])["oneOf"] as! [Any]
        let storyKeys = storySteps.dropFirst().map(keys).reduce(Set<String>()) { $0.union($1) }
        #expect(storyKeys == Set(Vocabulary.storyStep))
    }
}
