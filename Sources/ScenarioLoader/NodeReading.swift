import ScenarioSpec
import Yams

/// A key of a YAML mapping with its value and positions.
struct MappingEntry {
    var key: String
    var keyNode: Node
    var value: Node
}

/// Helpers for reading a composed YAML tree while reporting every structural problem with its position.
struct NodeReader {
    let source: SourceText
    let diagnostics: DiagnosticCollector
    /// The entities and enums declared so far, which expressions can construct and name cases of.
    var types = ExpressionParser.TypeVocabulary()

    func location(_ node: Node) -> SourceLocation { source.location(of: node) }

    /// A short description of what a node is, for "expected X, found Y" messages.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if isNull(node) { return "nothing" }
            let text = scalar.string
            let shown = text.unicodeScalars.count > 40 ? String(text.prefix(37)) + "…" : text
            return "'\(shown)'"
        }
    }

    /// True for YAML's null: an empty plain scalar, `~` or `null`.
    /// Plain scalars that mean "no value": YAML's own (`~`, `null`, empty) and Swift's `nil`. Quoted, each is text.
    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL", "nil"]

    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && nullWords.contains(scalar.string)
    }

    /// Longest key (UTF-8 bytes): names become diagram labels and file names, not payloads.
    static let longestKey = 256

    /// The entries of a mapping in document order; reports and returns nil for anything else.
    func mapping(_ node: Node, _ what: String) -> [MappingEntry]? {
        guard case .mapping(let mapping) = node else {
            if Self.isNull(node) { return [] }
            diagnostics.error("\(what) must be a mapping, found \(Self.describe(node))", at: location(node), id: "scenario/shape")
            return nil
        }
        var entries: [MappingEntry] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let key) = keyNode else {
                diagnostics.error("keys of \(what) must be plain names, found \(Self.describe(keyNode))",
                                  at: location(keyNode), id: "scenario/shape")
                continue
            }
            if key.string.utf8.count > Self.longestKey {
                diagnostics.error("this key is \(key.string.utf8.count) bytes long; a name is at most \(Self.longestKey)",
                                  at: location(keyNode), id: "scenario/too-long")
                continue
            }
            entries.append(MappingEntry(key: key.string, keyNode: keyNode, value: value))
        }
        return entries
    }

    /// Like `mapping`, and reports keys that are not in `allowed` (with a suggestion).
    func mapping(_ node: Node, _ what: String, allowed: [String]) -> [String: MappingEntry]? {
        guard let entries = mapping(node, what) else { return nil }
        var result: [String: MappingEntry] = [:]
        for entry in entries {
            if allowed.contains(entry.key) {
                result[entry.key] = entry
            } else {
                if entry.key == "<<" {
                    diagnostics.error("YAML merge keys ('<<') are not supported in \(what)", at: location(entry.keyNode),
                                      notes: [Diagnostic.Note("write the keys out (merge keys can multiply a document)")], id: "yaml/unsupported")
                    continue
                }
                // `{ reason: fast, as the app does }`: YAML ends the value at the comma and reads the rest as a key.
                let comma = entry.key.contains(" ") && NodeReader.isNull(entry.value)
                    ? [Diagnostic.Note("inside '{ … }' a ',' ends a value: quote the value before it ('reason: \"…, …\"')")] : []
                diagnostics.unknown(
                    "unknown key '\(entry.key)' in \(what)", name: entry.key, candidates: allowed,
                    at: location(entry.keyNode),
                    extraNotes: comma + [Diagnostic.Note("expected one of: " + DiagnosticCollector.list(allowed))], id: "scenario/unknown-name")
            }
        }
        return result
    }

    /// The items of a list; a single non-list value is read as a list of one when `single` allows it.
    func sequence(_ node: Node, _ what: String, single: Bool = false) -> [Node]? {
        switch node {
        case .sequence(let sequence): return Array(sequence)
        case _ where Self.isNull(node): return []
        case .mapping(let mapping) where single && mapping.count == 0: return []
        case .mapping, .scalar, .alias:
            if single { return [node] }
            diagnostics.error("\(what) must be a list, found \(Self.describe(node))", at: location(node), id: "scenario/shape")
            return nil
        }
    }

    /// A scalar's text; reports and returns nil for mappings, lists and null.
    func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            diagnostics.error("\(what) must be a single value, found \(Self.describe(node))", at: location(node), id: "scenario/shape")
            return nil
        }
        return scalar.string
    }

    /// Longest title (characters): titles head diagrams, frames and terminal lines.
    static let longestTitle = 200

    /// A title: a scalar of at most `longestTitle` characters.
    func title(_ node: Node, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        let length = text.unicodeScalars.count
        if length > Self.longestTitle {
            diagnostics.error("\(what) is \(length) characters long; a title is at most \(Self.longestTitle)",
                              at: location(node), id: "scenario/too-long")
            return nil
        }
        return text
    }

    /// A scalar's text with its position.
    func located(_ node: Node, _ what: String) -> Located<String>? {
        string(node, what).map { Located($0, at: location(node)) }
    }

    /// A name: letters, digits and underscores, not starting with a digit.
    func identifier(_ node: Node, _ what: String) -> Located<String>? {
        guard let name = located(node, what) else { return nil }
        guard Self.isIdentifier(name.value) else {
            diagnostics.error("\(what) '\(name.value)' is not a valid name; use letters, digits and '_'",
                              at: name.location, notes: Self.whyNotIdentifier(name.value), id: "scenario/invalid-name")
            return nil
        }
        return name
    }

    static func isIdentifier(_ text: String) -> Bool { SwiftIdentifier.isValid(text) }

    /// What makes `text` no name, when it is more than a misplaced digit or symbol: Swift's wildcard, or a character
    /// Swift does not allow in a name (named by its code point, as it may not show).
    static func whyNotIdentifier(_ text: String) -> [Diagnostic.Note] {
        if text == "_" { return [Diagnostic.Note("'_' alone is Swift's wildcard, not a name")] }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where !scalar.isASCII {
            let allowed = index == 0 ? SwiftIdentifier.isHead(scalar) : SwiftIdentifier.isCharacter(scalar)
            guard !allowed else { continue }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            let place = index == 0 && SwiftIdentifier.isCharacter(scalar) ? "cannot start a Swift name" : "is not allowed in a Swift name"
            return [Diagnostic.Note("\(code) (\(scalar.properties.name ?? "unnamed")) \(place)")]
        }
        return []
    }

    /// An expression written as a YAML scalar, parsed with positions that point inside the scalar.
    func expression(_ node: Node, _ what: String) -> Expr? {
        guard case .scalar(let scalar) = node else {
            diagnostics.error("\(what) must be an expression, found \(Self.describe(node))", at: location(node),
                              notes: [Diagnostic.Note("quote expressions that contain ':', '{' or '['")], id: "scenario/shape")
            return nil
        }
        if let tag = Self.explicitTag(scalar) {
            diagnostics.error("YAML reads '\(tag)' as a tag, not as part of \(what)", at: location(node),
                              notes: [Diagnostic.Note("quote the expression: '" + ([tag, scalar.string].filter { !$0.isEmpty }.joined(separator: " ")) + "'")], id: "yaml/unsupported")
            return nil
        }
        // `nil` is the expression language's own literal; YAML's other nulls (`~`, `null`, nothing) say nothing.
        if Self.isNull(node), scalar.string != "nil" {
            diagnostics.error("\(what) is empty; write an expression", at: location(node), id: "scenario/missing")
            return nil
        }
        // Numbers, booleans and nil are expressions too; YAML's own reading of them is ignored here.
        let positions = source.positions(of: scalar)
        do {
            return try ExpressionParser.parse(scalar.string, positions: positions, fallback: location(node), types: types)
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
    }

    /// A `Worker.operation(label: value)` call written as a YAML scalar.
    func call(_ node: Node) -> ExpressionParser.CallSyntax? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            diagnostics.error("'call' must be written 'Worker.operation(label: value, …)', found \(Self.describe(node))",
                              at: location(node), id: "scenario/shape")
            return nil
        }
        do {
            return try ExpressionParser.parseCall(scalar.string, positions: source.positions(of: scalar),
                                                  fallback: location(node), types: types)
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
    }

    /// A tag the user did not mean, such as `!cached.isEmpty` read by YAML as the tag `!cached.isEmpty`.
    static func explicitTag(_ scalar: Node.Scalar) -> String? {
        let name = scalar.tag.rawValue
        guard name.hasPrefix("!"), !name.hasPrefix("!!") else { return nil }
        return name
    }
}

extension Expr {
    /// Stands in for an expression that failed to parse, so that checking goes on without follow-on errors.
    /// Never part of a loaded scenario: a scenario with errors is not returned.
    static func placeholder(at location: SourceLocation) -> Expr {
        Expr(text: "", root: ExprNode(.identifier(""), at: location), location: location)
    }
}

/// Data read from YAML or from a JSON fixture, before it is typed by a declared type.
indirect enum RawData {
    case scalar(String, Kind, SourceLocation)
    case list([RawData], SourceLocation)
    case map([(key: String, keyLocation: SourceLocation, value: RawData)], SourceLocation)

    enum Kind {
        /// A plain YAML scalar (typed by what it looks like) or a JSON number.
        case plain
        /// A quoted YAML scalar or a JSON string: always text.
        case quoted
        case null
        case bool(Bool)
    }

    var location: SourceLocation {
        switch self {
        case .scalar(_, _, let location), .list(_, let location), .map(_, let location): location
        }
    }

    var describe: String {
        switch self {
        case .list: return "a list"
        case .map: return "a mapping"
        case .scalar(_, .null, _): return "nothing (null)"
        case .scalar(let text, _, _):
            return "'" + (text.unicodeScalars.count > 40 ? String(text.prefix(37)) + "…" : text) + "'"
        }
    }
}
