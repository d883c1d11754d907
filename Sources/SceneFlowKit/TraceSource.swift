import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import TraceFormat
import TraceReading

/// A trace to work from: read from a `.jsonl` file, or made by running a scenario (in memory), with its scenario
/// when that can be had safely.
///
/// A trace names the scenario it was recorded from, and traces travel (they are committed, shared, rendered in CI),
/// so that name is not trusted: the file is read only when it is a regular `.yml`/`.yaml` file whose SHA-256 is the
/// one the trace records, or when the user names it with `scenario:` (`--scenario FILE`). Anything else is said in
/// `notes`, and nothing of a file that is not the scenario is ever shown.
public struct TraceSource {
    public var trace: Trace
    /// The scenario, when it could be loaded.
    public var scenario: Scenario?
    public var diagnostics: [Diagnostic]
    /// What the reader should know: the scenario is missing, has changed, or is not a scenario file.
    public var notes: [String] = []
    /// Every message counted, when `trace` keeps only the first ones (`keepingEvents`).
    public var tally: TraceTally?

    /// Reads `path` as a trace if it ends in `.jsonl`, otherwise loads and runs it as a scenario. For a trace,
    /// `scenarioPath` names its scenario explicitly.
    /// With `keepingEvents`, only the first messages are kept and all are counted in `tally`: a long trace is read a
    /// chunk at a time, in memory that does not grow with it. Without `readsNamedScenario`, such a trace's scenario is
    /// read only when `scenarioPath` names it (for drawings that need none).
    public static func load(_ path: String, scenario scenarioPath: String? = nil, loader: ScenarioLoader = ScenarioLoader(),
                            options: EngineOptions = EngineOptions(), keepingEvents keep: Int? = nil,
                            readsNamedScenario: Bool = true) throws -> TraceSource {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure("file/not-found", "no such file: \(path)") }
        guard path.hasSuffix(".jsonl") else {
            let loaded = Pipeline.check(path, loader: loader)
            guard let scenario = loaded.scenario else {
                throw Failure(loaded.diagnostics)
            }
            let recorded = try Pipeline.record(scenario, options: options, keepingEvents: keep)
            var diagnostics = loaded.diagnostics
            if let error = recorded.summary.error { diagnostics.append(error.diagnostic) }
            return TraceSource(trace: recorded.trace, scenario: scenario, diagnostics: diagnostics, tally: recorded.tally)
        }
        if let keep, TraceReader.header(of: URL(fileURLWithPath: path))?.version ?? 1 >= 2 {
            _ = try readRegularFile(path, limit: Self.largestTrace, contents: false)
            let trace: Trace, tally: TraceTally
            do {
                (trace, tally) = try TraceReader.read(contentsOf: URL(fileURLWithPath: path), keepingEvents: keep)
            } catch let failure as TraceReader.Failure {
                throw Failure("trace/invalid", failure.message, at: SourceLocation(file: path, line: failure.line, column: 1))
            }
            var source = TraceSource(trace: trace, scenario: nil, diagnostics: [], tally: tally)
            if readsNamedScenario || scenarioPath != nil { source.findScenario(scenarioPath, tracePath: path, loader: loader) }
            return source
        }
        let data = try readRegularFile(path, limit: Self.largestTrace)
        var trace: Trace
        do {
            trace = try TraceReader.read(data)
        } catch let failure as TraceReader.Failure {
            throw Failure("trace/invalid", failure.message, at: SourceLocation(file: path, line: failure.line, column: 1))
        }
        var source = TraceSource(trace: trace, scenario: nil, diagnostics: [])
        source.findScenario(scenarioPath, tracePath: path, loader: loader)
        // A format-1 trace names routes by method: the scenario knows their names.
        if data.starts(with: Array(#"{"sceneflowTrace":1"#.utf8)), let scenario = source.scenario {
            trace = try TraceReader.read(data, routeName: scenario.routeNamer)
            source.trace = trace
        }
        return source
    }

    /// Loads the scenario named by the user, or else the one the trace names when that is safe.
    private mutating func findScenario(_ scenarioPath: String?, tracePath: String, loader: ScenarioLoader) {
        if let scenarioPath {
            let loaded = Pipeline.check(scenarioPath, loader: loader)
            diagnostics = loaded.diagnostics
            scenario = loaded.scenario
            if let scenario = loaded.scenario, let recorded = trace.header.scenarioSHA256, scenario.sha256 != recorded {
                notes.append("\(scenarioPath) is not the scenario the trace was recorded from (its SHA-256 differs); using it as given")
            }
        } else {
            scenarioNamedByTrace(tracePath: tracePath, loader: loader)
        }
    }

    /// Where the scenario a trace names may be: the path as recorded (relative to the folder `run` ran in), then
    /// that path from the trace's own folder and each folder above it, so a trace read from anywhere finds its
    /// scenario (`Output/Login/trace.jsonl` names `Scenarios/Login.yml`, two folders up). Only the first that exists
    /// is used; its SHA-256 still has to be the recorded one.
    static func candidates(for file: String, tracePath: String) -> [String] {
        guard !file.hasPrefix("/") else { return [file] }
        var found = [file]
        var folder = URL(fileURLWithPath: tracePath).standardizedFileURL.deletingLastPathComponent()
        while true {
            let candidate = folder.appendingPathComponent(file).standardizedFileURL.path
            if !found.contains(candidate) { found.append(candidate) }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path, !folder.path.isEmpty, folder.path != "/" else { break }
            folder = parent
        }
        return found
    }

    /// Loads the scenario the trace's header names, only if it is safely the one the trace was recorded from.
    private mutating func scenarioNamedByTrace(tracePath: String, loader: ScenarioLoader) {
        let named = trace.header.file
        let advice = "; --scenario FILE names the scenario to use"
        let extensionName = (named as NSString).pathExtension.lowercased()
        guard ["yml", "yaml"].contains(extensionName) else {
            notes.append("the trace names '\(named)' as its scenario, which is not a scenario file (.yml)\(advice)")
            return
        }
        let candidates = Self.candidates(for: named, tracePath: tracePath)
        let recorded = trace.header.scenarioSHA256
        // With a fingerprint, the first file that matches it; without one (format 1), the first that exists.
        var changed: String?
        var chosen: (file: String, data: Data)?
        for candidate in candidates {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            guard let data = try? Self.readRegularFile(candidate, limit: loader.limits.maxFileSize) else {
                notes.append("the scenario '\(candidate)' the trace names is not a regular file of at most \(loader.limits.maxFileSize) bytes\(advice)")
                return
            }
            if let recorded, Fingerprint.sha256(data) != recorded {
                changed = changed ?? candidate
                continue
            }
            chosen = (candidate, data)
            break
        }
        guard let (file, data) = chosen else {
            if let changed {
                notes.append("the scenario '\(changed)' has changed since the trace was recorded (its SHA-256 differs)\(advice)")
            } else {
                notes.append("the scenario '\(named)' the trace was recorded from is not there, nor above the trace's folder\(advice)")
            }
            return
        }
        let loaded = Pipeline.check(data: data, file: file, loader: loader)
        scenario = loaded.scenario
        if recorded == nil {
            // A trace that does not fingerprint its scenario (format 1): the file is used as it is now, and if it
            // does not load, nothing of it is shown.
            if scenario == nil { notes.append("the scenario '\(file)' the trace names does not load\(advice)") }
            return
        }
        diagnostics = loaded.diagnostics
    }

    /// Largest trace file read (bytes).
    static let largestTrace = 4 << 30

    /// The bytes of a regular file (links resolved) of at most `limit` bytes: not a FIFO, device or folder.
    /// With `contents: false`, only checks the file and returns no bytes.
    @discardableResult
    static func readRegularFile(_ path: String, limit: Int, contents: Bool = true) throws -> Data {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path)
        guard let type = attributes?[.type] as? FileAttributeType, type == .typeRegular else {
            throw Failure("file/not-a-file", "\(path) is not a regular file")
        }
        if let size = attributes?[.size] as? Int, size > limit {
            throw Failure("file/too-large", "\(path) is \(size) bytes, more than the \(limit) read")
        }
        guard contents else { return Data() }
        do {
            return try Data(contentsOf: resolved)
        } catch {
            throw Failure("file/unreadable", "cannot read \(path): \(error.localizedDescription)")
        }
    }
}
