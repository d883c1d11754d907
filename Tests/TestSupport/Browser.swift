import Foundation

/// Headless Chromium, as the report's readers use it: opens a page from disk, runs a check script against its
/// DOM, and takes screenshots.
public enum Browser {
    /// Whether Chromium is installed (`make test-deps`).
    public static var isAvailable: Bool { (try? ExternalTool.path("chromium")) != nil }

    static func arguments(profile: URL) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile.path)",
         "--allow-file-access-from-files", "--virtual-time-budget=20000"]
    }

    /// Loads `page` in a frame, then runs `check` — the body of an async JavaScript function with `doc` (the
    /// page's document) and `win` (its window) in scope — and returns what it returns, as JSON text.
    public static func evaluate(_ page: URL, check: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let harness = """
            <!doctype html><html><head><meta charset="utf-8"></head><body>
            <pre id="result">pending</pre>
            <iframe id="frame" style="width:1400px;height:900px" src="\(page.absoluteString)"></iframe>
            <script>
            document.getElementById('frame').addEventListener('load', async () => {
              const win = document.getElementById('frame').contentWindow, doc = win.document;
              let out;
              try { out = await (async (doc, win) => { \(check) })(doc, win); }
              catch (error) { out = { error: String(error && error.stack || error) }; }
              document.getElementById('result').textContent = JSON.stringify(out);
            });
            </script></body></html>
            """
        let file = folder.appendingPathComponent("harness.html")
        try Data(harness.utf8).write(to: file)
        let result = try ExternalTool.run("chromium", arguments(profile: folder.appendingPathComponent("profile"))
                                          + ["--dump-dom", file.absoluteString])
        guard let start = result.stdout.range(of: "<pre id=\"result\">"),
              let end = result.stdout.range(of: "</pre>", range: start.upperBound..<result.stdout.endIndex) else {
            throw ExternalTool.Failure.missing("an answer from Chromium: \(result.stderr.suffix(400))")
        }
        return MermaidRenderer.unescapeHTML(String(result.stdout[start.upperBound..<end.lowerBound]))
    }

    /// A PNG of `page` (with `fragment`, e.g. `m26`) at `width`×`height`, written to `destination`.
    public static func screenshot(_ page: URL, fragment: String? = nil, width: Int = 1500, height: Int = 1000, to destination: URL) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let address = page.absoluteString + (fragment.map { "#" + $0 } ?? "")
        let result = try ExternalTool.run("chromium", arguments(profile: folder.appendingPathComponent("profile"))
                                          + ["--window-size=\(width),\(height)", "--screenshot=\(destination.path)", address])
        guard FileManager.default.fileExists(atPath: destination.path) else {
            throw ExternalTool.Failure.missing("a screenshot from Chromium: \(result.stderr.suffix(400))")
        }
    }

    /// Where tests keep what they looked at (`.build/test-artifacts/`), for people to open after a run.
    public static var artifacts: URL { PackagePaths.root.appendingPathComponent(".build/test-artifacts") }
}
