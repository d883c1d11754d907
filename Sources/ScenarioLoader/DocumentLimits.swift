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
    ///
    /// It also says whether the text uses aliases at all: when it does not, the tree cannot expand and
    /// `expansionProblem` need not walk it.
    static func scan(_ text: String, source: SourceText) -> (problem: Diagnostic?, hasAliases: Bool) {
        let all = Array(text.utf8)
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr: UInt8 = 0x0D
        var indents: [Int] = []   // the indentation stack of block structure
        var flowDepth = 0
        var quote: UInt8? = nil   // inside a quoted scalar that may span lines
        var blockScalarIndent: Int? = nil  // skipping the lines of a `|` or `>` scalar indented more than this
        var hasAliases = false
        var line = 0
        var lineStart = 0
        while lineStart <= all.count {
            var lineEnd = lineStart
            while lineEnd < all.count, all[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            line += 1
            func column(_ index: Int) -> Int { index - lineStart + 1 }
            var index = lineStart
            while index < lineEnd, all[index] == space { index += 1 }
            let indent = index - lineStart
            let blank = index == lineEnd || all[index] == UInt8(ascii: "#") || all[index] == cr
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
                while index < lineEnd, all[index] == UInt8(ascii: "-"), index + 1 == lineEnd || all[index + 1] == space {
                    compact += 1
                    index += 2
                    while index < lineEnd, all[index] == space { index += 1 }
                }
            }
            func endsToken(_ at: Int) -> Bool {
                guard at < lineEnd else { return true }
                let byte = all[at]
                return byte == space || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                    || byte == cr || byte == tab
            }
            func startsToken(_ byte: UInt8) -> Bool {
                byte == space || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") || byte == tab
            }
            func startsNode(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
                    || byte == UInt8(ascii: ",")
            }
            var previous = space
            // What came before, ignoring spaces: a node starts after these (or at the start of the line's content).
            var lastNonSpace = UInt8(ascii: "-")
            var lastToken = index  // where the line's last space-separated token starts
            while index < lineEnd {
                let byte = all[index]
                if let open = quote {
                    if open == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                        index += 2
                        continue
                    }
                    if byte == open {
                        if open == UInt8(ascii: "'"), index + 1 < lineEnd, all[index + 1] == UInt8(ascii: "'") {
                            index += 2
                            continue
                        }
                        quote = nil
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "#") where previous == space || previous == tab:
                        index = lineEnd
                        continue
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        // A quote opens a quoted scalar only where a scalar starts.
                        if startsToken(previous) || previous == UInt8(ascii: ":") || previous == UInt8(ascii: "-") {
                            quote = byte
                        }
                    case UInt8(ascii: "?") where startsToken(previous) && startsNode(lastNonSpace) && endsToken(index + 1):
                        return (complexKey(at: source.location(line: line, column: column(index))), hasAliases)
                    case UInt8(ascii: "*") where startsToken(previous) && startsNode(lastNonSpace):
                        hasAliases = true
                        // An alias followed by ':' is an alias used as a key.
                        var end = index + 1
                        while end < lineEnd, !endsToken(end), all[end] != UInt8(ascii: ":") { end += 1 }
                        while end < lineEnd, all[end] == space { end += 1 }
                        if end < lineEnd, all[end] == UInt8(ascii: ":"), endsToken(end + 1) {
                            return (complexKey(at: source.location(line: line, column: column(index))), hasAliases)
                        }
                    case UInt8(ascii: ":") where (lastNonSpace == UInt8(ascii: "]") || lastNonSpace == UInt8(ascii: "}")) && endsToken(index + 1):
                        return (complexKey(at: source.location(line: line, column: column(index))), hasAliases)
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        flowDepth += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        flowDepth = max(0, flowDepth - 1)
                    default:
                        break
                    }
                    if byte != space && byte != cr {
                        lastNonSpace = byte
                        if previous == space { lastToken = index }
                    }
                    if indents.count + compact + flowDepth > maxDepth {
                        return (tooDeep(at: source.location(line: line, column: column(index))), hasAliases)
                    }
                }
                previous = byte
                index += 1
            }
            if indents.count + compact + flowDepth > maxDepth {
                return (tooDeep(at: source.location(line: line, column: indent + 1)), hasAliases)
            }
            // `key: |`, `- >-`, `key: |2`: the lines after belong to a block scalar.
            if quote == nil, flowDepth == 0, lastToken < lineEnd, all[lastToken] == UInt8(ascii: "|") || all[lastToken] == UInt8(ascii: ">") {
                var end = lineEnd
                while end > lastToken, all[end - 1] == space || all[end - 1] == cr { end -= 1 }
                let header = all[(lastToken + 1)..<end]
                let indicators = header.allSatisfy { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }
                var before = lastToken
                while before > lineStart, all[before - 1] == space { before -= 1 }
                let afterKey = before == lineStart + indent || (before > lineStart
                    && (all[before - 1] == UInt8(ascii: ":") || all[before - 1] == UInt8(ascii: "-")))
                if indicators && afterKey { blockScalarIndent = indent }
            }
        }
        return (nil, hasAliases)
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
