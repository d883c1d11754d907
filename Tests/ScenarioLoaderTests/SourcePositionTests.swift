@testable import ScenarioLoader
import ScenarioSpec
import Testing
import Yams

@Suite("Positions inside YAML scalars")
struct SourcePositionTests {
    /// The (line, column) of each character of the value of key `v` in `yaml`.
    func positions(_ yaml: String) throws -> [String] {
        let source = SourceText(file: "p", text: yaml)
        let root = try #require(try Yams.compose(yaml: yaml))
        guard case .scalar(let scalar) = try #require(root["v"]) else {
            Issue.record("not a scalar")
            return []
        }
        return source.positions(of: scalar).map { "\($0.line):\($0.column)" }
    }

    @Test("plain scalars map one to one")
    func plain() throws {
        #expect(try positions("v: a.b") == ["1:4", "1:5", "1:6"])
    }

    @Test("single quotes: '' is one character")
    func singleQuoted() throws {
        #expect(try positions("v: 'a''b'") == ["1:5", "1:6", "1:8"])
    }

    @Test("double quotes: escapes take their source width")
    func doubleQuoted() throws {
        #expect(try positions(#"v: "a\"b\u00e9c""#) == ["1:5", "1:6", "1:8", "1:9", "1:15"])
    }

    @Test("folded plain scalars continue on the next line")
    func folded() throws {
        #expect(try positions("v: a &&\n  b\n") == ["1:4", "1:5", "1:6", "1:7", "1:8", "2:3"])
    }

    @Test("block literals start on the next line at the block's indentation")
    func block() throws {
        #expect(try positions("v: |\n  ab\n  c\n") == ["2:3", "2:4", "2:5", "3:3", "3:4"])
    }
}
