import Foundation

/// Where a run's events go as they happen.
public protocol TraceSink: AnyObject {
    func begin(_ header: TraceHeader) throws
    func record(_ event: borrowing TraceEvent) throws
    func finish(_ end: RunEnd) throws
}

/// Keeps a trace in memory (for tests, diagrams and small runs).
public final class TraceRecorder: TraceSink {
    public private(set) var header: TraceHeader?
    public private(set) var events: [TraceEvent] = []
    public private(set) var end: RunEnd?

    public init() {}

    public func begin(_ header: TraceHeader) { self.header = header }
    public func record(_ event: borrowing TraceEvent) { events.append(copy event) }
    public func finish(_ end: RunEnd) { self.end = end }

    /// The recorded trace; nil before `begin`.
    public var trace: Trace? {
        header.map { Trace(header: $0, events: events, end: end) }
    }
}

/// Streams a trace to a file as JSON Lines, in chunks, so memory stays flat however long the run.
///
/// It writes to a temporary file beside the destination and renames it into place in `finish` (or `close`),
/// so a reader never sees a half-written trace, and an interrupted run leaves the previous file intact.
public final class TraceFileWriter: TraceSink {
    public let destination: URL
    private let temporary: URL
    private let handle: FileHandle
    private let buffer: ByteBuffer
    private let chunkSize: Int
    private var isClosed = false

    /// Opens a temporary file next to `destination`.
    public init(destination: URL, chunkSize: Int = 1 << 20) throws {
        self.destination = destination
        self.chunkSize = chunkSize
        buffer = ByteBuffer(capacity: chunkSize + 4096)
        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        handle = try FileHandle(forWritingTo: temporary)
    }

    deinit {
        if !isClosed {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    public func begin(_ header: TraceHeader) throws {
        var buffer = self.buffer
        TraceEncoder.header(header, into: &buffer)
    }

    public func record(_ event: borrowing TraceEvent) throws {
        var buffer = self.buffer
        TraceEncoder.event(event, into: &buffer)
        if buffer.count >= chunkSize { try flush() }
    }

    /// Writes the last line and moves the file into place.
    public func finish(_ end: RunEnd) throws {
        var buffer = self.buffer
        TraceEncoder.end(end, into: &buffer)
        try flush()
        try handle.close()
        isClosed = true
        try Self.replace(destination, with: temporary)
    }

    /// Abandons the trace: the temporary file is removed and the destination is left as it was.
    public func discard() {
        guard !isClosed else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
        isClosed = true
    }

    private func flush() throws {
        guard buffer.count > 0 else { return }
        try buffer.withUnsafeBytes { try handle.write(contentsOf: $0) }
        buffer.removeAll()
    }

    /// Atomically replaces `destination` with `source` (rename within one folder).
    static func replace(_ destination: URL, with source: URL) throws {
        if rename(source.path, destination.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: source)
            throw CocoaError(.fileWriteUnknown, userInfo: [
                NSFilePathErrorKey: destination.path,
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
            ])
        }
    }
}
