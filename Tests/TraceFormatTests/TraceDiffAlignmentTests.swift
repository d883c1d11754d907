import TraceFormat
@testable import TraceReading
import Testing

/// The diff's alignment: shortest edit scripts like the standard library's, bounded work beyond `maxEdits`.
@Suite("Trace diff alignment")
struct TraceDiffAlignmentTests {
    /// A deterministic generator, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    /// Applies the script to `a` and checks that it gives `b`.
    func apply(_ a: [Int], _ b: [Int], removed: Set<Int>, inserted: Set<Int>) -> Bool {
        let kept = a.indices.filter { !removed.contains($0) }.map { a[$0] }
        let common = b.indices.filter { !inserted.contains($0) }.map { b[$0] }
        return kept == common
    }

    @Test("the script is as short as the standard library's and turns one sequence into the other", arguments: 0..<200)
    func shortest(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 1)
        let alphabet = Int.random(in: 1...6, using: &random)
        let a = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: 0..<alphabet, using: &random) }
        let b = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: 0..<alphabet, using: &random) }
        let script = TraceDiff.edits(a, b, maxEdits: TraceDiff.maxEdits)
        #expect(!script.gaveUp)
        #expect(script.removed.count + script.inserted.count == b.difference(from: a).count, "a: \(a) b: \(b)")
        #expect(apply(a, b, removed: script.removed, inserted: script.inserted), "a: \(a) b: \(b)")
    }

    @Test("beyond the bound, the middle is paired by position and the common ends are kept")
    func bounded() {
        let a = [7, 7] + Array(0..<5_000) + [9]
        let b = [7, 7] + Array(10_000..<13_000) + [9]
        let script = TraceDiff.edits(a, b, maxEdits: 100)
        #expect(script.gaveUp)
        #expect(script.middle == (5_000, 3_000))
        #expect(script.removed == Set((2 + 3_000)..<(2 + 5_000)))
        #expect(script.inserted.isEmpty)
    }
}
