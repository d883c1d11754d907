import ScenarioSpec
import Yams

/// Checks that keep hostile YAML from using unbounded time, memory or stack: nesting is measured on the text
/// before the YAML parser sees it (the parser and the reader recurse per level), and the expansion through
/// anchors and aliases is measured on the composed tree before anything walks it in full.
enum DocumentLimits {
    /// Deepest nesting of mappings, lists and flow collections. Real scenarios stay under 20.
    static let maxDepth = 128
    /// Most nodes aliases may add to a document by repeating anchored nodes.
    static let maxAliasExpansion = 100_000

    // MARK: - Nesting, on the text

    /// The first place where the text nests deeper than `maxDepth`, found without parsing: indentation levels,
    /// compact list items (`- - -`) and open brackets outside quotes, comments and block scalars. It may
    /// overestimate for odd but valid text only far beyond any real scenario's depth.
    ///
    /// It also refuses keys that are not plain scalars (`? key`, an alias or a list as a key): no scenario has
    /// them, and the YAML library compares such keys in full, which an alias bomb makes exponential.
    static func nestingProblem(in text: String, source: SourceText) -> Diagnostic? {
        var indents: [Int] = []   // the indentation stack of block structure
        var flowDepth = 0
        var quote: UInt8? = nil   // inside a quoted scalar that may span lines
        var blockScalarIndent: Int? = nil  // skipping the lines of a `|` or `>` scalar indented more than this
        var line = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            let bytes = Array(rawLine)
            var index = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let indent = index
            let blank = index == bytes.count || bytes[index] == UInt8(ascii: "#") || bytes[index] == 0x0D
            if let parent = blockScalarIndent {
                if blank || indent > parent { continue }
                blockScalarIndent = nil
            }
            if quote == nil && flowDepth == 0 && !blank {
                while let last = indents.last, last > indent { indents.removeLast() }
                if indents.last != indent { indents.append(indent) }
            }
            // Compact nested list items on one line: `- - - x`.
            var compact = 0
            if quote == nil {
                while index < bytes.count, bytes[index] == UInt8(ascii: "-"),
                      index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: " ") {
                    compact += 1
                    index += 2
                    while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                }
            }
            var previous: UInt8 = UInt8(ascii: " ")
            // What came before, ignoring spaces: a node starts after these (or at the start of the line's content).
            var lastNonSpace: UInt8 = UInt8(ascii: "-")
            let nodeStarts: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")]
            func endsToken(_ at: Int) -> Bool {
                at >= bytes.count || [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x0D, 0x09].contains(bytes[at])
            }
            let tokenStarts: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "\t")]
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == open {
                        if open == UInt8(ascii: "'"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "'") {
                            index += 2
                            continue
                        }
                        quote = nil
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t"):
                        index = bytes.count
                        continue
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        // A quote opens a quoted scalar only where a scalar starts.
                        if [UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"),
                            UInt8(ascii: "-"), UInt8(ascii: "\t")].contains(previous) || index == 0 {
                            quote = byte
                        }
                    case UInt8(ascii: "?") where tokenStarts.contains(previous) && nodeStarts.contains(lastNonSpace) && endsToken(index + 1):
                        return complexKey(at: source.location(line: line, column: index + 1))
                    case UInt8(ascii: "*") where tokenStarts.contains(previous) && nodeStarts.contains(lastNonSpace):
                        // An alias followed by ':' is an alias used as a key.
                        var end = index + 1
                        while end < bytes.count, !endsToken(end), bytes[end] != UInt8(ascii: ":") { end += 1 }
                        while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
                        if end < bytes.count, bytes[end] == UInt8(ascii: ":"), endsToken(end + 1) {
                            return complexKey(at: source.location(line: line, column: index + 1))
                        }
                    case UInt8(ascii: ":") where (lastNonSpace == UInt8(ascii: "]") || lastNonSpace == UInt8(ascii: "}")) && endsToken(index + 1):
                        return complexKey(at: source.location(line: line, column: index + 1))
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        flowDepth += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        flowDepth = max(0, flowDepth - 1)
                    default:
                        break
                    }
                    if byte != UInt8(ascii: " ") && byte != 0x0D { lastNonSpace = byte }
                    let depth = indents.count + compact + flowDepth
                    if depth > maxDepth {
                        return tooDeep(at: source.location(line: line, column: index + 1))
                    }
                }
                previous = byte
                index += 1
            }
            if indents.count + compact + flowDepth > maxDepth {
                return tooDeep(at: source.location(line: line, column: indent + 1))
            }
            // `key: |`, `- >-`, `key: |2`: the lines after belong to a block scalar.
            if quote == nil, flowDepth == 0 {
                let trimmed = String(decoding: rawLine, as: UTF8.self).trimmingSpaces()
                if let header = trimmed.split(separator: " ").last, let first = header.first, first == "|" || first == ">",
                   header.dropFirst().allSatisfy({ "+-0123456789".contains($0) }),
                   trimmed.count == header.count || trimmed.dropLast(header.count).hasSuffix(": ")
                    || trimmed.dropLast(header.count).hasSuffix("- ") {
                    blockScalarIndent = indent
                }
            }
        }
        return nil
    }

    private static func complexKey(at location: SourceLocation) -> Diagnostic {
        .error("YAML keys here must be plain names, not '? ' keys, aliases or lists", at: location,
               notes: [Diagnostic.Note("write the key as a name, e.g. 'userID:'")])
    }

    private static func tooDeep(at location: SourceLocation) -> Diagnostic {
        .error("the YAML nests deeper than \(maxDepth) levels here; no scenario needs that many",
               at: location, notes: [Diagnostic.Note("flatten the structure (deep nesting is how hostile files exhaust a parser)")])
    }

    // MARK: - Expansion, on the tree

    /// Where aliases make the tree grow by more than `maxAliasExpansion` nodes. An alias is composed as a copy of
    /// the node it names, with that node's position: a node met again at a position already seen is a repeat.
    static func expansionProblem(in root: Node, source: SourceText) -> Diagnostic? {
        var sizes: [NodeKey: Int] = [:]
        var added = 0
        var problem: Diagnostic?

        func size(_ node: Node, parent: Node?) -> Int {
            if problem != nil { return 0 }
            let key = NodeKey(node)
            if let known = key.flatMap({ sizes[$0] }) {
                // A repeat of an anchored node, through an alias.
                added += known
                if added > maxAliasExpansion {
                    let at = source.location(of: parent ?? node)
                    let anchor = source.location(of: node)
                    problem = .error(
                        "YAML aliases expand this document by more than \(maxAliasExpansion) nodes",
                        at: at,
                        notes: [Diagnostic.Note("an alias here repeats the \(known) nodes anchored at line \(anchor.line), column \(anchor.column)"),
                                Diagnostic.Note("write the repeated parts out, or repeat less (aliases that repeat aliases multiply)")])
                }
                return known
            }
            var total = 1
            switch node {
            case .scalar, .alias:
                break
            case .mapping(let mapping):
                for (keyNode, value) in mapping {
                    total += size(keyNode, parent: node)
                    total += size(value, parent: node)
                }
            case .sequence(let sequence):
                for item in sequence { total += size(item, parent: node) }
            }
            if let key { sizes[key] = total }
            return total
        }
        _ = size(root, parent: nil)
        return problem
    }

    /// A node's identity in the source: where it starts and what it is (a block mapping starts where its first
    /// key does).
    private struct NodeKey: Hashable {
        var line: Int
        var column: Int
        var kind: UInt8

        init?(_ node: Node) {
            guard let mark = node.mark else { return nil }
            line = mark.line
            column = mark.column
            switch node {
            case .scalar: kind = 0
            case .mapping: kind = 1
            case .sequence: kind = 2
            case .alias: kind = 3
            }
        }
    }
}
