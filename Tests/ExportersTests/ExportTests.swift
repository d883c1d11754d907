import Diagrams
import Exporters
import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Testing
import TestSupport
import TraceFormat

/// A scenario (an example by name, or a fixture) and its run.
struct Run {
    var scenario: Scenario
    var trace: Trace

    /// Loads `url`, named by its path from the package root (so goldens hold no machine's folders).
    init(_ url: URL) throws {
        let relative = String(url.path.dropFirst(PackagePaths.root.path.count + 1))
        let loaded = ScenarioLoader().load(data: try Data(contentsOf: url), file: relative, baseDirectory: url.deletingLastPathComponent())
        scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let recorder = TraceRecorder()
        _ = try Engine(scenario: scenario).run(into: recorder, hooks: EngineHooks())
        trace = try #require(recorder.trace)
    }

    init(example name: String) throws { try self.init(PackagePaths.scenarios.appendingPathComponent("\(name).yml")) }

    static var hostile: URL { PackagePaths.tests.appendingPathComponent("ExportersTests/Fixtures/hostile-labels.yml") }

    var sequence: SequenceDiagram { SequenceDiagramBuilder.build(trace) }
    var flow: FlowDiagram { FlowDiagramBuilder.build(scenario: scenario, trace: trace) }
}

let examples = PackagePaths.exampleScenarios().map { $0.deletingPathExtension().lastPathComponent }
let goldens = PackagePaths.tests.appendingPathComponent("ExportersTests/Goldens")

/// The scenario title of the hostile fixture, as every export must show it.
let hostileTitle = "Quotes \"q\" 'single' : colon -> arrow --> ->> ; semi # hash %% pct <b>bold</b> & amp @startuml end"

@Suite("Mermaid export")
struct MermaidTests {
    @Test("text becomes entity codes where Mermaid would read syntax")
    func escaping() {
        #expect(MermaidExporter.text("a \"b\"; #c %% <d> & `e`") == "a #quot;b#quot;#59; #35;c #37;#37; #lt;d#gt; #amp; #96;e#96;")
        #expect(MermaidExporter.text("line\nbreak\ttab\u{7}bell\u{2028}sep\u{202E}rtl") == "line<br/>break tab bell sep rtl")
        #expect(MermaidExporter.text("日本語 é 🙂 : -> -->> end") == "日本語 é 🙂 : -#gt; --#gt;#gt; end")
    }

    @Test("Login's sequence and flow match the golden files")
    func login() throws {
        let run = try Run(example: "Login")
        Golden.check(MermaidExporter.sequence(run.sequence), against: goldens.appendingPathComponent("Login.sequence.mmd"))
        Golden.check(MermaidExporter.flowchart(run.flow), against: goldens.appendingPathComponent("Login.flow.mmd"))
    }

    @Test("autonumber follows the trace's sequence numbers, restarting after the wiring and data passing it draws as notes")
    func numbering() throws {
        let text = MermaidExporter.sequence(try Run(example: "Login").sequence)
        let numbers = text.split(separator: "\n").compactMap { line -> Int? in
            let words = line.split(separator: " ")
            return words.count == 2 && words[0] == "autonumber" ? Int(words[1]) : nil
        }
        #expect(numbers == [8, 34])
        #expect(text.contains("        Note over p6,p9: 32 · passDataToHome(source:destination:): destination.userID = source.userID → #quot;42#quot;\n"),
                "data passing is a note between the Router and the destination's DataStore, with the Router's method")
    }

    @Test("the Mermaid exports read in a light and a dark theme: translucent boxes, and every filled node names its text colour on a fill that is neither near-white on dark nor near-black")
    func readableInBothThemes() throws {
        let run = try Run(example: "Login")
        let sequence = MermaidExporter.sequence(run.sequence)
        let boxes = sequence.matches(of: /box rgba\(\d+,\d+,\d+,([\d.]+)\)/).map { Double($0.1)! }
        #expect(!boxes.isEmpty && boxes.allSatisfy { $0 <= 0.2 }, "a box is a tint over whatever the page is")
        #expect(!sequence.contains("box rgb("))
        let flow = try String(contentsOf: PackagePaths.tests.appendingPathComponent("ExportersTests/Goldens/Login.flow.mmd"), encoding: .utf8)
        let classes = flow.matches(of: /classDef (\w+) fill:#([0-9a-f]{6}),[^\n]*color:#([0-9a-f]{6})/)
        #expect(classes.map { String($0.1) } == ["visited", "unvisited", "startNode"])
        for match in classes {
            let fill = Int(match.2, radix: 16)!
            let luminance = (0.299 * Double(fill >> 16) + 0.587 * Double((fill >> 8) & 0xff) + 0.114 * Double(fill & 0xff)) / 255
            #expect(luminance > 0.15, "\(match.1)'s fill \(match.2) vanishes on a dark page")
        }
        #expect(flow.matches(of: #/classDef /#).count == flow.matches(of: #/classDef \w+ fill:\#[0-9a-f]{6},[^\n]*color:\#/#).count,
                "every class names its text colour, so the theme's does not land on its fill")
    }

    /// Each line is a statement Mermaid's sequenceDiagram grammar knows, `rect`/`box` blocks close, and no text
    /// holds a raw character that would end or comment out a statement.
    static func checkSequenceSyntax(_ text: String) {
        let statement = #/^( *)(sequenceDiagram|title .+|autonumber( \d+)?|(actor|participant) p\d+ as .+|box rgba\([\d.,]+\) .+|rect rgba\([\d.,]+\)|end|Note over p\d+(,p\d+)?: .+|(activate|deactivate) p\d+|p\d+(->>|-->>|--x|-\)|--\))p\d+: .+)$/#
        var depth = 0
        for line in text.split(separator: "\n") {
            guard let match = line.wholeMatch(of: statement) else {
                Issue.record("not a Mermaid statement: \(line)")
                continue
            }
            let words = match.output.2
            if words.hasPrefix("box ") || words.hasPrefix("rect ") { depth += 1 }
            if words == "end" { depth -= 1 }
            #expect(depth >= 0)
            // What remains of the text once entity codes and line breaks are taken out holds no syntax.
            let text = (line.firstIndex(of: ":") != nil && !words.hasPrefix("box ") ? line[line.firstIndex(of: ":")!...].dropFirst() : line[...])
                .replacingOccurrences(of: #"#(quot|lt|gt|amp|\d+);"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "<br/>", with: "")
            for forbidden: Character in [";", "\"", "<", ">", "#", "%"] {
                #expect(!text.contains(forbidden) || words.hasPrefix("rect ") || words.hasPrefix("box "),
                        "raw \(forbidden) in \(line)")
            }
        }
        #expect(depth == 0)
    }

    @Test("every example and the hostile labels give well-formed statements", arguments: examples + ["hostile-labels"])
    func syntax(_ name: String) throws {
        let run = name == "hostile-labels" ? try Run(Run.hostile) : try Run(example: name)
        Self.checkSequenceSyntax(MermaidExporter.sequence(run.sequence))
    }

    @Test("Mermaid itself renders every example's sequence and flow, and the hostile labels as written",
          .enabled(if: MermaidRenderer.isAvailable, "needs Chromium and .build/test-tools/mermaid.min.js (make test-deps)"))
    func rendered() throws {
        var sources: [String] = []
        for name in examples {
            let run = try Run(example: name)
            sources += [MermaidExporter.sequence(run.sequence), MermaidExporter.flowchart(run.flow)]
        }
        let hostile = try Run(Run.hostile)
        sources += [MermaidExporter.sequence(hostile.sequence), MermaidExporter.flowchart(hostile.flow)]
        let renderings = try MermaidRenderer.render(sources)
        #expect(renderings.count == sources.count)
        for (index, rendering) in renderings.enumerated() {
            #expect(rendering.ok, "\(rendering.error ?? "") in:\n\(sources[index].prefix(400))")
        }
        let texts = try #require(renderings[renderings.count - 2].texts)
        #expect(texts.contains(hostileTitle + " — sequence"))
        #expect(texts.contains("cycle 1 · Form.Submit — Title with \"quotes\", colon: and -> arrow; # %% <i>i</i> &amp; end"))
        #expect(texts.contains("{text: \"ok: \\\"done\\\" -> 完了 #2; %% end\"}"))
        #expect(texts.contains("shows message = \"Error: \\\"bad\\\" -> #1; <script>alert(1)</script…"))
        let login = try #require(renderings[examples.firstIndex(of: "Login")! * 2].texts)
        // And the renderer does report Mermaid's errors: a raw ';' or '#' would end the statement.
        let broken = try MermaidRenderer.render(["sequenceDiagram\n    participant p0 as A\n    p0->>p0 oops\n"])
        #expect(broken.first?.ok == false)
        #expect(broken.first?.error?.contains("Parse error on line 3") == true, "\(broken.first?.error ?? "")")
        #expect(login.contains("32 · passDataToHome(source:destination:): destination.userID = source.userID → \"42\""))
        #expect(login.contains("LoginBusinessLogic.login(request:)"))
        #expect(login.contains("11"), "the sequence numbers drawn are the trace's")
    }
}

@Suite("PlantUML export")
struct PlantUMLTests {
    @Test("text becomes <U+XXXX> where PlantUML would read markup")
    func escaping() {
        #expect(PlantUMLExporter.text("a \"b\" <c> [d] #e @f") == "a <U+0022>b<U+0022> <U+003C>c<U+003E> <U+005B>d<U+005D> <U+0023>e <U+0040>f")
        #expect(PlantUMLExporter.text("--> ** __ line\nbreak") == "<U+002D><U+002D><U+003E> <U+002A><U+002A> <U+005F><U+005F> line\\nbreak")
        #expect(PlantUMLExporter.text("日本語 é : ok") == "日本語 é : ok")
    }

    @Test("Login's sequence matches the golden file")
    func login() throws {
        Golden.check(PlantUMLExporter.sequence(try Run(example: "Login").sequence),
                     against: goldens.appendingPathComponent("Login.sequence.puml"))
    }

    @Test("PlantUML renders every example and the hostile labels without an error, showing the labels as written")
    func rendered() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plantuml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for name in examples + ["hostile-labels"] {
            let run = name == "hostile-labels" ? try Run(Run.hostile) : try Run(example: name)
            for plain in [false, true] {
                let file = "\(name)\(plain ? ".plain" : "").puml"
                try Data(PlantUMLExporter.sequence(run.sequence, plain: plain).utf8).write(to: folder.appendingPathComponent(file))
                files.append(file)
            }
        }
        // -failfast2: stop with a non-zero status at the first diagram with an error.
        let result = try ExternalTool.run("plantuml", ["-tsvg", "-failfast2", "-nometadata"] + files, in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for file in files {
            let svg = try String(contentsOf: folder.appendingPathComponent(file.replacingOccurrences(of: ".puml", with: ".svg")), encoding: .utf8)
            #expect(!svg.contains("Syntax Error"), "\(file)")
        }
        let hostile = try String(contentsOf: folder.appendingPathComponent("hostile-labels.svg"), encoding: .utf8)
        // Graphviz-free, PlantUML's own SVG: the labels as written, XML-escaped.
        let title = hostile.contains(">Quotes \"q\" 'single' : colon -&gt; arrow --&gt; -&gt;&gt; ; semi # hash %% pct &lt;b&gt;bold&lt;/b&gt; &amp; amp @startuml end — sequence</text>")
        #expect(title, "the hostile title, as written")
        let cycle = hostile.contains(">cycle 1 · Form.Submit — Title with \"quotes\", colon: and -&gt; arrow; # %% &lt;i&gt;i&lt;/i&gt; &amp;amp; end</text>")
        #expect(cycle, "the hostile cycle title, as written")
        let error = hostile.contains(">\"Error: \\\"bad\\\" -&gt; #1; &lt;script&gt;alert(1)&lt;/script…</text>")
        #expect(error, "the worker's error, as written")
    }
}

@Suite("Chrome trace export")
struct ChromeTraceTests {
    static func events(_ trace: Trace) throws -> [[String: Any]] {
        let json = ChromeTraceExporter.export(trace)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["displayTimeUnit"] as? String == "ms")
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    @Test("one named track per component, slices nested per track, every message a flow from sender to receiver",
          arguments: examples + ["hostile-labels"])
    func structure(_ name: String) throws {
        let run = name == "hostile-labels" ? try Run(Run.hostile) : try Run(example: name)
        let events = try Self.events(run.trace)
        let threads = events.filter { $0["name"] as? String == "thread_name" }
        let slices = events.filter { $0["ph"] as? String == "X" }
        #expect((threads.first?["args"] as? [String: Any])?["name"] as? String == "User")
        #expect(slices.count == run.trace.events.count + run.trace.cycles.count, "a slice per message and per cycle")
        // Slices on one track nest: each starts after and ends before the one it starts within.
        for (tid, onTrack) in Dictionary(grouping: slices, by: { $0["tid"] as! Int }) {
            var stack: [Int] = []
            for slice in onTrack.sorted(by: { ($0["ts"] as! Int, -($0["dur"] as! Int)) < ($1["ts"] as! Int, -($1["dur"] as! Int)) }) {
                let start = slice["ts"] as! Int, end = start + (slice["dur"] as! Int)
                #expect(end > start)
                while let top = stack.last, top <= start { stack.removeLast() }
                if let top = stack.last { #expect(end <= top, "slice \(slice["name"] ?? "") overlaps its parent on track \(tid)") }
                stack.append(end)
            }
        }
        let starts = events.filter { $0["ph"] as? String == "s" }.map { $0["id"] as! Int }
        let finishes = events.filter { $0["ph"] as? String == "f" }.map { $0["id"] as! Int }
        #expect(starts == finishes)
        #expect(!starts.isEmpty)
    }

    @Test("the Counter's export matches the golden file")
    func golden() throws {
        Golden.check(ChromeTraceExporter.export(try Run(example: "Counter-SwiftUI").trace),
                     against: goldens.appendingPathComponent("Counter-SwiftUI.chrome-trace.json"))
    }

    @Test("the Interactor's request slice encloses its worker call; the hostile title survives JSON")
    func nesting() throws {
        let events = try Self.events(try Run(Run.hostile).trace)
        let process = try #require(events.first { $0["name"] as? String == "process_name" })
        #expect((process["args"] as? [String: Any])?["name"] as? String == hostileTitle + " (clean-swift)")
        let request = try #require(events.first { $0["name"] as? String == "FormBusinessLogic.submit(request:)" })
        let call = try #require(events.first { $0["name"] as? String == "echo(text:)" && $0["cat"] as? String == "workerCall" })
        #expect(request["ts"] as! Int == 10_000 && request["dur"] as! Int == 7_000)
        #expect(call["ts"] as! Int == 11_000 && call["dur"] as! Int == 2_000)
        #expect((call["args"] as? [String: Any])?["at"] as? String == "Tests/ExportersTests/Fixtures/hostile-labels.yml:24:13")
    }
}

@Suite("JSON export")
struct JSONExportTests {
    @Test("one document: the header, participants, steps, cycles, events and end, each the object of its trace line",
          arguments: examples + ["hostile-labels"])
    func document(_ name: String) throws {
        let run = name == "hostile-labels" ? try Run(Run.hostile) : try Run(example: name)
        let document = String(decoding: TraceEncoder.document(run.trace), as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["header", "participants", "steps", "cycles", "events", "end"])
        #expect((object["events"] as? [Any])?.count == run.trace.events.count)
        #expect((object["steps"] as? [Any])?.count == run.trace.steps.count)
        #expect((object["cycles"] as? [Any])?.count == run.trace.cycles.count)
        // Each item is its trace line: events and participants exactly; steps and cycles with their first and last
        // message added.
        let lines = String(decoding: TraceEncoder.encode(run.trace), as: UTF8.self).split(separator: "\n").map(String.init)
        // Items end with the punctuation that joins them: `,` between items, `],` after a list's last.
        let parts = document.split(separator: "\n").map { line -> String in
            var item = String(line)
            if item.hasSuffix(",") { item.removeLast() }
            if item.hasSuffix("}]") { item.removeLast() }
            return item
        }
        #expect(parts.first == "{\"header\":" + lines.first!)
        let kinds = ["{\"participant\":", "{\"seq\":"]
        for prefix in kinds {
            #expect(parts.filter { $0.hasPrefix(prefix) } == lines.filter { $0.hasPrefix(prefix) }, "\(name): \(prefix) lines")
        }
        let markers = lines.filter { $0.hasPrefix("{\"step\":") || $0.hasPrefix("{\"cycle\":") }
        let items = parts.filter { $0.hasPrefix("{\"step\":") || $0.hasPrefix("{\"cycle\":") }
        #expect(items.count == markers.count)
        for (item, line) in zip(items.sorted(), markers.sorted()) { #expect(item.hasPrefix(String(line.dropLast()) + ",\"first\":")) }
        #expect(parts.last == "\"end\":" + lines.last! + "}")
        #expect((object["header"] as? [String: Any])?["scenario"] as? String == run.trace.header.scenario)
    }
}
