import CodeImport
import Foundation
import SceneFlowKit
import ScenarioSpec

/// `sceneflow-corpus TRUTH… --apps DIR [--details APP] [--markdown]`: imports each app of the corpus (its checkout is
/// DIR/<app>, the folders its truth file names) in process and prints recall and false positives per kind against the
/// ground truth written by hand. The apps' code is not part of this repository: fetch them at the commits the truth
/// files name.
@main
struct CorpusScore {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "mutants" { exit(mutants(Array(arguments.dropFirst()))) }
        func option(_ name: String) -> String? {
            guard let at = arguments.firstIndex(of: name), at + 1 < arguments.count else { return nil }
            let value = arguments[at + 1]
            arguments.removeSubrange(at...(at + 1))
            return value
        }
        func flag(_ name: String) -> Bool {
            guard let at = arguments.firstIndex(of: name) else { return false }
            arguments.remove(at: at)
            return true
        }
        let usage = "usage: sceneflow-corpus TRUTH.yml|DIR… --apps DIR [--details APP] [--markdown]"
        guard let appsFolder = option("--apps") else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(2)
        }
        let details = option("--details")
        let markdown = flag("--markdown")

        var truthFiles: [String] = []
        for path in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("no such file or folder: \(path)\n".utf8))
                exit(2)
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                truthFiles += names.filter { $0.hasSuffix(".yml") }.sorted().map { (path as NSString).appendingPathComponent($0) }
            } else {
                truthFiles.append(path)
            }
        }


        var scores: [AppScore] = []
        for file in truthFiles {
            let truth: GroundTruth
            do {
                truth = try GroundTruth.read(String(contentsOfFile: file, encoding: .utf8), file: file)
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                exit(1)
            }
            let root = (appsFolder as NSString).appendingPathComponent(truth.app)
            let paths = truth.read.map { $0 == "." ? root : (root as NSString).appendingPathComponent($0) }
            let start = Date()
            var app: ImportedApp?
            var refused: String?
            var errors = 0, todos = 0
            do {
                let result = try ScenarioImport.run(paths)
                app = result.app
                errors = result.diagnostics.filter { $0.severity == .error }.count
                todos = result.scenario.components(separatedBy: "todo").count - 1
            } catch {
                refused = "\(error)"
            }
            let seconds = Date().timeIntervalSince(start)
            let truthItems = truth.items()
            let importedItems = app?.items(against: truth) ?? Items()
            let tallies = Scoring.score(truth: truthItems, imported: importedItems)
            scores.append(AppScore(truth: truth, tallies: tallies, types: Scoring.typesAgreeing(truth: truthItems, imported: importedItems),
                                   seconds: seconds, swiftFiles: app?.files ?? 0, refused: refused, errors: errors, todos: todos))
            if let details, details == truth.app || details == "all" {
                print("== \(truth.app)" + (refused.map { " — refused: \($0)" } ?? ""))
                for kind in Kind.allCases {
                    guard let tally = tallies[kind], !tally.missed.isEmpty || !tally.extra.isEmpty else { continue }
                    print("  \(kind.rawValue): \(tally.found)/\(tally.expected), \(tally.falsePositives) extra")
                    for item in tally.missed { print("    missed  \(item)") }
                    for item in tally.extra { print("    extra   \(item)") }
                }
                for item in Scoring.typesAgreeing(truth: truthItems, imported: importedItems).differing { print("    type    \(item)") }
                for scene in app?.scenes ?? [] {
                    if scene.isScreen { print("    screen  \(scene.name) (\(scene.components.map(\.typeName).joined()))") }
                    for route in scene.routes {
                        print("    route   \(scene.name) → \(route.destination) by \(route.method) [\(route.navigation ?? "")] pass \(route.pass.map(\.field))")
                    }
                    for finding in scene.findings { print("    finding \(finding)") }
                }
                if let app { for item in app.unmapped.prefix(60) { print("    unmapped \(item)") } }
            }
        }

        func percent(_ tally: Tally) -> String {
            tally.expected == 0 ? "–" : "\(Int((Double(tally.found) / Double(tally.expected) * 100).rounded()))%"
        }
        func cell(_ tally: Tally?) -> String {
            guard let tally, tally.expected > 0 || tally.reported > 0 else { return "–" }
            return "\(tally.found)/\(tally.expected)" + (tally.falsePositives > 0 ? " +\(tally.falsePositives)" : "")
        }

        let kinds = Kind.allCases
        let header = ["app", "style", "files"] + kinds.map(\.short) + ["types", "time"]
        var rows: [[String]] = []
        func total(_ group: [AppScore]) -> [Kind: Tally] {
            var sum: [Kind: Tally] = [:]
            for score in group { for (kind, tally) in score.tallies { sum[kind] = (sum[kind] ?? Tally()) + tally } }
            return sum
        }
        // The first set in two groups (tuned on, held out), then each later set on its own.
        var groups: [(String, [AppScore])] = [("tuning", scores.filter { !$0.truth.heldOut && $0.truth.set == nil }),
                                              ("held out", scores.filter { $0.truth.heldOut && $0.truth.set == nil })]
        for set in Set(scores.compactMap(\.truth.set)).sorted() {
            let members = scores.filter { $0.truth.set == set }
            groups.append((members.allSatisfy(\.truth.heldOut) ? "\(set) set, held out" : "\(set) set", members))
        }
        for (title, group) in groups where !group.isEmpty {
            for score in group {
                let state = score.refused != nil ? "refused" : String(format: "%.2f s", score.seconds)
                rows.append([score.truth.app, score.truth.style, "\(score.swiftFiles)"] + kinds.map { cell(score.tallies[$0]) }
                    + ["\(score.types.agree)/\(score.types.compared)", state])
            }
            let sum = total(group)
            rows.append(["**\(title): recall**", "", ""] + kinds.map { percent(sum[$0] ?? Tally()) } + ["", ""])
            rows.append(["**\(title): false positives**", "", ""] + kinds.map { kind in
                let tally = sum[kind] ?? Tally()
                return tally.reported == 0 ? "–" : "\(Int((Double(tally.falsePositives) / Double(tally.reported) * 100).rounded()))%"
            } + ["", ""])
        }

        if markdown {
            print("| " + header.joined(separator: " | ") + " |")
            print("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
            for row in rows { print("| " + row.joined(separator: " | ") + " |") }
        } else {
            var widths = header.map(\.count)
            for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
            func line(_ cells: [String]) -> String {
                cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
            }
            print(line(header))
            for row in rows { print(line(row.map { $0.replacingOccurrences(of: "**", with: "") })) }
        }
        for score in scores where score.errors > 0 {
            print("\(score.truth.app): the imported scenario has \(score.errors) error(s)")
        }
    }
}

extension CorpusScore {
    /// `mutants SCENARIO CODE…`: drift's mutation test on one pair; exit 0 when every mutant is killed.
    static func mutants(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: sceneflow-corpus mutants SCENARIO CODE…\n".utf8))
            return 2
        }
        let report: DriftMutants.Report
        do {
            report = try DriftMutants(scenarioPath: arguments[0], codePaths: Array(arguments.dropFirst())).run()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 1
        }
        var out = "unmodified: \(report.baseline.count) difference\(report.baseline.count == 1 ? "" : "s")\n"
        for difference in report.baseline { out += "  \(difference.message)\n" }
        for outcome in report.outcomes {
            out += "\(outcome.killed ? "killed  " : "SURVIVED") \(outcome.side.rawValue) \(outcome.kind): \(outcome.change)\n"
            for found in outcome.found.prefix(3) { out += "    \(found)\n" }
            if outcome.found.count > 3 { out += "    and \(outcome.found.count - 3) more\n" }
        }
        let killed = report.outcomes.filter(\.killed).count
        out += "killed \(killed) of \(report.outcomes.count)"
        if !report.skipped.isEmpty {
            out += "; nothing to change for " + report.skipped.map { "\($0.side.rawValue) \($0.kind)" }.joined(separator: ", ")
        }
        print(out)
        return killed == report.outcomes.count ? 0 : 1
    }
}

struct AppScore {
    var truth: GroundTruth
    var tallies: [Kind: Tally]
    var types: (agree: Int, compared: Int, differing: [String])
    var seconds: Double
    var swiftFiles: Int
    var refused: String?
    var errors: Int
    var todos: Int
}
