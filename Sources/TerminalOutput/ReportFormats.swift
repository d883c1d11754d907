import Foundation
import ScenarioSpec
import SceneFlowKit

/// How a command reports what it found (`--format`): compiler-style text for people, editors and Xcode; one JSON
/// document for tools (docs/report.schema.json); GitHub workflow annotations for pull requests.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, github
}

/// The JSON document every reporting command writes with `--format json`: one schema (docs/report.schema.json),
/// versioned, whatever the command.
public enum ReportDocument {
    /// The schema's version: it changes when a field changes meaning or goes away (a new field keeps it).
    public static let version = 1

    /// `{"version", "command", "status", "diagnostics": […], "result": {…}}`; `result` is the command's own
    /// (drift's differences, a run's summary), absent when it has none or stopped before it had one.
    public static func json(command: String, status: ReportStatus, diagnostics: [Diagnostic], result: (any Encodable)? = nil) -> String {
        let document = Document(version: version, command: command, status: status,
                                diagnostics: diagnostics.map(DiagnosticJSON.init), result: result.map(AnyEncodable.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var version: Int
        var command: String
        var status: ReportStatus
        var diagnostics: [DiagnosticJSON]
        var result: AnyEncodable?
    }

    private struct AnyEncodable: Encodable {
        let value: any Encodable
        init(_ value: any Encodable) { self.value = value }
        func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
    }
}

/// One diagnostic as JSON: `{"id", "severity", "message", "file", "line", "column", "notes": [{"message", …}]}`.
struct DiagnosticJSON: Encodable {
    var id: String
    var severity: String
    var message: String
    var file: String?
    var line: Int?
    var column: Int?
    var notes: [Note]

    struct Note: Encodable {
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
    }

    init(_ diagnostic: Diagnostic) {
        id = diagnostic.id
        severity = diagnostic.severity.rawValue
        message = diagnostic.message
        file = diagnostic.location?.file
        line = diagnostic.location?.line
        column = diagnostic.location?.column
        notes = diagnostic.notes.map {
            Note(message: $0.message, file: $0.location?.file, line: $0.location?.line, column: $0.location?.column)
        }
    }
}

/// Diagnostics as GitHub workflow commands (`::error file=…,line=…,col=…,title=…::message`): a workflow that runs
/// the command shows each on the pull request's lines. Notes join the message; ids are the titles.
public enum GitHubAnnotations {
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            let command = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties: [String] = []
            if let location = diagnostic.location {
                properties.append("file=" + property(location.file))
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=" + property(diagnostic.id))
            let message = ([diagnostic.message] + diagnostic.notes.map { note in
                "note: " + (note.location.map { "\($0): " } ?? "") + note.message
            }).joined(separator: "\n")
            out += "::\(command) \(properties.joined(separator: ","))::\(data(message))\n"
        }
        return out
    }

    /// A command's message: `%`, CR and LF escaped, as the runner reads them back.
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in TerminalText.safe(text, keepingColor: false, keepingNewlines: true).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property's value: also `:` and `,`, which would end it.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
