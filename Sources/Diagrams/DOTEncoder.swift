/// Writes a `DOTGraph` as DOT text: every ID and text value quoted and escaped, numbers in a fixed format,
/// statements and attributes in the order given, so the same graph always gives the same bytes.
public enum DOTEncoder {
    public static func encode(_ graph: DOTGraph) -> String {
        var out = (graph.directed ? "digraph " : "graph ") + quote(graph.name) + " {\n"
        if !graph.attributes.isEmpty { out += "  graph " + attributes(graph.attributes) + ";\n" }
        if !graph.nodeDefaults.isEmpty { out += "  node " + attributes(graph.nodeDefaults) + ";\n" }
        if !graph.edgeDefaults.isEmpty { out += "  edge " + attributes(graph.edgeDefaults) + ";\n" }
        encode(graph.statements, directed: graph.directed, indent: "  ", into: &out)
        return out + "}\n"
    }

    private static func encode(_ statements: [DOTStatement], directed: Bool, indent: String, into out: inout String) {
        for statement in statements {
            switch statement {
            case .node(let node):
                out += indent + quote(node.id)
                if !node.attributes.isEmpty { out += " " + attributes(node.attributes) }
                out += ";\n"
            case .edge(let edge):
                out += indent + quote(edge.from) + (directed ? " -> " : " -- ") + quote(edge.to)
                if !edge.attributes.isEmpty { out += " " + attributes(edge.attributes) }
                out += ";\n"
            case .subgraph(let subgraph):
                out += indent + "subgraph " + quote(subgraph.id) + " {\n"
                if !subgraph.attributes.isEmpty { out += indent + "  graph " + attributes(subgraph.attributes) + ";\n" }
                encode(subgraph.statements, directed: directed, indent: indent + "  ", into: &out)
                out += indent + "}\n"
            }
        }
    }

    static func attributes(_ attributes: DOTAttributes) -> String {
        "[" + attributes.entries.map { entry in
            entry.key + "=" + value(entry.value)
        }.joined(separator: ", ") + "]"
    }

    static func value(_ value: DOTValue) -> String {
        switch value {
        case .text(let text): return quote(text)
        case .html(let label): return "<" + label.markup + ">"
        case .number(let n): return number(n)
        }
    }

    /// A quoted DOT string. `"` and `\` are escaped, so Graphviz's `\N`, `\G`, `\l` escapes cannot be injected;
    /// a newline becomes `\n` (a centred line break in labels); other control characters become spaces.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": break
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
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
