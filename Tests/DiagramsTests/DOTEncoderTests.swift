import Diagrams
import Testing

@Suite("DOT encoding")
struct DOTEncoderTests {
    @Test("IDs and text are quoted; quotes, backslashes and Graphviz escapes cannot break out")
    func quoting() {
        #expect(DOTEncoder.quote(#"say "hi""#) == #""say \"hi\"""#)
        #expect(DOTEncoder.quote(#"C:\path\N"#) == #""C:\\path\\N""#)
        #expect(DOTEncoder.quote("two\nlines\r") == #""two\nlines""#)
        #expect(DOTEncoder.quote("bell\u{7}tab\t") == #""bell tab ""#)
        #expect(DOTEncoder.quote("-> ]; digraph x {") == #""-> ]; digraph x {""#)
    }

    @Test("HTML labels escape markup and drop control characters")
    func html() {
        #expect(HTMLLabel.text(#"<script>alert("x") & 'y'</script>"#).markup
                == "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;")
        #expect(HTMLLabel.text("a\u{0}b\u{1B}c").markup == "a b c")
        #expect(HTMLLabel.text("x", size: 9, color: "#fff\"", bold: true).markup
                == "<FONT POINT-SIZE=\"9\" COLOR=\"#fff&quot;\"><B>x</B></FONT>")
    }

    @Test("numbers have at most two decimals, no trailing zeros")
    func numbers() {
        #expect(DOTEncoder.number(12) == "12")
        #expect(DOTEncoder.number(12.5) == "12.5")
        #expect(DOTEncoder.number(0.125) == "0.13")
        #expect(DOTEncoder.number(-3.04) == "-3.04")
        #expect(DOTEncoder.number(1.0 / 3) == "0.33")
    }

    @Test("a graph encodes in the order it was built")
    func graph() {
        var graph = DOTGraph(name: "g\"1", attributes: ["rankdir": "LR"], nodeDefaults: ["shape": "box"])
        graph.node("a", ["label": "A \"1\"", "width": 1.5])
        graph.edge("a", "b", ["label": .html(.text("x < y"))])
        graph.statements.append(.subgraph(DOTSubgraph(id: "cluster_0", attributes: ["label": "S"],
                                                      statements: [.node(DOTNode(id: "c"))])))
        #expect(DOTEncoder.encode(graph) == """
            digraph "g\\"1" {
              graph [rankdir="LR"];
              node [shape="box"];
              "a" [label="A \\"1\\"", width=1.5];
              "a" -> "b" [label=<x &lt; y>];
              subgraph "cluster_0" {
                graph [label="S"];
                "c";
              }
            }

            """)
    }

    @Test("text widths follow DejaVu Sans's metrics")
    func metrics() {
        #expect(TextMetrics.width("iiii", size: 10) < TextMetrics.width("MMMM", size: 10))
        #expect(abs(TextMetrics.width("Hello", size: 10) - 25.35) < 0.01)
        #expect(abs(TextMetrics.width("Hello", size: 10, bold: true) - 28.88) < 0.01)
        #expect(TextMetrics.width("日本", size: 10) == 20)
    }
}
