import Foundation
import ScenarioSpec
import Testing

@Suite("Pattern rules")
struct PatternRulesTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/Patterns.md")

    /// The tables docs/Patterns.md shows for a pattern, generated from the rules.
    static func table(_ definition: PatternDefinition) -> String {
        let rules = definition.rules
        var out = "<!-- rules:\(definition.pattern.rawValue) (generated from the pattern's definition; a test keeps them equal) -->\n"
        out += "| path | through | why |\n|---|---|---|\n"
        for allowed in rules.allowed {
            out += "| \(allowed.path) | \(allowed.through) | \(allowed.purpose) |\n"
        }
        out += "\nNot allowed: a finding citing the rule (a part the pattern does not have is refused):\n\n| path | rule | what to do instead |\n|---|---|---|\n"
        for (path, rule) in rules.violations.sorted(by: { $0.key.description < $1.key.description }) {
            out += "| \(path) | `\(rule.id)`: \(rule.text) | \(rule.fix) |\n"
        }
        for (role, rule) in rules.absent.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            out += "| anything → \(role.rawValue) | `\(rule.id)`: \(rule.text) | \(rule.fix) |\n"
        }
        out += "| any other path | `\(rules.defaultRule.id)`: \(rules.defaultRule.text) | \(rules.defaultRule.fix) |\n"
        return out + "<!-- end rules:\(definition.pattern.rawValue) -->\n"
    }

    @Test("docs/Patterns.md shows exactly the rules the checker applies", arguments: Pattern.all)
    func documented(_ pattern: Pattern) throws {
        var text = try String(contentsOf: Self.docs, encoding: .utf8)
        let generated = Self.table(pattern.definition)
        let start = "<!-- rules:\(pattern.rawValue) "
        let end = "<!-- end rules:\(pattern.rawValue) -->\n"
        guard let from = text.range(of: start), let to = text.range(of: end) else {
            Issue.record("docs/Patterns.md has no rules block for \(pattern.rawValue)")
            return
        }
        let current = String(text[from.lowerBound..<to.upperBound])
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            text.replaceSubrange(from.lowerBound..<to.upperBound, with: generated)
            try text.write(to: Self.docs, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == generated, "docs/Patterns.md is out of date: RECORD_GOLDEN=1 swift test regenerates its rules")
    }

    @Test("every pattern allows its own cycle and refuses the paths people reach for")
    func cycles() {
        let clean = Pattern.cleanSwift.definition.rules
        #expect(clean.allows(.init(.view, .interactor)) && clean.allows(.init(.interactor, .presenter)) && clean.allows(.init(.presenter, .view)))
        #expect(clean.violation(.init(.presenter, .interactor))?.id == "clean-swift/one-way")
        #expect(clean.violation(.init(.worker, .view))?.id == "clean-swift/paths")
        let viper = Pattern.viper.definition.rules
        #expect(viper.allows(.init(.view, .presenter)) && viper.allows(.init(.presenter, .interactor)) && viper.allows(.init(.interactor, .presenter)))
        #expect(viper.violation(.init(.view, .interactor))?.id == "viper/view-knows-presenter")
        let appState = Pattern.appStateVariant.definition.rules
        #expect(appState.violation(.init(.interactor, .presenter))?.id == "appstate/no-presenter")
        #expect(Pattern.swiftUI.definition.rules.violation(.init(.interactor, .dataStore))?.id == "swiftui/view-owns-datastore")
    }
}
