import ArgumentParser
import Foundation
import Diagrams
import SceneFlowKit
import TerminalOutput

/// Options that choose which diagrams are drawn and how.
struct DiagramOptions: ParsableArguments {
    @Option(name: .customLong("diagram"), parsing: .upToNextOption,
            help: "Diagrams to draw: sequence, dependencies, flow, cycle (default: all).")
    var diagrams: [DiagramChoice] = []

    @Option(help: "Comma-separated formats: svg, png, pdf, dot. The .dot is always written.")
    var format: String = "svg"

    @Option(help: "Sequence diagram detail: message (every message), cycle (one arrow per stage), scene.")
    var detail: DetailChoice = .message

    @Option(help: "First story step drawn in the sequence diagram.")
    var from: Int?

    @Option(help: "Last story step drawn in the sequence diagram.")
    var to: Int?

    @Option(help: "Longest payload shown under a message, in characters (0 hides payloads).")
    var payloadLength: Int = 48

    @Option(help: "Most messages the sequence diagram and the report draw; a longer run's are cut there, with a note.")
    var maxDiagramMessages: Int = DiagramWriter.defaultMaxSequenceMessages

    @Option(help: "Most messages on one page of the sequence diagram; a longer run is cut into pages at story steps (sequence-1.svg, …; sequence.svg is their index).")
    var pageMessages: Int = SequencePage.defaultMessages

    enum DiagramChoice: String, ExpressibleByArgument, CaseIterable { case sequence, dependencies, flow, cycle }
    enum DetailChoice: String, ExpressibleByArgument, CaseIterable { case message, cycle, scene }

    func validate() throws {
        _ = try formats()
        if let from, from < 1 { throw ValidationError("--from must be a story step, 1 or more") }
        if let to, to < 1 { throw ValidationError("--to must be a story step, 1 or more") }
        if let from, let to, from > to { throw ValidationError("--from \(from) comes after --to \(to)") }
        if payloadLength < 0 { throw ValidationError("--payload-length cannot be negative") }
        if maxDiagramMessages < 1 { throw ValidationError("--max-diagram-messages must be positive") }
        if pageMessages < 10 { throw ValidationError("--page-messages must be 10 or more") }
    }

    func formats() throws -> [DiagramFormat] { try diagramFormats(format) }

    func writerOptions() throws -> DiagramWriter.Options {
        let steps: ClosedRange<Int>? = from == nil && to == nil ? nil : (from ?? 1)...(to ?? Int.max)
        return DiagramWriter.Options(
            kinds: diagrams.isEmpty ? DiagramKind.allCases : diagrams.map { DiagramKind(rawValue: $0.rawValue)! },
            formats: try formats(),
            sequence: .init(detail: SequenceDiagramBuilder.Detail(rawValue: detail.rawValue)!, steps: steps,
                            payloadLimit: payloadLength),
            maxSequenceMessages: maxDiagramMessages, messagesPerPage: pageMessages, pageHelpers: Self.pageHelpers)
    }

    /// This tool, started again to render a long run's pages on the machine's other cores (at most 7 helpers).
    static var pageHelpers: (executable: URL, count: Int)? {
        let count = min(ProcessInfo.processInfo.activeProcessorCount - 1, 7)
        guard count > 0, let executable = Invocation.current.executable else { return nil }
        return (executable, count)
    }
}

/// `svg,png` → the formats, each once; a usage error for an unknown or empty list.
func diagramFormats(_ text: String) throws -> [DiagramFormat] {
    var result: [DiagramFormat] = []
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !name.isEmpty {
        guard let format = DiagramFormat(rawValue: name) else {
            throw ValidationError("unknown format '\(name)'; use svg, png, pdf or dot")
        }
        if !result.contains(format) { result.append(format) }
    }
    guard !result.isEmpty else { throw ValidationError("--format needs at least one of svg, png, pdf, dot") }
    return result
}
