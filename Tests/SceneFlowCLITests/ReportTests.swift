import Foundation
import Testing
import TestSupport

/// `Output/<scenario>/index.html`, opened in headless Chromium as a reader would.
@Suite("HTML report", .enabled(if: Browser.isAvailable, "needs Chromium (make test-deps)"))
struct ReportTests {
    static let examples = PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent }

    /// Runs `scenario` into a fresh folder and returns its report.
    func report(_ scenario: String) throws -> URL {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-report-\(UUID().uuidString)")
        let result = try CLI.run(["run", scenario, "--out", out.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
        let file = out.appendingPathComponent("\(name)/index.html")
        #expect(result.stdout.contains("  report: \(file.path)\n"))
        return file
    }

    struct Seen: Decodable {
        var title: String
        var rows: Int
        var events: Int
        var steps: Int
        var positions: [String]
        var arrows: [String]
        var rowsMarked: [String]
        var cycleMarked: [String]
        var filtered: Int
        var requests: Int
        var count: String
        var scripts: Int
        var svgs: Int
        var jumped: String
        /// Message steps whose highlighted arrow's label is not in view once the walk-through scrolls to it.
        var cropped: [String]
        var error: String?
    }

    /// Reads the page as a learner would use it: the first steps with → (keyboard), the filters, a row click.
    static let check = """
        const data = JSON.parse(doc.getElementById('data').textContent);
        const text = (id) => doc.getElementById(id).textContent;
        const marked = (selector) => [...doc.querySelectorAll(selector)].map((e) => e.id || e.dataset.seq);
        const arrowsNow = () => marked('.sequence g.current, .sequence g.current-label').join(',');
        const positions = [text('position')], arrows = [arrowsNow()];
        const rowsMarked = [marked('tr.current').join(',')], cycleMarked = [marked('.cycle g.current').join(',')];
        for (let i = 0; i < 3; i++) {
          doc.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          positions.push(text('position'));
          arrows.push(arrowsNow());
          rowsMarked.push(marked('tr.current').join(','));
          cycleMarked.push(marked('.cycle g.current').join(','));
        }
        doc.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
        positions.push(text('position'));
        const kind = doc.getElementById('filter-kind');
        kind.value = 'request';
        kind.dispatchEvent(new win.Event('change'));
        const visible = [...doc.querySelectorAll('#table tbody tr')].filter((tr) => !tr.hidden);
        const count = text('filter-count');
        kind.value = ''; kind.dispatchEvent(new win.Event('change'));
        const last = doc.querySelector('#table tbody tr:last-child');
        last.click();
        const jumped = text('position') + ' ' + arrowsNow();
        // Every step from the first: the highlighted arrow's label is in view (a label wider than the pane starts in it).
        const cropped = [];
        doc.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
        for (let i = 0; i < data.steps.length; i++) {
          const label = doc.querySelector('.sequence g.current text');
          if (label) {
            const r = label.getBoundingClientRect(), b = doc.getElementById('sequence').getBoundingClientRect();
            const fits = r.width <= b.width ? r.left >= b.left - 1 && r.right <= b.right + 1 : r.left >= b.left - 1 && r.left < b.right;
            if (!fits || r.top < b.top - 1 || r.bottom > b.bottom + 1) cropped.push(text('position'));
          }
          doc.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        }
        return {
          title: text('title'), rows: doc.querySelectorAll('#table tbody tr').length, events: data.events.length,
          steps: data.steps.length, positions, arrows, rowsMarked, cycleMarked, filtered: visible.length,
          requests: data.events.filter((e) => e.kind === 'request').length, count,
          scripts: doc.querySelectorAll('script').length, svgs: doc.querySelectorAll('svg').length,
          jumped, cropped
        };
        """

    @Test("every example's report: all messages, stepping with the keyboard moves the highlight, filters work",
          arguments: examples)
    func opens(_ name: String) throws {
        let page = try report("Scenarios/\(name).yml")
        let json = try Browser.evaluate(page, check: Self.check)
        let seen = try JSONDecoder().decode(Seen.self, from: Data(json.utf8))
        #expect(seen.error == nil, "\(seen.error ?? "")")
        #expect(seen.rows == seen.events && seen.rows > 0, "one table row per message")
        #expect(seen.scripts == 2, "the data and the page's own script, nothing else")
        #expect(seen.svgs == (name == "Shop" ? 6 : 5), "sequence (Shop's in 2 pages), cycle (twice), dependencies, flow")
        #expect(seen.filtered == seen.requests)
        #expect(seen.count == "\(seen.requests) of \(seen.rows) messages")
        // Each → moves one step; the highlighted arrow, table row and cycle arrow follow the message.
        #expect(Set(seen.positions.prefix(4)).count == 4, "\(seen.positions)")
        #expect(seen.positions[4] == seen.positions[2], "← goes back one step")
        for (position, arrow) in zip(seen.positions, seen.arrows) {
            let words = position.split(separator: " ")
            guard let at = words.firstIndex(of: "message"), at + 1 < words.count else {
                #expect(arrow.isEmpty)
                continue
            }
            let message = words[at + 1]
            // Each page's ids have their own prefix: `seq2-m141` is message 141 on page 2.
            let page = words.firstIndex(of: "page").map { words[$0 + 1] } ?? "1"
            #expect(arrow == "seq\(page)-m\(message)", "\(position): \(arrow)")
        }
        #expect(seen.jumped.contains("message"), "clicking the last row jumps to its message: \(seen.jumped)")
        #expect(seen.cropped == [], "the highlighted arrow's label is in view at every step")
    }

    @Test("Login's report: the first steps, their highlights and a screenshot kept in .build/test-artifacts")
    func login() throws {
        let page = try report("Scenarios/Login.yml")
        let seen = try JSONDecoder().decode(Seen.self, from: Data(try Browser.evaluate(page, check: Self.check).utf8))
        #expect(seen.title == "Sign in")
        // It opens at the first message (viewDidLoad), then the cycle starts, the user acts, the Request goes: one
        // number per place, the message's own (as the diagram and the table number it).
        #expect(seen.positions == ["message 8 of 39", "cycle 1 begins", "message 9 of 39", "message 10 of 39", "message 9 of 39"])
        #expect(seen.arrows == ["seq1-m8", "", "seq1-m9", "seq1-m10"])
        #expect(seen.rowsMarked == ["8", "", "9", "10"], "cycle markers have no row")
        #expect(seen.cycleMarked == ["", "", "cyc-cycle-user", "cyc-cycle-request"],
                "the cycle picture's arrow: none for the lifecycle and the cycle's start, then the action and the Request")
        #expect(seen.jumped == "message 39 of 39 seq1-m39")
        let shot = Browser.artifacts.appendingPathComponent("report-Login.png")
        try? FileManager.default.removeItem(at: shot)
        try Browser.screenshot(page, fragment: "m26", to: shot)
        let png = try Data(contentsOf: shot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 50_000, "a real screenshot: \(png.count) bytes")
    }

    @Test("the whole file of the code that sends the current message, its sending lines highlighted")
    func wholeFile() throws {
        let page = try report("Scenarios/Login.yml")
        // Message 22: the Interactor's Response, sent from three places of LoginInteractor.swift (the failed
        // validation, the worker's error, success); then message 25, the View asking its Router.
        let check = """
            const seen = [];
            for (const message of ['22', '25']) {
              doc.querySelector('#table tbody tr[data-seq="' + message + '"]').click();
              const box = doc.getElementById('step-file');
              box.open = true;
              await new Promise((done) => setTimeout(done, 50));
              const lines = [...box.querySelectorAll('.line.sends')];
              seen.push({ hidden: box.hidden, summary: box.querySelector('summary').textContent,
                          numbers: lines.map((line) => line.dataset.n).join(','),
                          texts: lines.map((line) => line.textContent.trim()), total: box.querySelectorAll('.line').length });
            }
            return seen;
            """
        struct File: Decodable { var hidden: Bool; var summary: String; var numbers: String; var texts: [String]; var total: Int }
        let seen = try JSONDecoder().decode([File].self, from: Data(try Browser.evaluate(page, check: check).utf8))
        #expect(seen.count == 2)
        #expect(seen.first?.hidden == false)
        #expect(seen.first?.summary == "The whole file: Sources/SignIn/Scenes/Login/LoginInteractor.swift")
        #expect(seen.first?.numbers == "25,34,40")
        #expect(seen.first?.texts == Array(repeating: "presenter?.presentLogin(response: response)", count: 3))
        #expect(seen.first?.total == 51)
        #expect(seen.last?.summary == "The whole file: Sources/SignIn/Scenes/Login/LoginViewController.swift")
        #expect(seen.last?.texts == ["router?.showHome()"])
    }

    @Test("scenario text cannot become markup or script in the report")
    func hostile() throws {
        let page = try report(PackagePaths.tests.appendingPathComponent("ExportersTests/Fixtures/hostile-labels.yml").path)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("<script>alert"), "no raw script from the scenario anywhere in the file")
        #expect(!html.contains("<b>bold</b>") && !html.contains("<i>i</i>"))
        let json = try Browser.evaluate(page, check: """
            const texts = [...doc.querySelectorAll('#table td')].map((td) => td.textContent);
            return {
              title: doc.getElementById('title').textContent,
              injected: doc.querySelectorAll('b:not(.step-why b):not(.step-data b), i, script:not(#data)').length,
              scripts: doc.querySelectorAll('script').length,
              shown: texts.find((t) => t.includes('<script>alert(1)</script')) || '',
              alerted: typeof win.alertCalled
            };
            """)
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(seen["title"] as? String == "Quotes \"q\" 'single' : colon -> arrow --> ->> ; semi # hash %% pct <b>bold</b> & amp @startuml end")
        #expect(seen["injected"] as? Int == 1, "only the page's own script besides the data: \(seen)")
        #expect(seen["scripts"] as? Int == 2)
        #expect((seen["shown"] as? String)?.contains("\"Error: \\\"bad\\\" -> #1; <script>alert(1)</script") == true, "shown as text: \(seen)")
    }

    @Test("the same scenario gives a byte-identical report")
    func deterministic() throws {
        let first = try Data(contentsOf: try report("Scenarios/Shop.yml"))
        let second = try Data(contentsOf: try report("Scenarios/Shop.yml"))
        #expect(first == second)
    }
}
