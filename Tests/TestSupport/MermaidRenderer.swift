import Foundation

/// Renders Mermaid text with Mermaid itself: its browser bundle (fetched by `.ci/fetch-mermaid` into
/// `.build/test-tools/`) in headless Chromium. Each source gives Mermaid's verdict and the text it drew.
public enum MermaidRenderer {
    public struct Rendering: Sendable, Decodable {
        public var ok: Bool
        /// Mermaid's parse or render error.
        public var error: String?
        /// The text of every `<text>` and HTML label in the drawing, as a reader sees it.
        public var texts: [String]?
    }

    /// The bundle, when it is there.
    public static var script: URL? {
        let url = PackagePaths.root.appendingPathComponent(".build/test-tools/mermaid.min.js")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Whether Mermaid and Chromium are both installed (`make test-deps`).
    public static var isAvailable: Bool { script != nil && (try? ExternalTool.path("chromium")) != nil }

    /// Renders each source in one browser run, in order.
    public static func render(_ sources: [String]) throws -> [Rendering] {
        guard let script else { throw ExternalTool.Failure.missing(".build/test-tools/mermaid.min.js (.ci/fetch-mermaid)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourcesJSON = String(decoding: try JSONSerialization.data(withJSONObject: sources), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        let page = """
            <!doctype html><html><head><meta charset="utf-8"></head><body>
            <div id="out"></div><pre id="result">pending</pre>
            <script src="\(script.absoluteString)"></script>
            <script>
            const sources = \(sourcesJSON);
            mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
            (async () => {
              const results = [];
              for (const [index, source] of sources.entries()) {
                const out = document.getElementById('out');
                try {
                  const { svg } = await mermaid.render('diagram' + index, source);
                  out.innerHTML = svg;
                  const texts = [...out.querySelectorAll('text, foreignObject')]
                    .filter(node => !node.closest('foreignObject') || node.tagName === 'foreignObject')
                    .map(node => node.textContent);
                  results.push({ ok: true, texts });
                } catch (error) {
                  results.push({ ok: false, error: String(error && error.message || error) });
                }
                out.innerHTML = '';
              }
              document.getElementById('result').textContent = JSON.stringify(results);
            })();
            </script></body></html>
            """
        let file = folder.appendingPathComponent("page.html")
        try Data(page.utf8).write(to: file)
        let result = try ExternalTool.run("chromium", [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.path)/profile",
            "--virtual-time-budget=60000", "--dump-dom", file.absoluteString,
        ])
        guard let start = result.stdout.range(of: "<pre id=\"result\">"),
              let end = result.stdout.range(of: "</pre>", range: start.upperBound..<result.stdout.endIndex) else {
            throw ExternalTool.Failure.missing("a result from Chromium: \(result.stderr.suffix(500))")
        }
        let json = unescapeHTML(String(result.stdout[start.upperBound..<end.lowerBound]))
        guard json != "pending" else { throw ExternalTool.Failure.missing("Mermaid's answer (Chromium stopped first)") }
        return try JSONDecoder().decode([Rendering].self, from: Data(json.utf8))
    }

    /// The five entities `--dump-dom` writes in text.
    static func unescapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
    }
}
