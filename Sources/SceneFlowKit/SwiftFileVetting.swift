import CodeImport
import Foundation

/// Parses Swift files in a helper process before `import`, `map` and `drift` read them here, so that a file written
/// to hurt — one the parser would take minutes on, or recurse through until the stack ends — costs a named refusal,
/// not the command. The helper is this tool run as `sceneflow vet-swift`: it reads paths on its standard input and
/// answers for each, in order, both NUL-terminated. A file it does not answer for within `budget` seconds, or that
/// ends the helper, is refused by name; a new helper takes the files after it.
///
/// A thread cannot be stopped once it parses, which is why the time budget lives in another process.
public enum SwiftFileVetting {
    /// Seconds one file may take to parse: 10, or `SCENEFLOW_PARSE_BUDGET`. Real files take milliseconds; the
    /// largest file read (4 MiB) of ordinary code takes well under a second.
    public static var budget: TimeInterval {
        ProcessInfo.processInfo.environment["SCENEFLOW_PARSE_BUDGET"].flatMap(TimeInterval.init).map { max(0.1, $0) } ?? 10
    }

    /// A vetting function for `CodeImporter.vet` that runs `executable vet-swift`; nil when there is no executable.
    public static func helper(executable: URL?, budget: TimeInterval = budget) -> (@Sendable ([String]) -> [String: String])? {
        guard let executable else { return nil }
        return { paths in vet(paths, executable: executable, budget: budget) }
    }

    /// Path → why it is not read, for the files the helper refused, did not answer for in time, or ended on.
    public static func vet(_ paths: [String], executable: URL, budget: TimeInterval) -> [String: String] {
        var refused: [String: String] = [:]
        var next = 0
        // A helper that ends must not end this process: writing to its closed input fails instead of raising SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        while next < paths.count {
            guard let helper = Helper(executable: executable) else {
                // No helper could start: the files are read here, without the time budget.
                return refused
            }
            defer { helper.stop() }
            asking: while next < paths.count {
                let path = paths[next]
                next += 1
                switch helper.ask(path, within: budget) {
                case .answer(let answer):
                    if answer != "ok" { refused[path] = answer }
                case .late:
                    refused[path] = "parsing it took more than \(budget.formatted()) s"
                    break asking
                case .ended:
                    refused[path] = "parsing it ended the parser (a stack overflow or a crash)"
                    break asking
                }
            }
        }
        return refused
    }

    /// The helper's side (`sceneflow vet-swift`): for each NUL-terminated path on standard input, `ok` or why the file
    /// is not read, NUL-terminated, on standard output.
    public static func serve() {
        let input = FileHandle.standardInput
        var pending = Data()
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { return }
            pending.append(chunk)
            while let end = pending.firstIndex(of: 0) {
                let path = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...end)
                var answer = "ok"
                if let data = FileManager.default.contents(atPath: path), data.count <= CodeImporter.largestFile,
                   let reason = CodeImporter.vet(source: String(decoding: data, as: UTF8.self)) {
                    answer = reason
                }
                FileHandle.standardOutput.write(Data(answer.utf8) + Data([0]))
            }
        }
    }

    /// One helper process and what it said.
    private final class Helper: @unchecked Sendable {
        enum Reply { case answer(String), late, ended }

        let process = Process()
        let input: FileHandle
        private let lock = NSLock()
        private var received = Data()
        private var closed = false
        private let arrived = DispatchSemaphore(value: 0)

        init?(executable: URL) {
            process.executableURL = executable
            process.arguments = ["vet-swift"]
            let inputPipe = Pipe(), outputPipe = Pipe()
            process.standardInput = inputPipe
            process.standardOutput = outputPipe
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            try? inputPipe.fileHandleForReading.close()
            try? outputPipe.fileHandleForWriting.close()
            input = inputPipe.fileHandleForWriting
            let handle = outputPipe.fileHandleForReading
            let reader = Thread { [self] in
                while true {
                    let chunk = handle.availableData
                    lock.withLock {
                        if chunk.isEmpty { closed = true } else { received.append(chunk) }
                    }
                    arrived.signal()
                    if chunk.isEmpty { break }
                }
            }
            reader.start()
        }

        /// Hands the helper one path and waits for its answer, at most `budget` seconds.
        func ask(_ path: String, within budget: TimeInterval) -> Reply {
            do {
                try input.write(contentsOf: Data(path.utf8) + Data([0]))
            } catch {
                return .ended
            }
            let deadline = DispatchTime.now() + budget
            while true {
                let (answer, ended): (String?, Bool) = lock.withLock {
                    if let end = received.firstIndex(of: 0) {
                        let text = String(decoding: received[received.startIndex..<end], as: UTF8.self)
                        received.removeSubrange(received.startIndex...end)
                        return (text, false)
                    }
                    return (nil, closed)
                }
                if let answer { return .answer(answer) }
                if ended { return .ended }
                if arrived.wait(timeout: deadline) == .timedOut { return .late }
            }
        }

        func stop() {
            try? input.close()
            // A helper still parsing is stopped at once: that is what it is for.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }
}
