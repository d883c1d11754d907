import Foundation
import ScenarioLoader
import ScenarioSpec
import Testing

/// The documented limits hold whatever else the text holds: depth and aliases are measured on the YAML parser's own
/// events, so a stray quote — which a text scan could take for the start of a quoted scalar — cannot switch them off.
@Suite("Document limits")
struct DocumentLimitTests {
    static let limitMessages = [
        "the YAML nests deeper than 128 levels", "YAML keys here must be plain names", "YAML aliases expand this document",
    ]

    /// Attacks that must be refused for one of the limits (or as invalid YAML), never crash or run long.
    static let attacks: [String] = [
        "scenario: a \"b\nscenes: " + String(repeating: "[", count: 20_000) + "\n",
        "scenario: a 'b\nscenes:\n" + (0..<300).map { String(repeating: " ", count: $0 + 1) + "k\($0):\n" }.joined(),
        // A chain of anchors, each a little nested, adds up through aliases.
        "scenario: a \"b\n" + (0..<40).map { i in
            "a\(i): &a\(i) " + String(repeating: "[", count: 60) + (i == 0 ? "x" : "*a\(i - 1)") + String(repeating: "]", count: 60)
        }.joined(separator: "\n") + "\nscenes:\n  A: {}\n",
        // Billion laughs used as a key.
        "scenario: a \"b\nx:\n  - &a0 [a, a, a, a, a, a, a, a, a, a]\n" + (1...9).map { i in
            "  - &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]"
        }.joined(separator: "\n") + "\nscenes:\n  A:\n    dataStore:\n      ? *a9\n      : Int\n",
    ]

    static func refused(_ text: String) -> (refused: Bool, seconds: Double, messages: [String]) {
        let start = Date()
        let result = ScenarioLoader().load(yaml: text, file: "s.yml")
        let messages = result.diagnostics.filter { $0.severity == .error }.map(\.message)
        return (result.scenario == nil && !messages.isEmpty, Date().timeIntervalSince(start), messages)
    }

    @Test("each attack is refused by its limit", arguments: attacks.indices)
    func attack(_ index: Int) {
        let (refused, seconds, messages) = Self.refused(Self.attacks[index])
        #expect(refused)
        #expect(messages.contains { message in Self.limitMessages.contains { message.hasPrefix($0) } }, "\(messages)")
        #expect(seconds < 5)
    }

    @Test("a stray quote inserted anywhere in an attack never lets it through", arguments: attacks.indices)
    func strayQuotes(_ index: Int) {
        let text = Array(Self.attacks[index].unicodeScalars)
        // Every position of the first lines (where a quote changes how the rest is read), and a spread of others.
        let positions = Array(0..<min(text.count, 200)) + stride(from: 200, to: text.count, by: max(1, text.count / 60))
        for position in positions {
            for quote in ["\"", "'"] {
                var edited = text
                edited.insert(Unicode.Scalar(quote)!, at: position)
                let (refused, seconds, messages) = Self.refused(String(String.UnicodeScalarView(edited)))
                #expect(refused, "a \(quote) at \(position) let the document load")
                #expect(seconds < 5, "a \(quote) at \(position): \(seconds) s")
                if !refused { return }
                _ = messages
            }
        }
    }
}
