import CodeGeneration
import Narration
import ScenarioSpec
import TraceFormat

/// The narration of a run as `explain` and the report give it: with, under each message, the line of the code
/// `sceneflow generate` writes that sends it.
public enum Explanation {
    /// Messages that break a rule are told with the rule; `scenario` says which of those it accepts.
    public static func narrate(_ trace: Trace, scenario: Scenario? = nil, language: Language = .english) -> Narration {
        var narrator = Narrator(language: language)
        let definition = trace.header.patternDefinition
        narrator.codeLine = { SendingLine.line(for: $0, pattern: definition) }
        narrator.ruleBreaks = DiagramWriter.ruleBreaks(trace: trace, scenario: scenario)
        narrator.scenario = scenario
        if let scenario, CodeGenerator.writes(scenario.pattern.definition) {
            let spelling = SwiftTypeSpelling(scenario: scenario)
            narrator.typeSpelling = { spelling.spelling(ofTraced: $0) }
        }
        return narrator.narrate(trace)
    }
}
