import Diagrams
import Foundation
import Narration
import ScenarioSpec
import TraceFormat

/// `compare`'s page: one story in several patterns, one story step at a time (plain links, no script): the stages of
/// the cycle lined up across the patterns, what differs marked and said, the values shown, and each pattern's
/// sequence diagram of the step.
public struct ComparisonPage {
    /// A pattern's column.
    public struct Column: Sendable {
        public var pattern: Pattern
        /// "the scenario's own", "translated", or why it cannot be said.
        public var status: String
        /// Reasons it could not run (empty when it ran).
        public var refusals: [String]
        /// The translated scenario file, relative to the page.
        public var scenarioLink: String?
        /// The run in numbers.
        public var summary: String?
        /// Where it shows other values than the scenario's own pattern.
        public var differences: [String]
        /// The step's sequence diagram, by step number, relative to the page.
        public var stepDiagrams: [Int: String]

        public init(pattern: Pattern, status: String, refusals: [String] = [], scenarioLink: String? = nil,
                    summary: String? = nil, differences: [String] = [], stepDiagrams: [Int: String] = [:]) {
            self.pattern = pattern
            self.status = status
            self.refusals = refusals
            self.scenarioLink = scenarioLink
            self.summary = summary
            self.differences = differences
            self.stepDiagrams = stepDiagrams
        }
    }

    public var title: String
    /// Every pattern asked for, those that ran first in `alignment`'s order.
    public var columns: [Column]
    public var alignment: StageAlignment
    public var language: Language

    public init(title: String, columns: [Column], alignment: StageAlignment, language: Language = .english) {
        self.title = title
        self.columns = columns
        self.alignment = alignment
        self.language = language
    }

    func text(_ key: String, _ arguments: [String: String] = [:]) -> String { Catalogue(language).text(key, arguments) }

    /// A stage's name, the same whatever patterns are compared.
    func title(of stage: CycleStage, _ fallback: String) -> String {
        let key = "compare.stage.\(stage.rawValue)"
        return Catalogue(language).has(key) ? text(key) : fallback
    }

    /// One sentence for a stage the patterns take differently.
    public func sentence(_ difference: StageAlignment.Difference) -> String {
        let list: ([String]) -> String = { names in
            names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + self.text("compare.and") + names.last!
        }
        let taken = difference.groups.map { text("compare.taken", ["paths": $0.paths.joined(separator: text("compare.and")), "patterns": list($0.patterns)]) }
        let none = difference.missing.isEmpty ? nil : text("compare.none", ["patterns": list(difference.missing)])
        return title(of: difference.stage, difference.title) + ": " + taken.joined(separator: ", ")
            + (none.map { (taken.isEmpty ? "" : "; ") + $0 } ?? "") + "."
    }

    public var html: String {
        let ran = alignment.runs.map(\.pattern)
        let ranColumns = ran.compactMap { pattern in columns.first { $0.pattern == pattern } }
        var out = """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(HTML.escape(text("compare.title", ["scenario": title, "count": String(ran.count)])))</title>
            <style>\(Self.style)</style></head><body>
            <h1>\(HTML.escape(text("compare.title", ["scenario": title, "count": String(ran.count)])))</h1>
            <section class="patterns">
            """
        for column in columns {
            out += "<div class=\"pattern\"><h2>\(HTML.escape(column.pattern.definition.title)) <code>\(HTML.escape(column.pattern.rawValue))</code></h2>"
            out += "<p class=\"status\">\(HTML.escape(column.status))"
            if let link = column.scenarioLink {
                out += " — <a href=\"\(HTML.escape(link))\">\(HTML.escape(text("compare.link")))</a>"
            }
            out += "</p>"
            if let summary = column.summary { out += "<p>\(HTML.escape(summary))</p>" }
            // Who holds whom in this pattern, side by side with the others.
            out += HTML.ownershipCard(column.pattern.definition, language: language)
            if !column.refusals.isEmpty {
                out += "<ul class=\"refused\">" + column.refusals.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
            }
            if !column.differences.isEmpty {
                out += "<ul class=\"refused\">" + column.differences.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
            }
            out += "</div>"
        }
        out += "</section>\n<nav class=\"steps\">" + alignment.steps.map {
            "<a href=\"#step-\($0.number)\"\($0.differences.isEmpty ? "" : " class=\"differs\"")>\($0.number)</a>"
        }.joined() + "</nav>\n<main>\n"
        for step in alignment.steps {
            out += "<section class=\"step\" id=\"step-\(step.number)\"><h2>" + HTML.escape(text("compare.step", [
                "n": String(step.number), "total": String(alignment.steps.count), "title": step.title])) + "</h2>"
            out += "<p class=\"pager\">"
                + (step.number > 1 ? "<a href=\"#step-\(step.number - 1)\">\(HTML.escape(text("compare.previous", ["n": String(step.number - 1)])))</a>" : "")
                + (step.number < alignment.steps.count ? " <a href=\"#step-\(step.number + 1)\">\(HTML.escape(text("compare.next", ["n": String(step.number + 1)])))</a>" : "")
                + "</p>"
            if step.differences.isEmpty {
                out += "<p class=\"same\">\(HTML.escape(text("compare.same")))</p>"
            } else {
                out += "<ul class=\"differences\">" + step.differences.map { "<li>\(HTML.escape(sentence($0)))</li>" }.joined() + "</ul>"
            }
            out += "<table><thead><tr><th>\(HTML.escape(text("compare.stage")))</th>" + ran.map { "<th>\(HTML.escape($0.rawValue))</th>" }.joined() + "</tr></thead><tbody>"
            for row in step.rows {
                out += "<tr\(row.differs ? " class=\"differs\"" : "")><th>\(HTML.escape(title(of: row.stage, row.title)))</th>"
                for cell in row.cells {
                    out += "<td>" + (cell.isEmpty ? "<span class=\"none\">—</span>" : cell.map { line in
                        "<div><b>\(HTML.escape(line.path))</b> <code>\(HTML.escape(line.message))</code>\(line.count > 1 ? " ×\(line.count)" : "")</div>"
                    }.joined()) + "</td>"
                }
                out += "</tr>"
            }
            let labels = Set(step.shown.flatMap(\.keys)).sorted()
            if !labels.isEmpty {
                let reference = step.shown.first ?? [:]
                out += "<tr class=\"shown\"><th>\(HTML.escape(text("compare.shown")))</th>"
                for shown in step.shown {
                    out += "<td>" + labels.compactMap { label in
                        guard let value = shown[label] else { return nil }
                        let differs = reference[label] != nil && reference[label] != value
                        return "<div\(differs ? " class=\"mismatch\"" : "")>\(HTML.escape(label)) = <code>\(HTML.escape(value.description))</code></div>"
                    }.joined() + "</td>"
                }
                out += "</tr>"
            }
            out += "</tbody></table><div class=\"diagrams\">"
            for column in ranColumns {
                guard let image = column.stepDiagrams[step.number] else { continue }
                out += "<figure><figcaption>\(HTML.escape(column.pattern.rawValue))</figcaption><a href=\"\(HTML.escape(image))\"><img loading=\"lazy\" src=\"\(HTML.escape(image))\" alt=\"\(HTML.escape(text("compare.diagram", ["pattern": column.pattern.rawValue, "n": String(step.number)])))\"></a></figure>"
            }
            out += "</div></section>\n"
        }
        out += "</main></body></html>\n"
        return out
    }

    /// The page's style (Assets/compare.css).
    static let style = String(decoding: PackageResources.compare_css, as: UTF8.self)
}
