/// An HTML-like Graphviz label, built from escaped text so nothing from a scenario can add markup.
public struct HTMLLabel: Sendable, Hashable {
    /// The markup between `<` and `>`, already escaped.
    public private(set) var markup: String

    public init() { markup = "" }

    private init(markup: String) { self.markup = markup }

    /// Markup assembled in this module from escaped parts.
    init(rawMarkup: String) { self.markup = rawMarkup }

    /// Plain text, escaped.
    public static func text(_ text: String) -> HTMLLabel { HTMLLabel(markup: escape(text)) }

    /// Text in a font: size in points, colour as `#rrggbb`, optionally bold or struck out.
    public static func text(_ text: String, size: Double? = nil, color: String? = nil, bold: Bool = false,
                            strike: Bool = false) -> HTMLLabel {
        var body = escape(text)
        if bold { body = "<B>" + body + "</B>" }
        if strike { body = "<S>" + body + "</S>" }
        var attributes = ""
        if let size { attributes += " POINT-SIZE=\"\(DOTEncoder.number(size))\"" }
        if let color { attributes += " COLOR=\"\(escape(color))\"" }
        return HTMLLabel(markup: attributes.isEmpty ? body : "<FONT\(attributes)>\(body)</FONT>")
    }

    /// A line break; `align` places the line before it (`LEFT`, `RIGHT`, `CENTER`).
    public static func lineBreak(align: String = "CENTER") -> HTMLLabel {
        HTMLLabel(markup: "<BR ALIGN=\"\(align)\"/>")
    }

    public static func + (lhs: HTMLLabel, rhs: HTMLLabel) -> HTMLLabel { HTMLLabel(markup: lhs.markup + rhs.markup) }

    /// `content` on a background, so an edge label stays readable over the lines it sits on.
    public static func boxed(_ content: HTMLLabel, background: String) -> HTMLLabel {
        HTMLLabel(markup: "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\" BGCOLOR=\"\(escape(background))\"><TR><TD>"
                  + content.markup + "</TD></TR></TABLE>")
    }

    /// `content` at the bottom left of a box of exactly `width` × `height` points (rounded up) on a background: an
    /// edge's label laid out by SceneFlow, whatever size the renderer's fonts would give it.
    public static func fixedBox(_ content: HTMLLabel, width: Double, height: Double, background: String) -> HTMLLabel {
        HTMLLabel(markup: "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\" BGCOLOR=\"\(escape(background))\">"
                  + "<TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(Int(width.rounded(.up)))\" HEIGHT=\"\(Int(height.rounded(.up)))\" ALIGN=\"LEFT\" VALIGN=\"BOTTOM\">"
                  + content.markup + "</TD></TR></TABLE>")
    }

    /// A borderless table of left-aligned cells, one row per array.
    public static func table(_ rows: [[HTMLLabel]], cellPadding: Int = 2) -> HTMLLabel {
        var markup = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"\(cellPadding)\">"
        for row in rows {
            markup += "<TR>" + row.map { "<TD ALIGN=\"LEFT\">" + ($0.markup.isEmpty ? " " : $0.markup) + "</TD>" }.joined() + "</TR>"
        }
        return HTMLLabel(markup: markup + "</TABLE>")
    }

    /// Escapes `&`, `<`, `>`, `"` and `'`; control characters become spaces (Graphviz's XML parser rejects them).
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0xFFFE...0xFFFF).contains(scalar.value) {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
