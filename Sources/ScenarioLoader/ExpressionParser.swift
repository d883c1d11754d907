import ScenarioSpec

/// Parses the expression language: literals, names, `a.b`, `a?.b`, `a[i]`, `! -`, `* / % + -`, `??`,
/// comparisons, `&& ||`, `c ? a : b`, list literals and `"…\(expr)…"` interpolation.
///
/// Each expression node records the source position of its first character, so type errors and run-time
/// errors point inside the expression. Syntax errors stop the parse of that expression (one diagnostic each).
struct ExpressionParser {
    /// Deepest nesting of parentheses, operators and interpolations an expression may have.
    static let maxDepth = 64
    /// Longest expression, in Unicode scalars.
    static let maxLength = 4_096

    struct SyntaxError: Swift.Error {
        var diagnostic: Diagnostic
    }

    /// The type names a scenario declares: `Order(…)` constructs an entity, `ShippingSpeed.oneDay` names a case.
    struct TypeVocabulary: Sendable {
        var records: Set<String> = []
        var enums: Set<String> = []
    }

    private let scalars: [Unicode.Scalar]
    private let positions: [SourceLocation]
    private let fallback: SourceLocation
    private var index: Int
    private let end: Int
    private var depth = 0
    private var types = TypeVocabulary()

    /// - Parameters:
    ///   - text: the expression.
    ///   - positions: the source position of each Unicode scalar of `text` (see `SourceText.positions(of:)`).
    ///   - fallback: where the expression starts, for text without positions.
    init(text: String, positions: [SourceLocation], fallback: SourceLocation) {
        scalars = Array(text.unicodeScalars)
        self.positions = positions
        self.fallback = fallback
        index = 0
        end = scalars.count
    }

    private init(parent: ExpressionParser, range: Range<Int>, depth: Int) {
        scalars = parent.scalars
        positions = parent.positions
        fallback = parent.fallback
        index = range.lowerBound
        end = range.upperBound
        self.depth = depth
        types = parent.types
    }

    // MARK: - Entry points

    /// Parses a whole expression.
    static func parse(_ text: String, positions: [SourceLocation], fallback: SourceLocation,
                      types: TypeVocabulary = TypeVocabulary()) throws(SyntaxError) -> Expr
    {
        var parser = ExpressionParser(text: text, positions: positions, fallback: fallback)
        parser.types = types
        try parser.checkLength()
        let root = try parser.parseBindingOrExpression()
        try parser.expectEnd()
        return Expr(text: text, root: root, location: parser.location(parser.firstNonSpace))
    }

    /// A call as written in a `call:` step: `Receiver.method(label: expr, …)`; the parentheses may be omitted
    /// when there are no arguments.
    struct CallSyntax {
        var receiver: Located<String>
        var method: Located<String>
        var arguments: [(label: Located<String>, value: Expr)]
    }

    static func parseCall(_ text: String, positions: [SourceLocation], fallback: SourceLocation,
                          types: TypeVocabulary = TypeVocabulary()) throws(SyntaxError) -> CallSyntax
    {
        var parser = ExpressionParser(text: text, positions: positions, fallback: fallback)
        parser.types = types
        try parser.checkLength()
        parser.skipSpaces()
        let receiverStart = parser.index
        guard let receiver = parser.scanIdentifier() else {
            throw parser.error("expected 'Worker.operation(…)', found \(parser.describeCurrent())",
                               at: parser.index)
        }
        parser.skipSpaces()
        guard parser.consume(".") else {
            throw parser.error("expected '.' and an operation name after '\(receiver)'", at: parser.index)
        }
        parser.skipSpaces()
        let methodStart = parser.index
        guard let method = parser.scanIdentifier() else {
            throw parser.error("expected an operation name after '\(receiver).'", at: parser.index)
        }
        var call = CallSyntax(
            receiver: Located(receiver, at: parser.location(receiverStart)),
            method: Located(method, at: parser.location(methodStart)), arguments: [])
        parser.skipSpaces()
        if parser.consume("(") {
            parser.skipSpaces()
            if !parser.consume(")") {
                while true {
                    parser.skipSpaces()
                    let labelStart = parser.index
                    guard let label = parser.scanIdentifier() else {
                        throw parser.error("expected an argument label such as 'username:'", at: parser.index)
                    }
                    parser.skipSpaces()
                    guard parser.consume(":") else {
                        throw parser.error("expected ':' after argument label '\(label)'", at: parser.index)
                    }
                    let valueStart = parser.index
                    let value = try parser.parseExpression()
                    let valueText = String(String.UnicodeScalarView(
                        parser.scalars[valueStart..<parser.index])).trimmingSpaces()
                    call.arguments.append((
                        Located(label, at: parser.location(labelStart)),
                        Expr(text: valueText, root: value, location: parser.location(valueStart + parser.leadingSpaces(from: valueStart)))))
                    parser.skipSpaces()
                    if parser.consume(")") { break }
                    guard parser.consume(",") else {
                        throw parser.error("expected ',' or ')' in the argument list, found \(parser.describeCurrent())",
                                           at: parser.index)
                    }
                }
            }
        }
        try parser.expectEnd()
        return call
    }

    // MARK: - Grammar

    /// `let name = value` (an `if:` condition that unwraps an optional), or an expression.
    private mutating func parseBindingOrExpression() throws(SyntaxError) -> ExprNode {
        skipSpaces()
        let start = index
        guard scanIdentifier() == "let", let next = peek(), next == " " || next == "\t" else {
            index = start
            return try parseExpression()
        }
        skipSpaces()
        let nameAt = index
        guard let name = scanIdentifier() else {
            throw error("expected a name after 'let', as in 'let order = dataStore.order'", at: nameAt)
        }
        skipSpaces()
        guard consume("="), peek() != "=" else {
            throw error("expected '=' after 'let \(name)'", at: index)
        }
        let value = try parseExpression()
        return ExprNode(.binding(name, value), at: location(nameAt))
    }

    private mutating func parseExpression() throws(SyntaxError) -> ExprNode {
        try nest()
        defer { depth -= 1 }
        let condition = try parseBinary(minimumPrecedence: 0)
        skipSpaces()
        let questionAt = index
        guard peek() == "?", peek(1) != "?", peek(1) != "." else { return condition }
        index += 1
        let whenTrue = try parseExpression()
        skipSpaces()
        guard consume(":") else {
            throw error("expected ':' to complete the '?' at column \(location(questionAt).column)", at: index)
        }
        let whenFalse = try parseExpression()
        return ExprNode(.conditional(condition, whenTrue, whenFalse), at: location(questionAt))
    }

    private mutating func parseBinary(minimumPrecedence: Int) throws(SyntaxError) -> ExprNode {
        var left = try parseUnary()
        while true {
            skipSpaces()
            guard let (op, length) = peekBinaryOperator(), op.precedence >= minimumPrecedence else { return left }
            let operatorAt = index
            index += length
            try nest()
            // `??` is right-associative, like Swift's; everything else is left-associative.
            let nextMinimum = op == .nilCoalescing ? op.precedence : op.precedence + 1
            skipSpaces()
            if atEnd {
                throw error("expected an expression after '\(op.rawValue)'", at: operatorAt)
            }
            let right = try parseBinary(minimumPrecedence: nextMinimum)
            depth -= 1
            if [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(op),
               case .binary(let inner, _, _) = left.kind,
               [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(inner)
            {
                throw error("comparisons cannot be chained; combine them with '&&'", at: operatorAt)
            }
            left = ExprNode(.binary(op, left, right), at: location(operatorAt))
        }
    }

    private func peekBinaryOperator() -> (BinaryOperator, Int)? {
        guard let c = peek() else { return nil }
        let next = peek(1)
        switch c {
        case "?": return next == "?" ? (.nilCoalescing, 2) : nil
        case "|": return next == "|" ? (.or, 2) : nil
        case "&": return next == "&" ? (.and, 2) : nil
        case "=": return next == "=" ? (.equal, 2) : nil
        case "!": return next == "=" ? (.notEqual, 2) : nil
        case "<": return next == "=" ? (.lessOrEqual, 2) : (.less, 1)
        case ">": return next == "=" ? (.greaterOrEqual, 2) : (.greater, 1)
        case "+": return (.add, 1)
        case "-": return (.subtract, 1)
        case "*": return (.multiply, 1)
        case "/": return (.divide, 1)
        case "%": return (.remainder, 1)
        default: return nil
        }
    }

    private mutating func parseUnary() throws(SyntaxError) -> ExprNode {
        skipSpaces()
        let start = index
        if peek() == "!" && peek(1) != "=" {
            index += 1
            try nest()
            let operand = try parseUnary()
            depth -= 1
            return ExprNode(.unary(.not, operand), at: location(start))
        }
        if peek() == "-", let next = peek(1), !Self.isDigit(next) {
            index += 1
            try nest()
            let operand = try parseUnary()
            depth -= 1
            return ExprNode(.unary(.negate, operand), at: location(start))
        }
        return try parsePostfix()
    }

    private mutating func parsePostfix() throws(SyntaxError) -> ExprNode {
        var base = try parsePrimary()
        while true {
            let before = index
            skipSpaces()
            if peek() == "." || (peek() == "?" && peek(1) == ".") {
                let chained = peek() == "?"
                index += chained ? 2 : 1
                let nameAt = index
                guard let name = scanIdentifier() else {
                    throw error("expected a member name after '\(chained ? "?." : ".")'", at: nameAt)
                }
                if let arguments = try parseCallArguments() {
                    base = ExprNode(.method(base, name, arguments, optionalChaining: chained), at: location(nameAt))
                } else {
                    base = ExprNode(.member(base, name, optionalChaining: chained), at: location(nameAt))
                }
            } else if (peek() == "[" || (peek() == "?" && peek(1) == "[")) && before == index {
                let chained = peek() == "?"
                if chained { index += 1 }
                let open = index
                index += 1
                try nest()
                let subscriptExpr = try parseExpression()
                depth -= 1
                skipSpaces()
                guard consume("]") else {
                    throw error("expected ']' to close the '[' at column \(location(open).column)", at: index)
                }
                base = ExprNode(.index(base, subscriptExpr, optionalChaining: chained), at: location(open))
            } else {
                index = before
                return base
            }
        }
    }

    private mutating func parsePrimary() throws(SyntaxError) -> ExprNode {
        skipSpaces()
        let start = index
        guard let c = peek() else {
            throw error("expected an expression", at: index)
        }
        if c == "(" {
            index += 1
            try nest()
            let inner = try parseExpression()
            depth -= 1
            skipSpaces()
            guard consume(")") else {
                throw error("expected ')' to close the '(' at column \(location(start).column)", at: index)
            }
            return inner
        }
        if c == "[" {
            index += 1
            try nest()
            var items: [ExprNode] = []
            skipSpaces()
            if !consume("]") {
                while true {
                    items.append(try parseExpression())
                    skipSpaces()
                    if consume("]") { break }
                    guard consume(",") else {
                        throw error("expected ',' or ']' in the list, found \(describeCurrent())", at: index)
                    }
                }
            }
            depth -= 1
            return ExprNode(.list(items), at: location(start))
        }
        if c == "{" { return try parseClosure() }
        if c == "$" {
            index += 1
            let digitsStart = index
            while let d = peek(), Self.isDigit(d) { index += 1 }
            guard index > digitsStart, index - digitsStart < 3 else {
                throw error("'$' starts a closure's parameter: '$0', '$1'", at: start)
            }
            return ExprNode(.identifier(String(String.UnicodeScalarView(scalars[start..<index]))), at: location(start))
        }
        if c == "\"" { return try parseString() }
        if Self.isDigit(c) || (c == "-" && peek(1).map(Self.isDigit) == true) { return try parseNumber() }
        if let name = scanIdentifier() {
            switch name {
            case "true": return ExprNode(.literal(.bool(true)), at: location(start))
            case "false": return ExprNode(.literal(.bool(false)), at: location(start))
            case "nil": return ExprNode(.literal(.null), at: location(start))
            case "todo": return ExprNode(.todo, at: location(start))
            default:
                if let root = StateRoot(rawValue: name) { return ExprNode(.state(root), at: location(start)) }
                if name == "Date" || name == "Decimal", peek() == "(" { return try parseDateOrDecimal(name, at: start) }
                if types.records.contains(name) || types.enums.contains(name) {
                    if peek() == "(" {
                        guard let arguments = try parseCallArguments() else { break }
                        return ExprNode(.construct(name, arguments), at: location(start))
                    }
                    if types.enums.contains(name), peek() == "." {
                        index += 1
                        let caseAt = index
                        guard let caseName = scanIdentifier() else {
                            throw error("expected a case of '\(name)' after '.'", at: caseAt)
                        }
                        return ExprNode(.enumCase(name, caseName), at: location(caseAt))
                    }
                    throw error("'\(name)' is a type; write \(types.enums.contains(name) ? "a case, '\(name).<case>'" : "a value, '\(name)(field: …)'")",
                                at: start)
                }
                return ExprNode(.identifier(name), at: location(start))
            }
        }
        if c == "'" {
            throw error("strings use double quotes: \"…\"", at: index)
        }
        throw error("expected an expression, found \(describeCurrent())", at: index)
    }

    /// `Date("2026-11-22T09:30:00Z")` or `Decimal("12.50")`: a literal, read when the scenario loads.
    private mutating func parseDateOrDecimal(_ name: String, at start: Int) throws(SyntaxError) -> ExprNode {
        index += 1
        skipSpaces()
        let textAt = index
        guard peek() == "\"" else {
            throw error(name == "Date" ? "write a date as text: Date(\"2026-11-22T09:30:00Z\")" : "write a decimal as text: Decimal(\"12.50\")",
                        at: textAt)
        }
        let literal = try parseString()
        skipSpaces()
        guard consume(")") else { throw error("expected ')' after the text of '\(name)(…)'", at: index) }
        guard case .literal(.string(let text)) = literal.kind else {
            throw error("the text of '\(name)(…)' cannot interpolate", at: textAt)
        }
        if name == "Date" {
            guard let date = DateValue(iso8601: text) else {
                throw error("'\(text)' is not a date; write '2026-11-22' or '2026-11-22T09:30:00Z' (UTC)", at: textAt)
            }
            return ExprNode(.literal(.date(date)), at: location(start))
        }
        guard let decimal = DecimalValue(text) else {
            throw error("'\(text)' is not a decimal number; write '12.50' or '-3'", at: textAt)
        }
        return ExprNode(.literal(.decimal(decimal)), at: location(start))
    }

    /// `(label: value, value)` right after a name, then an optional trailing closure `{ … }`; nil when neither
    /// follows (a plain member).
    private mutating func parseCallArguments() throws(SyntaxError) -> [ExprArgument]? {
        var arguments: [ExprArgument] = []
        var found = false
        if peek() == "(" {
            found = true
            let open = index
            index += 1
            try nest()
            skipSpaces()
            if !consume(")") {
                while true {
                    skipSpaces()
                    let labelStart = index
                    var label: String?
                    if let name = scanIdentifier() {
                        skipSpaces()
                        if peek() == ":" {
                            index += 1
                            label = name
                        } else {
                            index = labelStart
                        }
                    }
                    arguments.append(ExprArgument(label: label, value: try parseExpression()))
                    skipSpaces()
                    if consume(")") { break }
                    guard consume(",") else {
                        throw error("expected ',' or ')' to close the '(' at column \(location(open).column), found \(describeCurrent())",
                                    at: index)
                    }
                }
            }
            depth -= 1
        }
        let before = index
        skipSpaces()
        if peek() == "{" {
            arguments.append(ExprArgument(label: nil, value: try parseClosure()))
            return arguments
        }
        index = before
        return found ? arguments : nil
    }

    /// `{ $0.name }`, `{ order in order.name }`, `{ a, b in a.date < b.date }`.
    private mutating func parseClosure() throws(SyntaxError) -> ExprNode {
        let open = index
        index += 1
        try nest()
        defer { depth -= 1 }
        skipSpaces()
        // Parameters: names separated by commas, then `in`; otherwise the closure uses `$0`, `$1`.
        var parameters: [String] = []
        let afterBrace = index
        var names: [String] = []
        while let name = scanIdentifier() {
            names.append(name)
            skipSpaces()
            guard consume(",") else { break }
            skipSpaces()
        }
        if !names.isEmpty, scanIdentifier() == "in", let next = peek(), next == " " || next == "\t" || next == "\n" {
            parameters = names
        } else {
            index = afterBrace
        }
        let body = try parseExpression()
        skipSpaces()
        guard consume("}") else {
            throw error("expected '}' to close the closure opened at column \(location(open).column)", at: index)
        }
        return ExprNode(.closure(parameters, body), at: location(open))
    }

    private mutating func parseNumber() throws(SyntaxError) -> ExprNode {
        let start = index
        if peek() == "-" { index += 1 }
        while let c = peek(), Self.isDigit(c) || c == "_" { index += 1 }
        var isDouble = false
        if peek() == ".", let next = peek(1), Self.isDigit(next) {
            isDouble = true
            index += 1
            while let c = peek(), Self.isDigit(c) || c == "_" { index += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            var probe = index + 1
            if probe < end, scalars[probe] == "+" || scalars[probe] == "-" { probe += 1 }
            if probe < end, Self.isDigit(scalars[probe]) {
                isDouble = true
                index = probe
                while let c = peek(), Self.isDigit(c) { index += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index])).replacingUnderscores()
        if isDouble {
            guard let value = Double(text), value.isFinite else {
                throw error("number '\(text)' is too large for a Double", at: start)
            }
            return ExprNode(.literal(.double(value)), at: location(start))
        }
        guard let value = Int(text) else {
            throw error("integer '\(text)' does not fit in an Int (\(Int.min)…\(Int.max))", at: start)
        }
        return ExprNode(.literal(.int(value)), at: location(start))
    }

    private mutating func parseString() throws(SyntaxError) -> ExprNode {
        let start = index
        index += 1
        var parts: [InterpolationPart] = []
        var text = String.UnicodeScalarView()
        while true {
            guard let c = peek() else {
                throw error("unterminated string: add the closing '\"'", at: start)
            }
            index += 1
            if c == "\"" { break }
            guard c == "\\" else {
                text.append(c)
                continue
            }
            let escapeAt = index - 1
            guard let e = peek() else { throw error("unterminated string: add the closing '\"'", at: start) }
            index += 1
            switch e {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "0": text.append("\0")
            case "\"": text.append("\"")
            case "'": text.append("'")
            case "\\": text.append("\\")
            case "u":
                guard consume("{") else { throw error("expected '{' after '\\u'", at: escapeAt) }
                let digitsStart = index
                while let d = peek(), d.properties.isASCIIHexDigit { index += 1 }
                let digits = String(String.UnicodeScalarView(scalars[digitsStart..<index]))
                guard consume("}"), let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw error("invalid unicode escape; write '\\u{1F600}'", at: escapeAt)
                }
                text.append(scalar)
            case "(":
                if !text.isEmpty {
                    parts.append(.text(String(text)))
                    text = String.UnicodeScalarView()
                }
                let innerStart = index
                guard let close = findInterpolationEnd(from: innerStart) else {
                    throw error("unterminated interpolation: add the closing ')'", at: escapeAt)
                }
                var inner = ExpressionParser(parent: self, range: innerStart..<close, depth: depth)
                try inner.nest()
                let expr = try inner.parseExpression()
                try inner.expectEnd()
                parts.append(.expr(expr))
                index = close + 1
            default:
                throw error("unknown escape '\\\(e)' in string", at: escapeAt)
            }
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(String(text))) }
        if parts.count == 1, case .text(let plain) = parts[0] {
            return ExprNode(.literal(.string(plain)), at: location(start))
        }
        return ExprNode(.interpolation(parts), at: location(start))
    }

    /// The index of the `)` closing an interpolation that starts at `start`, skipping nested strings.
    private func findInterpolationEnd(from start: Int) -> Int? {
        var i = start
        var parens = 0
        while i < end {
            let c = scalars[i]
            if c == "\"" {
                guard let after = skipStringLiteral(from: i) else { return nil }
                i = after
                continue
            }
            if c == "(" { parens += 1 }
            if c == ")" {
                if parens == 0 { return i }
                parens -= 1
            }
            i += 1
        }
        return nil
    }

    /// The index just after the string literal opening at `start`.
    private func skipStringLiteral(from start: Int) -> Int? {
        var i = start + 1
        while i < end {
            let c = scalars[i]
            if c == "\"" { return i + 1 }
            if c == "\\" {
                if i + 1 < end, scalars[i + 1] == "(" {
                    guard let close = findInterpolationEnd(from: i + 2) else { return nil }
                    i = close + 1
                    continue
                }
                i += 2
                continue
            }
            i += 1
        }
        return nil
    }

    // MARK: - Scanning

    var firstNonSpace: Int { leadingSpaces(from: 0) }

    func leadingSpaces(from start: Int) -> Int {
        var i = start
        while i < end, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\n" { i += 1 }
        return i - start
    }

    private var atEnd: Bool { index >= end }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = index + offset
        return i < end ? scalars[i] : nil
    }

    private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard peek() == scalar else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces() {
        while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { index += 1 }
    }

    private mutating func scanIdentifier() -> String? {
        guard let first = peek(), SwiftIdentifier.isHead(first) else { return nil }
        let start = index
        index += 1
        while let c = peek(), SwiftIdentifier.isCharacter(c) { index += 1 }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private mutating func nest() throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth {
            throw error("expression nests deeper than \(Self.maxDepth) levels; split it into 'let' steps", at: index)
        }
    }

    private func checkLength() throws(SyntaxError) {
        if scalars.count > Self.maxLength {
            throw error("expression is \(scalars.count) characters long; the limit is \(Self.maxLength)", at: 0)
        }
    }

    private mutating func expectEnd() throws(SyntaxError) {
        skipSpaces()
        guard atEnd else {
            if peek() == "=" {
                throw error("'=' is not an operator here; use '==' to compare", at: index)
            }
            throw error("unexpected \(describeCurrent()) after the expression", at: index)
        }
    }

    private func describeCurrent() -> String {
        guard let c = peek() else { return "end of expression" }
        return "'\(Character(c))'"
    }

    func location(_ offset: Int) -> SourceLocation {
        if offset < positions.count { return positions[offset] }
        if let last = positions.last { return last.advanced(byColumns: offset - positions.count + 1) }
        return fallback.advanced(byColumns: offset)
    }

    private func error(_ message: String, at offset: Int) -> SyntaxError {
        SyntaxError(diagnostic: .error(message, at: location(offset), id: "expression/syntax"))
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" { scalars.removeLast() }
        return String(scalars)
    }

    fileprivate func replacingUnderscores() -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "_" }))
    }
}
