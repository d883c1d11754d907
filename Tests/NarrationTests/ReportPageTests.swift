import Foundation
import HTMLReport
import ScenarioLoader
import SceneFlowKit
import TestSupport
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

@Suite("Report page policy")
struct ReportPolicyTests {
    /// The page's Content-Security-Policy allows its script by hash, and the hash is the script's.
    @Test("the report's script is allowed by its SHA-256, not by 'unsafe-inline'")
    func scriptHash() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-csp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let report = try ScenarioRun().run(path: PackagePaths.root.appendingPathComponent("Scenarios/Login.yml").path,
                                           outputRoot: out)
        let page = try String(contentsOf: try #require(report.reportFile), encoding: .utf8)
        let scripts = page.components(separatedBy: "<script>").dropFirst().map { $0.components(separatedBy: "</script>")[0] }
        #expect(scripts.count == 1)
        let hex = Fingerprint.sha256(Data(try #require(scripts.first).utf8))
        let digest = Data(stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8 in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        })
        #expect(page.contains("script-src 'sha256-\(digest.base64EncodedString())';"))
        #expect(!page.contains("unsafe-inline'; img") && !page.contains("script-src 'unsafe-inline'"))
    }
}
