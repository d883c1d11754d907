import ScenarioSpec

/// Collects every problem found while loading, so they can be reported all at once.
final class DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.containsErrors }

    func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: location, notes: notes))
    }

    func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.warning(message, at: location, notes: notes))
    }

    func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Reports `message` for an unknown name, with a `did you mean` note when a known name is close.
    func unknown(_ message: String, name: String, candidates: some Sequence<String>, at location: SourceLocation,
                 extraNotes: [Diagnostic.Note] = []) {
        var notes: [Diagnostic.Note] = []
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            notes.append(Diagnostic.Note("did you mean '\(suggestion)'?"))
        }
        error(message, at: location, notes: notes + extraNotes)
    }
}

/// "Did you mean" suggestions by edit distance.
enum Suggestion {
    /// The candidate closest to `name`, if it is close enough to be a plausible typo.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
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
