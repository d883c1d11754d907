import CGraphviz
import GraphvizShim
import Foundation

/// Renders DOT text with Graphviz's library, in this process: DOT in, SVG, PNG or PDF bytes out.
///
/// libgvc is not thread-safe, so every call goes through one lock. Graphviz's errors and warnings are collected
/// and returned (never printed); IDs are numbered in order of appearance, so the same DOT always renders to the
/// same bytes, as the `dot` command does.
public final class GraphvizRenderer: @unchecked Sendable {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        case svg, png, pdf
    }

    /// The layout engines used: `dot` lays out graphs; `nop2` keeps positions that are already given
    /// (`neato -n2`), for diagrams laid out by SceneFlow itself.
    public enum Engine: String, Sendable {
        case dot
        /// Every node and edge where the DOT puts it (`neato -n2`).
        case pinned = "nop2"
        /// Nodes where the DOT puts them, edges routed by Graphviz (`neato -n`).
        case pinnedNodes = "nop"
    }

    /// What a render produced.
    public struct Output: Sendable {
        public var data: Data
        /// Graphviz's warnings, one per line.
        public var warnings: [String]
    }

    /// Why a render failed, with Graphviz's own words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The one renderer of the process.
    public static let shared = GraphvizRenderer()

    private let lock = NSLock()
    private var context: OpaquePointer?
    /// The context for SVG and DOT without Pango's text measurement; nil until needed, or when unavailable.
    private var plainContext: OpaquePointer?
    private var plainContextTried = false
    private var capturing = false
    /// Output devices this Graphviz turned down, so they are not asked again.
    private var unavailableDevices: Set<String> = []

    /// Whether what Graphviz's plugins print to stderr themselves (cairo's "graph is too large…") is collected
    /// into the warnings during a render. This points the process's stderr at a temporary file while rendering,
    /// so it suits a command-line tool, not an app with other threads writing to stderr. Off by default.
    public var capturesStandardError: Bool {
        get { lock.withLock { capturing } }
        set { lock.withLock { capturing = newValue } }
    }

    private init() {}

    /// Lays out and renders `dot` with `engine` to `format`. `source` names the DOT in Graphviz's messages.
    ///
    /// `measuresText: false` asks for SVG without Pango's text measurement (Graphviz's built-in font
    /// metrics instead): for drawings whose every box has its size and place in the DOT, it is several times
    /// cheaper on big diagrams and looks the same. PNG and PDF always measure (cairo draws the text).
    ///
    /// `graphAttributes` are set on the graph after it is read, as if its DOT had said them (a PNG's `size`).
    public func render(_ dot: String, engine: Engine, format: Format, source: String = "<dot>",
                       measuresText: Bool = true, graphAttributes: [String: String] = [:]) throws -> Output {
        lock.lock()
        defer { lock.unlock() }
        if context == nil {
            sf_setup()
            context = gvContext()
            if let context { sf_add_png_device(context) }
        }
        if !measuresText && !plainContextTried && format == .svg {
            plainContextTried = true
            plainContext = sf_context_without_text_layout()
        }
        let plain = !measuresText && format == .svg ? plainContext : nil
        guard let gvc = plain ?? context else { throw Failure(message: "Graphviz could not start (gvContext failed)") }
        sf_messages_reset()
        // What plugins print to stderr themselves is collected too, when asked.
        let capture = capturing ? sf_capture_begin() : nil
        let result = Result { try render(dot, gvc: gvc, engine: engine, format: format, source: source, graphAttributes: graphAttributes) }
        var printed: [String] = []
        if let capture {
            var buffer = [CChar](repeating: 0, count: 8192)
            if sf_capture_end(capture, &buffer, buffer.count) > 0 {
                printed = Self.lines(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
        }
        switch result {
        case .success(let data):
            return Output(data: data, warnings: Self.messages() + printed)
        case .failure(let error as Failure):
            throw Failure(message: ([error.message] + printed).joined(separator: "; "))
        case .failure(let error):
            throw error
        }
    }

    private func render(_ dot: String, gvc: OpaquePointer, engine: Engine, format: Format, source: String,
                        graphAttributes: [String: String]) throws -> Data {
        let bytes = Array(dot.utf8)
        var name = Array(source.utf8CString)
        let graph: UnsafeMutablePointer<Agraph_t>? = bytes.withUnsafeBufferPointer { buffer in
            name.withUnsafeMutableBufferPointer { name in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        sf_read_graph($0, buffer.count, name.baseAddress)
                    }
                } ?? nil
            }
        }
        guard let graph else {
            throw Failure(message: "Graphviz cannot read the DOT: " + Self.messages().joined(separator: "; "))
        }
        defer { agclose(graph) }
        for (name, value) in graphAttributes.sorted(by: { $0.key < $1.key }) { sf_set_graph_attribute(graph, name, value) }
        guard gvLayout(gvc, graph, engine.rawValue) == 0 else {
            var message = Self.messages().joined(separator: "; ")
            if message.contains("not recognized") {
                message += " — Graphviz's plugins are not configured: reinstall the graphviz package, or run 'dot -c' as root"
            }
            throw Failure(message: "Graphviz could not lay out the graph: \(message)")
        }
        defer { gvFreeLayout(gvc, graph) }
        var result: UnsafeMutablePointer<CChar>?
        var length = 0
        var status: Int32 = -1
        var device = format.rawValue
        for candidate in devices(for: format) {
            device = candidate
            status = sf_render(gvc, graph, candidate, &result, &length)
            if status == 0 || !Self.messages().contains(where: { $0.contains("not recognized") }) { break }
            // This Graphviz lacks the device: the next one, from now on.
            unavailableDevices.insert(candidate)
            sf_messages_reset()
        }
        defer { if let result { gvFreeRenderData(result) } }
        guard status == 0 else {
            throw Failure(message: "Graphviz could not render \(format.rawValue): " + Self.messages().joined(separator: "; "))
        }
        if device == Self.pngDevice {
            var count = 0
            guard let bytes = sf_png_take(&count) else {
                throw Failure(message: "could not write the PNG (out of memory for its \(format.rawValue) bytes)")
            }
            defer { free(bytes) }
            return Data(bytes: bytes, count: count)
        }
        guard let result else {
            throw Failure(message: "Graphviz could not render \(format.rawValue): " + Self.messages().joined(separator: "; "))
        }
        return Data(bytes: result, count: length)
    }

    /// SceneFlow's PNG device: cairo draws, `sf_png_format` writes (GraphvizShim.c says why).
    private static let pngDevice = "sfpng"

    /// The output devices that make `format`, best first; a Graphviz without cairo falls back to its own `png`.
    private func devices(for format: Format) -> [String] {
        let devices = format == .png ? [Self.pngDevice, "png"] : [format.rawValue]
        let available = devices.filter { !unavailableDevices.contains($0) }
        return available.isEmpty ? [format.rawValue] : available
    }

    /// Printed text as messages: one per line, without the `(null): ` an in-process plugin prefixes.
    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("(null): ") { text.removeFirst("(null): ".count) }
            return text
        }.filter { !$0.isEmpty }
    }

    /// What Graphviz said since the last reset, one message per line.
    private static func messages() -> [String] {
        String(cString: sf_messages_text())
            .split(separator: "\n")
            .map { line in
                var text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
                return text
            }
            .filter { !$0.isEmpty }
    }
}
