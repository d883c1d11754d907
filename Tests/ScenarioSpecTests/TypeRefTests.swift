import Foundation
import ScenarioSpec
import Testing

@Suite("Types and values")
struct TypeRefTests {
    @Test("types parse and print in Swift's spelling", arguments: ["String", "Int?", "[Post]", "[[Double]?]?", "Bool"])
    func roundTrip(_ text: String) throws {
        let type = try #require(TypeRef(parsing: text))
        #expect(type.description == text)
    }

    @Test("not types", arguments: ["", "[String", "String]", "Int??x", "1Int", "[]", "Map<String>"])
    func notTypes(_ text: String) {
        #expect(TypeRef(parsing: text) == nil)
    }

    @Test("T?? flattens to T?")
    func flattening() {
        #expect(TypeRef(parsing: "Int??") == .optional(.int))
        #expect(TypeRef.optional(.int).asOptional == .optional(.int))
        #expect(TypeRef.list(.string).asOptional == .optional(.list(.string)))
    }

    @Test("types encode as their spelling in JSON")
    func codable() throws {
        let data = try JSONEncoder().encode([TypeRef.optional(.list(.named("Post")))])
        #expect(String(decoding: data, as: UTF8.self) == #"["[Post]?"]"#)
        #expect(try JSONDecoder().decode([TypeRef].self, from: data) == [.optional(.list(.named("Post")))])
    }

    @Test("values print as Swift literals")
    func valueDescription() {
        #expect(Value.string("say \"hi\"\n").description == #""say \"hi\"\n""#)
        #expect(Value.double(2).description == "2.0")
        #expect(Value.double(0.1).description == "0.1")
        #expect(Value.list([.int(1), .null, .bool(true)]).description == "[1, nil, true]")
        #expect(Value.record(Record([("id", .int(1)), ("name", .string("A"))])).description == #"{id: 1, name: "A"}"#)
        #expect(Value.string("A").displayText == "A")
    }

    @Test("records keep field order and update in place")
    func records() {
        var record = Record([("b", .int(1)), ("a", .int(2))])
        record["b"] = .int(3)
        record["c"] = .null
        #expect(record.names == ["b", "a", "c"])
        #expect(record["b"] == .int(3))
        record["a"] = nil
        #expect(record.names == ["b", "c"])
    }

    @Test("diagnostics sort by file, line, column, then severity")
    func diagnosticOrder() {
        func at(_ line: Int, _ column: Int) -> ScenarioSpec.SourceLocation { ScenarioSpec.SourceLocation(file: "f", line: line, column: column) }
        let diagnostics: [Diagnostic] = [
            .warning("w", at: at(2, 1), id: "scenario/w"), .error("e2", at: at(2, 1), id: "scenario/e"),
            .error("e1", at: at(1, 9), id: "scenario/e"), .error("x", at: nil, id: "scenario/x"),
        ]
        #expect(diagnostics.normalized().map(\.message) == ["x", "e1", "e2", "w"])
        #expect(Diagnostic.error("m", at: at(3, 4), notes: [.init("n"), .init("o", at: at(1, 1))], id: "scenario/m").description
                == "f:3:4: error: m\nnote: n\nf:1:1: note: o")
        // The id of a rule (accepted by name) is said in the text; a problem to fix where it is, only in JSON, GitHub
        // annotations and with --verbose.
        #expect(Diagnostic.warning("w", at: at(1, 1), id: "clean-swift/one-way").description == "f:1:1: warning: w [clean-swift/one-way]")
        #expect(Diagnostic.warning("w", at: at(1, 1), id: "scenario/no-effect").messageWithID(allIDs: true) == "w [scenario/no-effect]")
    }
}
