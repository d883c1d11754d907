import SceneFlowKit
import ScenarioSpec

/// The last line of `sceneflow validate`: how many files, errors and warnings.
public struct ValidationSummary: Sendable, Encodable {
    public var files: Int
    public var valid: Int
    public var errors: Int
    public var warnings: Int
    public var strict: Bool

    public init(files: Int, valid: Int, errors: Int, warnings: Int, strict: Bool) {
        self.files = files
        self.valid = valid
        self.errors = errors
        self.warnings = warnings
        self.strict = strict
    }

    public init(_ result: ScenarioValidation.Result) {
        self.init(files: result.files.count, valid: result.valid, errors: result.errors, warnings: result.warnings,
                  strict: result.strict)
    }

    public func text(style: TerminalStyle = .plain) -> String {
        let fileWord = files == 1 ? "1 scenario" : "\(files) scenarios"
        let counts = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if errors == 0 && !(strict && warnings > 0) {
            return style.paint("✓ \(fileWord) valid", .green, bold: true) + " (\(counts))"
        }
        return style.paint("✗ \(files - valid) of \(fileWord) invalid", .red, bold: true) + " (\(counts)"
            + (strict && warnings > 0 ? "; --strict treats warnings as errors)" : ")")
    }
}
