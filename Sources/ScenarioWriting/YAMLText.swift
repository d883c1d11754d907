/// YAML spelling for what SceneFlow writes into scenario files: plain where YAML reads it back unchanged,
/// double-quoted otherwise.
public enum YAMLText {
    public static func scalar(_ text: String) -> String {
        isPlain(text) ? text : quoted(text)
    }

    /// Keys are Swift identifiers; anything else is quoted.
    public static func key(_ text: String) -> String { scalar(text) }

    public static func flow(_ pairs: [(String, String)]) -> String {
        pairs.isEmpty ? "{}" : "{ " + pairs.map { "\(key($0.0)): \(scalar($0.1))" }.joined(separator: ", ") + " }"
    }

    /// One line of comment text: line breaks and control characters become spaces.
    public static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Letters, digits and `_ . ( ) :` with no `: ` or ` #`, not starting with what YAML treats specially, and not
    /// a word YAML reads as another type.
    public static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        if ["true", "false", "yes", "no", "on", "off", "null", "nil", "y", "n", "~"].contains(text.lowercased()) { return false }
        if text.hasSuffix(":") || text.contains(": ") || text.contains(" #") { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.():?".unicodeScalars.contains($0) }
    }
}
