import Foundation
import GraphvizRenderer
import Testing

@Suite("Graphviz renderer")
struct GraphvizRendererTests {
    /// Clusters and many named nodes: the layout that depends on ID order when IDs come from addresses.
    static let clustered: String = {
        var dot = "digraph \"clusters\" {\n  rankdir=LR;\n"
        for c in 0..<6 {
            dot += "  subgraph \"cluster_\(c)\" { label=\"Scene \(c)\";\n"
            for n in 0..<5 { dot += "    \"s\(c)_n\(n)\" [label=\"Component \(c).\(n)\"];\n" }
            for n in 0..<4 { dot += "    \"s\(c)_n\(n)\" -> \"s\(c)_n\(n + 1)\";\n" }
            dot += "  }\n"
        }
        for c in 0..<5 { dot += "  \"s\(c)_n4\" -> \"s\(c + 1)_n0\" [label=\"route \(c)\"];\n" }
        return dot + "}\n"
    }()

    static let pinned = """
        digraph "pinned" {
          graph [bb="0,0,200,100"];
          node [shape=box, fixedsize=true, width=1, height=0.4];
          a [pos="50,50!", label="A"];
          b [pos="150,50!", label="B"];
          a -> b [pos="e,114,50 86,50 95,50 105,50 108,50"];
        }

        """

    func render(_ dot: String, _ engine: GraphvizRenderer.Engine = .dot, _ format: GraphvizRenderer.Format = .svg) throws -> GraphvizRenderer.Output {
        try GraphvizRenderer.shared.render(dot, engine: engine, format: format)
    }

    @Test("without text measurement, a pinned drawing keeps every node and edge where it was; only text moves a little")
    func unmeasuredText() throws {
        let measured = String(decoding: try GraphvizRenderer.shared.render(Self.pinned, engine: .pinned, format: .svg).data, as: UTF8.self)
        let plain = try GraphvizRenderer.shared.render(Self.pinned, engine: .pinned, format: .svg, measuresText: false)
        #expect(plain.warnings == [])
        let text = String(decoding: plain.data, as: UTF8.self)
        func shapes(_ svg: String) -> [Substring] {
            svg.split(separator: "\n").filter { $0.contains("<path") || $0.contains("<polygon") || $0.contains("<ellipse") }
        }
        #expect(!shapes(measured).isEmpty)
        #expect(shapes(text) == shapes(measured))
        #expect(text.components(separatedBy: "<text").count == measured.components(separatedBy: "<text").count)
        // The same again gives the same bytes.
        #expect(try GraphvizRenderer.shared.render(Self.pinned, engine: .pinned, format: .svg, measuresText: false).data == plain.data)
    }

    @Test("SVG, PNG and PDF come out with their signatures")
    func formats() throws {
        #expect(String(decoding: try render(Self.pinned, .pinned, .svg).data, as: UTF8.self).contains("<svg"))
        #expect(try render(Self.pinned, .pinned, .png).data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try render(Self.pinned, .pinned, .pdf).data.prefix(5) == Data("%PDF-".utf8))
    }

    @Test("the same DOT renders to the same bytes, however many graphs came before")
    func repeatable() throws {
        let first = try render(Self.clustered).data
        for _ in 0..<5 {
            _ = try render(Self.pinned, .pinned)
            #expect(try render(Self.clustered).data == first)
        }
    }

    @Test("in-process output equals the dot command's", arguments: [("dot", clustered), ("neato", pinned)])
    func matchesCommand(_ tool: String, _ dot: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = tool == "neato" ? ["neato", "-n2", "-Tsvg"] : ["dot", "-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let expected = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let actual = try render(dot, tool == "neato" ? .pinned : .dot).data
        #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("a syntax error is reported with Graphviz's message")
    func syntaxError() {
        for _ in 0..<2 {
            _ = try? render(Self.pinned, .pinned)
            #expect {
                try GraphvizRenderer.shared.render("digraph {\n  a -> ;\n}\n", engine: .dot, format: .svg, source: "flow.dot")
            } throws: { error in
                "\(error)" == "Graphviz cannot read the DOT: flow.dot: syntax error in line 2 near ';'"
            }
        }
    }

    @Test("warnings are collected, not printed")
    func warnings() throws {
        let output = try render("digraph \"w\" { a [shape=nosuchshape]; }")
        #expect(output.warnings == ["Warning: using box for unknown shape nosuchshape"])
        #expect(try render("digraph \"w\" { a; }").warnings == [], "warnings do not leak into the next render")
    }

    @Test("what plugins print to stderr themselves comes back as warnings")
    func printedWarnings() throws {
        let wide = """
            digraph "wide" {
              graph [bb="0,0,40000,20"];
              a [pos="10,10!", shape=point];
              b [pos="39990,10!", shape=point];
            }

            """
        GraphvizRenderer.shared.capturesStandardError = true
        defer { GraphvizRenderer.shared.capturesStandardError = false }
        // Other tests running at the same time may print too, so look for the line rather than count lines.
        let output = try render(wide, .pinned, .png)
        #expect(output.warnings.contains { $0.hasPrefix("graph is too large for cairo-renderer bitmaps. Scaling by") })
    }

    @Test("labelled edges between nodes of one rank render repeatedly without a crash")
    func flatLabelledEdges() throws {
        // Reported to double-free in gvFreeLayout on some Graphviz versions; guard this one.
        let dot = "digraph \"flat\" { {rank=same; a; b} a -> b [label=\"x\"]; b -> a [label=\"y\"]; }\n"
        for _ in 0..<50 { _ = try render(dot) }
    }

    @Test("concurrent renders are serialised and all succeed")
    func concurrent() async throws {
        let expected = try render(Self.clustered).data
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<16 {
                group.addTask { try GraphvizRenderer.shared.render(Self.clustered, engine: .dot, format: .svg).data }
            }
            for try await data in group { #expect(data == expected) }
        }
    }
}
