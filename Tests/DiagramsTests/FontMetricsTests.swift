import Diagrams
import Foundation
import GraphvizRenderer
import Testing

/// The widths the layouts use are those of the font that really draws the text: Graphviz asks Pango, which asks
/// fontconfig for the family the diagrams name.
@Suite("Font metrics")
struct FontMetricsTests {
    static let samples: [(text: String, size: Double, bold: Bool)] = [
        ("LoginBusinessLogic.login(request:)", 11, false),
        (#"{username: "ann", password: "wrong"}"#, 9, false),
        ("CreateOrderRoutingLogic.routeToShowOrder(segue:)", 11, false),
        ("shows expirationDateTextField = \"1/31/28\"", 11, false),
        ("LoginViewController", 11.5, true),
        ("cycle 2 · Login.Login — Right password", 9, true),
        ("0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz", 10, false),
    ]

    /// How wide Graphviz makes a box that just holds `text` (no margin, no minimum size), in points.
    static func measured(_ text: String, size: Double, bold: Bool) throws -> Double {
        let label = HTMLLabel.text(text, size: size, bold: bold)
        var graph = DOTGraph(name: "m", attributes: ["pad": 0])
        graph.node("t", ["shape": "plaintext", "margin": 0, "width": 0.01, "height": 0.01,
                         "fontname": .text(RolePalette.fontName), "label": .html(label)])
        let svg = String(decoding: try GraphvizRenderer.shared.render(DOTEncoder.encode(graph), engine: .dot, format: .svg).data,
                         as: UTF8.self)
        // `<svg width="NNpt"`: the drawing is the box.
        let width = svg.components(separatedBy: "<svg width=\"")[1].prefix { $0 != "p" }
        return try #require(Double(width))
    }

    @Test("TextMetrics measures what Graphviz draws with the named font: never 2.5 % narrower, at most 6 % wider")
    func agreesWithGraphviz() throws {
        for sample in Self.samples {
            let estimate = TextMetrics.width(sample.text, size: sample.size, bold: sample.bold)
            let real = try Self.measured(sample.text, size: sample.size, bold: sample.bold)
            // Never narrower than drawn by more than Graphviz's rounding to whole points; a little wider is safe.
            #expect(real - estimate < 0.025 * real && estimate - real < 0.06 * real, "\(sample.text): estimated \(estimate), drawn \(real)")
        }
    }
}
