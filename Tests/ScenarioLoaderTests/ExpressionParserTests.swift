@testable import ScenarioLoader
import ScenarioSpec
import Testing

@Suite("Expression parser")
struct ExpressionParserTests {
    /// Parses `text` as if it started at column 1 of line 1, and prints the tree in a compact prefix form.
    static let types = ExpressionParser.TypeVocabulary(records: ["Order"], enums: ["Speed"])

    func tree(_ text: String) throws -> String {
        let start = ScenarioSpec.SourceLocation(file: "e", line: 1, column: 1)
        let positions = (0..<text.unicodeScalars.count).map { start.advanced(byColumns: $0) }
        return Self.render(try ExpressionParser.parse(text, positions: positions, fallback: start, types: Self.types).root)
    }

    func error(_ text: String) -> String {
        let start = ScenarioSpec.SourceLocation(file: "e", line: 1, column: 1)
        let positions = (0..<text.unicodeScalars.count).map { start.advanced(byColumns: $0) }
        do {
            _ = try ExpressionParser.parse(text, positions: positions, fallback: start, types: Self.types)
            return "no error"
        } catch {
            return "\(error.diagnostic.location!.column): \(error.diagnostic.message)"
        }
    }

    static func render(_ node: ExprNode) -> String {
        switch node.kind {
        case .literal(let value): return value.description
        case .identifier(let name): return name
        case .state(let root): return "<\(root.rawValue)>"
        case .todo: return "todo"
        case .member(let base, let name, let chained): return "\(render(base))\(chained ? "?." : ".")\(name)"
        case .index(let base, let index, let chained): return "\(render(base))\(chained ? "?[" : "[")\(render(index))]"
        case .unary(let op, let operand): return "(\(op.rawValue)\(render(operand)))"
        case .binary(let op, let l, let r): return "(\(render(l)) \(op.rawValue) \(render(r)))"
        case .conditional(let c, let a, let b): return "(\(render(c)) ? \(render(a)) : \(render(b)))"
        case .list(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .construct(let name, let arguments): return "new \(name)(\(renderArguments(arguments)))"
        case .enumCase(let type, let name): return "case \(type).\(name)"
        case .method(let base, let name, let arguments, let chained):
            return "\(render(base))\(chained ? "?." : ".")\(name)(\(renderArguments(arguments)))"
        case .closure(let parameters, let body): return "{\(parameters.map { "\($0) " }.joined())in \(render(body))}"
        case .binding(let name, let value): return "let \(name) = \(render(value))"
        case .interpolation(let parts):
            return "interp(" + parts.map {
                switch $0 {
                case .text(let t): return Value.quote(t)
                case .expr(let e): return render(e)
                }
            }.joined(separator: ", ") + ")"
        }
    }

    static func renderArguments(_ arguments: [ExprArgument]) -> String {
        arguments.map { ($0.label.map { "\($0): " } ?? "") + render($0.value) }.joined(separator: ", ")
    }

    @Test("constructions, enum cases, methods with closures, literals of dates and decimals, and 'let' bindings")
    func callsAndClosures() throws {
        #expect(try tree(#"Order(id: "1", total: Decimal("2.50"))"#) == #"new Order(id: "1", total: 2.50)"#)
        #expect(try tree("Speed.oneDay == Speed(rawValue: 1)") == "(case Speed.oneDay == new Speed(rawValue: 1))")
        #expect(try tree("orders.map { $0.id }") == "orders.map({in $0.id})")
        #expect(try tree("orders.first(where: { o in o.id == x })?.id") == "orders.first(where: {o in (o.id == x)})?.id")
        #expect(try tree("a.sorted { x, y in x.date < y.date }.reversed()") == "a.sorted({x y in (x.date < y.date)}).reversed()")
        #expect(try tree("a.reduce(0) { $0 + $1.total }") == "a.reduce(0, {in ($0 + $1.total)})")
        #expect(try tree(#"d.formatted("M/d/yy")"#) == #"d.formatted("M/d/yy")"#)
        #expect(try tree(#"Date("2016-06-30")"#) == "2016-06-30T00:00:00Z")
        #expect(try tree("let order = dataStore.order") == "let order = <dataStore>.order")
        #expect(try tree("letter + 1") == "(letter + 1)")
        #expect(try tree("a.map { inventory.count }") == "a.map({in inventory.count})")
    }

    @Test("errors in the new forms point at their column")
    func callErrors() {
        #expect(error("Order") == "1: 'Order' is a type; write a value, 'Order(field: …)'")
        #expect(error("Speed") == "1: 'Speed' is a type; write a case, 'Speed.<case>'")
        #expect(error(#"Date("June")"#) == "6: 'June' is not a date; write '2026-11-22' or '2026-11-22T09:30:00Z' (UTC)")
        #expect(error("Decimal(2.5)") == #"9: write a decimal as text: Decimal("12.50")"#)
        #expect(error("a.map { $0.x") == "13: expected '}' to close the closure opened at column 7")
        #expect(error("f.g(a: 1") == "9: expected ',' or ')' to close the '(' at column 4, found end of expression")
        #expect(error("$x") == "1: '$' starts a closure's parameter: '$0', '$1'")
        #expect(error("let = 3") == "5: expected a name after 'let', as in 'let order = dataStore.order'")
    }

    @Test("precedence follows Swift")
    func precedence() throws {
        #expect(try tree("a || b && c == d") == "(a || (b && (c == d)))")
        #expect(try tree("1 + 2 * 3 - 4") == "((1 + (2 * 3)) - 4)")
        #expect(try tree("a ?? b ?? c") == "(a ?? (b ?? c))")
        #expect(try tree("x.count + 1 > y ?? 0") == "((x.count + 1) > (y ?? 0))")
        #expect(try tree("!a && -b < 3") == "((!a) && ((-b) < 3))")
        #expect(try tree("c ? 1 : d ? 2 : 3") == "(c ? 1 : (d ? 2 : 3))")
    }

    @Test("postfix chains, optional chaining and subscripts")
    func postfix() throws {
        #expect(try tree("response.user?.name.count") == "response.user?.name.count")
        #expect(try tree("list[i + 1].id") == "list[(i + 1)].id")
        #expect(try tree("source.orders?[i].id") == "source.orders?[i].id")
        #expect(try tree("a ?[1] : [2]") == "(a ? [1] : [2])", "with a space, '?' is the conditional")
        #expect(try tree("[1, 2, 3]") == "[1, 2, 3]")
        #expect(try tree("[]") == "[]")
    }

    @Test("literals")
    func literals() throws {
        #expect(try tree("nil") == "nil")
        #expect(try tree("true") == "true")
        #expect(try tree("1_000") == "1000")
        #expect(try tree("-12") == "-12")
        #expect(try tree("2.5e3") == "2500.0")
        #expect(try tree(#""tab\there \u{1F600}""#) == #""tab\there 😀""#)
    }

    @Test("interpolation may nest strings and parentheses")
    func interpolation() throws {
        #expect(try tree(#""Welcome, \(name ?? "")!""#) == #"interp("Welcome, ", (name ?? ""), "!")"#)
        #expect(try tree(#""\(a) and \((b + 1) * 2)""#) == #"interp(a, " and ", ((b + 1) * 2))"#)
        #expect(try tree(#""outer \("inner \(x)")""#) == #"interp("outer ", interp("inner ", x))"#)
    }

    @Test("syntax errors point at their column")
    func errors() {
        #expect(error("a ==") == "3: expected an expression after '=='")
        #expect(error("a = b") == "3: '=' is not an operator here; use '==' to compare")
        #expect(error(#""abc"#) == "1: unterminated string: add the closing '\"'")
        #expect(error(#""a\qb""#) == "3: unknown escape '\\q' in string")
        #expect(error("(a + b") == "7: expected ')' to close the '(' at column 1")
        #expect(error("a.") == "3: expected a member name after '.'")
        #expect(error("1 < a < 3") == "7: comparisons cannot be chained; combine them with '&&'")
        #expect(error("'x'") == "1: strings use double quotes: \"…\"")
        #expect(error("a b") == "3: unexpected 'b' after the expression")
        #expect(error("99999999999999999999") == "1: integer '99999999999999999999' does not fit in an Int (-9223372036854775808…9223372036854775807)")
        #expect(error("c ? 1") == "6: expected ':' to complete the '?' at column 3")
    }

    @Test("nesting and length are bounded")
    func limits() {
        let deep = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(error(deep).hasSuffix("expression nests deeper than 64 levels; split it into 'let' steps"))
        let long = String(repeating: "a + ", count: 1_100) + "a"
        #expect(error(long) == "1: expression is 4401 characters long; the limit is 4096")
        let bang = String(repeating: "!", count: 10_000) + "a"
        #expect(error(bang).hasPrefix("1: expression is"))
    }

    @Test("calls read receiver, method and labelled arguments")
    func calls() throws {
        let text = #"AuthWorker.login(username: request.username, password: "x")"#
        let start = ScenarioSpec.SourceLocation(file: "e", line: 1, column: 1)
        let positions = (0..<text.unicodeScalars.count).map { start.advanced(byColumns: $0) }
        let call = try ExpressionParser.parseCall(text, positions: positions, fallback: start)
        #expect(call.receiver.value == "AuthWorker")
        #expect(call.method.value == "login")
        #expect(call.method.location.column == 12)
        #expect(call.arguments.map(\.label.value) == ["username", "password"])
        #expect(call.arguments.map(\.label.location.column) == [18, 46])
        #expect(call.arguments.map(\.value.text) == ["request.username", #""x""#])
        #expect(call.arguments[1].value.location.column == 56)
    }
}
