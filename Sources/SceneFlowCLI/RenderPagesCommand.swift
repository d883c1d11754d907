import ArgumentParser
import SceneFlowKit

/// `sceneflow render-pages`: a helper that long runs start beside themselves to render sequence pages in
/// parallel (Graphviz renders one graph at a time per process). Not for people: it reads DOT file paths on stdin.
struct RenderPagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-pages",
        abstract: "Render the DOT files named on standard input (a helper of render and run).",
        shouldDisplay: false
    )

    @Option(help: "Comma-separated image formats: svg, png, pdf.")
    var imageFormat: String = "svg"

    func run() throws {
        DiagramWriter.servePages(formats: try diagramFormats(imageFormat))
    }
}
