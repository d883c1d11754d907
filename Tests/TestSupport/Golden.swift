import Foundation
import Testing

/// Golden files: expected output kept next to the tests, compared exactly, rewritten with `RECORD_GOLDEN=1`
/// (then review the diff like code).
public enum Golden {
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file at `path`; records it instead when recording.
    public static func check(_ actual: String, against path: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        if isRecording {
            try? FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(actual.utf8).write(to: path)
            return
        }
        guard let expected = try? String(contentsOf: path, encoding: .utf8) else {
            Issue.record("missing golden file \(path.path); run the tests with RECORD_GOLDEN=1 to create it",
                         sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("""
                \(path.lastPathComponent) differs from the golden file (RECORD_GOLDEN=1 rewrites it):
                \(firstDifference(expected: expected, actual: actual))
                """, sourceLocation: sourceLocation)
        }
    }

    /// The first line that differs, with its number.
    public static func firstDifference(expected: String, actual: String) -> String {
        let e = expected.components(separatedBy: "\n")
        let a = actual.components(separatedBy: "\n")
        for index in 0..<max(e.count, a.count) {
            let left = index < e.count ? e[index] : "<end of file>"
            let right = index < a.count ? a[index] : "<end of file>"
            if left != right {
                return "line \(index + 1)\n  expected: \(left)\n  actual:   \(right)"
            }
        }
        return "(only line endings differ)"
    }
}

/// Paths of the package, found from this file's location.
public enum PackagePaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var scenarios: URL { root.appendingPathComponent("Scenarios") }
    public static var tests: URL { root.appendingPathComponent("Tests") }

    /// The example scenarios, sorted.
    public static func exampleScenarios() -> [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(at: scenarios, includingPropertiesForKeys: nil)) ?? []
        return files.filter { ["yml", "yaml"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }
}
