/// What may reach a terminal. Scenario titles, file names, notes and worker methods come from untrusted files, and a
/// terminal obeys escape sequences anywhere in its input: they set the window title, clear the screen, move the
/// cursor to forge lines, or hide text. Everything SceneFlow prints goes through `safe(_:keepingColor:)` on its way
/// out, so no path around it exists.
public enum TerminalText {
    /// `text` with control characters replaced by `�` and bidirectional controls written as `<U+202E>`. Newlines
    /// (unless `keepingNewlines` is false) and tabs stay. With `keepingColor`, the colour sequences SceneFlow itself writes (SGR: `ESC [ n;… m` with
    /// bold, dim, reset and the sixteen foreground colours) stay; every other sequence is broken at its `ESC`.
    public static func safe(_ text: String, keepingColor: Bool, keepingNewlines: Bool = true) -> String {
        if keepingNewlines, isPlain(text) { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar.value {
            case 0x1B where keepingColor:
                if let end = colourSequenceEnd(scalars, from: index) {
                    out.append(contentsOf: scalars[index...end])
                    index = end + 1
                    continue
                }
                out.append("\u{FFFD}")
            case 0x09: out.append(scalar)
            case 0x0A where keepingNewlines: out.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F: out.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                out.append(contentsOf: "<U+\(hex(scalar.value))>".unicodeScalars)
            default: out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// No byte that could start a control character or a bidirectional control: the common case, checked fast.
    private static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case 0x09, 0x0A: continue
                // C0 and DEL; 0xC2 leads C1 (U+0080–U+009F); 0xD8 leads U+061C; 0xE2 leads U+200E–U+2069.
                case 0x00...0x1F, 0x7F, 0xC2, 0xD8, 0xE2: return false
                default: continue
                }
            }
            return true
        }
    }

    /// The parameters SceneFlow's own colours use.
    private static let colourParameters: Set<Int> = Set([0, 1, 2, 22, 39] + Array(30...37) + Array(90...97))

    /// The index of the `m` ending an allowed colour sequence starting at `start`, or nil.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var number = 0, digits = 0
        while index < scalars.count, index - start < 24 {
            let scalar = scalars[index]
            switch scalar {
            case "0"..."9":
                number = number * 10 + Int(scalar.value - 0x30)
                digits += 1
                if digits > 3 { return nil }
            case ";", "m":
                guard digits > 0, colourParameters.contains(number) else { return nil }
                if scalar == "m" { return index }
                number = 0
                digits = 0
            default: return nil
            }
            index += 1
        }
        return nil
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
