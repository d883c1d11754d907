import Narration
import ScenarioSpec

/// Escaping and SVG inlining for the HTML pages SceneFlow writes.
public enum HTML {
    /// Text as HTML: `&`, `<`, `>`, `"`, `'` escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A Graphviz SVG ready to sit inside a page: from `<svg` on (no XML declaration, DOCTYPE or comments), every
    /// `id` prefixed with `prefix-` so several drawings can share the page, and — although Graphviz escapes every
    /// text and SceneFlow sets no links — anything that could run (`<script>`, `<foreignObject>`, `on…`
    /// attributes, `javascript:` links) removed. One pass over the bytes: drawings of many megabytes stay fast.
    public static func inlineSVG(_ svg: String, idPrefix prefix: String? = nil) -> String {
        let bytes = Array(svg.utf8)
        guard let start = find(Array("<svg".utf8), in: bytes, from: 0) else { return "" }
        let idMarker = Array(" id=\"".utf8)
        let replacement = prefix.map { Array(" id=\"\($0)-".utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = start
        var inTag = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if matches("<!--", bytes, index) {
                    index = skip(past: "-->", in: bytes, from: index + 4)
                    continue
                }
                if matches("<script", bytes, index, caseInsensitive: true) {
                    index = skip(past: "</script>", in: bytes, from: index, caseInsensitive: true)
                    continue
                }
                if matches("<foreignobject", bytes, index, caseInsensitive: true) {
                    index = skip(past: "</foreignobject>", in: bytes, from: index, caseInsensitive: true)
                    continue
                }
                inTag = true
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            } else if inTag && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")) {
                if let replacement, matches(idMarker, bytes, index) {
                    out += replacement
                    index += idMarker.count
                    continue
                }
                if let end = eventAttributeEnd(bytes, index) {
                    index = end
                    continue
                }
            } else if (byte == UInt8(ascii: "j") || byte == UInt8(ascii: "J")) && matches("javascript:", bytes, index, caseInsensitive: true) {
                index += 11
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where ` on…="…"` starting at `index` (the space) ends, or nil when there is none.
    static func eventAttributeEnd(_ bytes: [UInt8], _ index: Int) -> Int? {
        var i = index + 1
        guard i + 2 < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "o"), bytes[i + 1] | 0x20 == UInt8(ascii: "n") else { return nil }
        i += 2
        let nameStart = i
        while i < bytes.count, (bytes[i] | 0x20) >= UInt8(ascii: "a"), (bytes[i] | 0x20) <= UInt8(ascii: "z") { i += 1 }
        guard i > nameStart, i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[i]
        i += 1
        while i < bytes.count, bytes[i] != quote { i += 1 }
        return min(i + 1, bytes.count)
    }

    static func matches(_ text: String, _ bytes: [UInt8], _ index: Int, caseInsensitive: Bool = false) -> Bool {
        matches(Array(text.utf8), bytes, index, caseInsensitive: caseInsensitive)
    }

    static func matches(_ pattern: [UInt8], _ bytes: [UInt8], _ index: Int, caseInsensitive: Bool = false) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count {
            let a = bytes[index + offset], b = pattern[offset]
            if a == b { continue }
            if caseInsensitive, a | 0x20 == b | 0x20, (b | 0x20) >= UInt8(ascii: "a"), (b | 0x20) <= UInt8(ascii: "z") { continue }
            return false
        }
        return true
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if matches(pattern, bytes, index) { return index }
            index += 1
        }
        return nil
    }

    /// The index after the next `text`, or the end.
    static func skip(past text: String, in bytes: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int {
        let pattern = Array(text.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if matches(pattern, bytes, index, caseInsensitive: caseInsensitive) { return index + pattern.count }
            index += 1
        }
        return bytes.count
    }
}

extension HTML {
    /// A pattern's ownership card (`OwnershipCard`) as the report, compare and the mistakes gallery show it: folded
    /// under its title, or `open`.
    public static func ownershipCard(_ definition: PatternDefinition, language: Language, open: Bool = false) -> String {
        ownershipCard(OwnershipCard(definition, language: language), open: open)
    }

    public static func ownershipCard(_ card: OwnershipCard, open: Bool = false) -> String {
        "<details class=\"card\"\(open ? " open" : "")><summary>" + escape(card.title) + "</summary><ul>"
            + card.lines.map { "<li>" + escape($0) + "</li>" }.joined() + "</ul></details>"
    }
}
