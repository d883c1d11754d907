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

/// One measured command: median wall time and the highest peak memory over its runs; or that it was stopped.
struct Measurement {
    var seconds: Double
    var peakMB: Double
    var runs: Int
    /// Set when a run exceeded the time limit and was stopped.
    var stoppedAfter: Double?
}

struct Bench {
    let sceneflow: String
    let work: URL
    var sections: [(title: String, note: String, header: [String], rows: [[String]])] = []

    init(sceneflow: String) {
        self.sceneflow = sceneflow
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    mutating func run() throws {
        try sequenceDiagrams()
    }

    // MARK: - Cases

    /// Sequence diagrams of 100, 1,000 and 5,000 messages: `sceneflow render` (SVG, in-process Graphviz) against
    /// `plantuml -tsvg` on the same diagram exported by `sceneflow export --format plantuml`.
    mutating func sequenceDiagrams() throws {
        let scenario = work.appendingPathComponent("seq.yml").path
        // A user who does many things on each of a few screens: 4 scenes, 180 actions on each.
        try run([sceneflow, "synth", "--scenes", "4", "--steps", "720", "--stay", "180", "-o", scenario])
        try run([sceneflow, "run", scenario, "--out", work.path, "--quiet", "--no-diagrams"])
        let full = try String(contentsOf: work.appendingPathComponent("seq/trace.jsonl"), encoding: .utf8)
        var rows: [[String]] = []
        for size in [100, 1_000, 5_000] {
            let trace = work.appendingPathComponent("seq-\(size).jsonl")
            try Self.prefix(full, messages: size).write(to: trace, atomically: true, encoding: .utf8)
            let puml = work.appendingPathComponent("seq-\(size).puml")
            try run([sceneflow, "export", trace.path, "--format", "plantuml", "--out", puml.path])
            let plain = work.appendingPathComponent("seq-\(size)-plain.puml")
            try run([sceneflow, "export", trace.path, "--format", "plantuml", "--plain", "--out", plain.path])
            let out = work.appendingPathComponent("render-\(size)").path
            let ours = try measure([sceneflow, "render", trace.path, "--diagram", "sequence", "--format", "svg", "--out", out], runs: 7)
            let theirs = try measure(["plantuml", "-tsvg", puml.path], runs: size >= 5_000 ? 1 : 3, limit: 600)
            let theirsPlain = try measure(["plantuml", "-tsvg", plain.path], runs: size >= 5_000 ? 3 : 5, limit: 600)
            rows.append([Self.thousands(size), Self.seconds(ours), Self.megabytes(ours),
                         Self.seconds(theirs), Self.megabytes(theirs), Self.ratio(theirs, ours),
                         Self.seconds(theirsPlain), Self.megabytes(theirsPlain), Self.ratio(theirsPlain, ours)])
        }
        sections.append((
            "Sequence diagram, end to end",
            "`sceneflow render TRACE --diagram sequence --format svg` (read the trace, build and lay out the diagram, "
                + "render with libgvc in process, write the files) against `plantuml -tsvg` on the same diagram "
                + "(`sceneflow export --format plantuml`), and on a plain version of it (`--plain`: the same "
                + "messages without activation bars, cycle groups and colours). Both include process start; PlantUML's "
                + "includes the JVM's. Ratio: PlantUML's time ÷ SceneFlow's.",
            ["messages", "SceneFlow", "peak", "PlantUML (same diagram)", "peak", "ratio",
             "PlantUML (plain: no bars, frames, colours)", "peak", "ratio"], rows))
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

    /// Runs a command `runs` times under GNU time; the median wall time and the maximum peak memory.
    /// A run longer than `limit` seconds is stopped, and the measurement says so.
    func measure(_ command: [String], runs: Int, limit: Double? = nil) throws -> Measurement {
        var seconds: [Double] = []
        var peak = 0.0
        let timing = work.appendingPathComponent("time.txt").path
        for _ in 0..<runs {
            let wrapped = ["/usr/bin/time", "-f", "%e %M", "-o", timing] + (limit.map { ["timeout", "-s", "KILL", "\(Int($0))"] } ?? []) + command
            do {
                try run(wrapped)
            } catch {
                if let limit { return Measurement(seconds: limit, peakMB: peak, runs: seconds.count, stoppedAfter: limit) }
                throw error
            }
            let fields = try String(contentsOfFile: timing, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count >= 2, let wall = Double(fields[fields.count - 2]), let kilobytes = Double(fields[fields.count - 1]) else {
                throw BenchError("cannot read GNU time's output for \(command.joined(separator: " "))")
            }
            seconds.append(wall)
            peak = max(peak, kilobytes / 1024)
        }
        seconds.sort()
        return Measurement(seconds: seconds[seconds.count / 2], peakMB: peak, runs: runs)
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
        return String(format: "%.2f s", m.seconds)
    }
    static func ratio(_ theirs: Measurement, _ ours: Measurement) -> String {
        String(format: theirs.stoppedAfter == nil ? "%.1f×" : "> %.0f×", theirs.seconds / ours.seconds)
    }
    static func megabytes(_ m: Measurement) -> String {
        m.stoppedAfter == nil ? String(format: "%.0f MB", m.peakMB) : "—"
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
            - Each figure is the median wall-clock time of several runs of the whole command, and the highest peak
              resident memory, both from GNU time.
            - Inputs are generated with `sceneflow synth`, so anyone can reproduce them.

            """
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
