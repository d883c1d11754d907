import Diagrams
import Foundation
import HTMLReport
import Narration
import ScenarioSpec
import StoryCheck
import TraceFormat

/// The mistakes gallery: for each rule of a pattern, a run that breaks it on purpose. A scenario that breaks a rule
/// does not load, so the mistake is made in the run: a valid scenario runs, and one message is added where the
/// pattern forbids it (the Presenter calling its Interactor again), copied from the message the pattern sends
/// along the right path. The run is cut after the cycle it breaks; the architecture check names the rule.
public enum MistakeGallery {
    /// One rule of a pattern and the path that breaks it.
    public struct Mistake: Sendable, Hashable {
        public var rule: PatternRules.Rule
        public var path: PatternRules.Path
    }

    /// A run that breaks a rule.
    public struct Broken: Sendable {
        public var mistake: Mistake
        /// The run up to the end of the cycle with the offending message.
        public var trace: Trace
        /// The offending message's sequence number.
        public var offending: Int
        /// What the architecture check says of the run.
        public var check: StoryChecker.Check
    }

    /// The rules of `definition` a run can break along a path between two of its components, one per rule id, sorted
    /// by id. Of a rule's paths, the one from the component latest in the column order: the Presenter calling back
    /// into the Interactor, rather than the Interactor answering the View.
    public static func mistakes(of definition: PatternDefinition) -> [Mistake] {
        let order = definition.columnOrder
        func rank(_ role: ComponentRole) -> Int { order.firstIndex(of: role) ?? order.count }
        var byID: [String: Mistake] = [:]
        let paths = definition.rules.violations.keys.sorted {
            (-rank($0.from), rank($0.to)) < (-rank($1.from), rank($1.to))
        }
        for path in paths {
            let rule = definition.rules.violations[path]!
            if byID[rule.id] == nil { byID[rule.id] = Mistake(rule: rule, path: path) }
        }
        return byID.values.sorted { $0.rule.id < $1.rule.id }
    }

    /// The mistake with rule id `id` (`clean-swift/one-way`, or only `one-way`) in `definition`.
    public static func mistake(_ id: String, in definition: PatternDefinition) throws -> Mistake {
        let all = mistakes(of: definition)
        if let found = all.first(where: { $0.rule.id == id || $0.rule.id == "\(definition.pattern.rawValue)/\(id)" }) {
            return found
        }
        throw Failure("explain/unknown-rule", "\(definition.pattern.rawValue) has no rule '\(id)'; its rules: "
                      + all.map(\.rule.id).joined(separator: ", "))
    }

    /// `trace` with the mistake made: the message the pattern sends to the path's receiver, sent by the path's sender
    /// of the same scene instance, just after that sender is first reached in the cycle. Throws when the run has no
    /// such message to copy (a scenario without routes cannot misuse its Router).
    public static func breaking(_ trace: Trace, with mistake: Mistake) throws -> Broken {
        let events = trace.events
        for template in events where template.to.role == mistake.path.to && !template.kind.isReturn && template.from.role != .user
            && template.kind != .configure && template.kind != .show {
            guard let cycleNumber = template.cycle, let cycle = trace.cycle(cycleNumber),
                  // A worker the app shares belongs to no scene: the sender is of the scene that called it.
                  let sender = participant(mistake.path.from, like: template.to.scene == nil ? template.from : template.to,
                                           in: events) else { continue }
            // Where the sender is first reached in the cycle: the mistake follows it.
            guard let anchor = events[(cycle.firstSequence - 1)..<min(cycle.lastSequence, events.count)]
                .first(where: { $0.to == sender }) else { continue }
            let offending = anchor.sequence + 1
            let made = TraceEvent(sequence: offending, cycle: cycleNumber, parent: anchor.sequence, step: anchor.step,
                                  time: anchor.time, from: sender, to: template.to, message: template.message,
                                  location: template.location)
            var broken = inserting(made, into: trace)
            let end = cycle.lastSequence + 1
            broken.events = Array(broken.events.prefix(end))
            broken = broken.clipped(through: end)
            broken.end = RunEnd(status: .completed, messages: broken.events.count, cycles: broken.cycles.count,
                                time: broken.events.last?.time ?? 0)
            let check = StoryChecker().architecture(broken, pattern: Pattern(rawValue: trace.header.pattern) ?? .default)
            return Broken(mistake: mistake, trace: broken, offending: offending, check: check)
        }
        let receiver = PatternRules.roleName(mistake.path.to)
        throw Failure("explain/cannot-break", "the run has no message to a \(receiver) to copy for \(mistake.rule.id); "
                      + "choose a scenario whose story reaches one (Scenarios/Login.yml reaches every component)")
    }

    /// The component in `role` of `other`'s scene instance, as the run names it.
    static func participant(_ role: ComponentRole, like other: Participant, in events: [TraceEvent]) -> Participant? {
        for event in events {
            for candidate in [event.from, event.to]
            where candidate.role == role && candidate.scene == other.scene && candidate.instance == other.instance {
                return candidate
            }
        }
        return nil
    }

    /// `trace` with `event` at its sequence number: later messages, parents, steps and cycles move one on.
    static func inserting(_ event: TraceEvent, into trace: Trace) -> Trace {
        let at = event.sequence
        func moved(_ sequence: Int) -> Int { sequence >= at ? sequence + 1 : sequence }
        var result = trace
        result.events = []
        result.events.reserveCapacity(trace.events.count + 1)
        for var old in trace.events {
            if old.sequence == at { result.events.append(event) }
            old.sequence = moved(old.sequence)
            old.parent = old.parent.map(moved)
            result.events.append(old)
        }
        if at == trace.events.count + 1 { result.events.append(event) }
        // The new message belongs to the step and the cycle of the message before it.
        result.steps = trace.steps.map { step in
            var step = step
            if step.firstSequence >= at { step.firstSequence += 1 }
            if step.lastSequence >= at - 1 { step.lastSequence += 1 }
            return step
        }
        result.cycles = trace.cycles.map { cycle in
            var cycle = cycle
            if cycle.firstSequence >= at { cycle.firstSequence += 1 }
            if cycle.number == event.cycle || cycle.lastSequence >= at { cycle.lastSequence += 1 }
            cycle.cause = cycle.cause.map(moved)
            return cycle
        }
        return result
    }

    // MARK: - Telling it

    /// The narration of the broken run, the offending message marked with the rule, its fix and what goes wrong.
    public static func narrate(_ broken: Broken, language: Language = .english) -> Narration {
        var narration = Explanation.narrate(broken.trace, language: language)
        let catalogue = Catalogue(language)
        // The narrator tells the offending message with its rule, what goes wrong and the fix; it has no code.
        for index in narration.steps.indices where narration.steps[index].sequences == [broken.offending] {
            narration.steps[index].code = nil
        }
        for index in narration.steps.indices where narration.steps[index].kind == .end {
            narration.steps[index].text = catalogue.text("mistake.end", ["messages": String(broken.trace.events.count)])
        }
        narration.title = catalogue.text("mistake.title", ["rule": broken.mistake.rule.id, "scenario": broken.trace.header.scenario])
        return narration
    }

    /// The rule, its fix and what would go wrong in the app, in `catalogue`'s language.
    public static func lesson(_ mistake: Mistake, catalogue: Catalogue) -> String {
        Narrator.lesson(mistake.rule, path: mistake.path, catalogue: catalogue)
    }

    /// The rule's text and fix in `language`: the pattern definition's own in English, the catalogue's otherwise.
    public static func rule(_ mistake: Mistake, in language: Language) -> (text: String, fix: String) {
        Narrator.rule(mistake.rule, path: mistake.path, in: language)
    }

    /// Writes the broken run's sequence diagram and, given the scenario, its dependency diagram (SVG) into `folder`:
    /// the offending arrow red in the one, the link the pattern does not allow red in the other.
    public static func writeDiagrams(_ broken: Broken, scenario: Scenario?, to folder: URL) throws -> [URL] {
        var options = DiagramWriter.Options(kinds: [.sequence, .dependencies], formats: [.svg])
        options.sequence.flagged = [broken.offending: broken.mistake.rule.id]
        return try DiagramWriter(options: options).write(trace: broken.trace, scenario: scenario, to: folder).files
    }

    /// The gallery page: every mistake of the run's pattern, each with its rule, what goes wrong, its fix and the
    /// broken cycle's sequence diagram. Written to `folder/index.html`, each mistake's diagrams in a folder of its own.
    /// `skipped` says why each rule the run cannot break was left out.
    public static func writeGallery(_ trace: Trace, scenario: Scenario?, to folder: URL, language: Language = .english,
                                    reportLink: String? = nil) throws -> (files: [URL], skipped: [Failure]) {
        let definition = trace.header.patternDefinition
        let catalogue = Catalogue(language)
        var files: [URL] = []
        var skipped: [Failure] = []
        var sections = ""
        for mistake in mistakes(of: definition) {
            let broken: Broken
            do {
                broken = try breaking(trace, with: mistake)
            } catch let failure as Failure {
                skipped.append(failure)
                continue
            }
            let sub = try OutputLayout.checkFolder(folder.appendingPathComponent(folderName(mistake.rule.id)), under: folder)
            let written = try writeDiagrams(broken, scenario: scenario, to: sub)
            files += written
            let svg = written.first { $0.lastPathComponent == "sequence.svg" }.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
            sections += "<section id=\"\(HTML.escape(folderName(mistake.rule.id)))\"><h2><code>" + HTML.escape(mistake.rule.id)
                + "</code> — " + HTML.escape(mistake.path.description) + "</h2><p>" + HTML.escape(lesson(mistake, catalogue: catalogue))
                + "</p><p class=check>" + HTML.escape(broken.check.actual) + "</p>"
                + (svg.map { "<figure>" + HTML.inlineSVG($0, idPrefix: folderName(mistake.rule.id)) + "</figure>" } ?? "")
                + "</section>"
        }
        let title = catalogue.text("mistake.gallery", ["pattern": definition.title, "scenario": trace.header.scenario])
        let page = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8"><title>\(HTML.escape(title))</title>
            <style>
            body{font-family:-apple-system,Helvetica,Arial,sans-serif;margin:24px;color:#111827;max-width:1400px}
            section{border:1px solid #e5e7eb;border-left:4px solid #dc2626;border-radius:8px;padding:12px;margin:16px 0}
            figure{margin:12px 0;overflow:auto}svg{max-width:100%;height:auto}.check{color:#b91c1c;font-family:monospace}
            .card{margin:8px 0 16px}.card summary{cursor:pointer;font-weight:600}.card ul{margin:4px 0 0;padding-left:18px}
            </style></head><body>\(reportLink.map { "<p><a href=\"\(HTML.escape($0))\">" + HTML.escape(catalogue.text("report.back", [:])) + "</a></p>" } ?? "")<h1>\(HTML.escape(title))</h1>
            \(HTML.ownershipCard(definition, language: language, open: true))
            \(sections)</body></html>

            """
        let index = folder.appendingPathComponent("index.html")
        try AtomicFile.write(page, to: index)
        files.append(index)
        return (files, skipped)
    }

    /// How `Catalogue.rules` names a rule on one of its paths: `clean-swift/one-way presenter->interactor`.
    public static func translationKey(_ mistake: Mistake) -> String {
        Narrator.translationKey(mistake.rule, path: mistake.path)
    }

    /// `clean-swift/one-way` → `clean-swift-one-way`.
    public static func folderName(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }
}
