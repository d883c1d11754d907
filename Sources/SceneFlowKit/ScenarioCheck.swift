import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import StoryCheck
import TraceFormat
import TraceReading

/// `check` as a library call: loads scenarios (files or folders), checks each story against a run of it — the
/// engine's, or a trace recorded elsewhere — and, with golden traces, compares the messages.
///
/// ```swift
/// let result = try ScenarioCheck().check(["Scenarios/"])
/// try AtomicFile.write(result.junit(), to: URL(fileURLWithPath: "check.xml"))
/// exit(result.succeeded ? 0 : 1)
/// ```
public struct ScenarioCheck {
    public var loader: ScenarioLoader
    public var options: EngineOptions
    /// TCA-style: whatever a step changes must be expected.
    public var exhaustive: Bool
    /// Compare each run with `<folder>/<scenario>.jsonl` (recorded by `run --golden`).
    public var goldenFolder: URL?
    /// Judge a recorded trace even when it was recorded from another version of the scenario file.
    public var acceptScenarioChange: Bool

    public init(loader: ScenarioLoader = ScenarioLoader(), options: EngineOptions = EngineOptions(), exhaustive: Bool = false,
                goldenFolder: URL? = nil, acceptScenarioChange: Bool = false) {
        self.loader = loader
        self.options = options
        self.exhaustive = exhaustive
        self.goldenFolder = goldenFolder
        self.acceptScenarioChange = acceptScenarioChange
    }

    /// Everything a batch of scenarios gave.
    public struct Result: Sendable {
        /// One report per scenario that loaded, in the order given.
        public var reports: [StoryChecker.Report]
        /// Scenarios that could not be checked: they did not load, or their trace could not be read.
        public var errors: [JUnitReport.ScenarioError]
        /// The diagnostics of scenarios that did not load.
        public var diagnostics: [Diagnostic]
        /// Why a scenario that loaded could not be checked (its trace could not be read).
        public var problems: [Diagnostic] = []
        /// How many files were given (after expanding folders).
        public var files: Int

        public var passed: Int { reports.reduce(0) { $0 + $1.passedCount } }
        public var failed: Int { reports.reduce(0) { $0 + $1.failedCount } }
        public var notChecked: Int { reports.reduce(0) { $0 + $1.notCheckedCount } }
        /// No failed check and no scenario in error.
        public var succeeded: Bool { failed == 0 && errors.isEmpty }

        /// JUnit XML, one testcase per expectation.
        public func junit() -> Data { Data(JUnitReport.xml(reports, errors: errors).utf8) }
    }

    /// A problem that stops one scenario from being checked.
    /// Checks every scenario in `paths` (folders are searched for `.yml`/`.yaml`), each against a run of it by the
    /// engine, or, with `trace`, against that recorded trace (one scenario only).
    public func check(_ paths: [String], trace: String? = nil) throws -> Result {
        let files = ScenarioFiles.expand(paths)
        guard !files.isEmpty else { throw Failure("file/no-scenarios", "no scenario files found in \(paths.joined(separator: ", "))") }
        if trace != nil, files.count != 1 {
            throw Failure("check/one-trace", "--trace checks one scenario against one trace; \(files.count) scenarios were given")
        }
        var result = Result(reports: [], errors: [], diagnostics: [], files: files.count)
        // Files whose golden traces would be one file are not compared with it.
        var sharing: [String: [String]] = [:]
        if goldenFolder != nil {
            for shared in OutputLayout.sharedNames(files) { for path in shared.paths { sharing[path] = shared.paths } }
        }
        for path in files {
            if let others = sharing[path] {
                let message = "\(others.map { "'\($0)'" }.joined(separator: ", ")) share the golden trace '\(OutputLayout.folderName(forScenarioAt: path)).jsonl': rename all but one"
                result.errors.append(JUnitReport.ScenarioError(file: path, message: message))
                result.problems.append(.error("\(path): \(message)", at: nil, id: "check/golden-shared"))
                continue
            }
            let loaded = Pipeline.check(path, loader: loader)
            guard let scenario = loaded.scenario else {
                result.diagnostics += loaded.diagnostics
                result.errors.append(JUnitReport.ScenarioError(file: path, message: loaded.diagnostics.map(\.description).joined(separator: "\n")))
                continue
            }
            do {
                let recorded = try trace.map { try Self.read(trace: $0, for: scenario) } ?? run(scenario)
                var report = StoryChecker(exhaustive: exhaustive).check(scenario, trace: recorded)
                if let trace { report.runChecks.insert(contentsOf: Self.scenarioDigest(of: recorded, at: trace, scenario: scenario, path: path,
                                                                                      accepted: acceptScenarioChange), at: 0) }
                if let goldenFolder {
                    report.runChecks.append(Self.golden(recorded, of: path, in: goldenFolder))
                }
                result.reports.append(report)
            } catch let failure as Failure {
                result.errors.append(JUnitReport.ScenarioError(file: path, message: failure.message))
                result.problems += failure.diagnostics
            }
        }
        return result
    }

    /// Whether a recorded trace is of the scenario file it is judged against: a trace recorded from another version
    /// of the file (another SHA-256) fails, unless accepted; a trace that records no digest (an app's recorder) is
    /// judged with a note. Nothing when the digests agree.
    static func scenarioDigest(of trace: Trace, at tracePath: String, scenario: Scenario, path: String, accepted: Bool) -> [StoryChecker.Check] {
        guard let recorded = trace.header.scenarioSHA256 else {
            return [StoryChecker.Check(name: "scenario", outcome: .notChecked, expected: "a trace of \(path)",
                                       actual: "\(tracePath) records no scenario digest (an app's recorder): it is judged against \(path) as the file is now",
                                       location: nil)]
        }
        guard let own = scenario.sha256, recorded != own else { return [] }
        let what = "\(tracePath) was recorded from another version of \(path) (SHA-256 \(recorded.prefix(12))…, the file now \(own.prefix(12))…)"
        if accepted {
            return [StoryChecker.Check(name: "scenario", outcome: .notChecked, expected: "a trace of \(path) as it is",
                                       actual: what + "; judged against the file as it is now (--accept-scenario-change)", location: nil)]
        }
        return [StoryChecker.Check(name: "scenario", passed: false, expected: "a trace of \(path) as it is",
                                   actual: what + ": record it again, or pass --accept-scenario-change to judge it anyway", location: nil)]
    }

    /// The golden-trace check of `path`'s run: a golden file recorded from another scenario file (whose name leads
    /// to the same golden name) fails instead of being compared.
    static func golden(_ trace: Trace, of path: String, in folder: URL) -> StoryChecker.Check {
        let file = GoldenTrace.file(named: OutputLayout.folderName(forScenarioAt: path), in: folder)
        if let owner = OutputLayout.otherScenario(recordedIn: file, than: path) {
            return StoryChecker.Check(name: "golden trace", passed: false, expected: "a golden trace of '\(path)'",
                                      actual: "\(file.relativePath) was recorded from '\(owner)' (both names lead to it); rename one of the files",
                                      location: nil)
        }
        return GoldenTrace.compare(trace, with: file)
    }

    /// The engine's run of `scenario`, in memory.
    public func run(_ scenario: Scenario) throws -> Trace {
        try Pipeline.record(scenario, options: options).trace
    }

    /// A recorded trace of `scenario`, read (a format-1 trace is upgraded with the scenario's route names).
    public static func read(trace path: String, for scenario: Scenario) throws -> Trace {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure("file/not-found", "no such trace: \(path)") }
        let data = try TraceSource.readRegularFile(path, limit: TraceSource.largestTrace)
        do {
            return try TraceReader.read(data, routeName: scenario.routeNamer)
        } catch let failure as TraceReader.Failure {
            throw Failure("trace/invalid", failure.message, at: SourceLocation(file: path, line: failure.line, column: 1))
        }
    }
}

/// `coverage` as a library call.
public enum ScenarioCoverage {
    /// What `scenario`'s story exercises, measured on a run of it by the engine.
    public static func measure(_ scenario: Scenario, options: EngineOptions = EngineOptions()) throws -> Coverage {
        Coverage.measure(scenario, trace: try ScenarioCheck(options: options).run(scenario))
    }

    /// Coverage of every scenario in `paths`, with the total and whether it reaches `minimum` percent.
    public struct Result {
        public var coverages: [Coverage]
        public var diagnostics: [Diagnostic]
        /// Files that did not load.
        public var broken: Int
        public var covered: Int { coverages.reduce(0) { $0 + $1.items.filter { $0.hits > 0 }.count } }
        public var total: Int { coverages.reduce(0) { $0 + $1.items.count } }
        public var percentage: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }

        /// Whether the total reaches `minimum` percent (nil: no threshold).
        public func meets(_ minimum: Double?) -> Bool { minimum.map { percentage >= $0 } ?? true }
    }

    public static func measure(_ paths: [String], loader: ScenarioLoader = ScenarioLoader(),
                               options: EngineOptions = EngineOptions()) throws -> Result {
        let files = ScenarioFiles.expand(paths)
        guard !files.isEmpty else {
            throw Failure("file/no-scenarios", "no scenario files found in \(paths.joined(separator: ", "))")
        }
        var result = Result(coverages: [], diagnostics: [], broken: 0)
        for path in files {
            let loaded = Pipeline.check(path, loader: loader)
            guard let scenario = loaded.scenario else {
                result.diagnostics += loaded.diagnostics
                result.broken += 1
                continue
            }
            result.coverages.append(try measure(scenario, options: options))
        }
        return result
    }
}

extension Scenario {
    /// Names the route a format-1 trace's `route` message of a scene calls by method.
    public var routeNamer: TraceUpgrader.RouteNamer {
        var names: [String: RouteName] = [:]
        let naming = pattern.definition.naming
        for scene in scenes {
            for route in scene.routes { names["\(scene.name)|\(naming.routeMethod(route))"] = route.name }
        }
        return { [names] scene, method in names["\(scene)|\(method)"] }
    }
}
