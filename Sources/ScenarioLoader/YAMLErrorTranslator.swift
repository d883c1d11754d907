import ScenarioSpec
import Yams

/// Turns libyaml's errors into diagnostics with a position and, where a common mistake causes them, a fix.
struct YAMLErrorTranslator {
    let source: SourceText

    func diagnostic(for error: YamlError) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var notes: [Diagnostic.Note] = []
            if let context { notes.append(Diagnostic.Note(context.text, at: source.location(of: context.mark))) }
            notes += hints(for: problem, at: mark)
            return .error("invalid YAML: \(problem)", at: source.location(of: mark), notes: notes, id: "yaml/syntax")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let first = source.location(of: context.mark)
            guard let key = duplicates.first(where: { $0 != "<uncovertable>" }) else {
                // Yams names keys that are lists or mappings '<uncovertable>'.
                return .error("a mapping repeats a key that is a list or a mapping; keys here must be plain names",
                              at: first, notes: [Diagnostic.Note("write each key as a name, e.g. 'userID:'")], id: "yaml/duplicate-key")
            }
            let second = findRepeat(of: key, after: context.mark)
            return .error("duplicate key '\(key)'; each key may appear once in a mapping", at: second ?? first,
                          notes: second == nil ? [] : [Diagnostic.Note("'\(key)' first appears here", at: first)], id: "yaml/duplicate-key")
        case .reader(let problem, let offset, _, _):
            return .error("cannot read the file: \(problem)", at: offset.map(location(ofCharacter:)), id: "file/unreadable")
        case .memory:
            return .error("the YAML parser ran out of memory", at: nil, id: "yaml/syntax")
        default:
            return .error("invalid YAML: \(error)", at: nil, id: "yaml/syntax")
        }
    }

    private func hints(for problem: String, at mark: Mark) -> [Diagnostic.Note] {
        let line = mark.line >= 1 && mark.line <= source.lines.count
            ? String(String.UnicodeScalarView(source.lines[mark.line - 1])) : ""
        if problem.contains("mapping values are not allowed"), line.contains("call:") {
            return [Diagnostic.Note("give the arguments under 'with:', e.g. 'call: AuthWorker.login' and 'with: { username: request.username }', or quote the whole call")]
        }
        if problem.contains("mapping values are not allowed") {
            return [Diagnostic.Note("a value that contains ': ' must be quoted, e.g. 'message: \"Note: …\"'")]
        }
        if problem.contains("did not find expected ',' or '}'") || problem.contains("did not find expected ',' or ']'") {
            return [Diagnostic.Note("inside '{ … }' or '[ … ]', quote values that contain '[', ']', '{', '}' or ',' — or write the mapping one key per line")]
        }
        if problem.contains("found character that cannot start any token"), line.contains("\t") {
            return [Diagnostic.Note("YAML does not allow tabs for indentation; use spaces")]
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator") {
            return [Diagnostic.Note("check the indentation: items of one mapping or list must line up")]
        }
        if problem.contains("found undefined alias") {
            return [Diagnostic.Note("define the anchor ('&name') before using the alias ('*name')")]
        }
        return []
    }

    /// The position of the second occurrence of a duplicated key, found in the text (libyaml reports the first).
    private func findRepeat(of key: String, after mark: Mark) -> SourceLocation? {
        let keyScalars = Array(key.unicodeScalars)
        guard !keyScalars.isEmpty, mark.line >= 1, mark.line <= source.lines.count else { return nil }
        func matches(_ row: [Unicode.Scalar], at column: Int) -> Bool {
            guard column + keyScalars.count <= row.count, Array(row[column..<(column + keyScalars.count)]) == keyScalars
            else { return false }
            var after = column + keyScalars.count
            if after < row.count, row[after] == "\"" || row[after] == "'" { after += 1 }
            while after < row.count, row[after] == " " { after += 1 }
            return after < row.count && row[after] == ":"
        }
        let firstRow = source.lines[mark.line - 1]
        var column = mark.column + keyScalars.count
        while column < firstRow.count {
            if matches(firstRow, at: column), column == 0 || [" ", "{", ",", "\"", "'"].contains(firstRow[column - 1]) {
                return source.location(line: mark.line, column: column + 1)
            }
            column += 1
        }
        let indentation = mark.column - 1
        var line = mark.line + 1
        while line <= source.lines.count {
            let row = source.lines[line - 1]
            let firstNonSpace = row.firstIndex { $0 != " " } ?? row.count
            if firstNonSpace < indentation, firstNonSpace < row.count, row[firstNonSpace] != "#" { return nil }
            if firstNonSpace == indentation, matches(row, at: indentation) {
                return source.location(line: line, column: indentation + 1)
            }
            line += 1
        }
        return nil
    }

    private func location(ofCharacter offset: Int) -> SourceLocation {
        var remaining = offset
        for (index, row) in source.lines.enumerated() {
            if remaining <= row.count { return source.location(line: index + 1, column: remaining + 1) }
            remaining -= row.count + 1
        }
        return source.location(line: source.lines.count, column: 1)
    }
}
