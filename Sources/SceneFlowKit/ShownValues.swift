import Diagrams
import ScenarioSpec
import TraceFormat

/// What the user sees: after each story step, the last value shown under each label of each scene instance
/// (`CreateOrder #2.lastName`: a second visit is another screen). Runs of one story in different patterns must agree
/// on it.
public enum ShownValues {
    /// Per story step (in order), `Scene.label` → the last value shown up to the end of that step.
    public static func perStep(_ trace: Trace) -> [[String: Value]] { StageAlignment.shownPerStep(trace) }

    /// One sentence per value the run shows differently from `reference`. A label the reference does not show yet is
    /// not compared (a pattern may render a label before its first answer), unless this run shows there what an
    /// earlier visit of the same scene showed: state that outlived its screen (a new order's form filled with the last
    /// order), which is what must be absent.
    public static func differences(_ shown: [[String: Value]], from reference: [[String: Value]]) -> [String] {
        var out: [String] = []
        if shown.count != reference.count {
            out.append("the story has \(shown.count) steps here and \(reference.count) in the original")
        }
        var stale: Set<String> = []
        for (index, (mine, theirs)) in zip(shown, reference).enumerated() {
            for key in theirs.keys.sorted() where mine[key] != theirs[key] {
                out.append("step \(index + 1): \(key) is \(mine[key].map(\.description) ?? "not shown"), the original shows \(theirs[key]!)")
            }
            for key in mine.keys.sorted() where theirs[key] == nil {
                guard let (scene, visit, label) = parts(of: key), visit > 1, let value = mine[key] else { continue }
                let earlier = (1..<visit).first { theirs[StageAlignment.shownKey(scene: scene, instance: $0, label: label)] == value }
                // Said once, at the step it first shows (the values shown carry over from step to step).
                guard let earlier, stale.insert(key).inserted else { continue }
                let shown = StageAlignment.shownKey(scene: scene, instance: earlier, label: label).dropLast(label.count + 1)
                out.append("step \(index + 1): \(key) is \(value), the original shows nothing there yet: it is what \(shown) showed, state that outlived its screen")
            }
        }
        return out
    }

    /// `CreateOrder #2.firstName` → (`CreateOrder`, 2, `firstName`).
    static func parts(of key: String) -> (scene: String, visit: Int, label: String)? {
        guard let hash = key.range(of: " #"), let dot = key[hash.upperBound...].firstIndex(of: "."),
              let visit = Int(key[hash.upperBound..<dot]) else { return nil }
        return (String(key[..<hash.lowerBound]), visit, String(key[key.index(after: dot)...]))
    }
}
