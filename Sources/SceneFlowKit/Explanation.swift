import CodeGeneration
import Narration
import TraceFormat

/// The narration of a run as `explain` and the report give it: with, under each message, the line of the code
/// `sceneflow generate` writes that sends it.
public enum Explanation {
    public static func narrate(_ trace: Trace, language: Language = .english) -> Narration {
        var narrator = Narrator(language: language)
        let definition = trace.header.patternDefinition
        narrator.codeLine = { SendingLine.line(for: $0, pattern: definition) }
        return narrator.narrate(trace)
    }
}
