import SceneFlowKit
import Foundation
import StoryCheck

/// `coverage`'s table: covered of total per kind, and what was not reached.
public enum CoverageText {
    public static func text(_ coverage: Coverage) -> String {
        var out = "\(coverage.scenario.file) — \(coverage.scenario.name)\n"
        for kind in Coverage.Kind.allCases {
            let (covered, total) = coverage.counts(kind)
            guard total > 0 else { continue }
            let name = kind.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
            out += "  \(name) \(String(covered).leftPad(3))/\(String(total).leftPad(3))  \(String(Int((Double(covered) * 100 / Double(total)).rounded())).leftPad(3))%\n"
        }
        out += "  \("total".padding(toLength: 20, withPad: " ", startingAt: 0)) \(String(coverage.items.filter { $0.hits > 0 }.count).leftPad(3))/\(String(coverage.items.count).leftPad(3))  \(String(Int(coverage.percentage.rounded())).leftPad(3))%\n"
        let missed = coverage.items.filter { $0.hits == 0 }
        if !missed.isEmpty {
            out += "  not exercised:\n" + missed.map { "    \($0.location): \($0.kind.rawValue.dropLast()) \($0.name)\n" }.joined()
        }
        return out
    }
}

extension CoverageText {
    /// `total: 41 of 52 (79%)`.
    public static func total(_ result: ScenarioCoverage.Result) -> String {
        String(format: "total: %d of %d (%.0f%%)", result.covered, result.total, result.percentage)
    }

    public static func belowMinimum(_ result: ScenarioCoverage.Result, minimum: Double) -> String {
        String(format: "coverage %.0f%% is below --minimum %.0f%%\n", result.percentage, minimum)
    }
}

extension String {
    func leftPad(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
