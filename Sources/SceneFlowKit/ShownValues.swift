import Diagrams
import ScenarioSpec
import TraceFormat

/// What the user sees: after each story step, the last value shown under each label of each scene instance
/// (`CreateOrder #2.lastName`: a second visit is another screen). Runs of one story in different patterns must agree
/// on it.
public enum ShownValues {
    /// Per story step (in order), `Scene.label` → the last value shown up to the end of that step.
    public static func perStep(_ trace: Trace) -> [[String: Value]] { StageAlignment.shownPerStep(trace) }

    /// One sentence per value the run shows differently from `reference` (labels the reference never shows are
    /// not compared: a pattern may render a label before its first answer).
    public static func differences(_ shown: [[String: Value]], from reference: [[String: Value]]) -> [String] {
        var out: [String] = []
        if shown.count != reference.count {
            out.append("the story has \(shown.count) steps here and \(reference.count) in the original")
        }
        for (index, (mine, theirs)) in zip(shown, reference).enumerated() {
            for key in theirs.keys.sorted() where mine[key] != theirs[key] {
                out.append("step \(index + 1): \(key) is \(mine[key].map(\.description) ?? "not shown"), the original shows \(theirs[key]!)")
            }
        }
        return out
    }
}
