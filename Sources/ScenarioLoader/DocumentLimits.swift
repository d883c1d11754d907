import CYaml
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

    // MARK: - Nesting, on the parser's events

    /// The first place where the document nests deeper than `maxDepth`, measured on libyaml's own events (its parser
    /// is iterative, so a hostile depth cannot overflow it) before anything recursive — composing the tree, reading
    /// values — sees the document. An alias counts as deep as the node it repeats: a chain of anchors each nested
    /// a little cannot add up to a deep tree.
    ///
    /// It also refuses keys that are not plain scalars (`? key`, an alias or a list as a key): no scenario has
    /// them, and the YAML library compares such keys in full, which an alias bomb makes exponential.
    ///
    /// It also says whether the document uses aliases at all: when it does not, the tree cannot expand and
    /// `expansionProblem` need not walk it. A document libyaml cannot parse is left to the composer, which
    /// reports the syntax error.
    static func scan(_ text: String, source: SourceText) -> (problem: Diagnostic?, hasAliases: Bool) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return (nil, true) }
        defer { yaml_parser_delete(&parser) }
        /// An open collection: whether it is a mapping, how many nodes it has (even: the next is a key), how deep
        /// it reaches, and its anchor.
        struct Open {
            var isMapping: Bool
            var children = 0
            var depth: Int
            var deepest: Int
            var anchor: String?
        }
        var stack: [Open] = []
        /// How many levels each anchored node spans (1 for a scalar or an empty collection).
        var anchorDepth: [String: Int] = [:]
        var hasAliases = false
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> (problem: Diagnostic?, hasAliases: Bool) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            func location(_ mark: yaml_mark_t) -> SourceLocation {
                source.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
            }
            func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            /// A node starts in the innermost collection: a key must be a plain scalar.
            func startNode(isScalar: Bool, at mark: yaml_mark_t) -> Diagnostic? {
                guard !stack.isEmpty else { return nil }
                defer { stack[stack.count - 1].children += 1 }
                if stack[stack.count - 1].isMapping, stack[stack.count - 1].children % 2 == 0, !isScalar {
                    return complexKey(at: location(mark))
                }
                return nil
            }
            /// A node reaching `depth` levels: every open collection reaches at least that deep.
            func reach(_ depth: Int) {
                for index in stack.indices where stack[index].deepest < depth { stack[index].deepest = depth }
            }
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    // libyaml's own nesting limit (it looks ahead through flow collections) is this limit too.
                    if let problem = parser.problem, String(cString: problem).contains("nesting level") {
                        return (tooDeep(at: deepest(in: buffer, line: parser.problem_mark, open: stack.count, source: source)),
                                hasAliases)
                    }
                    return (nil, hasAliases)
                }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return (nil, hasAliases)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if let problem = startNode(isScalar: false, at: mark) { return (problem, hasAliases) }
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let anchor = anchorName(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                    let depth = stack.count + 1
                    if depth > maxDepth { return (tooDeep(at: location(mark)), hasAliases) }
                    stack.append(Open(isMapping: isMapping, depth: depth, deepest: depth, anchor: anchor))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = stack.popLast() else { continue }
                    if let anchor = closed.anchor { anchorDepth[anchor] = closed.deepest - closed.depth + 1 }
                    reach(closed.deepest)
                case YAML_SCALAR_EVENT:
                    if let problem = startNode(isScalar: true, at: mark) { return (problem, hasAliases) }
                    if let anchor = anchorName(event.data.scalar.anchor) { anchorDepth[anchor] = 1 }
                case YAML_ALIAS_EVENT:
                    hasAliases = true
                    if let problem = startNode(isScalar: false, at: mark) { return (problem, hasAliases) }
                    // The alias stands for a copy of its anchor's node, nested where the alias is.
                    let spans = anchorName(event.data.alias.anchor).flatMap { anchorDepth[$0] } ?? 1
                    let depth = stack.count + spans
                    if depth > maxDepth { return (tooDeep(at: location(mark)), hasAliases) }
                    reach(depth)
                default:
                    continue
                }
            }
        }
    }

    /// Where the flow brackets from `mark` on take the nesting past `maxDepth`, with `open` collections open
    /// there: libyaml looks ahead through flow collections and stops at its own limit before it says where.
    private static func deepest(in bytes: UnsafeBufferPointer<UInt8>, line mark: yaml_mark_t, open: Int,
                                source: SourceText) -> SourceLocation {
        var depth = open, index = min(Int(mark.index), bytes.count), column = Int(mark.column) + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
                if depth > maxDepth { return source.location(line: Int(mark.line) + 1, column: column) }
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return source.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func complexKey(at location: SourceLocation) -> Diagnostic {
        .error("YAML keys here must be plain names, not '? ' keys, aliases or lists", at: location,
               notes: [Diagnostic.Note("write the key as a name, e.g. 'userID:'")], id: "yaml/unsupported")
    }

    private static func tooDeep(at location: SourceLocation) -> Diagnostic {
        .error("the YAML nests deeper than \(maxDepth) levels here; no scenario needs that many",
               at: location, notes: [Diagnostic.Note("flatten the structure (deep nesting is how hostile files exhaust a parser)")], id: "yaml/too-deep")
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
                                Diagnostic.Note("write the repeated parts out, or repeat less (aliases that repeat aliases multiply)")],
                        id: "yaml/too-large")
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
