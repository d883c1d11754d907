import Foundation
import ScenarioSpec
import SwiftParser
import SwiftSyntax

/// What one pass over the syntax trees finds: every type, protocol and extension with its members, by name, with
/// where it is written. Conventions (Clean Swift, VIPER) are recognised on this index, never on text.
struct SwiftIndex {
    enum Kind: String { case `class`, `struct`, `enum`, `protocol`, actor, `extension` }

    struct Property {
        var name: String
        /// The declared type as written (`[Order]?`), or nil when only an initializer gives it.
        var type: String?
        /// The initializer's called type, for `var worker = OrdersWorker(…)`.
        var initializerType: String?
        /// Initialised with a new instance of a type (`OrdersWorker(…)`), not a shared one (`Store.shared`) or what
        /// a container or a method gives.
        var madeInPlace = false
        var isStatic: Bool
        var isComputed: Bool
        /// Declared `weak` (or `unowned`): a back reference.
        var isWeak: Bool
        var location: SourceLocation
        /// A literal initial value, as YAML text (`1`, `true`, `"Ann"`): the field's default when it fits its type.
        var initialLiteral: String? = nil
        /// An initial value written as an enum's case is (`.normal`, `Priority.normal`): the default of a field of that enum.
        var initialCase: (owner: String, name: String)? = nil
        /// The key path a property wrapper is given when the property has no type (`@Injected(\.repository)`): the
        /// name of the property that says the type (`SwiftIndex.keyPathType`).
        var keyPath: String? = nil
        /// A computed property's getter (SwiftUI's `var body: some View { … }`), with positions in its file.
        var getter: CodeBlockItemListSyntax? = nil
        /// What a stored property's `didSet` does (`didSet { view?.reloadData() }`): runs after every write.
        var didSet: CodeBlockItemListSyntax? = nil
        var converter: SourceLocationConverter? = nil
        /// A `let` (a constant), not a `var`.
        var isLet = false
    }

    /// A case's raw value: a whole number (`0x10` is 16, `-1_000` is -1000), a text (`"a\\"b"` is `a"b`), or
    /// something else, as written.
    enum RawValue: Equatable {
        case integer(Int), text(String), other(String)

        init(_ expression: ExprSyntax) {
            if let integer = expression.as(IntegerLiteralExprSyntax.self), let value = integer.representedLiteralValue {
                self = .integer(value)
            } else if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
                      let integer = prefix.expression.as(IntegerLiteralExprSyntax.self), let value = integer.representedLiteralValue {
                self = .integer(-value)
            } else if let string = expression.as(StringLiteralExprSyntax.self), let value = string.representedLiteralValue {
                self = .text(value)
            } else {
                self = .other(expression.trimmedDescription)
            }
        }
    }

    struct Parameter {
        var label: String?
        var name: String
        var type: String
        /// The default value as written (`LoginWorker()`): an injected worker's usual type.
        var defaultValue: String? = nil
    }

    struct Method {
        var name: String
        var parameters: [Parameter]
        var returnType: String?
        var body: CodeBlockSyntax?
        var isStatic: Bool
        var location: SourceLocation
        /// Positions inside the body.
        var converter: SourceLocationConverter

        /// `fetchOrders(request:)`, as Swift writes a method's name.
        var signature: String {
            name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
        }
    }

    struct TypeDecl {
        var kind: Kind
        /// `ListOrders.FetchOrders.Request` for a type nested in enums; the extended type for an extension.
        var path: [String]
        var inherited: [String]
        var properties: [Property] = []
        var methods: [Method] = []
        /// An enum's cases, with their raw values as Swift means them, in order.
        var cases: [(name: String, rawValue: RawValue?)] = []
        /// Every case's name, with values or without, in order.
        var caseNames: [String] = []
        /// An enum with a case that carries values (`case failure(message: String)`): no scenario enum says it.
        var hasPayloads = false
        /// What an enum's cases carry, by label (an unlabelled value by its case's name), in order: a model written as an
        /// enum (`enum Response { case initial(fileUrl: URL, text: String); case print(text: String) }`) has these fields.
        var payloadFields: [(name: String, type: String)] = []
        /// How many cases carry each payload field: a field every case carries is always there.
        var payloadCounts: [String: Int] = [:]
        /// Declared with generic parameters (`final class Observable<Value>`).
        var isGeneric = false
        /// Cases that carry no value, and cases that carry values.
        var plainCases = 0
        var payloadCases = 0
        var location: SourceLocation

        var name: String { path.last ?? "" }
        var qualifiedName: String { path.joined(separator: ".") }
    }

    private(set) var declarations: [TypeDecl] = []
    /// `typealias OrdersRouting = OrdersRoutingLogic & OrdersDataPassing`: name → what it stands for.
    private(set) var typealiases: [String: String] = [:]
    /// Variables declared outside any type (`let store = RealmStore()`, `var Current = World()`): name → type.
    private(set) var globals: [String: String] = [:]
    /// Files that did not parse cleanly: they are read as far as the parser recovered, and said.
    private(set) var filesWithErrors: [String] = []

    /// Files not read, and why.
    private(set) var refused: [(file: String, line: Int, reason: String)] = []

    /// Deepest nesting of `[` read. swift-syntax's parser looks ahead for collection and inline-array types at each
    /// `[`, and its work doubles with every level: a file nesting them 26 deep takes it seconds, 30 deep minutes.
    /// Real code nests three or four.
    static let deepestSquareBrackets = 12

    /// Deepest nesting of generic arguments read (`<` written right after a name, `Array<Set<Int>>`): the parser's
    /// look-ahead for a generic argument list grows with the cube of the nesting when a parenthesis breaks it
    /// (`a<a<…(<a…>>`: 80 deep take it a second, 160 seven, 320 fifty; found by the fuzz target). Real code nests
    /// three or four; a brace or a semicolon ends what is open, so comparisons written `a<b` never add up.
    static let deepestGenericArguments = 32

    /// Deepest nesting of `@(` read: an attribute without a name before a parenthesis is never Swift, and the
    /// parser's look-ahead doubles with each one left open (16 take it seconds; found by the fuzz target).
    static let deepestNamelessAttributes = 8

    /// `Factory<AuthService>` → `AuthService`: a one-argument generic wrapper's argument; any other type as it is.
    static func unwrapped(_ type: String) -> String {
        guard let open = type.firstIndex(of: "<"), type.hasSuffix(">"), !type.hasPrefix("[") else { return type }
        let argument = type[type.index(after: open)..<type.index(before: type.endIndex)]
        return argument.contains(",") ? type : argument.trimmingCharacters(in: .whitespaces)
    }

    /// The type a dependency container gives for `value`: what is asked of it (`resolve(X.self)`, `resolve(type:
    /// X.self)`, `get(X.self)`), or the type it is cast to (`… as! X`), through `try` and `!`; nil for anything else.
    static func resolvedType(of value: ExprSyntax) -> String? {
        var node = value
        while true {
            if let tried = node.as(TryExprSyntax.self) { node = tried.expression; continue }
            if let forced = node.as(ForceUnwrapExprSyntax.self) { node = forced.expression; continue }
            if let optional = node.as(OptionalChainingExprSyntax.self) { node = optional.expression; continue }
            break
        }
        if let cast = node.as(AsExprSyntax.self) { return cast.type.trimmedDescription.filter { $0 != "?" && $0 != "!" } }
        if let sequence = node.as(SequenceExprSyntax.self), let cast = sequence.elements.last?.as(TypeExprSyntax.self),
           sequence.elements.dropLast().last?.is(UnresolvedAsExprSyntax.self) == true {
            return cast.type.trimmedDescription.filter { $0 != "?" && $0 != "!" }
        }
        guard let call = node.as(FunctionCallExprSyntax.self), call.calledExpression.is(MemberAccessExprSyntax.self) else { return nil }
        for argument in call.arguments {
            guard let access = argument.expression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "self",
                  let type = access.base?.trimmedDescription, type.first?.isUppercase == true else { continue }
            return type
        }
        return nil
    }

    /// Adds one file's declarations (a file that nests `[` or `@(` too deep, or its syntax deeper than
    /// `deepestSyntax`, is refused, with its line).
    mutating func add(source: String, file: String) {
        switch Self.parse(source) {
        case .refused(let line, let reason):
            refused.append((file, line, reason))
        case .parsed(let tree):
            add(tree: tree, source: source, file: file)
        }
    }

    /// A file read, or why not (and the line where it shows).
    enum Parsed {
        case parsed(SourceFileSyntax)
        case refused(line: Int, reason: String)
    }

    /// Parses a file, unless its nesting says the parser would run for minutes, or its syntax is deeper than any
    /// reader of the tree can walk.
    static func parse(_ source: String) -> Parsed {
        if let (line, what) = nestingTooDeep(source) {
            let reason = switch what {
            case "[": "nests '[' more than \(deepestSquareBrackets) deep; the file is not read"
            case "<": "nests generic arguments '<' more than \(deepestGenericArguments) deep; the file is not read"
            default: "nests '@(' more than \(deepestNamelessAttributes) deep, which is not Swift; the file is not read"
            }
            return .refused(line: line, reason: reason)
        }
        // The parser recurses on some chains it reads (`else if`, `try try`, generic arguments) as deep as they go:
        // on a thread with a stack large enough for the deepest a readable file asks for.
        let tree = LargeStack.run {
            var text = source
            return text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: Self.parserNestingLevel) }
        }
        if let line = syntaxTooDeep(tree, source: source) {
            return .refused(line: line, reason: "nests its syntax more than \(deepestSyntax) levels deep; the file is not read")
        }
        return .parsed(source.contains("`") ? BacktickNames().rewrite(tree).cast(SourceFileSyntax.self) : tree)
    }

    private mutating func add(tree: SourceFileSyntax, source: String, file: String) {
        if tree.hasError { filesWithErrors.append(file) }
        let collector = Collector(converter: SourceLocationConverter(fileName: file, tree: tree), file: file)
        collector.walk(tree)
        declarations += collector.declarations
        for (name, value) in collector.typealiases where typealiases[name] == nil { typealiases[name] = value }
        for (name, value) in collector.globals where globals[name] == nil { globals[name] = value }
        // What a closure calls `self` after `[weak self]`, in this app's words (`guard let safeSelf = self`).
        if source.contains("= self") {
            for binding in OptionalBindingCollector.bindings(in: tree) where binding.value == "self" && binding.name != "self" {
                selfNames.insert(binding.name)
            }
        }
    }

    /// The names the app binds `self` to in closures (`safeSelf`, `me`), beside the usual ones.
    private(set) var selfNames: Set<String> = []

    /// The line where `[` brackets first nest deeper than `deepestSquareBrackets`, outside comments and string
    /// literals; nil when they never do.
    static func lineNestingTooDeep(_ source: String) -> Int? {
        nestingTooDeep(source).map(\.line)
    }

    /// The line where `[` first nests deeper than `deepestSquareBrackets`, or parentheses opened right after an `@`
    /// deeper than `deepestNamelessAttributes`, and which of the two. It reads the text as Swift's lexer does:
    /// comments (nested block comments too), string literals of every form — `"…"`, `"""…"""`, raw `#"…"#` with any
    /// number of `#`, and interpolations `\(…)` / `\#(…)` inside them, whose code counts — and regex literals
    /// (`#/…/#`, and `/…/` where an operand may start), so that nothing in text hides a bracket or counts one.
    static func nestingTooDeep(_ source: String) -> (line: Int, what: String)? {
        var scanner = NestingScanner(bytes: Array(source.utf8))
        return scanner.scan()
    }

    /// A cursor over a file's bytes that knows where Swift's text ends and code begins.
    struct NestingScanner {
        let bytes: [UInt8]
        var at = 0
        var line = 1
        var brackets = 0
        var parentheses: [Bool] = []  // each open `(`: whether an `@` came just before it
        var namelessAttributes = 0
        /// Generic argument lists open (`<` right after a name), since the last brace or semicolon.
        var angles = 0
        /// The last significant byte of code: whether a `/` here starts a regex literal or divides.
        var previous: UInt8 = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func peek(_ offset: Int = 0) -> UInt8? { at + offset < bytes.count ? bytes[at + offset] : nil }

        mutating func scan() -> (line: Int, what: String)? {
            code(until: nil)
        }

        /// Code up to `closing` (the `)` ending an interpolation), or to the end.
        mutating func code(until closing: UInt8?) -> (line: Int, what: String)? {
            var depth = 0  // parentheses opened inside an interpolation
            while let byte = peek() {
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    at += 1
                    continue
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while let next = peek(), next != UInt8(ascii: "\n") { at += 1 }
                    continue
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    blockComment()
                    continue
                case UInt8(ascii: "#"):
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        at += hashes
                        if let found = string(hashes: hashes) { return found }
                        previous = UInt8(ascii: "\"")
                        continue
                    }
                    if peek(hashes) == UInt8(ascii: "/") {
                        at += hashes
                        regex(hashes: hashes)
                        previous = UInt8(ascii: "/")
                        continue
                    }
                case UInt8(ascii: "\""):
                    if let found = string(hashes: 0) { return found }
                    previous = UInt8(ascii: "\"")
                    continue
                case UInt8(ascii: "/") where Self.operandMayStart(after: previous) && peek(1) != UInt8(ascii: " ") && peek(1) != UInt8(ascii: "="):
                    if bareRegex() { previous = UInt8(ascii: "/"); continue }
                case UInt8(ascii: "("):
                    let nameless = previous == UInt8(ascii: "@")
                    parentheses.append(nameless)
                    if nameless {
                        namelessAttributes += 1
                        if namelessAttributes > SwiftIndex.deepestNamelessAttributes { return (line, "@(") }
                    }
                    if closing != nil { depth += 1 }
                case UInt8(ascii: ")"):
                    if let closing, byte == closing {
                        // The interpolation's own parenthesis closes it.
                        if depth == 0 { at += 1; return nil }
                        depth -= 1
                    }
                    if parentheses.popLast() == true { namelessAttributes -= 1 }
                case UInt8(ascii: "["):
                    brackets += 1
                    if brackets > SwiftIndex.deepestSquareBrackets { return (line, "[") }
                case UInt8(ascii: "]"):
                    brackets = max(0, brackets - 1)
                case UInt8(ascii: "<") where at > 0 && Self.isNameByte(bytes[at - 1]):
                    angles += 1
                    if angles > SwiftIndex.deepestGenericArguments { return (line, "<") }
                case UInt8(ascii: ">"):
                    angles = max(0, angles - 1)
                case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"):
                    angles = 0
                default:
                    break
                }
                if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { previous = byte }
                at += 1
            }
            return nil
        }

        /// A byte of a name (ASCII letters, digits, `_`, and any byte of a non-ASCII character).
        static func isNameByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }

        /// `/* … */`, nested as Swift nests them.
        mutating func blockComment() {
            var level = 0
            while let byte = peek() {
                if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { level += 1; at += 2; continue }
                if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    level -= 1
                    at += 2
                    if level == 0 { return }
                    continue
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                at += 1
            }
        }

        /// A string literal opened by `hashes` `#` and a quote at the cursor: `"…"` or `"""…"""`, its escapes, and
        /// the code of its interpolations.
        mutating func string(hashes: Int) -> (line: Int, what: String)? {
            let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            at += multiline ? 3 : 1
            func closes() -> Bool {
                let quotes = multiline ? 3 : 1
                for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
                for offset in 0..<hashes where peek(quotes + offset) != UInt8(ascii: "#") { return false }
                return true
            }
            while let byte = peek() {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    at += 1
                    if !multiline { return nil }  // an unterminated literal ends at its line, as the lexer recovers
                    continue
                }
                if byte == UInt8(ascii: "\"") && closes() {
                    at += (multiline ? 3 : 1) + hashes
                    return nil
                }
                if byte == UInt8(ascii: "\\") {
                    var escapeHashes = 0
                    while escapeHashes < hashes && peek(1 + escapeHashes) == UInt8(ascii: "#") { escapeHashes += 1 }
                    if escapeHashes == hashes {
                        at += 1 + hashes
                        if peek() == UInt8(ascii: "(") {
                            // An interpolation: code, to its closing parenthesis.
                            at += 1
                            let saved = previous
                            previous = UInt8(ascii: "(")
                            if let found = code(until: UInt8(ascii: ")")) { return found }
                            previous = saved
                            continue
                        }
                        if peek() != nil, peek() != UInt8(ascii: "\n") { at += 1 }
                        continue
                    }
                }
                at += 1
            }
            return nil
        }

        /// `#/ … /#` (with its `#`s already passed): to the slash followed by as many `#`.
        mutating func regex(hashes: Int) {
            at += 1
            while let byte = peek() {
                if byte == UInt8(ascii: "\n") { line += 1 }
                if byte == UInt8(ascii: "\\") { at += 2; continue }
                if byte == UInt8(ascii: "/") {
                    var count = 0
                    while count < hashes && peek(1 + count) == UInt8(ascii: "#") { count += 1 }
                    if count == hashes { at += 1 + hashes; return }
                }
                if hashes == 0 && byte == UInt8(ascii: "\n") { return }
                at += 1
            }
        }

        /// `/…/` where an operand may start: a regex literal when it closes on the same line; false (a division,
        /// an operator) otherwise, and the cursor is left where it was.
        mutating func bareRegex() -> Bool {
            var probe = at + 1
            while probe < bytes.count {
                let byte = bytes[probe]
                if byte == UInt8(ascii: "\n") { return false }
                if byte == UInt8(ascii: "\\") { probe += 2; continue }
                if byte == UInt8(ascii: "/") {
                    at = probe + 1
                    return true
                }
                probe += 1
            }
            return false
        }

        /// Whether an operand, not an operator's right side, comes after this byte: a bare `/` there starts a regex.
        static func operandMayStart(after byte: UInt8) -> Bool {
            byte == 0 || "([{,:=;!&|?^~+-*%<>".utf8.contains(byte) || byte == UInt8(ascii: "\n")
        }
    }

    /// How deep the parser reads nested syntax before it stops and recovers: swift-syntax's release default, said
    /// here so that a debug build (whose default is 20) reads every file as a release build does.
    static let parserNestingLevel = 256

    /// The deepest nesting of syntax read: a file nesting deeper is refused. Real code nests a few dozen levels;
    /// what is deeper (generic arguments thousands deep, postfix chains, `else if` chains of thousands) would overflow
    /// the stack of every reader that walks the tree, the parser's own position converter among them.
    static let deepestSyntax = 1_000

    /// The line (1-based) of the first node nested deeper than `deepestSyntax`, walked without recursion; nil when
    /// none is.
    static func syntaxTooDeep(_ tree: SourceFileSyntax, source: String) -> Int? {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = stack.popLast() {
            if depth > deepestSyntax {
                let offset = node.position.utf8Offset
                return source.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    // Lookups, built once by `prepare()` after the last file: every question below is a dictionary read, so
    // reading an app is linear in its size.
    private var typesByName: [String: Int] = [:]
    private var declarationsByQualifiedName: [String: Int] = [:]
    private var declarationsByName: [String: Int] = [:]
    private var protocolsByName: [String: Int] = [:]
    private var extensionsByName: [String: [Int]] = [:]
    private var conformersByProtocol: [String: [Int]] = [:]
    /// A case name → the enums (without payloads) that have a case of that name: what `.default` in an expression is.
    private(set) var enumsByCase: [String: [String]] = [:]
    /// What a key path names in an extension (`extension Container { var repository: Factory<RepositoryProtocol> }`),
    /// by the property's name: the type, out of its one-argument wrapper.
    private var keyPathTypes: [String: String] = [:]

    /// The type a service named by `keyPath` has (`RepositoryProtocol`), when an extension declares it.
    func keyPathType(_ keyPath: String) -> String? { keyPathTypes[keyPath] }

    /// Builds the lookups; call after the last `add`.
    mutating func prepare() {
        membersCache = MembersCache()
        typesByName = [:]; declarationsByQualifiedName = [:]; declarationsByName = [:]
        protocolsByName = [:]; extensionsByName = [:]; conformersByProtocol = [:]; enumsByCase = [:]; keyPathTypes = [:]
        for declaration in declarations where declaration.kind == .extension {
            for property in declaration.properties where !property.isStatic && keyPathTypes[property.name] == nil {
                guard let type = property.type ?? property.initializerType else { continue }
                keyPathTypes[property.name] = Self.unwrapped(type)
            }
        }
        for declaration in declarations where declaration.kind == .enum && !declaration.hasPayloads {
            for item in declaration.cases where enumsByCase[item.name]?.contains(declaration.name) != true {
                enumsByCase[item.name, default: []].append(declaration.name)
            }
        }
        for (position, declaration) in declarations.enumerated() {
            switch declaration.kind {
            case .extension:
                extensionsByName[declaration.name, default: []].append(position)
            case .protocol:
                if protocolsByName[declaration.name] == nil { protocolsByName[declaration.name] = position }
                if declarationsByQualifiedName[declaration.qualifiedName] == nil { declarationsByQualifiedName[declaration.qualifiedName] = position }
                if declarationsByName[declaration.name] == nil { declarationsByName[declaration.name] = position }
            default:
                if typesByName[declaration.name] == nil { typesByName[declaration.name] = position }
                if declarationsByQualifiedName[declaration.qualifiedName] == nil { declarationsByQualifiedName[declaration.qualifiedName] = position }
                if declarationsByName[declaration.name] == nil { declarationsByName[declaration.name] = position }
            }
        }
        for (position, declaration) in declarations.enumerated() where [.class, .struct, .actor].contains(declaration.kind) {
            let inherited = members(of: declaration).inherited
            // SceneFlow's generated recording wrappers (`TracingLoginAuthWorker`) stand in for a part behind its
            // protocol, and its recording subclasses (`TracingLoginInteractor`) are the part: neither implements
            // anything of the app's.
            if inherited.contains("TracingWrapper") || inherited.contains("RecordingPart") { continue }
            var seen = Set<String>()
            for entry in inherited {
                for name in expandedNames(entry) where seen.insert(name).inserted {
                    conformersByProtocol[name, default: []].append(position)
                }
            }
        }
    }

    /// Types (not extensions, not protocols) by their simple name; a name declared twice keeps the first.
    func type(named name: String) -> TypeDecl? {
        typesByName[name].map { declarations[$0] }
    }

    /// A type or protocol by qualified name (`ListOrders.FetchOrders.Request`) or simple name.
    func declaration(_ name: String) -> TypeDecl? {
        (declarationsByQualifiedName[name] ?? declarationsByName[name]).map { declarations[$0] }
    }

    /// A type (not a protocol) by qualified name only.
    func type(qualified name: String) -> TypeDecl? {
        declarationsByQualifiedName[name].map { declarations[$0] }.flatMap { $0.kind == .protocol ? nil : $0 }
    }

    func `protocol`(named name: String) -> TypeDecl? {
        protocolsByName[name].map { declarations[$0] }
    }

    /// The members of a type with those its extensions add, then those of the app's classes it inherits from (a
    /// `BaseViewController`'s), nearest first.
    func members(of type: TypeDecl) -> (properties: [Property], methods: [Method], inherited: [String]) {
        // Readers ask for the same types' members many times over: worked out once per declaration.
        let key = MembersCache.Key(file: type.location.file, line: type.location.line, column: type.location.column, name: type.qualifiedName)
        if let known = membersCache.members[key] { return known }
        let found = collectMembers(of: type)
        membersCache.members[key] = found
        return found
    }

    /// The members `members(of:)` gives, per declaration, once `prepare()` has run (it empties them).
    final class MembersCache {
        struct Key: Hashable {
            var file: String
            var line: Int
            var column: Int
            var name: String
        }

        var members: [Key: (properties: [Property], methods: [Method], inherited: [String])] = [:]
    }

    private var membersCache = MembersCache()

    private func collectMembers(of type: TypeDecl) -> (properties: [Property], methods: [Method], inherited: [String]) {
        var properties = type.properties, methods = type.methods, inherited = type.inherited
        for position in extensionsByName[type.name] ?? [] {
            let ext = declarations[position]
            properties += ext.properties
            methods += ext.methods
            inherited += ext.inherited
        }
        guard type.kind == .class else { return (properties, methods, inherited) }
        var superclass = type.inherited.first.flatMap { self.type(named: $0) }
        var seen: Set<String> = [type.name]
        while let parent = superclass, parent.kind == .class, seen.insert(parent.name).inserted, seen.count < 6 {
            properties += parent.properties.filter { property in !properties.contains { $0.name == property.name } }
            methods += parent.methods.filter { method in !methods.contains { $0.signature == method.signature } }
            inherited += parent.inherited
            for position in extensionsByName[parent.name] ?? [] {
                let ext = declarations[position]
                properties += ext.properties.filter { property in !properties.contains { $0.name == property.name } }
                methods += ext.methods.filter { method in !methods.contains { $0.signature == method.signature } }
                inherited += ext.inherited
            }
            superclass = parent.inherited.first.flatMap { self.type(named: $0) }
        }
        return (properties, methods, inherited)
    }

    /// Types (classes, structs, actors) that conform to `protocolName`, directly or through an extension, or through
    /// a protocol-composition typealias.
    func conformers(to protocolName: String) -> [TypeDecl] {
        (conformersByProtocol[protocolName] ?? []).map { declarations[$0] }
    }

    /// Protocols whose name ends with `suffix` (and is longer).
    func protocols(endingWith suffix: String) -> [TypeDecl] {
        declarations.filter { $0.kind == .protocol && $0.name.hasSuffix(suffix) && $0.name.count > suffix.count }
    }

    /// The protocol names in an inheritance entry or composition (`NSObjectProtocol & ListOrdersRoutingLogic`).
    static func names(_ type: String) -> [String] {
        type.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Like `names`, with typealiases expanded (a composition hidden behind a name).
    func expandedNames(_ type: String) -> [String] {
        var result: [String] = []
        var pending = Self.names(type)
        var seen = Set<String>()
        while let name = pending.first {
            pending.removeFirst()
            guard seen.insert(name).inserted else { continue }
            if let value = typealiases[name] { pending += Self.names(value) } else { result.append(name) }
        }
        return result
    }
}

/// Names as Swift means them: `` `default` `` is the name `default`, and everything read from the tree (declarations,
/// expressions, types) says it without backticks. Each backtick becomes a space of trivia, so every position in the
/// file stays where it was and the name's own position is the name's first character.
private final class BacktickNames: SyntaxRewriter {
    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        guard case .identifier(let text) = token.tokenKind, text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") else {
            return token
        }
        return token.with(\.tokenKind, .identifier(String(text.dropFirst().dropLast())))
            .with(\.leadingTrivia, token.leadingTrivia + .spaces(1))
            .with(\.trailingTrivia, .spaces(1) + token.trailingTrivia)
    }
}

/// Walks one file, keeping the path of enclosing types.
private final class Collector: SyntaxAnyVisitor {
    let converter: SourceLocationConverter
    let file: String
    var declarations: [SwiftIndex.TypeDecl] = []
    var typealiases: [String: String] = [:]
    var globals: [String: String] = [:]
    /// Indexes into `declarations` of the types enclosing the current node.
    var stack: [Int] = []

    init(converter: SourceLocationConverter, file: String) {
        self.converter = converter
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let place = node.startLocation(converter: converter)
        return SourceLocation(file: file, line: place.line, column: place.column)
    }

    func open(_ kind: SwiftIndex.Kind, name: String, inherited: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
        let outer = stack.last.map { declarations[$0].path } ?? []
        let path = kind == .extension ? name.split(separator: ".").map(String.init) : outer + [name]
        declarations.append(SwiftIndex.TypeDecl(
            kind: kind, path: path,
            inherited: inherited?.inheritedTypes.map { $0.type.trimmedDescription } ?? [],
            location: location(node)))
        stack.append(declarations.count - 1)
    }

    /// Classes, structs, enums, actors, protocols and extensions: one path for all (`DeclGroupSyntax`).
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let group = node.asProtocol(DeclGroupSyntax.self) else { return .visitChildren }
        let kind: SwiftIndex.Kind
        switch node.kind {
        case .classDecl: kind = .class
        case .structDecl: kind = .struct
        case .enumDecl: kind = .enum
        case .actorDecl: kind = .actor
        case .protocolDecl: kind = .protocol
        case .extensionDecl: kind = .extension
        default: return .skipChildren
        }
        let name = node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
            ?? node.asProtocol(NamedDeclSyntax.self)?.name.text ?? ""
        open(kind, name: name, inherited: group.inheritanceClause, at: node)
        declarations[declarations.count - 1].isGeneric = node.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil
        return .visitChildren
    }

    override func visitAnyPost(_ node: Syntax) {
        if [.classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl].contains(node.kind) { stack.removeLast() }
    }

    /// Members only: locals inside function bodies are not the type's.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else { return .skipChildren }
        for element in node.elements {
            declarations[owner].caseNames.append(element.name.text)
            if let parameters = element.parameterClause?.parameters {
                declarations[owner].hasPayloads = true
                declarations[owner].payloadCases += 1
                for (position, parameter) in parameters.enumerated() {
                    let label = parameter.firstName.map(\.text).flatMap { $0 == "_" ? nil : $0 } ?? parameter.secondName?.text
                    let name = label ?? (parameters.count == 1 ? element.name.text : element.name.text + "\(position + 1)")
                    if !declarations[owner].payloadFields.contains(where: { $0.name == name }) {
                        declarations[owner].payloadFields.append((name, parameter.type.trimmedDescription))
                    }
                    declarations[owner].payloadCounts[name, default: 0] += 1
                }
                continue
            }
            declarations[owner].cases.append((element.name.text, element.rawValue.map { SwiftIndex.RawValue($0.value) }))
            declarations[owner].plainCases += 1
        }
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        typealiases[node.name.text] = node.initializer.value.trimmedDescription
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let type = binding.typeAnnotation?.type.trimmedDescription
                    ?? binding.initializer?.value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription
                    ?? binding.initializer?.value.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
                if let type { globals[name] = type }
            }
            return .skipChildren
        }
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isWeak = node.modifiers.contains { ["weak", "unowned"].contains($0.name.text) }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var initializerType: String?
            var madeInPlace = false
            if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
                initializerType = call.calledExpression.trimmedDescription
                // `Worker.init(…)` makes a `Worker`.
                if initializerType?.hasSuffix(".init") == true { initializerType?.removeLast(5) }
                // A method's result (`manager.currentUser()`) says no type.
                if let last = initializerType?.split(separator: ".").last, last.first?.isLowercase == true { initializerType = nil }
                madeInPlace = initializerType != nil
            }
            // `let storage = TaskStorageManager.instance`: a singleton's type.
            if let access = binding.initializer?.value.as(MemberAccessExprSyntax.self),
               let base = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.first?.isUppercase == true {
                initializerType = base
            }
            // `DIContainer.shared.resolve(AuthServiceProtocol.self)!`, `try resolver.resolve(X.self)`, `… as! X`: what a
            // dependency container gives is the type asked of it.
            if let value = binding.initializer?.value, let resolved = SwiftIndex.resolvedType(of: value) { initializerType = resolved }
            // `var id = 0`: the literal says the type, as Swift infers it.
            if binding.typeAnnotation == nil, let value = binding.initializer?.value {
                if value.is(IntegerLiteralExprSyntax.self) { initializerType = "Int" }
                else if value.is(FloatLiteralExprSyntax.self) { initializerType = "Double" }
                else if value.is(BooleanLiteralExprSyntax.self) { initializerType = "Bool" }
                else if value.is(StringLiteralExprSyntax.self) { initializerType = "String" }
                // `[Region(id: 0, …), …]`: an array of what its first element makes.
                else if let array = value.as(ArrayExprSyntax.self), let first = array.elements.first?.expression.as(FunctionCallExprSyntax.self),
                        let made = first.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, made.first?.isUppercase == true {
                    initializerType = "[\(made)]"
                }
            }
            var property = SwiftIndex.Property(
                name: name, type: binding.typeAnnotation?.type.trimmedDescription, initializerType: initializerType,
                isStatic: isStatic, isComputed: Self.isComputed(binding), isWeak: isWeak, location: location(binding))
            property.isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
            property.madeInPlace = madeInPlace
            // `@Injected(\.profileRepository) var profileRepository`: a service named by a key path, typed where the
            // key path's property is declared.
            if binding.typeAnnotation == nil {
                property.keyPath = node.attributes.lazy.compactMap { $0.as(AttributeSyntax.self)?.arguments?.as(LabeledExprListSyntax.self) }
                    .flatMap { $0 }.compactMap { $0.expression.as(KeyPathExprSyntax.self) }
                    .compactMap { $0.components.last?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text }.first
            }
            if let value = binding.initializer?.value {
                property.initialLiteral = VIPReader.literal(value)
                property.initialCase = VIPReader.enumCase(value)
            }
            if case .getter(let statements)? = binding.accessorBlock?.accessors {
                property.getter = statements
                property.converter = converter
            }
            if case .accessors(let accessors)? = binding.accessorBlock?.accessors,
               let observer = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.didSet) }), let body = observer.body {
                property.didSet = body.statements
                property.converter = converter
            }
            declarations[owner].properties.append(property)
        }
        return .skipChildren
    }

    /// Initializers are read as methods named `init`: what they are given (workers injected, a module's state) and do.
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            let first = parameter.firstName.text
            return SwiftIndex.Parameter(label: first == "_" ? nil : first, name: parameter.secondName?.text ?? first,
                                        type: parameter.type.trimmedDescription,
                                        defaultValue: parameter.defaultValue?.value.trimmedDescription)
        }
        declarations[owner].methods.append(SwiftIndex.Method(
            name: "init", parameters: parameters, returnType: nil, body: node.body, isStatic: false,
            location: location(node.initKeyword), converter: converter))
        return .skipChildren
    }

    /// A getter makes a property computed; `willSet`/`didSet` observe a stored one.
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains { ["get", "set", "_read", "_modify", "unsafeAddress"].contains($0.accessorSpecifier.text) }
        }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            let first = parameter.firstName.text
            return SwiftIndex.Parameter(label: first == "_" ? nil : first,
                                        name: parameter.secondName?.text ?? first,
                                        type: parameter.type.trimmedDescription,
                                        defaultValue: parameter.defaultValue?.value.trimmedDescription)
        }
        declarations[owner].methods.append(SwiftIndex.Method(
            name: node.name.text, parameters: parameters,
            returnType: node.signature.returnClause?.type.trimmedDescription, body: node.body,
            isStatic: node.modifiers.contains { ["static", "class"].contains($0.name.text) },
            location: location(node.name), converter: converter))
        return .skipChildren
    }
}

/// Runs work on a thread with a stack large enough for the deepest syntax a readable file holds (256 MiB of address space,
/// touched only as deep as the work goes), and waits for it.
enum LargeStack {
    static let size = 256 << 20

    /// What the thread made, handed back once it is done.
    private final class Box<T>: @unchecked Sendable { var value: T? }

    static func run<T>(_ work: @escaping @Sendable () -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = work()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }
}
