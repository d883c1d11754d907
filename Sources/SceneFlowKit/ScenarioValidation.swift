import CodeGeneration
import Foundation
import ScenarioLoader
import ScenarioSpec

/// `validate` as a library call: every problem of every scenario file (folders are searched), and whether that
/// fails the check — errors always, warnings too when strict. A scenario that loads is also one `generate` writes,
/// or each place it cannot write yet is a warning with its `generate/…` id.
public struct ScenarioValidation {
    public var loader: ScenarioLoader
    /// Warnings fail too.
    public var strict: Bool

    public init(loader: ScenarioLoader = ScenarioLoader(), strict: Bool = false) {
        self.loader = loader
        self.strict = strict
    }

    public struct Result: Sendable {
        public var files: [String]
        /// Files that loaded (with warnings at most).
        public var valid: Int
        public var diagnostics: [Diagnostic]
        public var strict: Bool

        public var errors: Int { diagnostics.filter { $0.severity == .error }.count }
        public var warnings: Int { diagnostics.filter { $0.severity == .warning }.count }
        /// Errors, or warnings under `strict`.
        public var failed: Bool { errors > 0 || (strict && warnings > 0) }
    }

    public func validate(_ paths: [String]) throws -> Result {
        let files = ScenarioFiles.expand(paths)
        guard !files.isEmpty else {
            throw Failure("file/no-scenarios", "no scenario files found in \(paths.joined(separator: ", "))")
        }
        var result = Result(files: files, valid: 0, diagnostics: [], strict: strict)
        for path in files {
            let loaded = Pipeline.check(path, loader: loader)
            result.diagnostics += loaded.diagnostics
            guard let scenario = loaded.scenario else { continue }
            result.valid += 1
            // Method shapes are the loader's own warnings; the other places are generate's.
            let limits = CodeGenerator(scenario: scenario, options: .init()).limits().filter { $0.id != "generate/method-shape" }
            result.diagnostics = (result.diagnostics + limits.map {
                Diagnostic.warning($0.message, at: $0.location, notes: [Diagnostic.Note("generate refuses it until it is changed")], id: $0.id)
            }).normalized()
        }
        return result
    }
}
