import Foundation

/// `make bench`: times SceneFlow's commands end to end (release build), beside the tools users would otherwise
/// use on the same input, and writes the tables to docs/Performance.md.
///
/// Every command runs under GNU time, which reports wall-clock seconds and peak resident memory the same way for
/// every program; each figure is the median of several runs.
@main
struct Benchmark {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        let sceneflow = arguments.first ?? ".build/release/sceneflow"
        var bench = Bench(sceneflow: URL(fileURLWithPath: sceneflow).path)
        try bench.run()
        let report = bench.markdown()
        print(report)
        try report.write(toFile: "docs/Performance.md", atomically: true, encoding: .utf8)
        FileHandle.standardError.write(Data("wrote docs/Performance.md\n".utf8))
    }
}

/// One measured command: median wall time, median CPU time and the highest peak memory over its runs; or that
/// it was stopped or failed.
struct Measurement {
    var seconds: Double
    var cpuSeconds: Double
    var peakMB: Double
    var runs: Int
    /// Set when a run exceeded the time limit and was stopped.
    var stoppedAfter: Double?
    /// Set when the command failed (PlantUML running out of memory, say).
    var failure: String?
}

/// One of the issue's targets, with what was measured.
struct Target {
    var what: String
    var goal: String
    var measured: String
    var met: Bool
}

struct Bench {
    let sceneflow: String
    let work: URL
    var sections: [(title: String, note: String, header: [String], rows: [[String]])] = []
    var targets: [Target] = []

    init(sceneflow: String) {
        self.sceneflow = sceneflow
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    mutating func run() throws {
        defer { try? FileManager.default.removeItem(at: work) }
        try startup()
        try seedRuns()
        try loading()
        try importing()
        try sequenceDiagrams()
        try dependencyDiagrams()
        try longRuns()
        // Last: gigabytes of trace leave the kernel writing back long after, which would slow what came next.
        try engine()
    }

    static func log(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    // MARK: - Cases

    /// `sceneflow --help`: process start, argument parsing, help text.
    mutating func startup() throws {
        Self.log("start-up")
        let help = try measure([sceneflow, "--help"], runs: 21)
        sections.append(("Start-up", "`sceneflow --help`: process start, dynamic linking, argument parsing.",
                         ["command", "time", "peak"], [["`sceneflow --help`", Self.milliseconds(help), Self.megabytes(help)]]))
    }

    /// `sceneflow run` on every example scenario: load, validate, run, trace, four diagrams in SVG, the HTML report.
    mutating func seedRuns() throws {
        Self.log("example runs")
        var rows: [[String]] = []
        var slowest = 0.0
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: "Scenarios").filter { $0.hasSuffix(".yml") }.sorted()
        for file in scenarios {
            let out = work.appendingPathComponent("seed").path
            let m = try measure([sceneflow, "run", "Scenarios/\(file)", "--out", out, "--quiet"], runs: 11)
            let trace = work.appendingPathComponent("seed/\(file.dropLast(4))/trace.jsonl")
            let messages = try Self.messages(in: trace)
            rows.append(["`\(file)`", Self.thousands(messages), Self.milliseconds(m), Self.megabytes(m)])
            slowest = max(slowest, m.seconds)
        }
        sections.append(("Every example, end to end",
                         "`sceneflow run Scenarios/X.yml --quiet`: load and validate, run, stream the trace, lay out and render the "
                            + "sequence, dependency, flow and cycle diagrams to SVG with libgvc, write the HTML report.",
                         ["scenario", "messages", "time", "peak"], rows))
        targets.append(Target(what: "`sceneflow run` on every example", goal: "< 0.2 s each",
                              measured: String(format: "slowest %.0f ms", slowest * 1000), met: slowest < 0.2))
    }

    /// `sceneflow validate` on generated scenarios of about 1k, 10k and 100k lines.
    mutating func loading() throws {
        Self.log("load + validate")
        var rows: [[String]] = []
        for (lines, scenes) in [(1_000, 5), (10_000, 40), (100_000, 400)] {
            let file = work.appendingPathComponent("load-\(lines).yml")
            // The scenes first, then story steps (two lines each) up to the size.
            try run([sceneflow, "synth", "--scenes", "\(scenes)", "--steps", "0", "-o", file.path])
            let base = try Self.lineCount(file)
            let steps = max(0, (lines - base) / 2)
            try run([sceneflow, "synth", "--scenes", "\(scenes)", "--steps", "\(steps)", "-o", file.path])
            let actual = try Self.lineCount(file)
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            let m = try measure([sceneflow, "validate", file.path, "--max-file-size", "100000000"], runs: lines >= 100_000 ? 5 : 11)
            rows.append([Self.thousands(actual), "\(scenes)", Self.thousands(steps), String(format: "%.1f MB", Double(size) / 1e6),
                         Self.milliseconds(m), Self.megabytes(m)])
            if lines == 10_000 {
                targets.append(Target(what: "load + validate, 10k lines", goal: "< 250 ms",
                                      measured: Self.milliseconds(m), met: m.seconds < 0.25))
            }
        }
        sections.append(("Load and validate",
                         "`sceneflow validate FILE` on `sceneflow synth` scenarios: YAML parsing (libyaml through Yams), reading "
                            + "into the model with source positions, type and name checks, every diagnostic. Includes process start.",
                         ["lines", "scenes", "story steps", "size", "time", "peak"], rows))
    }

    /// `sceneflow import` on a generated Clean Swift app of 100 and 1,000 Swift files (five per scene, in the
    /// current templates' shape: models, Interactor with a worker and DataStore, Presenter, View Controller, Router).
    mutating func importing() throws {
        Self.log("import")
        var rows: [[String]] = []
        for scenes in [20, 200] {
            let folder = work.appendingPathComponent("app-\(scenes)")
            try Self.writeApp(scenes: scenes, to: folder)
            let output = work.appendingPathComponent("imported-\(scenes).yml")
            let m = try measure([sceneflow, "import", folder.path, "-o", output.path, "--force"], runs: 5)
            let lines = try Self.lineCount(output)
            rows.append([Self.thousands(scenes * 5), "\(scenes)", Self.thousands(lines), Self.milliseconds(m), Self.megabytes(m)])
            if scenes == 200 {
                targets.append(Target(what: "import of 1,000 Swift files", goal: "< 3 s", measured: Self.seconds(m), met: m.seconds < 3))
            }
        }
        sections.append(("Import",
                         "`sceneflow import DIR -o FILE`: read and parse every Swift file with swift-syntax, recognise the scenes, "
                            + "write the scenario and validate it (placeholders and all). Includes process start.",
                         ["Swift files", "scenes", "scenario lines", "time", "peak"], rows))
    }

    /// A Clean Swift app of `scenes` scenes, each routing to the next, written as the current templates write it.
    static func writeApp(scenes: Int, to folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        for index in 1...scenes {
            let name = "Scene\(index)", next = "Scene\(index % scenes + 1)"
            let scene = folder.appendingPathComponent("Scenes/\(name)")
            try FileManager.default.createDirectory(at: scene, withIntermediateDirectories: true)
            let files = [
                "Models": """
                    import UIKit

                    enum \(name) {
                      enum Load {
                        struct Request { var page: Int }
                        struct Response { var items: [String]; var page: Int }
                        struct ViewModel { var title: String; var count: Int }
                      }
                    }
                    """,
                "Interactor": """
                    import UIKit

                    protocol \(name)BusinessLogic { func load(request: \(name).Load.Request) }
                    protocol \(name)DataStore { var items: [String] { get set } }

                    class \(name)Worker {
                      func fetch(page: Int, completion: @escaping ([String]) -> Void) { completion([]) }
                    }

                    class \(name)Interactor: \(name)BusinessLogic, \(name)DataStore {
                      var presenter: \(name)PresentationLogic?
                      var worker = \(name)Worker()
                      var items: [String] = []

                      func load(request: \(name).Load.Request) {
                        worker.fetch(page: request.page) { items in
                          self.items = items
                          let response = \(name).Load.Response(items: items, page: request.page)
                          self.presenter?.presentLoad(response: response)
                        }
                      }
                    }
                    """,
                "Presenter": """
                    import UIKit

                    protocol \(name)PresentationLogic { func presentLoad(response: \(name).Load.Response) }

                    class \(name)Presenter: \(name)PresentationLogic {
                      weak var viewController: \(name)DisplayLogic?
                      func presentLoad(response: \(name).Load.Response) {
                        let viewModel = \(name).Load.ViewModel(title: "Page \\(response.page)", count: response.items.count)
                        viewController?.displayLoad(viewModel: viewModel)
                      }
                    }
                    """,
                "ViewController": """
                    import UIKit

                    protocol \(name)DisplayLogic: AnyObject { func displayLoad(viewModel: \(name).Load.ViewModel) }

                    class \(name)ViewController: UIViewController, \(name)DisplayLogic {
                      var interactor: \(name)BusinessLogic?
                      var router: (NSObjectProtocol & \(name)RoutingLogic & \(name)DataPassing)?
                      override func viewDidLoad() {
                        super.viewDidLoad()
                        interactor?.load(request: \(name).Load.Request(page: 1))
                      }
                      func displayLoad(viewModel: \(name).Load.ViewModel) { title = viewModel.title }
                      @IBAction func next(_ sender: Any) { router?.routeTo\(next)(segue: nil) }
                    }
                    """,
                "Router": """
                    import UIKit

                    @objc protocol \(name)RoutingLogic { func routeTo\(next)(segue: UIStoryboardSegue?) }
                    protocol \(name)DataPassing { var dataStore: \(name)DataStore? { get } }

                    class \(name)Router: NSObject, \(name)RoutingLogic, \(name)DataPassing {
                      weak var viewController: \(name)ViewController?
                      var dataStore: \(name)DataStore?
                      func routeTo\(next)(segue: UIStoryboardSegue?) {
                        let destination = \(next)ViewController()
                        var destinationDS = destination.router!.dataStore!
                        passDataTo\(next)(source: dataStore!, destination: &destinationDS)
                        navigateTo\(next)(source: viewController!, destination: destination)
                      }
                      func navigateTo\(next)(source: \(name)ViewController, destination: \(next)ViewController) {
                        source.show(destination, sender: nil)
                      }
                      func passDataTo\(next)(source: \(name)DataStore, destination: inout \(next)DataStore) {
                        destination.items = source.items
                      }
                    }
                    """,
            ]
            for (kind, text) in files {
                try Data(text.utf8).write(to: scene.appendingPathComponent("\(name)\(kind).swift"))
            }
        }
    }

    /// Runs of 10⁴ … 10⁷ messages from one small file (`repeat:`), the trace streamed to disk.
    mutating func engine() throws {
        Self.log("engine")
        let scenario = work.appendingPathComponent("engine.yml")
        // Ten scenes in a ring walked ten times a pass: the walk closes, so the story repeats as it is.
        try run([sceneflow, "synth", "--scenes", "10", "--steps", "100", "-o", scenario.path])
        let out = work.appendingPathComponent("engine-out")
        let trace = out.appendingPathComponent("engine/trace.jsonl")
        try run([sceneflow, "run", scenario.path, "--out", out.path, "--quiet", "--no-diagrams"])
        let perPass = try Self.messages(in: trace)
        var rows: [[String]] = []
        for target in [10_000, 100_000, 1_000_000, 10_000_000] {
            let repeats = max(1, Int((Double(target) / Double(perPass)).rounded()))
            let file = work.appendingPathComponent("engine-\(target).yml")
            try run([sceneflow, "synth", "--scenes", "10", "--steps", "100", "--repeat", "\(repeats)", "-o", file.path])
            let folder = work.appendingPathComponent("engine-\(target)")
            let m = try measure([sceneflow, "run", file.path, "--out", folder.path, "--quiet", "--no-diagrams",
                                 "--max-messages", "100000000"],
                                runs: target >= 10_000_000 ? 3 : 5,
                                prepare: {
                                    // Each run starts with the last one's trace gone and written back.
                                    try? FileManager.default.removeItem(at: folder)
                                    sync()
                                })
            let written = folder.appendingPathComponent("engine-\(target)/trace.jsonl")
            let messages = try Self.messages(in: written)
            let bytes = (try FileManager.default.attributesOfItem(atPath: written.path)[.size] as? Int) ?? 0
            try? FileManager.default.removeItem(at: folder)
            let rate = Double(messages) / m.seconds
            rows.append([Self.thousands(messages), Self.seconds(m), String(format: "%.2f s", m.cpuSeconds),
                         Self.thousands(Int(rate)), Self.thousands(Int(Double(messages) / m.cpuSeconds)),
                         Self.megabytes(m), String(format: "%.0f MB", Double(bytes) / 1e6)])
            if target == 10_000_000 {
                targets.append(Target(what: "engine throughput, 10⁷ messages, trace on disk", goal: "≥ 1,000,000 msg/s",
                                      measured: "\(Self.thousands(Int(rate))) msg/s (\(Self.thousands(Int(Double(messages) / m.cpuSeconds))) per CPU-second)",
                                      met: rate >= 1_000_000))
                targets.append(Target(what: "engine peak memory, 10⁷ messages", goal: "< 64 MB",
                                      measured: Self.megabytes(m), met: m.peakMB < 64))
            }
        }
        // The same largest run with the trace in memory (tmpfs), when there is room: the engine and encoder
        // without the disk.
        let shm = URL(fileURLWithPath: "/dev/shm")
        if let free = (try? FileManager.default.attributesOfFileSystem(forPath: shm.path))?[.systemFreeSize] as? Int,
           free > 8_000_000_000 {
            let repeats = max(1, Int((10_000_000 / Double(perPass)).rounded()))
            let file = work.appendingPathComponent("engine-10000000.yml")
            let folder = shm.appendingPathComponent("sceneflow-bench-\(ProcessInfo.processInfo.processIdentifier)")
            try run([sceneflow, "synth", "--scenes", "10", "--steps", "100", "--repeat", "\(repeats)", "-o", file.path])
            let m = try measure([sceneflow, "run", file.path, "--out", folder.path, "--quiet", "--no-diagrams",
                                 "--max-messages", "100000000"], runs: 3,
                                prepare: {
                                    try? FileManager.default.removeItem(at: folder)
                                    sync()
                                })
            let written = folder.appendingPathComponent("engine-10000000/trace.jsonl")
            let messages = try Self.messages(in: written)
            try? FileManager.default.removeItem(at: folder)
            rows.append([Self.thousands(messages) + " (trace on tmpfs)", Self.seconds(m), String(format: "%.2f s", m.cpuSeconds),
                         Self.thousands(Int(Double(messages) / m.seconds)), Self.thousands(Int(Double(messages) / m.cpuSeconds)),
                         Self.megabytes(m), "in memory"])
        }
        sections.append(("Engine throughput",
                         "`sceneflow run FILE --no-diagrams --quiet`: a `synth --scenes 10 --steps 100 --repeat N` scenario "
                            + "(\(Self.thousands(perPass)) messages a pass), every event encoded as JSON and streamed to the trace file. "
                            + "Messages per second over the whole command's wall time (start, load and writing included; no fsync), "
                            + "and per CPU-second (user + system, both threads). Peak memory must not grow with the trace.",
                         ["messages", "wall", "CPU", "msg/s (wall)", "msg/s (CPU)", "peak", "trace"], rows))
    }

    /// Sequence diagrams of 100, 1,000, 5,000 and 20,000 messages: `sceneflow render` (SVG, in-process Graphviz)
    /// against `plantuml -tsvg` on the same diagram exported by `sceneflow export --format plantuml`.
    mutating func sequenceDiagrams() throws {
        Self.log("sequence diagrams")
        let scenario = work.appendingPathComponent("seq.yml").path
        // A user who does many things on each of a few screens: 4 scenes, 180 actions on each.
        try run([sceneflow, "synth", "--scenes", "4", "--steps", "2880", "--stay", "180", "-o", scenario])
        try run([sceneflow, "run", scenario, "--out", work.path, "--quiet", "--no-diagrams"])
        let full = try String(contentsOf: work.appendingPathComponent("seq/trace.jsonl"), encoding: .utf8)
        var rows: [[String]] = []
        for size in [100, 1_000, 5_000, 20_000] {
            Self.log("  \(size) messages")
            let trace = work.appendingPathComponent("seq-\(size).jsonl")
            try Self.prefix(full, messages: size).write(to: trace, atomically: true, encoding: .utf8)
            let puml = work.appendingPathComponent("seq-\(size).puml")
            try run([sceneflow, "export", trace.path, "--format", "plantuml", "-o", puml.path])
            let plain = work.appendingPathComponent("seq-\(size)-plain.puml")
            try run([sceneflow, "export", trace.path, "--format", "plantuml", "--plain", "-o", plain.path])
            let out = work.appendingPathComponent("render-\(size)").path
            let ours = try measure([sceneflow, "render", trace.path, "--diagram", "sequence", "--image-format", "svg", "--out", out],
                                   runs: size >= 20_000 ? 3 : 7)
            let limit = size >= 20_000 ? 180.0 : 600.0
            let theirs = try measure(["plantuml", "-tsvg", puml.path], runs: size >= 5_000 ? 1 : 3, limit: limit)
            let theirsPlain = try measure(["plantuml", "-tsvg", plain.path], runs: size >= 5_000 ? 1 : 5, limit: limit)
            // Graphviz's own CLI on the DOT SceneFlow wrote, every page in one process.
            let folder = URL(fileURLWithPath: out).appendingPathComponent("seq")
            // The pages (`sequence-N.dot`), or the one diagram; not the index of pages, which is no sequence.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".dot") }
            let pageNames = names.filter { $0.hasPrefix("sequence-") && Int($0.dropFirst("sequence-".count).dropLast(4)) != nil }
            let dots = (pageNames.isEmpty ? ["sequence.dot"] : pageNames).sorted().map { folder.appendingPathComponent($0).path }
            let neato = try measure(["neato", "-n2", "-Tsvg", "-O"] + dots, runs: size >= 20_000 ? 3 : 5)
            rows.append([Self.thousands(size), "\(dots.count)", Self.seconds(ours), Self.megabytes(ours),
                         Self.seconds(neato), String(format: "%.2f×", ours.seconds / neato.seconds),
                         Self.seconds(theirs), Self.megabytes(theirs), Self.ratio(theirs, ours),
                         Self.seconds(theirsPlain), Self.megabytes(theirsPlain), Self.ratio(theirsPlain, ours)])
            if size == 5_000 || size == 20_000 {
                let goal = size == 5_000 ? 0.35 : 1.0
                targets.append(Target(what: "sequence diagram, \(Self.thousands(size)) messages, all pages", goal: String(format: "< %.2g s", goal),
                                      measured: Self.seconds(ours), met: ours.seconds < goal))
            }
            switch size {
            case 1_000, 5_000:
                let goal = size == 1_000 ? 0.25 : 0.5
                targets.append(Target(what: "sequence diagram, \(Self.thousands(size)) messages", goal: String(format: "< %.2g s", goal),
                                      measured: Self.seconds(ours), met: ours.seconds < goal))
                let ratio = Self.speedup(theirs, ours)
                targets.append(Target(what: "… beside PlantUML, \(Self.thousands(size)) messages", goal: "≥ 10× faster",
                                      measured: Self.ratio(theirs, ours), met: ratio.map { $0 >= 10 } ?? true))
                targets.append(Target(what: "… peak memory, \(Self.thousands(size)) messages", goal: "< 100 MB",
                                      measured: Self.megabytes(ours), met: ours.peakMB < 100))
            default: break
            }
        }
        sections.append((
            "Sequence diagram, end to end",
            "`sceneflow render TRACE --diagram sequence --image-format svg` (read the trace, build and lay out the diagram, "
                + "render with libgvc in process, write the files) against `plantuml -tsvg` on the same diagram "
                + "(`sceneflow export --format plantuml`), and on a plain version of it (`--plain`: the same "
                + "messages without activation bars, cycle groups and colours). Both include process start; PlantUML's "
                + "includes the JVM's. Ratio: PlantUML's time ÷ SceneFlow's. `neato -n2`: Graphviz's CLI rendering the DOT "
                + "SceneFlow wrote (every page, one process): the share of the time that is Graphviz's own. PlantUML runs with its default heap; a run "
                + "that fails (out of memory) or passes the time limit is marked so.",
            ["messages", "pages", "SceneFlow", "peak", "`neato -n2` on its DOT", "SceneFlow ÷ neato", "PlantUML (same diagram)", "peak", "ratio",
             "PlantUML (plain: no bars, frames, colours)", "peak", "ratio"], rows))
    }

    /// Dependency diagrams of 50 and 200 scenes: `sceneflow render` against Graphviz's own CLI (`neato -n2`, the
    /// engine SceneFlow uses in process) rendering the very DOT SceneFlow wrote.
    mutating func dependencyDiagrams() throws {
        Self.log("dependency diagrams")
        var rows: [[String]] = []
        for scenes in [50, 200] {
            let scenario = work.appendingPathComponent("deps\(scenes).yml").path
            try run([sceneflow, "synth", "--scenes", "\(scenes)", "--steps", "\(scenes)", "-o", scenario])
            try run([sceneflow, "run", scenario, "--out", work.path, "--quiet", "--no-diagrams"])
            let trace = work.appendingPathComponent("deps\(scenes)/trace.jsonl").path
            let out = work.appendingPathComponent("deps-render-\(scenes)").path
            let ours = try measure([sceneflow, "render", trace, "--diagram", "dependencies", "--image-format", "svg", "--out", out], runs: 7)
            let dot = "\(out)/deps\(scenes)/dependencies.dot"
            let theirs = try measure(["neato", "-n2", "-Tsvg", dot, "-o", work.appendingPathComponent("cli.svg").path], runs: 7)
            rows.append(["\(scenes)", Self.seconds(ours), Self.megabytes(ours), Self.seconds(theirs), Self.megabytes(theirs),
                         String(format: "%.2f×", theirs.seconds / ours.seconds)])
            if scenes == 200 {
                targets.append(Target(what: "dependency diagram, 200 scenes", goal: "< 2 s", measured: Self.seconds(ours),
                                      met: ours.seconds < 2))
            }
        }
        sections.append(("Dependency diagram",
                         "`sceneflow render TRACE --diagram dependencies --image-format svg` (read the trace and the scenario, lay out, "
                            + "render in process) against `neato -n2 -Tsvg` (Graphviz's CLI with the engine SceneFlow uses) "
                            + "on the DOT SceneFlow wrote. Ratio: the CLI's time ÷ SceneFlow's; the CLI starts from "
                            + "finished DOT, SceneFlow from the trace and the scenario: profiled at 200 scenes, a quarter of "
                            + "SceneFlow's time is parsing the 200-scene scenario's YAML, a tenth reading the trace, a tenth "
                            + "building the DOT, and Graphviz's own layout and rendering about a fifth.",
                         ["scenes", "SceneFlow", "peak", "`neato -n2` on the same DOT", "peak", "ratio"], rows))
    }

    /// Runs as users make them, with default flags: a real-app-sized story with PNG, and synthetic stories of
    /// 135,000 and 1,000,000 messages; then drawing and exporting the longest trace again.
    mutating func longRuns() throws {
        Self.log("long runs")
        var rows: [[String]] = []
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for name in ["CleanStore", "Shop"] {
            let out = work.appendingPathComponent("real-\(name)").path
            let m = try measure([sceneflow, "run", root.appendingPathComponent("Scenarios/\(name).yml").path, "--out", out, "--quiet",
                                 "--image-format", "svg,png"], runs: 3)
            let messages = try Self.messages(in: URL(fileURLWithPath: "\(out)/\(name)/trace.jsonl"))
            rows.append(["`run Scenarios/\(name).yml --image-format svg,png`", Self.thousands(messages), Self.seconds(m), Self.megabytes(m)])
            if name == "CleanStore" {
                targets.append(Target(what: "a real app's run (CleanStore, \(messages) messages) with SVG and PNG", goal: "< 1 s",
                                      measured: Self.seconds(m), met: m.seconds < 1))
            }
        }
        var longest: URL?
        for (repeats, label) in [(293, "135k"), (2_170, "1M")] {
            let scenario = work.appendingPathComponent("long-\(label).yml")
            try run([sceneflow, "synth", "--scenes", "10", "--steps", "20", "--repeat", "\(repeats)", "-o", scenario.path])
            let out = work.appendingPathComponent("long-\(label)")
            let m = try measure([sceneflow, "run", scenario.path, "--out", out.path, "--quiet", "--max-messages", "2000000"], runs: 3,
                                prepare: { try? FileManager.default.removeItem(at: out) })
            let trace = out.appendingPathComponent("long-\(label)/trace.jsonl")
            let messages = try Self.messages(in: trace)
            rows.append(["`run` (all diagrams, report), synthetic", Self.thousands(messages), Self.seconds(m), Self.megabytes(m)])
            if label == "135k" {
                targets.append(Target(what: "a \(Self.thousands(messages))-message run, default flags", goal: "peak < 400 MB",
                                      measured: "\(Self.seconds(m)), \(Self.megabytes(m))", met: m.peakMB < 400))
            } else {
                targets.append(Target(what: "a \(Self.thousands(messages))-message run (limit raised)", goal: "< 60 s, peak < 500 MB",
                                      measured: "\(Self.seconds(m)), \(Self.megabytes(m))", met: m.seconds < 60 && m.peakMB < 500))
                longest = trace
            }
        }
        if let longest {
            let messages = try Self.messages(in: longest)
            var worst = 0.0
            let commands: [(String, [String])] = [
                ("`render` (all diagrams)", ["render", longest.path, "--out", work.appendingPathComponent("long-render").path]),
                ("`export --format chrome-trace`", ["export", longest.path, "--format", "chrome-trace", "-o", work.appendingPathComponent("long.json").path]),
                ("`export --format json`", ["export", longest.path, "--format", "json", "-o", work.appendingPathComponent("long-doc.json").path]),
                ("`export --format mermaid`", ["export", longest.path, "--format", "mermaid", "-o", work.appendingPathComponent("mmd/long.mmd").path]),
                ("`export --format plantuml`", ["export", longest.path, "--format", "plantuml", "-o", work.appendingPathComponent("long.puml").path]),
            ]
            for (what, arguments) in commands {
                let m = try measure([sceneflow] + arguments, runs: 1)
                worst = max(worst, m.peakMB)
                rows.append([what + " of that trace", Self.thousands(messages), Self.seconds(m), Self.megabytes(m)])
            }
            targets.append(Target(what: "`render` and every export of a \(Self.thousands(messages))-message trace", goal: "peak < 500 MB",
                                  measured: String(format: "at most %.0f MB", worst), met: worst < 500))
        }
        sections.append(("Long runs, default flags",
                         "Whole commands as a user types them. A run keeps only the messages its sequence diagram and report draw "
                            + "(`--max-diagram-messages`, 20,000) and counts the rest for the dependency, flow and cycle diagrams; "
                            + "`render` reads a trace a megabyte at a time; the Chrome trace and JSON exports are written as the "
                            + "trace is read. Synthetic stories: `synth --scenes 10 --steps 20 --repeat N`.",
                         ["command", "messages", "wall", "peak"], rows))
    }

    // MARK: - Measuring

    /// The trace's header and events up to the `messages`-th event drawn as a message.
    static func prefix(_ trace: String, messages: Int) -> String {
        var lines: [Substring] = []
        var count = 0
        let notMessages = ["\"kind\":\"cycleStart\"", "\"kind\":\"cycleEnd\"", "\"kind\":\"configure\""]
        for line in trace.split(separator: "\n") {
            if line.hasPrefix("{\"end\"") { break }
            if line.hasPrefix("{\"seq\"") && !notMessages.contains(where: { line.contains($0) }) {
                if count == messages { break }
                count += 1
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs a command `runs` times under GNU time; the median wall and CPU time and the maximum peak memory.
    /// A run longer than `limit` seconds is stopped, and the measurement says so; a failing run is reported
    /// when a limit is given (the tools compared against may fail), thrown otherwise.
    func measure(_ command: [String], runs: Int, limit: Double? = nil, prepare: () -> Void = {}) throws -> Measurement {
        var seconds: [Double] = []
        var cpu: [Double] = []
        var peak = 0.0
        let timing = work.appendingPathComponent("time.txt").path
        for _ in 0..<runs {
            prepare()
            let wrapped = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", timing]
                + (limit.map { ["timeout", "-s", "KILL", "\(Int($0))"] } ?? []) + command
            do {
                try run(wrapped)
            } catch {
                guard let limit else { throw error }
                let elapsed = (try? String(contentsOfFile: timing, encoding: .utf8))?
                    .split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }.first ?? 0
                if elapsed >= limit - 1 {
                    return Measurement(seconds: limit, cpuSeconds: 0, peakMB: peak, runs: seconds.count, stoppedAfter: limit)
                }
                return Measurement(seconds: elapsed, cpuSeconds: 0, peakMB: peak, runs: seconds.count,
                                   failure: "failed after \(String(format: "%.0f", elapsed)) s")
            }
            // GNU time writes "Command exited with non-zero status" first when it does; the figures are last.
            let fields = try String(contentsOfFile: timing, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count >= 4, let wall = Double(fields[fields.count - 4]), let user = Double(fields[fields.count - 3]),
                  let system = Double(fields[fields.count - 2]), let kilobytes = Double(fields[fields.count - 1]) else {
                throw BenchError("cannot read GNU time's output for \(command.joined(separator: " "))")
            }
            seconds.append(wall)
            cpu.append(user + system)
            peak = max(peak, kilobytes / 1024)
        }
        seconds.sort()
        cpu.sort()
        return Measurement(seconds: seconds[seconds.count / 2], cpuSeconds: cpu[cpu.count / 2], peakMB: peak, runs: runs)
    }

    /// The message count on a trace's last line.
    static func messages(in trace: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: trace)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        let tail = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        guard let last = tail.split(separator: "\n").last, let range = last.range(of: "\"messages\":"),
              let count = Int(last[range.upperBound...].prefix { $0.isNumber }) else {
            throw BenchError("\(trace.path) has no end line")
        }
        return count
    }

    static func lineCount(_ file: URL) throws -> Int {
        try Data(contentsOf: file).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    @discardableResult
    func run(_ command: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(command.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Report

    static func seconds(_ m: Measurement) -> String {
        if let stopped = m.stoppedAfter { return String(format: "stopped after %.0f s", stopped) }
        if let failure = m.failure { return failure }
        return String(format: "%.2f s", m.seconds)
    }
    static func milliseconds(_ m: Measurement) -> String { String(format: "%.0f ms", m.seconds * 1000) }
    /// How many times faster SceneFlow was; nil when the other tool did not finish (then: at least the ratio shown).
    static func speedup(_ theirs: Measurement, _ ours: Measurement) -> Double? {
        theirs.stoppedAfter == nil && theirs.failure == nil ? theirs.seconds / ours.seconds : nil
    }
    static func ratio(_ theirs: Measurement, _ ours: Measurement) -> String {
        if theirs.failure != nil { return "—" }
        return String(format: theirs.stoppedAfter == nil ? "%.1f×" : "> %.0f×", theirs.seconds / ours.seconds)
    }
    static func megabytes(_ m: Measurement) -> String {
        m.stoppedAfter == nil && m.failure == nil ? String(format: "%.0f MB", m.peakMB) : "—"
    }
    static func thousands(_ n: Int) -> String {
        let digits = String(n)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(character)
        }
        return result
    }

    func machine() -> String {
        var name = utsname()
        uname(&name)
        let field = { (value: Any) -> String in
            Mirror(reflecting: value).children.compactMap { $0.value as? CChar }.prefix { $0 != 0 }
                .map { String(UnicodeScalar(UInt8(bitPattern: $0))) }.joined()
        }
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let plantuml = (try? run(["plantuml", "-version"]))?.split(separator: "\n").first.map(String.init) ?? "plantuml not found"
        return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine)), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu); \(plantuml)"
    }

    func markdown() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        var out = """
            # Performance

            Measured by `make bench` (the `sceneflow-bench` harness, release build) on \(formatter.string(from: Date())).

            - Machine: \(machine())
            - Command: `make bench` (builds `sceneflow` and the harness in release mode, then runs
              `.build/release/sceneflow-bench .build/release/sceneflow` from the package folder).
            - Each figure is the median wall-clock time of several runs of the whole command, and the highest peak
              resident memory, both from GNU time.
            - Inputs are generated with `sceneflow synth`, so anyone can reproduce them.

            ## Targets

            | what | target | measured | |
            |---|---|---|---|

            """
        for target in targets {
            out += "| \(target.what) | \(target.goal) | \(target.measured) | \(target.met ? "met" : "**missed**") |\n"
        }
        for section in sections {
            out += "\n## \(section.title)\n\n\(section.note)\n\n"
            out += "| " + section.header.joined(separator: " | ") + " |\n"
            out += "|" + section.header.map { _ in "---:" }.joined(separator: "|") + "|\n"
            for row in section.rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        }
        return out
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
