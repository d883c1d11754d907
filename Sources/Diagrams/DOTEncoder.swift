/// Writes a `DOTGraph` as DOT text: every ID and text value quoted and escaped, numbers in a fixed format,
/// statements and attributes in the order given, so the same graph always gives the same bytes.
public enum DOTEncoder {
    public static func encode(_ graph: DOTGraph) -> String {
        var out = ""
        out.reserveCapacity(4096 + graph.statements.count * 160)
        out += graph.directed ? "digraph " : "graph "
        appendQuoted(graph.name, to: &out)
        out += " {\n"
        if !graph.attributes.isEmpty { out += "  graph "; append(graph.attributes, to: &out); out += ";\n" }
        if !graph.nodeDefaults.isEmpty { out += "  node "; append(graph.nodeDefaults, to: &out); out += ";\n" }
        if !graph.edgeDefaults.isEmpty { out += "  edge "; append(graph.edgeDefaults, to: &out); out += ";\n" }
        encode(graph.statements, directed: graph.directed, indent: "  ", into: &out)
        out += "}\n"
        return out
    }

    private static func encode(_ statements: [DOTStatement], directed: Bool, indent: String, into out: inout String) {
        for statement in statements {
            switch statement {
            case .node(let node):
                out += indent
                appendQuoted(node.id, to: &out)
                if !node.attributes.isEmpty { out += " "; append(node.attributes, to: &out) }
                out += ";\n"
            case .edge(let edge):
                out += indent
                appendQuoted(edge.from, to: &out)
                out += directed ? " -> " : " -- "
                appendQuoted(edge.to, to: &out)
                if !edge.attributes.isEmpty { out += " "; append(edge.attributes, to: &out) }
                out += ";\n"
            case .subgraph(let subgraph):
                out += indent + "subgraph "
                appendQuoted(subgraph.id, to: &out)
                out += " {\n"
                if !subgraph.attributes.isEmpty { out += indent + "  graph "; append(subgraph.attributes, to: &out); out += ";\n" }
                encode(subgraph.statements, directed: directed, indent: indent + "  ", into: &out)
                out += indent + "}\n"
            }
        }
    }

    /// `[key="value", …]`, appended without intermediate strings (a large diagram has tens of thousands).
    static func append(_ attributes: DOTAttributes, to out: inout String) {
        out += "["
        var first = true
        for entry in attributes.entries {
            if !first { out += ", " }
            first = false
            out += entry.key
            out += "="
            switch entry.value {
            case .text(let text): appendQuoted(text, to: &out)
            case .html(let label): out += "<"; out += label.markup; out += ">"
            case .number(let n): out += number(n)
            }
        }
        out += "]"
    }

    /// A quoted DOT string. `"` and `\` are escaped, so Graphviz's `\N`, `\G`, `\l` escapes cannot be injected;
    /// a newline becomes `\n` (a centred line break in labels); other control characters become spaces.
    public static func quote(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        // Most names and labels need no escaping: copy them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A number with at most two decimals and no trailing zeros: `12`, `12.5`, `0.14`.
    public static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" + String(fraction) : String(fraction))
        return sign + String(whole) + "." + digits
    }

    /// `x,y` for a position.
    public static func point(_ x: Double, _ y: Double) -> String { number(x) + "," + number(y) }
}
