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
    /// attributes, `javascript:` links) removed.
    public static func inlineSVG(_ svg: String, idPrefix prefix: String? = nil) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        var body = String(svg[start.lowerBound...])
        body = removing(body, from: "<!--", to: "-->")
        body = removing(body, from: "<script", to: "</script>")
        body = removing(body, from: "<foreignObject", to: "</foreignObject>")
        body = removingEventAttributes(body)
        body = body.replacingOccurrences(of: "javascript:", with: "")
        if let prefix {
            body = body.replacingOccurrences(of: " id=\"", with: " id=\"\(prefix)-")
        }
        return body
    }

    /// `text` without every stretch from `open` to `close` (case-insensitive on `open`).
    static func removing(_ text: String, from open: String, to close: String) -> String {
        var out = ""
        var rest = text[...]
        while let start = rest.range(of: open, options: .caseInsensitive) {
            out += rest[..<start.lowerBound]
            guard let end = rest.range(of: close, options: .caseInsensitive, range: start.upperBound..<rest.endIndex) else {
                return out
            }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// `text` without ` on…="…"` attributes.
    static func removingEventAttributes(_ text: String) -> String {
        var out = ""
        var rest = text[...]
        while let start = rest.range(of: #" on[a-zA-Z]+\s*=\s*("[^"]*"|'[^']*')"#, options: .regularExpression) {
            out += rest[..<start.lowerBound]
            rest = rest[start.upperBound...]
        }
        return out + rest
    }
}
