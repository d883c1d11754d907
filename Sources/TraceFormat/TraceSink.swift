import Foundation

/// A line between messages: a story step begins, or a cycle begins or ends.
public enum TraceMarker: Sendable, Hashable {
    /// A story step begins; its messages follow, until the next step or the end. Its sequence range is filled in
    /// by whoever keeps the trace.
    case step(TraceStep)
    /// A cycle begins.
    case cycleStart(TraceCycle)
    /// The cycle with this number ends.
    case cycleEnd(Int)
}

/// Where a run's messages and markers go as they happen.
public protocol TraceSink: AnyObject {
    func begin(_ header: TraceHeader) throws
    func record(_ event: borrowing TraceEvent) throws
    func mark(_ marker: TraceMarker) throws
    func finish(_ end: RunEnd) throws
    /// The bytes of trace this sink has written or holds so far (as JSON Lines): what a run's byte budget counts.
    var bytes: Int { get }
}

extension TraceSink {
    public var bytes: Int { 0 }
}

/// Keeps a trace in memory (for tests, diagrams and small runs), as a reader of its file would see it: steps and
/// cycles know their messages, and each message its step.
public final class TraceRecorder: TraceSink {
    public private(set) var header: TraceHeader?
    public private(set) var events: [TraceEvent] = []
    public private(set) var steps: [TraceStep] = []
    public private(set) var cycles: [TraceCycle] = []
    public private(set) var end: RunEnd?
    /// Every message counted, when only the first messages are kept.
    public private(set) var tally: TraceTally?
    private var cycleIndex: [Int: Int] = [:]
    private var count = 0
    private var keep: Int
    /// The kept messages' bytes as JSON Lines, measured by encoding each.
    public private(set) var bytes = 0
    /// With `stopsKeepingAt`, the bytes kept messages may take; past it, messages are counted, no longer kept.
    private let keptBytes: Int?
    private var encoder = TraceEncoder()
    private let scratch = ByteBuffer(capacity: 4096)

    /// Keeps every message; with `keepingEvents`, only the first ones, and a `tally` of all; with
    /// `stopsKeepingAt`, only as many as fit in that many bytes (a diagram of the first ones, however large each is).
    public init(keepingEvents limit: Int? = nil, stopsKeepingAt byteLimit: Int? = nil) {
        keep = limit ?? Int.max
        keptBytes = byteLimit
        if limit != nil || byteLimit != nil { tally = TraceTally() }
    }

    public func begin(_ header: TraceHeader) { self.header = header }

    public func record(_ event: borrowing TraceEvent) {
        count += 1
        tally?.add(event)
        if count <= keep {
            var event = copy event
            event.step = steps.last?.number
            var out = scratch
            encoder.event(event, into: &out)
            bytes += scratch.count
            scratch.removeAll()
            if let keptBytes, bytes > keptBytes {
                keep = count - 1
            } else {
                events.append(event)
            }
        }
        if !steps.isEmpty { steps[steps.count - 1].lastSequence = count }
    }

    public func mark(_ marker: TraceMarker) {
        switch marker {
        case .step(var step):
            step.firstSequence = count + 1
            step.lastSequence = count
            steps.append(step)
        case .cycleStart(var cycle):
            tally?.add(cycle)
            cycle.firstSequence = count + 1
            cycle.lastSequence = count
            cycleIndex[cycle.number] = cycles.count
            cycles.append(cycle)
        case .cycleEnd(let number):
            if let index = cycleIndex.removeValue(forKey: number) { cycles[index].lastSequence = count }
        }
    }

    public func finish(_ end: RunEnd) { self.end = end }

    /// The messages recorded, kept or not.
    public var messages: Int { count }

    /// The recorded trace; nil before `begin`.
    public var trace: Trace? {
        header.map { Trace(header: $0, events: events, steps: steps, cycles: cycles, end: end).clipped(through: events.count) }
    }
}

/// Streams a trace to a file as JSON Lines, in chunks, so memory stays flat however long the run.
///
/// Events are encoded into a chunk in memory; a full chunk is written by a background queue while the run goes
/// on filling the next, so the engine does not wait on the kernel's copy into the page cache unless two chunks
/// are already waiting (then it does, and memory stays bounded by three chunks).
///
/// It writes to a temporary file beside the destination and renames it into place in `finish`, so a reader
/// never sees a half-written trace, and an interrupted run leaves the previous file intact. It does not `fsync`:
/// the rename is atomic for a process that is killed, and a trace can always be made again; forcing gigabytes to
/// the disk would make every long run wait on it. A destination that is a stream (`/dev/stdout`, a FIFO) is
/// written in place; one that is neither a file nor a stream is refused (`FileDestination`).
public final class TraceFileWriter: TraceSink {
    public let destination: URL
    /// The file renamed into place at the end; nil when the destination is a stream, written as it is.
    private let temporary: URL?
    private let handle: FileHandle
    private var buffer: ByteBuffer
    // Only the run that owns the writer touches it: no run-time exclusivity checks on the hot path.
    @exclusivity(unchecked) private var encoder = TraceEncoder()
    private let chunkSize: Int
    private var isClosed = false
    /// Bytes handed to the writer queue so far; with the chunk being filled, what `bytes` says.
    private var handedOver = 0
    public var bytes: Int { handedOver + buffer.count }
    private let writer = DispatchQueue(label: "sceneflow.trace-writer")
    /// Chunks handed to the writer and not yet written.
    private let inFlight = DispatchSemaphore(value: 2)
    private let shared = Shared()

    /// What the writer queue gives back: emptied chunks to reuse, and the first write error.
    private final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var spares: [ByteBuffer] = []
        var error: (any Error)?
    }

    /// Opens a temporary file next to `destination`.
    public init(destination: URL, chunkSize: Int = 1 << 20) throws {
        self.destination = destination
        self.chunkSize = chunkSize
        buffer = ByteBuffer(capacity: chunkSize + 4096)
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(file: folder.relativePath, error: error)
        }
        if let stream = try FileDestination.openInPlace(destination) {
            temporary = nil
            handle = stream
            return
        }
        let temporary = TemporaryFile.url(beside: destination)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(file: destination.relativePath, errno: errno) }
        self.temporary = temporary
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit {
        if !isClosed {
            writer.sync {}
            try? handle.close()
            if let temporary { try? FileManager.default.removeItem(at: temporary) }
        }
    }

    public func begin(_ header: TraceHeader) throws {
        var buffer = self.buffer
        encoder.header(header, into: &buffer)
    }

    public func record(_ event: borrowing TraceEvent) throws {
        var buffer = self.buffer
        encoder.event(event, into: &buffer)
        if buffer.count >= chunkSize { try handOver() }
    }

    public func mark(_ marker: TraceMarker) throws {
        var buffer = self.buffer
        encoder.marker(marker, into: &buffer)
    }

    /// Writes the last line and moves the file into place.
    public func finish(_ end: RunEnd) throws {
        var buffer = self.buffer
        encoder.end(end, into: &buffer)
        writer.sync {}
        try rethrowWriteError()
        do {
            try buffer.withUnsafeBytes { try handle.write(contentsOf: $0) }
            buffer.removeAll()
            try handle.close()
        } catch {
            throw WriteFailure(file: destination.relativePath, error: error)
        }
        isClosed = true
        if let temporary { try Self.replace(destination, with: temporary) }
    }

    /// Abandons the trace: the temporary file is removed and the destination is left as it was.
    public func discard() {
        guard !isClosed else { return }
        writer.sync {}
        try? handle.close()
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
        isClosed = true
    }

    /// Gives the full chunk to the writer queue and goes on with an empty one.
    private func handOver() throws {
        try rethrowWriteError()
        inFlight.wait()
        let full = buffer
        handedOver += full.count
        shared.lock.lock()
        buffer = shared.spares.popLast() ?? ByteBuffer(capacity: chunkSize + 4096)
        shared.lock.unlock()
        let handle = handle, shared = shared, inFlight = inFlight
        writer.async {
            do {
                try full.withUnsafeBytes { try handle.write(contentsOf: $0) }
            } catch {
                shared.lock.lock()
                if shared.error == nil { shared.error = error }
                shared.lock.unlock()
            }
            full.removeAll()
            shared.lock.lock()
            shared.spares.append(full)
            shared.lock.unlock()
            inFlight.signal()
        }
    }

    private func rethrowWriteError() throws {
        shared.lock.lock()
        let error = shared.error
        shared.lock.unlock()
        if let error { throw WriteFailure(file: destination.relativePath, error: error) }
    }

    /// Atomically replaces `destination` with `source` (rename within one folder).
    static func replace(_ destination: URL, with source: URL) throws {
        if rename(source.path, destination.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: source)
            throw WriteFailure(file: destination.relativePath, errno: code)
        }
    }
}
