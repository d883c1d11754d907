/// Estimates how wide text is drawn, so diagrams can be laid out without asking Graphviz. The widths are
/// Arial's (Liberation Sans, which Graphviz's `Helvetica` resolves to, has the same metrics), in thousandths
/// of an em; text outside ASCII is estimated generously.
public enum TextMetrics {
    private static let ascii: [UInt16] = [
        // space ! " # $ % & ' ( ) * + , - . /
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        // 0-9
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
        // : ; < = > ? @
        278, 278, 584, 584, 584, 556, 1015,
        // A-Z
        667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
        667, 944, 667, 667, 611,
        // [ \ ] ^ _ `
        278, 278, 278, 469, 556, 333,
        // a-z
        556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556,
        500, 722, 500, 500, 500,
        // { | } ~
        334, 260, 334, 584,
    ]

    /// The width in points of `text` at `size` points.
    public static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        var thousandths = 0.0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 32 && value < 127 {
                thousandths += Double(ascii[Int(value) - 32])
            } else if value < 0x2E80 {
                thousandths += 650
            } else {
                thousandths += 1000  // CJK, emoji: full width
            }
        }
        return thousandths / 1000 * size * (bold ? 1.1 : 1.0)
    }
}
