import ScenarioSpec

/// Collects every problem found while loading, so they can be reported all at once.
final class DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.containsErrors }

    func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = [], id: String) {
        diagnostics.append(.error(Self.capped(message), at: location, notes: notes.map(Self.capped), id: id))
    }

    func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = [], id: String) {
        diagnostics.append(.warning(Self.capped(message), at: location, notes: notes.map(Self.capped), id: id))
    }

    /// A note that lists names (`fields: a, b, c, …`) lists the first `namesListed` and counts the rest: one
    /// diagnostic never repeats a whole scenario's names.
    static func capped(_ note: Diagnostic.Note) -> Diagnostic.Note {
        var shortened = note
        shortened.message = capped(note.message)
        return shortened
    }

    static func capped(_ text: String) -> String {
        // Short text lists few names: not split at all. Longer text is scanned once, byte by byte.
        let bytes = text.utf8
        guard bytes.count > 120 else { return text }
        var separators = 0
        var cut: String.Index?
        var previous: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if previous == UInt8(ascii: ","), byte == UInt8(ascii: " ") {
                separators += 1
                if separators == namesListed { cut = bytes.index(before: index) }
            }
            previous = byte
        }
        guard separators > namesListed, let cut else { return text }
        return String(text[..<cut]) + " and \(separators + 1 - namesListed) more"
    }

    func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// How many names, all told, `did you mean` notes compare unknown names with: each comparison costs an edit
    /// distance, and a file of thousands of unknown names among thousands of known ones would otherwise take minutes
    /// to say so. Past it, unknown names are said without a suggestion.
    static let comparisonsMade = 200_000
    private var comparisons = 0

    /// Reports `message` for an unknown name, with a `did you mean` note when a known name is close.
    func unknown(_ message: String, name: String, candidates: some Collection<String>, at location: SourceLocation,
                 extraNotes: [Diagnostic.Note] = [], severity: Diagnostic.Severity = .error, id: String) {
        var notes: [Diagnostic.Note] = []
        if comparisons + candidates.count <= Self.comparisonsMade {
            comparisons += candidates.count
            if let suggestion = Suggestion.closest(to: name, among: candidates) {
                notes.append(Diagnostic.Note("did you mean '\(suggestion)'?"))
            }
        }
        if severity == .warning {
            warning(message, at: location, notes: notes + extraNotes, id: id)
        } else {
            error(message, at: location, notes: notes + extraNotes, id: id)
        }
    }

    /// How many names one note lists before it counts the rest.
    static let namesListed = 20

    /// `names` joined for a note, the first `namesListed` of them, then how many more.
    static func list<Names: Collection<String>>(_ names: Names) -> String {
        guard names.count > namesListed else { return names.joined(separator: ", ") }
        return names.prefix(namesListed).joined(separator: ", ") + " and \(names.count - namesListed) more"
    }
}

/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `name`, if it is close enough to be a plausible typo.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            // Names whose lengths differ by more than the largest distance allowed are never close: not compared.
            let length = candidate.unicodeScalars.count
            guard abs(length - lowered.count) <= 3 else { continue }
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            let limit = max(1, min(3, (max(lowered.count, candidate.count) + 2) / 3))
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance with transpositions counted as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
