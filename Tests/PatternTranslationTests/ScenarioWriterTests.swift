import Foundation
import ScenarioLoader
import ScenarioSpec
import ScenarioWriting
import SceneEngine
import Testing
import TestSupport
import TraceFormat

@Suite("Scenario writer")
struct ScenarioWriterTests {
    /// The run of a loaded scenario, as trace bytes.
    static func traceBytes(_ scenario: Scenario) throws -> [UInt8] {
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario, options: EngineOptions()).run(into: recorder)
        return TraceEncoder.encode(try #require(recorder.trace))
    }

    @Test("every example written back loads without a diagnostic and runs to the same trace", arguments: PackagePaths.exampleScenarios())
    func roundTrip(_ url: URL) throws {
        let original = try #require(ScenarioLoader().load(path: url.path).scenario)
        var writer = ScenarioWriter()
        let text = writer.text(of: original)
        let reloaded = ScenarioLoader().load(yaml: text, file: url.path, baseDirectory: url.deletingLastPathComponent())
        #expect(reloaded.diagnostics.map(\.description) == [], "\(text)")
        let scenario = try #require(reloaded.scenario)
        // The trace names the scenario's hash and the places in it; both differ by design, so compare the rest.
        let before = try Self.traceBytes(original)
        let after = try Self.traceBytes(scenario)
        let strip: ([UInt8]) -> [String] = { bytes in
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { !$0.contains("\"sha256\"") }
                .map { String($0).replacing(/,"at":"[^"]*"/, with: "") }
        }
        let a = strip(before), b = strip(after)
        #expect(a.count == b.count)
        if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("first difference at line \(index + 1):\n\(a[index])\n\(b[index])")
        }
        // Written again, the text is the same: the writer is a fixed point after one round.
        var again = ScenarioWriter()
        #expect(again.text(of: scenario) == text)
    }

    @Test("rewritten expressions are written so the parser reads them back to the same tree")
    func expressionPrinter() throws {
        let sources = [
            #"response.error ?? "Welcome, \(response.firstName ?? "")""#,
            "(a + b) * c - (d - e)", "a - b - c", "!(a && b) || c", "a ? b : c ? d : e", "(a ?? b) ?? c",
            #"orders.map { $0.id }.count"#, "orders.first(where: { o in o.id == id })?.name", "-(a + 1)",
"list[0]?.name", #""tab\there \"quoted\"""#,
        ]
        for source in sources {
            let parsed = try #require(ScenarioLoader.parseExpression(source).expression, "\(source)")
            let written = parsed.root.written
            let again = try #require(ScenarioLoader.parseExpression(written).expression, "\(written)")
            #expect(Self.shape(again.root) == Self.shape(parsed.root), "\(source) → \(written)")
        }
    }

    /// The tree without locations, fully bracketed.
    static func shape(_ node: ExprNode) -> String {
        switch node.kind {
        case .literal(let value): return "lit(\(value))"
        case .interpolation(let parts):
            return "interp(" + parts.map { if case .expr(let e) = $0 { shape(e) } else if case .text(let t) = $0 { "'\(t)'" } else { "" } }
                .joined(separator: ",") + ")"
        case .list(let items): return "list(" + items.map(shape).joined(separator: ",") + ")"
        case .identifier(let name): return name
        case .state(let root): return "state(\(root.rawValue))"
        case .member(let base, let name, let optional): return "member(\(shape(base)),\(name),\(optional))"
        case .index(let base, let index, let optional): return "index(\(shape(base)),\(shape(index)),\(optional))"
        case .unary(let op, let operand): return "\(op.rawValue)(\(shape(operand)))"
        case .binary(let op, let l, let r): return "\(op.rawValue)(\(shape(l)),\(shape(r)))"
        case .conditional(let c, let t, let e): return "if(\(shape(c)),\(shape(t)),\(shape(e)))"
        case .todo: return "todo"
        case .construct(let name, let args): return "new \(name)(" + args.map { "\($0.label ?? "_"):\(shape($0.value))" }.joined(separator: ",") + ")"
        case .enumCase(let type, let name): return "case(\(type).\(name))"
        case .method(let base, let name, let args, let optional):
            return "call(\(shape(base)),\(name),\(optional)," + args.map { "\($0.label ?? "_"):\(shape($0.value))" }.joined(separator: ",") + ")"
        case .closure(let params, let body): return "closure(\(params.joined(separator: ",")),\(shape(body)))"
        case .binding(let name, let value): return "let(\(name),\(shape(value)))"
        }
    }
}
