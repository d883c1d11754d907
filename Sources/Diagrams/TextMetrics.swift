/// How wide text is drawn, so diagrams can be laid out without asking Graphviz.
///
/// Diagrams name their font: DejaVu Sans first (`RolePalette.fontName`), the font that fontconfig gives Linux
/// machines for sans-serif and the one Graphviz really draws with there, so the SVG a browser shows and the PNG
/// Graphviz renders agree with the layout. Where DejaVu Sans is not installed (macOS), the next family
/// (Helvetica) draws every character narrower, so text still fits the boxes measured here.
///
/// The widths are DejaVu Sans's and DejaVu Sans Bold's advance widths (from their `hmtx` tables), in thousandths
/// of an em; other text is estimated generously.
public enum TextMetrics {
    private static let regular: [UInt16] = [
        // space ! " # $ % & ' ( ) * + , - . /
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        // 0-9
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636,
        // : ; < = > ? @
        337, 337, 838, 838, 838, 531, 1000,
        // A-Z
        684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
        684, 989, 685, 611, 685,
        // [ \ ] ^ _ `
        390, 337, 390, 838, 500, 500,
        // a-z
        613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634,
        592, 818, 592, 592, 525,
        // { | } ~
        636, 337, 636, 838,
    ]

    private static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696,
        400, 400, 838, 838, 838, 580, 1000,
        774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
        774, 1103, 771, 724, 725,
        457, 365, 457, 838, 500, 500,
        675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712,
        652, 924, 645, 652, 582,
        712, 365, 712, 838,
    ]

    /// Characters the diagrams draw themselves: (regular, bold).
    private static let symbols: [UInt32: (UInt16, UInt16)] = [
        0xA0: (318, 348), 0xAB: (612, 646), 0xB7: (318, 380), 0xBB: (612, 646), 0xD7: (838, 838), 0xE9: (615, 678),
        0x2013: (500, 500), 0x2014: (1000, 1000), 0x2022: (590, 639), 0x2026: (1000, 1000), 0x2190: (838, 838),
        0x2192: (838, 838), 0x2193: (838, 838), 0x22EF: (1000, 1000), 0x2713: (838, 838), 0x2715: (838, 838),
        0x2717: (838, 838), 0x25B6: (769, 769),
    ]

    /// The width in points of `text` at `size` points.
    public static func width(_ text: String, size: Double, bold isBold: Bool = false) -> Double {
        var thousandths = 0.0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 32 && value < 127 {
                thousandths += Double(isBold ? bold[Int(value) - 32] : regular[Int(value) - 32])
            } else if let known = symbols[value] {
                thousandths += Double(isBold ? known.1 : known.0)
            } else if value < 0x2E80 {
                thousandths += isBold ? 800 : 720   // Latin, Greek, Cyrillic average 650 (730 bold) in DejaVu Sans
            } else {
                thousandths += 1000  // CJK, emoji: full width
            }
        }
        return thousandths / 1000 * size
    }
}
