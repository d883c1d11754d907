import Foundation
import SceneFlowKit
import TerminalOutput

/// What one run of the tool has from the world around it: where its standard output and error go, where its
/// standard input comes from, which of them are terminals, its environment, and the executable its helper processes
/// start (`vet-swift`, `render-pages`). The tool's `main` runs with the process's own; a test runs a command in
/// process with its own streams, so parallel runs never share a descriptor.
public final class Invocation: @unchecked Sendable {
    /// A stream the tool writes to, by its descriptor number (standard output 1, standard error 2).
    public typealias Descriptor = Int32

    /// Writes bytes to standard output (1) or error (2).
    public let write: @Sendable (Descriptor, Data) -> Void
    /// One line of standard input, at most the given bytes of it; nil at its end.
    public let readLine: @Sendable (Int) -> String?
    /// Whether a descriptor (0, 1, 2) is a terminal.
    public let isTerminal: @Sendable (Descriptor) -> Bool
    public let environment: [String: String]
    /// The `sceneflow` executable that helper processes run; nil to do the work here, without helpers.
    public let executable: URL?
    /// The width help and usage text wrap to; nil for the terminal's (80 when there is none).
    public let columns: Int?

    let lock = NSLock()
    private var colourOn: Set<Descriptor> = []
    /// The running command's reporter (see `Reporter`).
    var currentReporter: Reporter?

    public init(write: @escaping @Sendable (Descriptor, Data) -> Void, readLine: @escaping @Sendable (Int) -> String?,
                isTerminal: @escaping @Sendable (Descriptor) -> Bool, environment: [String: String], executable: URL?,
                columns: Int?) {
        self.write = write
        self.readLine = readLine
        self.isTerminal = isTerminal
        self.environment = environment
        self.executable = executable
        self.columns = columns
    }

    /// This process's streams, environment and executable.
    public static let process = Invocation(
        // A reader that went away (`sceneflow run … | head`) is no failure of the command: what it would have read is
        // dropped, and the command finishes its work (files, exit status) as it would have.
        write: { descriptor, data in try? (descriptor == STDERR_FILENO ? FileHandle.standardError : FileHandle.standardOutput).write(contentsOf: data) },
        readLine: { TerminalOutput.readLine(limit: $0) },
        isTerminal: { isatty($0) == 1 },
        environment: ProcessInfo.processInfo.environment,
        executable: Bundle.main.executableURL,
        columns: nil)

    /// The run the current command belongs to.
    @TaskLocal public static var current: Invocation = .process

    /// Lets SceneFlow's own colour sequences through on a stream (see `Console`).
    func allowColour(_ allowed: Bool, on descriptor: Descriptor) {
        lock.withLock { if allowed { colourOn.insert(descriptor) } else { colourOn.remove(descriptor) } }
    }

    func allowsColour(on descriptor: Descriptor) -> Bool { lock.withLock { colourOn.contains(descriptor) } }
}

/// The one way out to the terminal: every text written to standard output or error passes `TerminalText.safe`,
/// which keeps colour sequences only on a stream a command coloured.
enum Console {
    /// Text on standard output.
    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Text on standard error.
    static func err(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Bytes on standard output as they are (an export's JSON, written as it is read).
    static func outData(_ data: Data) { Invocation.current.write(STDOUT_FILENO, data) }

    private static func write(_ text: String, to descriptor: Invocation.Descriptor) {
        let invocation = Invocation.current
        invocation.write(descriptor, Data(TerminalText.safe(text, keepingColor: invocation.allowsColour(on: descriptor)).utf8))
    }
}

/// `print` for SceneFlow: through `Console`.
func say(_ text: String, terminator: String = "\n") {
    Console.out(text + terminator)
}

extension Invocation {
    /// Swift files parsed first by this tool's `vet-swift` helper, so a file written to hurt costs a named refusal
    /// (`import`, `map`, `drift`, `init`).
    var swiftFileVetting: (@Sendable ([String]) -> [String: String])? {
        SwiftFileVetting.helper(executable: executable)
    }
}
