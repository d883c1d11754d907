import Foundation
import ScenarioSpec
import Testing

@Suite("Pattern definitions")
struct PatternDefinitionTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let definitions = sources.appendingPathComponent("ScenarioSpec/Patterns")

    /// `(member, name)` of each built-in pattern: `static let viper = Pattern(definedAs: "viper")`.
    static func builtIns() throws -> [(member: String, name: String)] {
        let declaration = try Regex(#"static let (\w+) = Pattern\(definedAs: "([^"]+)"\)"#)
        var found: [(String, String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: definitions.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: definitions.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                found.append((String(match.output[1].substring!), String(match.output[2].substring!)))
            }
        }
        return found
    }

    @Test("every built-in pattern is declared by a definition and registered")
    func registered() throws {
        let declared = try Self.builtIns()
        #expect(Set(declared.map(\.name)) == ["clean-swift", "swiftui", "appstate", "viper"])
        for (_, name) in declared { #expect(Pattern(rawValue: name)?.definition.pattern.rawValue == name) }
        #expect(Pattern.default.rawValue == "clean-swift")
        #expect(Pattern(rawValue: "mvc") == nil)
    }

    @Test("no code outside the definitions names a pattern: it asks the pattern's definition instead")
    func noSwitchOnPatternNames() throws {
        let declared = try Self.builtIns()
        var offences: [String] = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" && !file.path.hasPrefix(Self.definitions.path) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                // Text is not code: the narration catalogue keys its sentences by a definition's `narrationKey`.
                let withoutText = code.replacing(/"(?:[^"\\]|\\.)*"/, with: "\"\"")
                for (member, name) in declared {
                    // `.viper`, `Pattern.viper`, `case .viper:` — and the name itself as a literal, `"viper"`.
                    let memberUse = withoutText.range(of: #"\.\#(member)\b"#, options: .regularExpression) != nil
                    if memberUse || code.contains("\"\(name)\"") {
                        offences.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(offences.isEmpty, "pattern names outside Sources/ScenarioSpec/Patterns:\n\(offences.joined(separator: "\n"))")
    }

    @Test("every protocol a pattern's wiring, dependencies and cycle use is one it names")
    func consistent() {
        for pattern in Pattern.all {
            let definition = pattern.definition
            let slots = definition.wiring.links.compactMap(\.through) + definition.dependencies.compactMap { dependency in
                if case .slot(let slot) = dependency.label { return slot } else { return nil }
            }
            for slot in slots {
                #expect(definition.naming.protocols[slot] != nil, "\(pattern): \(slot) has no name")
            }
            let roles = Set(definition.roles.map(\.role) + [.user, .appState])
            for link in definition.wiring.links {
                #expect(roles.contains(link.holder) && (roles.contains(link.target) || link.target == .interactor),
                        "\(pattern): wiring \(link.holder).\(link.property)")
            }
            let nodes = Set(definition.cycle.nodes.map(\.id))
            for arrow in definition.cycle.arrows {
                #expect(nodes.contains(arrow.from) && nodes.contains(arrow.to), "\(pattern): arrow \(arrow.from) → \(arrow.to)")
            }
            // What the pattern allows, it has: every allowed path is between roles it has.
            for allowed in definition.rules.allowed {
                #expect(roles.contains(allowed.path.from) || allowed.path.from == .router, "\(pattern): \(allowed.path)")
            }
        }
    }
}
