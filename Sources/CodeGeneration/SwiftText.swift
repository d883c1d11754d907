import ScenarioSpec

/// Lines of Swift with indentation, built top to bottom.
struct SwiftText {
    private(set) var lines: [String] = []
    private var depth = 0

    /// One line at the current indentation (an empty string is an empty line).
    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// `header {`, the body one level in, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftText) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `} header {` closing the block just written (`} else {`, `} catch … {`), the body one level in, `}`.
    mutating func chain(_ header: String, _ body: (inout SwiftText) -> Void) {
        precondition(lines.last?.hasSuffix("}") == true, "chain follows a block")
        lines[lines.count - 1] += " \(header) {"
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `opening` (a header ending in an opening brace, as `x.map { item in`), the body one level in, `}`.
    mutating func closure(_ opening: String, _ body: (inout SwiftText) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// An empty line between two declarations: not at the start, nor after an empty line or an opening brace.
    mutating func gap() {
        if let last = lines.last, !last.isEmpty, !last.hasSuffix("{") { line() }
    }

    /// `// MARK: title` after an empty line, and an empty line after it, as Xcode's templates divide a type.
    mutating func mark(_ title: String) {
        gap()
        line("// MARK: \(SwiftSpelling.comment(title))")
        line()
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// Swift spellings of scenario text: string literals with every special character escaped, names that stay
/// names even when they are keywords.
enum SwiftSpelling {
    /// The argument labels of a method signature: `login(request:)` → `["request"]`.
    static func labels(of signature: String) -> [String] { PatternNaming.labels(of: signature) }

    /// A call of `signature` with `arguments` in order: `login(request: request)`.
    static func call(_ signature: String, _ arguments: [String]) -> String {
        "\(PatternNaming.baseName(signature))(" + zip(labels(of: signature), arguments).map { $0 == "_" ? $1 : "\($0): \($1)" }
            .joined(separator: ", ") + ")"
    }

    /// `"…"` with `\`, `"`, control characters, line and paragraph separators escaped: nothing in a scenario can
    /// end the literal or start an interpolation.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029
                    || scalar.properties.generalCategory == .format {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text inside a literal that continues (interpolation's text parts).
    static func literalBody(_ text: String) -> String { String(literal(text).dropFirst().dropLast()) }

    /// A name, in backticks when Swift reserves it (`default`, `class`).
    static func name(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// A method's name as a declaration or a bare call writes it: `continue(request:)` → `` `continue` ``.
    static func methodName(_ signature: String) -> String { name(PatternNaming.baseName(signature)) }

    /// A call's argument label: every keyword but `inout`, `var` and `let` is a label as it is (`Fare(class: …)`), and
    /// Swift warns about backticks there.
    static func label(_ name: String) -> String { ["inout", "var", "let"].contains(name) ? "`\(name)`" : name }

    /// A comment line's text: no line breaks, nothing that closes a block comment.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0.value == 0x2028 || $0.value == 0x2029 ? " " : Character($0) })
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "await", "async", "some", "any",
    ]

    /// A type name as words for a section title: `FetchOrders` → `Fetch orders`, `ShowURL` → `Show URL`.
    static func words(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = character.isUppercase && !current.isEmpty
                && (!(current.last?.isUppercase ?? false) || (next?.isLowercase ?? false))
            if startsWord { words.append(current); current = "" }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.enumerated().map { index, word in
            index == 0 || word.count > 1 && word.allSatisfy(\.isUppercase) ? word : word.lowercased()
        }.joined(separator: " ")
    }

    /// `Login`'s `login` (first letter lower-cased).
    static func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }
    static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
