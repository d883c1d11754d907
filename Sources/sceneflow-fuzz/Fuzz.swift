import CodeImport
import Diagrams
import Exporters
import Foundation
import Narration
import PatternTranslation
import ScenarioLoader
import ScenarioSpec
import ScenarioWriting
import TraceFormat
import TraceReading

/// Fuzz targets for `make fuzz`: bytes into the scenario loader, text into the expression parser, or bytes into the
/// trace reader (and, for a trace it accepts, what `render`, `explain`, `diff` and `export` do with it), or Swift
/// source into the importer (`sceneflow import`). None may
/// crash, hang or use unbounded memory, whatever the input; every input ends in a result or in an error.
///
/// Built with `-sanitize=fuzzer,address -DSCENEFLOW_FUZZ`, libFuzzer drives `LLVMFuzzerTestOneInput`; the target is
/// chosen by the `SCENEFLOW_FUZZ_TARGET` environment variable (`loader`, `expression`, `trace` or `swift`). Built normally, it is a
/// replayer: `sceneflow-fuzz loader FILE…` runs each file through the same code and prints what it made of it,
/// which is how a crash libFuzzer found becomes a regression test.
enum FuzzTarget: String {
    case loader, expression, trace, swift

    /// Runs one input; returns a one-line summary.
    @discardableResult
    func run(_ data: Data) -> String {
        switch self {
        case .loader:
            let result = ScenarioLoader(limits: .init(maxFileSize: 1 << 20)).load(data: data, file: "fuzz.yml", baseDirectory: nil)
            if let scenario = result.scenario {
                // What `translate` and `compare` do with it: every other pattern, written and loaded back.
                var written = 0
                for pattern in Pattern.all where pattern != scenario.pattern {
                    guard let translation = try? PatternTranslator(to: pattern).translate(scenario) else { continue }
                    var writer = ScenarioWriter()
                    writer.fixtures = .inline
                    let text = writer.text(of: translation.scenario)
                    if ScenarioLoader().load(yaml: text, file: "fuzz-\(pattern.rawValue).yml").scenario != nil { written += 1 }
                }
                return "scenario '\(scenario.name)', \(scenario.scenes.count) scenes, \(written) translations"
            }
            return "\(result.diagnostics.count) diagnostics" + (result.diagnostics.first.map { ": \($0.message)" } ?? "")
        case .expression:
            let text = String(decoding: data, as: UTF8.self)
            let parsed = ScenarioLoader.parseExpression(text)
            if let expression = parsed.expression { return "expression '\(expression.text)'" }
            return "error: " + (parsed.diagnostic?.message ?? "none")
        case .swift:
            do {
                let app = try CodeImporter().read(sources: [("Fuzz.swift", String(decoding: data, as: UTF8.self))])
                return "\(app.scenes.count) scenes, \(app.unmapped.count) not mapped"
            } catch {
                return "refused: \(error)"
            }
        case .trace:
            let trace: Trace
            do {
                trace = try TraceReader.read(data)
            } catch {
                return "refused: \(error)"
            }
            // What a hostile trace reaches next: the diagrams, the narration, the diff and the exports.
            let diagram = SequenceDiagramBuilder.build(trace, options: .init(lastSequence: 2_000))
            let dot = DOTEncoder.encode(diagram.dot())
            let mermaid = MermaidExporter.sequence(diagram)
            let narration = Narrator().narrate(trace)
            let diff = TraceDiff(from: trace, to: trace)
            return "trace of \(trace.events.count) messages: \(dot.utf8.count) bytes of DOT, \(mermaid.utf8.count) of Mermaid, \(narration.steps.count) narrated steps, \(diff.isEmpty ? "no" : "some") difference"
        }
    }
}

#if SCENEFLOW_FUZZ
let fuzzTarget = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["SCENEFLOW_FUZZ_TARGET"] ?? "loader") ?? .loader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzTarget.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point under its own name; libFuzzer's driver runs from there.
@_cdecl("sceneflow_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes, size) }
}
#else
@main
struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let first = arguments.first, let target = FuzzTarget(rawValue: first) else {
            FileHandle.standardError.write(Data("usage: sceneflow-fuzz loader|expression|trace|swift FILE…\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            print("\((path as NSString).lastPathComponent): \(target.run(data))")
        }
    }
}
#endif
