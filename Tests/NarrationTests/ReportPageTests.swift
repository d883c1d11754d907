import HTMLReport
import Testing

@Suite("Report page pieces")
struct ReportPageTests {
    @Test("inlined SVG keeps drawing markup, prefixes ids, and drops comments and anything that could run")
    func inlineSVG() {
        let svg = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg width="10pt" height="10pt" onload="alert(1)">
            <!-- a &#45;&gt; b -->
            <g id="m11" class="edge" ONCLICK='x()'><title>a&#45;&gt;b</title>
            <text x="1" y="2">id=&quot;x&quot; onclick=&quot;y&quot; javascript&#58;</text></g>
            <script>alert(2)</script><SCRIPT type="x">alert(3)</SCRIPT>
            <foreignObject><div>hi</div></foreignObject>
            <a xlink:href="javascript:alert(4)"><text>link</text></a>
            </svg>
            """
        #expect(HTML.inlineSVG(svg, idPrefix: "seq") == """
            <svg width="10pt" height="10pt">

            <g id="seq-m11" class="edge"><title>a&#45;&gt;b</title>
            <text x="1" y="2">id=&quot;x&quot; onclick=&quot;y&quot; javascript&#58;</text></g>


            <a xlink:href="alert(4)"><text>link</text></a>
            </svg>
            """)
        #expect(HTML.inlineSVG("no drawing") == "")
    }

    @Test("text is escaped for HTML")
    func escape() {
        #expect(HTML.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
