import ArgumentParser
import Foundation
import Diagrams
import SceneFlowKit
import ScenarioSpec
import TerminalOutput

/// Options that choose which diagrams are drawn and how.
struct DiagramOptions: ParsableArguments {
    @Option(name: .customLong("diagram"), parsing: .upToNextOption,
            help: "Diagrams to draw: sequence, dependencies, flow, cycle (default: all).")
    var diagrams: [DiagramChoice] = []

    @Option(help: ArgumentHelp("Comma-separated image formats: svg, png, pdf, dot. The .dot is always written.", valueName: "formats"))
    var imageFormat: String = "svg"

    /// An image list given to `--format`, its old spelling (run, render, map): set by the command that reads it.
    var legacyImageFormat: String?

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

    func formats() throws -> [DiagramFormat] { try diagramFormats(legacyImageFormat ?? imageFormat) }

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
    guard !result.isEmpty else { throw ValidationError("--image-format needs at least one of svg, png, pdf, dot") }
    return result
}

/// `--format` of a command that draws and reports (run, map): a report format, or an image list — the option's old
/// meaning there, kept one release with a warning. Returns the report format and the image list, if one was given.
func reportOrImageFormat(_ value: String?) throws -> (report: ReportFormat, images: String?) {
    guard let value else { return (.text, nil) }
    if let format = ReportFormat(rawValue: value) { return (format, nil) }
    do { _ = try diagramFormats(value) } catch {
        throw ValidationError("unknown format '\(value)'; --format is text, json or github (image formats go to --image-format: svg, png, pdf, dot)")
    }
    return (.text, value)
}

/// The warning the old spelling earns.
func imageFormatDeprecation(_ value: String) -> Diagnostic {
    .warning("--format \(value) names image formats, which is --image-format's job now; --format says how results are reported (text, json, github)",
             at: nil, notes: [Diagnostic.Note("write --image-format \(value)")], id: "usage/deprecated")
}
