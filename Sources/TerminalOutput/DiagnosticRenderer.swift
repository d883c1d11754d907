import Foundation
import ScenarioSpec

/// Prints diagnostics the way compilers do, `file:line:col: error: message`, with the source line and a caret,
/// then `note:` lines; or as JSON for editors.
public struct DiagnosticRenderer: Sendable {
    public var style: TerminalStyle
    /// Whether to quote the offending source line under each diagnostic.
    public var showsSource: Bool
    /// Whether every diagnostic's id is printed (`--verbose`), not only those a user names (`Diagnostic.namesIDInText`).
    public var showsAllIDs: Bool

    public init(style: TerminalStyle = .plain, showsSource: Bool = true, showsAllIDs: Bool = false) {
        self.style = style
        self.showsSource = showsSource
        self.showsAllIDs = showsAllIDs
    }

    /// Renders diagnostics as text; `sources` supplies file contents for excerpts (by path).
    /// Diagnostics shown at most; the rest are counted (`--format json` lists every one).
    public static let shownAtMost = 200

    public func render(_ diagnostics: [Diagnostic], sources: SourceCache = SourceCache()) -> String {
        var out = ""
        var lines = PrintableLines()
        for diagnostic in diagnostics.prefix(Self.shownAtMost) {
            out += header(location: diagnostic.location, severity: diagnostic.severity.rawValue,
                          color: color(for: diagnostic.severity), message: diagnostic.messageWithID(allIDs: showsAllIDs)) + "\n"
            if showsSource, let location = diagnostic.location, let excerpt = excerpt(at: location, sources: sources, lines: &lines) {
                out += excerpt
            }
            for note in diagnostic.notes {
                out += header(location: note.location, severity: "note", color: .gray, message: note.message) + "\n"
            }
        }
        if diagnostics.count > Self.shownAtMost {
            let rest = diagnostics.dropFirst(Self.shownAtMost)
            let errors = rest.filter { $0.severity == .error }.count, warnings = rest.count - errors
            out += style.paint("…", .gray, bold: true) + " and \(errors) more error\(errors == 1 ? "" : "s") and \(warnings) more warning\(warnings == 1 ? "" : "s")"
                + " (the first \(Self.shownAtMost) are shown; --format json lists them all)\n"
        }
        return out
    }

    /// Lines of the scenario made printable once, however many diagnostics point into them.
    struct PrintableLines {
        var cache: [String: [Unicode.Scalar]] = [:]
    }

    private func header(location: SourceLocation?, severity: String, color: TerminalColor, message: String) -> String {
        let place = location.map { style.paint("\(Self.printable($0.description)): ", bold: true) } ?? ""
        return place + style.paint("\(severity):", color, bold: true) + " "
            + style.paint(Self.printable(message, keepNewlines: true), bold: severity != "note")
    }

    /// Text from a scenario made safe for a terminal (see `TerminalText`); tabs stay, so carets line up.
    static func printable(_ text: String, keepNewlines: Bool = false) -> String {
        TerminalText.safe(text, keepingColor: false, keepingNewlines: keepNewlines)
    }

    /// Longest line shown whole in an excerpt; longer lines show a window around the column.
    static let excerptWidth = 120

    private func color(for severity: Diagnostic.Severity) -> TerminalColor {
        switch severity {
        case .error: .red
        case .warning: .magenta
        case .note: .gray
        }
    }

    /// The line, then a caret under the column (tabs kept so the caret lines up).
    private func excerpt(at location: SourceLocation, sources: SourceCache, lines: inout PrintableLines) -> String? {
        let key = "\(location.line):\(location.file)"
        var scalars: [Unicode.Scalar]
        if let cached = lines.cache[key] {
            scalars = cached
        } else {
            guard let line = sources.line(location.line, of: location.file) else { return nil }
            scalars = Array(Self.printable(line).unicodeScalars)
            lines.cache[key] = scalars
        }
        guard location.column >= 1, location.column <= scalars.count + 1 else { return nil }
        var column = location.column
        if scalars.count > Self.excerptWidth {
            // A window around the column, marked with '…' where it was cut.
            let start = max(0, min(column - 1 - Self.excerptWidth / 2, scalars.count - Self.excerptWidth))
            let end = min(scalars.count, start + Self.excerptWidth)
            var window = Array(scalars[start..<end])
            column -= start
            if start > 0 { window.insert("…", at: 0); column += 1 }
            if end < scalars.count { window.append("…") }
            scalars = window
        }
        let padding = String(String.UnicodeScalarView(scalars.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }))
        return String(String.UnicodeScalarView(scalars)) + "\n" + padding + style.paint("^", .green, bold: true) + "\n"
    }
}

/// File contents by path, read once, for source excerpts.
public final class SourceCache: @unchecked Sendable {
    private var lines: [String: [String]?] = [:]
    private let lock = NSLock()

    public init() {}

    /// Registers text for a path (for scenarios that were not read from disk).
    public func add(_ text: String, for path: String) {
        lock.lock()
        defer { lock.unlock() }
        lines[path] = Self.split(text)
    }

    func line(_ number: Int, of path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if lines[path] == nil {
            // Only a regular file of scenario size: a location could name a pipe or a device.
            var info = stat()
            let readable = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size <= 64 << 20
            let text = readable ? (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { String(data: $0, encoding: .utf8) } : nil
            lines[path] = text.map(Self.split)
        }
        guard let file = lines[path] ?? nil, number >= 1, number <= file.count else { return nil }
        return file[number - 1]
    }

    private static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }
}
