import Foundation
import GraphvizRenderer

/// Renders diagram pages in helper processes beside this one. Graphviz keeps global state and cannot render two
/// graphs at once in one process, so a long sequence diagram's pages are shared between this process and helpers:
/// each helper is this tool run as `sceneflow render-pages`, reading the paths of DOT files on its standard input
/// and rendering each beside it, one line of outcome per file on its standard output.
///
/// What a helper does not report as rendered (it failed, or could not start) the caller renders itself.
final class PageHelpers {
    /// The outcome of one page in a helper: rendered, or Graphviz's words on why not.
    enum Outcome: Equatable {
        /// With what Graphviz warned of, if anything.
        case rendered(warnings: [String])
        case failed(String)
    }

    private struct Helper {
        let process: Process
        let input: FileHandle
        let output: OutputBox
    }

    /// What a helper said, read on a thread of its own; `done` is signalled at its end.
    private final class OutputBox: @unchecked Sendable {
        let lock = NSLock()
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }

    private var helpers: [Helper] = []
    /// Per helper, the paths handed to it in order: its answers come in the same order.
    private var submitted: [[String]] = []

    /// Starts `count` helpers that render to `formats`; none when the executable cannot be started.
    init(executable: URL, count: Int, formats: [DiagramFormat]) {
        let formatList = formats.filter { $0.graphviz != nil }.map(\.rawValue).joined(separator: ",")
        guard !formatList.isEmpty else { return }
        // A helper that ends early must not end this process: writing to its closed input fails instead of
        // raising SIGPIPE (process-wide, from the first helper on).
        signal(SIGPIPE, SIG_IGN)
        for _ in 0..<count {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["render-pages", "--image-format", formatList]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { break }
            // The helper's ends of the pipes are its own: without them closed here, its output would never end.
            try? input.fileHandleForReading.close()
            try? output.fileHandleForWriting.close()
            // Read what the helper says as it says it, so it never waits on a full pipe.
            let box = OutputBox()
            let handle = output.fileHandleForReading
            let reader = Thread {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    box.lock.withLock { box.data.append(chunk) }
                }
                box.done.signal()
            }
            reader.start()
            helpers.append(Helper(process: process, input: input.fileHandleForWriting, output: box))
            submitted.append([])
        }
    }

    var count: Int { helpers.count }

    /// Hands helper `index` the DOT file to render: its path NUL-terminated, so no character of a folder's name (a
    /// newline, a tab) can split it.
    func submit(_ dotFile: URL, to index: Int) {
        submitted[index].append(dotFile.path)
        try? helpers[index].input.write(contentsOf: Data(dotFile.path.utf8) + Data([0]))
    }

    /// Waits for every helper to finish; what each said, by DOT file path.
    func finish() -> [String: Outcome] {
        var outcomes: [String: Outcome] = [:]
        for (index, helper) in helpers.enumerated() {
            try? helper.input.close()
            helper.process.waitUntilExit()
            helper.output.done.wait()
            let data = helper.output.lock.withLock { helper.output.data }
            // One NUL-terminated answer per path, in the order handed over: `rendered` or `failed`, then (after U+001E)
            // the warnings separated by U+001F, or why it failed.
            let answers = data.split(separator: 0, omittingEmptySubsequences: false).dropLast()
            for (path, answer) in zip(submitted[index], answers) {
                let parts = String(decoding: answer, as: UTF8.self).split(separator: "\u{1E}", maxSplits: 1, omittingEmptySubsequences: false)
                switch parts[0] {
                case "rendered":
                    let warnings = parts.count > 1 && !parts[1].isEmpty ? parts[1].split(separator: "\u{1F}").map(String.init) : []
                    outcomes[path] = .rendered(warnings: warnings)
                case "failed": outcomes[path] = .failed(parts.count > 1 ? String(parts[1]) : "")
                default: continue
                }
            }
        }
        helpers = []
        submitted = []
        return outcomes
    }

    /// The helper's side: renders each DOT file named on `input` (NUL-terminated) to `formats` beside it, answering
    /// on `output` for each, NUL-terminated and in order: `rendered` U+001E warnings (separated by U+001F), or `failed`
    /// U+001E why. Pages are drawn as `DiagramWriter` draws them.
    static func serve(formats: [DiagramFormat], input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        var pending = Data()
        func handle(_ path: String) {
            let dotFile = URL(fileURLWithPath: path)
            var problems: [String] = [], warnings: [String] = []
            if let data = try? Data(contentsOf: dotFile) {
                // As the main process writes a page, but the DOT is there already.
                do {
                    let written = try DiagramWriter.write(dot: String(decoding: data, as: UTF8.self), engine: .pinned,
                                                          as: dotFile.deletingPathExtension().lastPathComponent, formats: formats,
                                                          to: dotFile.deletingLastPathComponent(), measuresText: false, writesDOT: false)
                    problems = written.failures
                    warnings = written.warnings
                } catch {
                    problems.append("\(error)")
                }
            } else {
                problems.append("\(dotFile.lastPathComponent): cannot be read")
            }
            func field(_ text: String) -> String { String(text.unicodeScalars.filter { $0 != "\0" && $0 != "\u{1E}" && $0 != "\u{1F}" }) }
            let answer = problems.isEmpty ? "rendered\u{1E}" + warnings.map(field).joined(separator: "\u{1F}")
                : "failed\u{1E}" + field(problems.joined(separator: "; "))
            try? output.write(contentsOf: Data(answer.utf8) + Data([0]))
        }
        // Paths come NUL-terminated; each gets one NUL-terminated answer, in order.
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let end = pending.firstIndex(of: 0) {
                let path = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...end)
                handle(path)
            }
        }
    }
}
