import Diagrams
import Foundation
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// The trace target's corpus (`make fuzz`), replayed: every input is read or refused with a line, and a trace that
/// is read draws a sequence diagram and diffs against itself as equal.
@Suite("Trace fuzz corpus")
struct TraceCorpusTests {
    static let folder = PackagePaths.tests.appendingPathComponent("FuzzCorpus/trace")

    @Test("every trace input is read or refused, and what is read draws")
    func replay() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(files.count >= 15)
        var refused = 0
        for name in files {
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let trace: Trace
            do {
                trace = try TraceReader.read(data)
            } catch let failure as TraceReader.Failure {
                #expect(failure.line >= 1, "\(name)")
                refused += 1
                continue
            }
            let dot = DOTEncoder.encode(SequenceDiagramBuilder.build(trace, options: .init(lastSequence: 2_000)).dot())
            #expect(dot.hasPrefix("digraph"), "\(name)")
            #expect(TraceDiff(from: trace, to: trace).isEmpty, "\(name)")
        }
        #expect(refused >= 5, "the hostile inputs are refused")
    }
}
