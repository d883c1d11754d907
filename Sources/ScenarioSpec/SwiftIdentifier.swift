/// The one rule for the names a scenario gives (scenes, fields, use cases, bindings, types): a name is one generated
/// Swift code can declare. It is Swift's own identifier rule (the ranges the compiler's lexer allows, and those it
/// allows only after the first character), narrowed to letters, digits, '_' and combining marks, so that no name
/// holds an invisible character, a symbol or an emoji: everything the loader accepts compiles, and reads as written.
public enum SwiftIdentifier {
    /// Whether `scalar` can start a name.
    public static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" { return true }
        guard isSwiftContinuation(scalar.value), !isSwiftContinuationOnly(scalar.value) else { return false }
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return scalar.properties.isAlphabetic && scalar != "\u{2028}"
    }

    /// Whether `scalar` can follow the first character of a name.
    public static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || ("0"..."9").contains(scalar) { return true }
        guard isSwiftContinuation(scalar.value) else { return false }
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        if scalar.properties.isAlphabetic && scalar != "\u{2028}" { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Whether `text` is a name: a head, then characters; `_` alone is Swift's wildcard, not a name.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isHead(first), text != "_" else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy(isCharacter)
    }

    /// The ranges Swift's lexer allows in an identifier (N1518's Annex X.1, as the compiler lists them).
    private static func isSwiftContinuation(_ c: UInt32) -> Bool {
        if c < 0x80 {
            return c == 0x5F || (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
        }
        let ranges: [ClosedRange<UInt32>] = [
            0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
            0xD8...0xF6, 0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF, 0x200B...0x200D,
            0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF,
            0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
            0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8,
        ]
        if ranges.contains(where: { $0.contains(c) }) { return true }
        // U+10000 to U+EFFFD, each plane but its last two code points.
        return c >= 0x10000 && c <= 0xEFFFD && (c & 0xFFFF) <= 0xFFFD
    }

    /// The ranges Swift allows in an identifier but not at its start (N1518's Annex X.2): combining marks.
    private static func isSwiftContinuationOnly(_ c: UInt32) -> Bool {
        (0x300...0x36F).contains(c) || (0x1DC0...0x1DFF).contains(c) || (0x20D0...0x20FF).contains(c)
            || (0xFE20...0xFE2F).contains(c)
    }
}
