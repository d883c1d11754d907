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
            process.arguments = ["render-pages", "--format", formatList]
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
        }
    }

    var count: Int { helpers.count }

    /// Hands helper `index` the DOT file to render.
    func submit(_ dotFile: URL, to index: Int) {
        let line = Data((dotFile.path + "\n").utf8)
        try? helpers[index].input.write(contentsOf: line)
    }

    /// Waits for every helper to finish; what each said, by DOT file path.
    func finish() -> [String: Outcome] {
        var outcomes: [String: Outcome] = [:]
        for helper in helpers {
            try? helper.input.close()
            helper.process.waitUntilExit()
            helper.output.done.wait()
            let text = helper.output.lock.withLock { String(decoding: helper.output.data, as: UTF8.self) }
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count >= 2 else { continue }
                switch parts[0] {
                case "rendered":
                    let warnings = parts.count > 2 && !parts[2].isEmpty ? parts[2].split(separator: "\u{1F}").map(String.init) : []
                    outcomes[String(parts[1])] = .rendered(warnings: warnings)
                case "failed": outcomes[String(parts[1])] = .failed(parts.count > 2 ? String(parts[2]) : "")
                default: continue
                }
            }
        }
        helpers = []
        return outcomes
    }

    /// The helper's side: renders each DOT file named on `input` to `formats` beside it, saying on `output`
    /// `rendered<TAB>path<TAB>warnings` (separated by U+001F) or `failed<TAB>path<TAB>why`. Pages are drawn as `DiagramWriter` draws them.
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
            func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ") }
            let line = problems.isEmpty ? "rendered\t\(path)\t\(warnings.map(oneLine).joined(separator: "\u{1F}"))\n"
                : "failed\t\(path)\t\(oneLine(problems.joined(separator: "; ")))\n"
            try? output.write(contentsOf: Data(line.utf8))
        }
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let path = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if !path.isEmpty { handle(path) }
            }
        }
    }
}
