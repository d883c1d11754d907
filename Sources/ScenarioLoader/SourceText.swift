import ScenarioSpec
import Yams

/// The scenario's text split into lines of Unicode scalars, to map YAML marks and offsets inside scalars to
/// exact line:column positions.
struct SourceText {
    let file: String
    let lines: [[Unicode.Scalar]]

    init(file: String, text: String) {
        self.file = file
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if lines[lines.count - 1].last == "\r" { lines[lines.count - 1].removeLast() }
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        self.lines = lines
    }

    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    func location(of mark: Mark?) -> SourceLocation {
        guard let mark else { return location(line: 1, column: 1) }
        return location(line: mark.line, column: mark.column)
    }

    func location(of node: Node) -> SourceLocation { location(of: node.mark) }

    /// The scalar at a 1-based line and column, if there is one.
    func scalar(line: Int, column: Int) -> Unicode.Scalar? {
        guard line >= 1, line <= lines.count else { return nil }
        let row = lines[line - 1]
        guard column >= 1, column <= row.count else { return nil }
        return row[column - 1]
    }

    /// Positions of each Unicode scalar of a scalar node's value in the source, so that an error found at offset
    /// 12 of an expression points at the right column even when YAML quoting or folding changed the text.
    func positions(of scalar: Node.Scalar) -> [SourceLocation] {
        let value = Array(scalar.string.unicodeScalars)
        let start = location(of: scalar.mark)
        var mapper = ScalarPositionMapper(source: self, value: value, start: start)
        switch scalar.style {
        case .plain, .any: mapper.mapFlow(quote: nil)
        case .singleQuoted: mapper.mapFlow(quote: "'")
        case .doubleQuoted: mapper.mapFlow(quote: "\"")
        case .literal, .folded: mapper.mapBlock()
        }
        return mapper.result
    }
}

/// Walks the raw source alongside a scalar's value and records where each value scalar came from.
/// When the two stop agreeing (an escape it does not model), the remaining scalars get the last known place.
private struct ScalarPositionMapper {
    let source: SourceText
    let value: [Unicode.Scalar]
    let start: SourceLocation
    var result: [SourceLocation] = []
    var line: Int
    var column: Int

    init(source: SourceText, value: [Unicode.Scalar], start: SourceLocation) {
        self.source = source
        self.value = value
        self.start = start
        line = start.line
        column = start.column
        result.reserveCapacity(value.count)
    }

    var here: SourceLocation { source.location(line: line, column: column) }
    var current: Unicode.Scalar? { source.scalar(line: line, column: column) }
    var atEndOfLine: Bool { current == nil }

    mutating func nextLineSkippingIndentation() {
        line += 1
        column = 1
        while let c = current, c == " " || c == "\t" { column += 1 }
    }

    mutating func fillRemaining() {
        let last = result.last ?? start
        while result.count < value.count { result.append(last) }
    }

    /// Plain, single- and double-quoted scalars: folded line breaks become spaces.
    mutating func mapFlow(quote: Unicode.Scalar?) {
        if quote != nil { column += 1 }
        var index = 0
        while index < value.count {
            guard line <= source.lines.count else { break }
            let expected = value[index]
            if atEndOfLine {
                // A line break in the source: folded to a space, or kept as newlines for blank lines.
                guard expected == " " || expected == "\n" else { break }
                result.append(here)
                nextLineSkippingIndentation()
                index += 1
                while index < value.count, value[index] == "\n", atEndOfLine {
                    result.append(here)
                    nextLineSkippingIndentation()
                    index += 1
                }
                continue
            }
            guard let c = current else { break }
            if quote == "'" && c == "'" && expected == "'" {
                result.append(here)
                column += 2
                index += 1
                continue
            }
            if quote == "\"" && c == "\\" {
                result.append(here)
                column += escapeLength()
                index += 1
                continue
            }
            guard c == expected else { break }
            result.append(here)
            column += 1
            index += 1
        }
        fillRemaining()
    }

    /// Length in the source of a double-quoted escape starting at the current backslash.
    func escapeLength() -> Int {
        guard let next = source.scalar(line: line, column: column + 1) else { return 1 }
        switch next {
        case "x": return 4
        case "u": return 6
        case "U": return 10
        default: return 2
        }
    }

    /// Literal (`|`) and folded (`>`) block scalars: content starts on the next line at the block's indentation.
    mutating func mapBlock() {
        line = start.line + 1
        var indentation = 0
        var probe = line
        while probe <= source.lines.count {
            let row = source.lines[probe - 1]
            if let first = row.firstIndex(where: { $0 != " " }) {
                indentation = first
                break
            }
            probe += 1
        }
        column = indentation + 1
        for expected in value {
            if expected == "\n" || (atEndOfLine && expected == " ") {
                result.append(here)
                line += 1
                column = indentation + 1
            } else {
                result.append(here)
                column += 1
            }
        }
    }
}
