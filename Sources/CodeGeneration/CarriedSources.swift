// The recorder's source (Sources/TraceFormat, Sources/SceneFlowRecorder), carried by every package `sceneflow generate`
// writes, so that it builds with Swift alone. Written from those folders by CarriedSourcesTests
// (RECORD_GOLDEN=1), which fails when the two differ: do not edit by hand.

enum CarriedSources {
    static let files: [GeneratedFile] = [
        GeneratedFile(path: "Sources/TraceFormat/ByteOutput.swift", text: #"""
/// Where the encoder writes bytes: an array, or a `ByteBuffer` on the hot path.
public protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeRawBufferPointer)
    /// Takes the last byte back (a line's newline, when lines are joined into a document).
    mutating func dropLastByte()
}

extension ByteOutput {
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    public mutating func append(bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
    public mutating func dropLastByte() { removeLast() }
}

/// Growable bytes written through a pointer: appending a byte is a store and an increment, appending a run a
/// `memcpy`. The trace writer's chunk. Not thread-safe: one owner at a time, which may hand it to another
/// thread (the trace writer hands full chunks to its writing queue).
public final class ByteBuffer: ByteOutput, @unchecked Sendable {
    // Only the writer that owns the buffer touches it: no run-time exclusivity checks on the hot path.
    @exclusivity(unchecked) private var pointer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) public private(set) var count = 0

    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 16)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit { pointer.deallocate() }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newPointer.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        pointer[count] = byte
        count += 1
    }

    @inline(__always)
    public func append(bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(pointer + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    public func dropLastByte() { count -= 1 }

    public func removeAll() { count = 0 }

    /// The bytes written so far.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/ComponentRole.swift", text: #"""
/// The role a component plays in the pattern.
public enum ComponentRole: String, Sendable, Hashable, CaseIterable, Comparable {
    case user, configurator, view, interactor, worker, dataStore, presenter, router, appState

    /// The order participants are drawn in: the cycle's order (User, View, Interactor, Worker, …).
    public var order: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: ComponentRole, rhs: ComponentRole) -> Bool { lhs.order < rhs.order }
}


"""#),
        GeneratedFile(path: "Sources/TraceFormat/FileDestination.swift", text: #"""
import Foundation

/// What a writer finds at the path it was given, and so how it writes there. A regular file, or nothing, is
/// replaced whole: a temporary file beside it, then a rename, so a reader never sees half of one. A stream — a
/// terminal, `/dev/null`, a pipe or a FIFO, named directly or through a link such as `/dev/stdout` or `/dev/fd/63`
/// — is written in place, as a shell's redirection would. One of the process's own descriptors named as a path
/// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) is written through that descriptor, whatever it
/// leads to: `-o /dev/stdout > out.txt` writes out.txt as the shell opened it. Anything else is refused with the
/// reason and left as it is: a folder, a link to a file (renaming over it would replace the link, writing through
/// it would write where the link leads), a block device, a socket.
public enum FileDestination: Equatable, Sendable {
    /// Nothing there, or a regular file: written beside, then renamed into place.
    case replace
    /// A character device or a FIFO: opened and written as it is.
    case stream
    /// One of this process's open descriptors, named by a path such as `/dev/stdout`: written through a copy of it.
    case descriptor(Int32)

    /// The descriptor a path names (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/3`), or nil.
    static func descriptorNamed(by path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                let number = path.dropFirst(prefix.count)
                guard !number.isEmpty, number.count <= 9, number.allSatisfy(\.isASCII), let value = Int32(number) else { return nil }
                return value
            }
            return nil
        }
    }

    /// How `url` is written, or a `WriteFailure` naming it and saying what to do.
    public static func of(_ url: URL) throws -> FileDestination {
        let path = url.path
        if let descriptor = descriptorNamed(by: path), fcntl(descriptor, F_GETFD) != -1 {
            return .descriptor(descriptor)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return .replace }
            throw WriteFailure(file: url.relativePath, errno: code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .replace
        case S_IFCHR, S_IFIFO:
            return .stream
        case S_IFDIR:
            throw WriteFailure(file: url.relativePath, reason: "it is a folder; name a file")
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else {
                throw WriteFailure(file: url.relativePath,
                                   reason: "it is a symbolic link to nothing; remove the link, or name the file it was meant to lead to")
            }
            switch target.st_mode & S_IFMT {
            case S_IFCHR, S_IFIFO:
                return .stream
            case S_IFDIR:
                throw WriteFailure(file: url.relativePath, reason: "it is a link to a folder; name a file")
            default:
                throw WriteFailure(file: url.relativePath,
                                   reason: "it is a symbolic link, which SceneFlow neither replaces nor writes through; name the file it leads to, or remove the link")
            }
        case S_IFBLK:
            throw WriteFailure(file: url.relativePath, reason: "it is a block device; name a regular file")
        case S_IFSOCK:
            throw WriteFailure(file: url.relativePath, reason: "it is a socket; name a regular file")
        default:
            throw WriteFailure(file: url.relativePath, reason: "it is not a regular file; name one")
        }
    }

    /// The stream or descriptor at `url`, opened for writing as it is (no truncation, no rename); nil when `url` is
    /// nothing or a regular file, which the caller replaces whole. What is neither is refused (`of(_:)`).
    public static func openInPlace(_ url: URL) throws -> FileHandle? {
        switch try of(url) {
        case .replace:
            return nil
        case .descriptor(let number):
            let copy = fcntl(number, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
            return FileHandle(fileDescriptor: copy, closeOnDealloc: true)
        case .stream:
            let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/Name.swift", text: #"""
/// The kinds of names a scenario declares; they keep a scene's name from being passed where a route's is expected.
public enum NameKind {
    public enum Scene {}
    public enum UseCase {}
    public enum Route {}
    public enum Worker {}
    public enum WorkerOperation {}
    public enum Output {}
}

/// A declared name of one kind (`SceneName`, `RouteName`, …): a string that cannot be mixed up with other names.
public struct Name<Kind>: RawRepresentable, Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: Name, rhs: Name) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

public typealias SceneName = Name<NameKind.Scene>
public typealias UseCaseName = Name<NameKind.UseCase>
public typealias RouteName = Name<NameKind.Route>
public typealias WorkerName = Name<NameKind.Worker>
public typealias OperationName = Name<NameKind.WorkerOperation>
public typealias OutputName = Name<NameKind.Output>

"""#),
        GeneratedFile(path: "Sources/TraceFormat/SourceLocation.swift", text: #"""
/// A position in a scenario file: 1-based line and 1-based column, counted in Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file path as the user named it (relative paths stay relative, so messages stay short).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars like libyaml does.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// The same line, `count` columns further right.
    public func advanced(byColumns count: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + count)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A value together with the place in the scenario it was read from.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TemporaryFile.swift", text: ##"""
import Foundation

/// The temporary files SceneFlow writes beside a destination before renaming them into place, and how a later
/// run knows one it may delete: `.<destination>.sceneflow-<pid>-<8 hex>.tmp`, a regular file of this user, whose
/// process is gone, and whose first bytes are what SceneFlow writes into a file with that destination's extension.
public enum TemporaryFile {
    /// A fresh temporary file name beside `destination`.
    public static func url(beside destination: URL) -> URL {
        let token = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let padded = String(repeating: "0", count: 8 - token.count) + token
        return destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).sceneflow-\(ProcessInfo.processInfo.processIdentifier)-\(padded).tmp")
    }

    /// Removes the temporary files in `folder` that runs killed before their rename left behind, and nothing else:
    /// see the type's description. Returns the names removed.
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let parsed = parse(name), kill(parsed.pid, 0) == -1, errno == ESRCH else { continue }
            let file = folder.appendingPathComponent(name)
            guard isOurs(file, destinationExtension: (parsed.destination as NSString).pathExtension) else { continue }
            if unlink(file.path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The destination's name and the writer's process from a temporary file's name, or nil if it is not one.
    public static func parse(_ name: String) -> (destination: String, pid: Int32)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let body = name.dropFirst().dropLast(4)
        guard let marker = body.range(of: ".sceneflow-", options: .backwards) else { return nil }
        let destination = String(body[..<marker.lowerBound])
        let parts = body[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard !destination.isEmpty, parts.count == 2, let pid = Int32(parts[0]), pid > 0,
              parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit) else { return nil }
        return (destination, pid)
    }

    /// What SceneFlow's files of each kind start with.
    static let signatures: [String: [[UInt8]]] = [
        "jsonl": [Array(#"{"sceneflowTrace":"#.utf8)],
        "svg": [Array("<?xml".utf8), Array("<svg".utf8)],
        "dot": [Array("digraph".utf8), Array("graph".utf8), Array("strict".utf8)],
        "html": [Array("<!DOCTYPE html>".utf8)],
        "png": [[0x89, 0x50, 0x4E, 0x47]],
    ]

    /// A regular file (not a link) of this user, empty or starting as SceneFlow's files of that kind do.
    static func isOurs(_ file: URL, destinationExtension: String) -> Bool {
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(),
              let signatures = signatures[destinationExtension] else { return false }
        if info.st_size == 0 { return true }
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let head = Array((try? handle.read(upToCount: 32)) ?? Data())
        return signatures.contains { head.starts(with: $0) }
    }
}

"""##),
        GeneratedFile(path: "Sources/TraceFormat/Trace.swift", text: #"""
/// A whole trace in memory: the header, every message, the story steps and V→I→P→V cycles they fall in, and how
/// the run ended.
public struct Trace: Sendable, Hashable {
    public var header: TraceHeader
    /// Messages, in order: `events[i].sequence == i + 1`.
    public var events: [TraceEvent]
    /// Story steps, in the order they ran; a message belongs to the last step marked before it.
    public var steps: [TraceStep]
    /// Cycles, in the order they started.
    public var cycles: [TraceCycle]
    public var end: RunEnd?

    public init(header: TraceHeader, events: [TraceEvent], steps: [TraceStep] = [], cycles: [TraceCycle] = [],
                end: RunEnd?) {
        self.header = header
        self.events = events
        self.steps = steps
        self.cycles = cycles
        self.end = end
    }

    /// The cycle numbered `number` (1-based), if the trace has it.
    public func cycle(_ number: Int?) -> TraceCycle? {
        guard let number, number >= 1, number <= cycles.count, cycles[number - 1].number == number else {
            return cycles.first { $0.number == number }
        }
        return cycles[number - 1]
    }

    /// The body in file order: before message N, the ends of cycles whose last message came before it, then the
    /// steps and the cycles that start at N, then message N.
    public var records: [TraceRecord] { records(from: 1, through: events.count) }

    /// The body of messages `first...last` in file order, with the steps and cycles that start among them (and the
    /// ends of those cycles, where they end among them).
    public func records(from first: Int, through last: Int) -> [TraceRecord] {
        let first = max(1, first), last = min(last, events.count)
        var records: [TraceRecord] = []
        guard first <= last || (events.isEmpty && first == 1) else { return records }
        records.reserveCapacity(last - first + 1)
        var openCycles: [TraceCycle] = []
        var stepIndex = Self.firstIndex(steps.count) { steps[$0].firstSequence >= first }
        var cycleIndex = Self.firstIndex(cycles.count) { cycles[$0].firstSequence >= first }
        // One step past the last message closes the cycles that end with it; only at the end of the trace does it
        // also take the steps and cycles that start after the last message (a run that ends in an empty step).
        for sequence in first...(last + 1) {
            // Cycles end in the reverse of their nesting: the innermost open one first.
            while let index = openCycles.lastIndex(where: { $0.lastSequence < sequence }) {
                records.append(.marker(.cycleEnd(openCycles[index].number)))
                openCycles.remove(at: index)
            }
            if sequence > last && last < events.count { break }
            while stepIndex < steps.count, steps[stepIndex].firstSequence <= sequence {
                records.append(.marker(.step(steps[stepIndex])))
                stepIndex += 1
            }
            while cycleIndex < cycles.count, cycles[cycleIndex].firstSequence <= sequence {
                let cycle = cycles[cycleIndex]
                records.append(.marker(.cycleStart(cycle)))
                if cycle.lastSequence < cycle.firstSequence {
                    records.append(.marker(.cycleEnd(cycle.number)))
                } else {
                    openCycles.append(cycle)
                }
                cycleIndex += 1
            }
            if sequence <= last { records.append(.event(events[sequence - 1])) }
        }
        return records
    }

    /// The first index in `0..<count` where `isAfter` holds, for a predicate that holds from some index on.
    static func firstIndex(_ count: Int, where isAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The messages of a step or a cycle: sequences `first...last` (empty when `last < first`).
    public func events(_ range: (first: Int, last: Int)) -> ArraySlice<TraceEvent> {
        let first = max(1, range.first), last = min(events.count, range.last)
        return first <= last ? events[(first - 1)..<last] : []
    }
}

/// A line of a trace's body: a message or a marker between messages.
public enum TraceRecord: Sendable, Hashable {
    case event(TraceEvent)
    case marker(TraceMarker)
}

/// The first line of a trace: the format's version, what was run, and the fingerprints of the files it read.
public struct TraceHeader: Sendable, Hashable {
    /// The version of the trace format this library writes.
    public static let currentVersion = 2

    public var version: Int
    public var scenario: String
    /// The scenario file, as the run named it.
    public var file: String
    /// The pattern's name (`clean-swift`); a trace may come from a pattern this reader does not define.
    public var pattern: String
    public var start: SceneName
    /// SHA-256 of the scenario file's bytes, lower-case hex; nil when the writer did not read one.
    public var scenarioSHA256: String?
    /// Fixture files the run read (as the scenario names them) and the SHA-256 of each.
    public var fixtures: [String: String]
    /// Facts the writer does not record (`dataStore`, `shown`, …: a recorder in an app may record only the
    /// cycle's calls); expectations about them are not checked. Empty: everything is recorded.
    public var omits: [String]

    public init(version: Int = TraceHeader.currentVersion, scenario: String, file: String, pattern: String,
                start: SceneName, scenarioSHA256: String? = nil, fixtures: [String: String] = [:], omits: [String] = []) {
        self.version = version
        self.scenario = scenario
        self.file = file
        self.pattern = pattern
        self.start = start
        self.scenarioSHA256 = scenarioSHA256
        self.fixtures = fixtures
        self.omits = omits
    }
}

/// A story step as the trace marks it: which step of the story, what it did, and its messages.
public struct TraceStep: Sendable, Hashable {
    /// What the story step did.
    public enum Action: Sendable, Hashable {
        /// The app shows this scene as its root.
        case appear(SceneName)
        /// The user triggers a use case of a scene.
        case perform(scene: SceneName, useCase: UseCaseName)
        /// The user goes back.
        case back
        /// A route fired straight from a scene's View (a segue), with no cycle.
        case route(scene: SceneName, route: RouteName)
    }

    /// 1-based, the step's place in the story.
    public var number: Int

    /// The step as a heading: `story step 3 · route Login.toHome — Open the order`.
    public var heading: String {
        let what: String
        switch action {
        case .appear(let scene): what = "appear \(scene)"
        case .perform(let scene, let useCase): what = "\(scene).\(useCase)"
        case .back: what = "back"
        case .route(let scene, let route): what = "route \(scene).\(route)"
        case nil: what = "step"
        }
        return "story step \(number) · \(what)" + (title.map { " — \($0)" } ?? "")
    }

    /// 1-based pass through the story (`repeat:`).
    public var pass: Int
    /// nil when the trace does not say (a format-1 trace).
    public var action: Action?
    public var title: String?
    public var location: SourceLocation?
    /// The step's messages: sequences `firstSequence...lastSequence` (none when `lastSequence < firstSequence`).
    public var firstSequence: Int
    public var lastSequence: Int

    public init(number: Int, pass: Int = 1, action: Action?, title: String? = nil, location: SourceLocation? = nil,
                firstSequence: Int, lastSequence: Int) {
        self.number = number
        self.pass = pass
        self.action = action
        self.title = title
        self.location = location
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
    }

    public var range: (first: Int, last: Int) { (firstSequence, lastSequence) }
}

/// One V→I→P→V cycle: the use case it runs, on which scene instance, why it started, and its messages.
public struct TraceCycle: Sendable, Hashable {
    /// What started the cycle.
    public enum Trigger: String, Sendable, Hashable {
        /// The user did something (a story step `do:`).
        case action
        /// The scene loaded (`viewDidLoad`): once per instance.
        case load
        /// The scene came on screen (`viewWillAppear`, SwiftUI's `onAppear`).
        case appear
        /// A scene it showed called it back (a delegate: `delegate?.didUpdateStatus(with:)`).
        case callback
    }

    /// 1-based, in the order cycles started.
    public var number: Int
    /// The View of the scene instance the cycle runs in.
    public var view: Participant
    public var useCase: UseCaseName
    public var trigger: Trigger
    public var title: String?
    /// The message that started it (the View's load or appearance), for cycles the user did not start.
    public var cause: Int?
    public var location: SourceLocation?
    /// The cycle's messages run from here to `lastSequence` (messages of other cycles may come between in a recorded
    /// app; each message says its cycle).
    public var firstSequence: Int
    public var lastSequence: Int

    public init(number: Int, view: Participant, useCase: UseCaseName, trigger: Trigger, title: String? = nil,
                cause: Int? = nil, location: SourceLocation? = nil, firstSequence: Int, lastSequence: Int) {
        self.number = number
        self.view = view
        self.useCase = useCase
        self.trigger = trigger
        self.title = title
        self.cause = cause
        self.location = location
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
    }

    public var range: (first: Int, last: Int) { (firstSequence, lastSequence) }

    /// The scene it runs in.
    public var scene: SceneName? { view.scene }
    /// `Login.Login`: scene and use case.
    public var name: String { (view.scene.map { "\($0)." } ?? "") + useCase.rawValue }
}

/// The last line of a trace: whether the run completed, and its totals.
public struct RunEnd: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        case completed, failed
    }

    public var status: Status
    /// Messages written.
    public var messages: Int
    public var cycles: Int
    /// Logical time at the end, in milliseconds.
    public var time: Int
    /// Why the run failed.
    public var error: String?
    public var location: SourceLocation?

    public init(status: Status, messages: Int, cycles: Int, time: Int, error: String? = nil,
                location: SourceLocation? = nil) {
        self.status = status
        self.messages = messages
        self.cycles = cycles
        self.time = time
        self.error = error
        self.location = location
    }
}

extension Trace {
    /// The number of the story step message `sequence` belongs to; nil during the launch.
    public func step(containing sequence: Int) -> Int? {
        let index = Self.firstIndex(steps.count) { steps[$0].firstSequence > sequence }
        return index > 0 ? steps[index - 1].number : nil
    }
}

extension Trace {
    /// The trace up to message `last`: later messages, steps and cycles dropped, those open at the cut ending there.
    /// The end line stays: it still says how the whole run ended.
    public func prefix(through last: Int) -> Trace {
        guard last < events.count else { return self }
        var cut = self
        cut.events = Array(events.prefix(max(0, last)))
        return cut.clipped(through: last)
    }

    /// The steps and cycles cut at message `last`: those after it dropped, those open at it ending there.
    public func clipped(through last: Int) -> Trace {
        guard steps.contains(where: { $0.lastSequence > last }) || cycles.contains(where: { $0.lastSequence > last }) else {
            return self
        }
        var cut = self
        cut.steps = steps.filter { $0.firstSequence <= last }.map { step in
            var step = step
            step.lastSequence = min(step.lastSequence, last)
            return step
        }
        cut.cycles = cycles.filter { $0.firstSequence <= last }.map { cycle in
            var cycle = cycle
            cycle.lastSequence = min(cycle.lastSequence, last)
            return cycle
        }
        return cut
    }
}

extension Trace {
    /// The trace as `TraceReader.scan` hands a file over: the header, the records in file order, the end.
    public func items(_ body: (TraceReader.Item) throws -> Void) throws {
        try body(.header(header))
        for record in records {
            switch record {
            case .marker(.step(let step)): try body(.step(step))
            case .marker(.cycleStart(let cycle)): try body(.cycleStart(cycle))
            case .marker(.cycleEnd(let number)): try body(.cycleEnd(number: number, lastSequence: cycle(number)?.lastSequence ?? 0))
            case .event(let event): try body(.event(event))
            }
        }
        if let end { try body(.end(end)) }
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TraceDiff.swift", text: #"""
/// A semantic diff of two traces: events aligned by what they are (kind, sender, receiver, protocol, method),
/// like a text diff of lines; aligned events whose payload, note or time step (since the previous event) differ
/// are reported as changed.
public struct TraceDiff: Sendable {
    public enum Line: Sendable, Hashable {
        case same(TraceEvent, TraceEvent)
        case changed(TraceEvent, TraceEvent, [String])
        case removed(TraceEvent)
        case inserted(TraceEvent)
    }

    public var lines: [Line]

    public var inserted: Int { lines.filter { if case .inserted = $0 { true } else { false } }.count }
    public var removed: Int { lines.filter { if case .removed = $0 { true } else { false } }.count }
    public var changed: Int { lines.filter { if case .changed = $0 { true } else { false } }.count }
    public var unchanged: Int { lines.filter { if case .same = $0 { true } else { false } }.count }
    public var isEmpty: Bool { inserted == 0 && removed == 0 && changed == 0 }

    /// What makes two events "the same message", whatever they carry.
    struct Key: Hashable {
        var kind: EventKind
        var from: Participant
        var to: Participant
        var signature: String

        init(_ event: TraceEvent) {
            kind = event.kind
            from = event.from
            to = event.to
            signature = event.signature
        }
    }

    /// Set when the traces differ in more places than the alignment searches (`maxEdits`): the middle part was
    /// then compared position by position, and this says so.
    public var note: String?

    /// Most insertions plus removals the alignment searches for; beyond it, the middle is compared by position.
    /// Bounds time at O((N + M) · maxEdits) and memory at O(maxEdits²) whatever the traces hold.
    public static let maxEdits = 1_000

    public init(from old: Trace, to new: Trace, maxEdits: Int = TraceDiff.maxEdits) {
        let (a, b) = Self.numbered(old.events.map(Key.init), new.events.map(Key.init))
        let edits = Self.edits(a, b, maxEdits: maxEdits)
        let removedOffsets = edits.removed, insertedOffsets = edits.inserted
        if edits.gaveUp {
            note = "the traces differ in more than \(maxEdits) places; the middle \(edits.middle.0) and \(edits.middle.1) messages were compared position by position"
        }
        var lines: [Line] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removedOffsets.contains(i) {
                lines.append(.removed(old.events[i]))
                i += 1
            } else if j < b.count, insertedOffsets.contains(j) {
                lines.append(.inserted(new.events[j]))
                j += 1
            } else if i < a.count, j < b.count, a[i] != b[j] {
                // Paired by position (the alignment gave up): two different messages.
                lines.append(.removed(old.events[i]))
                lines.append(.inserted(new.events[j]))
                i += 1
                j += 1
            } else if i < a.count, j < b.count {
                let (x, y) = (old.events[i], new.events[j])
                var changes: [String] = []
                if x.payload != y.payload {
                    changes.append("payload \(x.payload?.description ?? "none") → \(y.payload?.description ?? "none")")
                }
                // Time as the step from the previous event, so one slower call is one change, not a cascade.
                let dx = x.time - (i > 0 ? old.events[i - 1].time : 0), dy = y.time - (j > 0 ? new.events[j - 1].time : 0)
                if dx != dy { changes.append("+\(dx) ms → +\(dy) ms after the previous message") }
                if x.message != y.message { changes += Self.details(x.message, y.message) }
                lines.append(changes.isEmpty ? .same(x, y) : .changed(x, y, changes))
                i += 1
                j += 1
            } else {
                break
            }
        }
        self.lines = lines
    }

    /// Keys as small integers (equal keys, equal numbers), so the alignment compares integers.
    static func numbered(_ a: [Key], _ b: [Key]) -> ([Int], [Int]) {
        var ids: [Key: Int] = [:]
        func id(_ key: Key) -> Int {
            if let known = ids[key] { return known }
            ids[key] = ids.count
            return ids.count - 1
        }
        return (a.map(id), b.map(id))
    }

    /// The offsets removed from `a` and inserted into `b` by a shortest edit script (Myers), after trimming the
    /// common prefix and suffix; with more than `maxEdits` edits, the remaining middle is paired by position
    /// (`gaveUp`), its surplus removed or inserted at the end.
    static func edits(_ a: [Int], _ b: [Int], maxEdits: Int)
        -> (removed: Set<Int>, inserted: Set<Int>, gaveUp: Bool, middle: (Int, Int)) {
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count, endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let n = endA - start, m = endB - start
        var removed = Set<Int>(), inserted = Set<Int>()
        if n == 0 || m == 0 {
            removed.formUnion(start..<endA)
            inserted.formUnion(start..<endB)
            return (removed, inserted, false, (n, m))
        }
        // Myers' greedy search, keeping each round's furthest points for the way back.
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var rounds: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            rounds.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[start + x] == b[start + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = d
                    break search
                }
            }
        }
        guard let depth = found else {
            // Too different to align within the bound: pair the middle by position.
            let paired = min(n, m)
            removed.formUnion((start + paired)..<endA)
            inserted.formUnion((start + paired)..<endB)
            return (removed, inserted, true, (n, m))
        }
        var x = n, y = m
        for d in stride(from: depth, to: 0, by: -1) {
            let v = rounds[d]
            let k = x - y
            let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            if down { inserted.insert(start + previousY) } else { removed.insert(start + previousX) }
            x = previousX
            y = previousY
        }
        return (removed, inserted, false, (n, m))
    }

    /// What differs between two messages beyond their payloads (which are compared on their own).
    static func details(_ a: Message, _ b: Message) -> [String] {
        switch (a, b) {
        case (.workerResult(let x), .workerResult(let y)), (.workerError(let x, _), .workerError(let y, _)):
            var changes: [String] = []
            if x.latency != y.latency { changes.append("latency \(x.latency) ms → \(y.latency) ms") }
            // Which case answered is the simulation's bookkeeping: an app's recorder cannot know it (`unknown`), so it
            // is compared only when both traces carry it.
            if x.answer != y.answer, x.answer != .unknown, y.answer != .unknown {
                changes.append("answered by \(describe(x.answer)) → \(describe(y.answer))")
            }
            return changes
        case (.navigation(let x), .navigation(let y)) where x.style != y.style:
            return ["navigation \(x.style.rawValue) → \(y.style.rawValue)"]
        case (.dataPassing(let x), .dataPassing(let y)) where x.source != y.source:
            return ["copies \(x.source) → \(y.source)"]
        default:
            return []
        }
    }

    static func describe(_ answer: Answer) -> String {
        switch answer {
        case .case(let index): "case \(index + 1)"
        case .given: "the step's given:"
        case .unknown: "an unknown case"
        }
    }

    /// The diff as text: changes with `context` unchanged events around them, `…` for the rest, then a summary.
    public func text(context: Int = 2, describe: (TraceEvent) -> String) -> String {
        let context = min(max(0, context), lines.count)
        var keep = Set<Int>()
        for (index, line) in lines.enumerated() {
            if case .same = line { continue }
            for k in max(0, index - context)...min(lines.count - 1, index + context) { keep.insert(k) }
        }
        var out = ""
        var skipped = 0
        for (index, line) in lines.enumerated() {
            guard keep.contains(index) else {
                skipped += 1
                continue
            }
            if skipped > 0 {
                out += "  … \(skipped) unchanged\n"
                skipped = 0
            }
            switch line {
            case .same(_, let event): out += "  " + describe(event) + "\n"
            case .removed(let event): out += "- " + describe(event) + "\n"
            case .inserted(let event): out += "+ " + describe(event) + "\n"
            case .changed(_, let event, let changes):
                out += "~ " + describe(event) + "\n" + changes.map { "      " + $0 + "\n" }.joined()
            }
        }
        if skipped > 0 { out += "  … \(skipped) unchanged\n" }
        if let note { out += "note: \(note)\n" }
        return out + "\(inserted) inserted, \(removed) removed, \(changed) changed, \(unchanged) unchanged\n"
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TraceEncoder.swift", text: ##"""
/// Encodes trace lines as compact JSON with a fixed key order, so the same run always gives the same bytes.
///
/// Hand-written rather than `JSONEncoder`: the format needs keys in a fixed order, record fields in declaration
/// order, Doubles that always show a decimal point (so they read back as Doubles), and it is on the engine's hot
/// path. It remembers which participants it has declared: each is written once, on a line of its own, just before
/// the first line that names it.
public struct TraceEncoder: Sendable {
    /// Participants declared so far, by number.
    private var declared: [UInt64] = []
    /// The last file named by a location, and its JSON (the opening quote and the escaped text): a run names one
    /// scenario file in nearly every message.
    private var lastFile = ""
    private var lastFileJSON: [UInt8] = [UInt8(ascii: "\"")]

    public init() {}

    public func header(_ header: TraceHeader, into out: inout some ByteOutput) {
        out.append(#"{"sceneflowTrace":"#)
        Self.int(header.version, into: &out)
        out.append(#","scenario":"#)
        Self.string(header.scenario, into: &out)
        out.append(#","file":"#)
        Self.string(header.file, into: &out)
        out.append(#","pattern":"#)
        Self.string(header.pattern, into: &out)
        out.append(#","start":"#)
        Self.string(header.start.rawValue, into: &out)
        if let sha = header.scenarioSHA256 {
            out.append(#","sha256":"#)
            Self.string(sha, into: &out)
        }
        if !header.fixtures.isEmpty {
            out.append(#","fixtures":{"#)
            for (index, (file, sha)) in header.fixtures.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.string(file, into: &out)
                out.append(UInt8(ascii: ":"))
                Self.string(sha, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        if !header.omits.isEmpty {
            out.append(#","omits":["#)
            for (index, fact) in header.omits.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.string(fact, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("}\n")
    }

    /// Whether `participant` has been declared.
    @inline(__always)
    func isDeclared(_ participant: Participant) -> Bool {
        let number = participant.number, word = number >> 6
        return word < declared.count && declared.withUnsafeBufferPointer { $0[word] } & (UInt64(1) << UInt64(number & 63)) != 0
    }

    /// A participant's declaration line, when it has not been declared yet.
    @inline(__always)
    public mutating func declare(_ participant: Participant, into out: inout some ByteOutput) {
        if !isDeclared(participant) { writeDeclaration(participant, into: &out) }
    }

    private mutating func writeDeclaration(_ participant: Participant, into out: inout some ByteOutput) {
        let number = participant.number
        let word = number >> 6, bit = UInt64(1) << UInt64(number & 63)
        if word >= declared.count { declared.append(contentsOf: repeatElement(0, count: word - declared.count + 1)) }
        declared[word] |= bit
        out.append(#"{"participant":"#)
        Self.int(number, into: &out)
        out.append(#","role":""#)
        out.append(participant.role.staticName)
        out.append(#"","name":"#)
        Self.string(participant.name, into: &out)
        if let scene = participant.scene {
            out.append(#","scene":"#)
            Self.string(scene.rawValue, into: &out)
        }
        if let instance = participant.instance {
            out.append(#","instance":"#)
            Self.int(instance, into: &out)
        }
        out.append("}\n")
    }

    public mutating func event(_ event: TraceEvent, into out: inout some ByteOutput) {
        declare(event.from, into: &out)
        declare(event.to, into: &out)
        let kind = event.kind
        if kind == .configure || kind == .navigation {
            // The participants a message names besides its ends.
            switch event.message {
            case .configure(_, _, let value): declare(value, into: &out)
            case .navigation(let navigation): for removed in navigation.removed { declare(removed, into: &out) }
            default: break
            }
        }
        out.append(#"{"seq":"#)
        Self.int(event.sequence, into: &out)
        if let cycle = event.cycle {
            out.append(#","cycle":"#)
            Self.int(cycle, into: &out)
        }
        if let parent = event.parent {
            out.append(#","parent":"#)
            Self.int(parent, into: &out)
        }
        out.append(#","t":"#)
        Self.int(event.time, into: &out)
        out.append(#","kind":""#)
        out.append(kind.staticName)
        out.append(#"","from":"#)
        Self.int(event.from.number, into: &out)
        out.append(#","to":"#)
        Self.int(event.to.number, into: &out)
        Self.message(event.message, into: &out)
        if let location = event.location {
            out.append(#","at":"#)
            self.location(location, into: &out)
        }
        out.append("}\n")
    }

    /// A story step's or a cycle's marker line.
    public mutating func marker(_ marker: TraceMarker, into out: inout some ByteOutput) {
        switch marker {
        case .step(let step):
            out.append(#"{"step":"#)
            Self.int(step.number, into: &out)
            if step.pass != 1 {
                out.append(#","pass":"#)
                Self.int(step.pass, into: &out)
            }
            switch step.action {
            case .appear(let scene)?:
                out.append(#","appear":"#)
                Self.string(scene.rawValue, into: &out)
            case .perform(let scene, let useCase)?:
                out.append(#","do":"#)
                Self.string("\(scene).\(useCase)", into: &out)
            case .back?:
                out.append(#","back":true"#)
            case .route(let scene, let route)?:
                out.append(#","route":"#)
                Self.string("\(scene).\(route)", into: &out)
            case nil:
                break
            }
            Self.optional("title", step.title, into: &out)
            if let location = step.location {
                out.append(#","at":"#)
                self.location(location, into: &out)
            }
            out.append("}\n")
        case .cycleStart(let cycle):
            declare(cycle.view, into: &out)
            out.append(#"{"cycle":"#)
            Self.int(cycle.number, into: &out)
            out.append(#","view":"#)
            Self.int(cycle.view.number, into: &out)
            out.append(#","useCase":"#)
            Self.string(cycle.useCase.rawValue, into: &out)
            out.append(#","trigger":""#)
            out.append(cycle.trigger.staticName)
            out.append(UInt8(ascii: "\""))
            Self.optional("title", cycle.title, into: &out)
            if let cause = cycle.cause {
                out.append(#","cause":"#)
                Self.int(cause, into: &out)
            }
            if let location = cycle.location {
                out.append(#","at":"#)
                self.location(location, into: &out)
            }
            out.append("}\n")
        case .cycleEnd(let number):
            out.append(#"{"cycleEnd":"#)
            Self.int(number, into: &out)
            out.append("}\n")
        }
    }

    public mutating func end(_ end: RunEnd, into out: inout some ByteOutput) {
        out.append(#"{"end":"#)
        Self.string(end.status.rawValue, into: &out)
        out.append(#","messages":"#)
        Self.int(end.messages, into: &out)
        out.append(#","cycles":"#)
        Self.int(end.cycles, into: &out)
        out.append(#","t":"#)
        Self.int(end.time, into: &out)
        Self.optional("error", end.error, into: &out)
        if let location = end.location {
            out.append(#","at":"#)
            self.location(location, into: &out)
        }
        out.append("}\n")
    }

    /// The whole trace as JSON Lines: markers where they fall between messages, each participant declared before
    /// its first use.
    public static func encode(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        var encoder = TraceEncoder()
        encoder.header(trace.header, into: &out)
        for record in trace.records { encoder.record(record, into: &out) }
        if let end = trace.end { encoder.end(end, into: &out) }
        return out
    }

    /// A line of the body.
    public mutating func record(_ record: TraceRecord, into out: inout some ByteOutput) {
        switch record {
        case .event(let event): self.event(event, into: &out)
        case .marker(let marker): self.marker(marker, into: &out)
        }
    }

    /// The whole trace as one JSON document: `{"header":{…},"participants":[…],"steps":[…],"cycles":[…],
    /// "events":[…],"end":{…}}`, each item the object of its line, one per line; steps and cycles also say their
    /// first and last message. `end` is `null` for an interrupted run.
    public static func document(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        try! writeDocument(scan: { body in try trace.items(body) }, to: { out.append(contentsOf: $0) })
        return out
    }

    /// The document of the trace that `scan` reads (twice; it is never held in memory): participants, steps and
    /// cycles first, then every message as it is read again.
    public static func writeDocument(scan: (@escaping (TraceReader.Item) throws -> Void) throws -> Void,
                                     to write: @escaping ([UInt8]) throws -> Void) throws {
        // Pass 1: the header, participants in the order the lines declare them, the steps and cycles with their ends.
        var header: TraceHeader?
        var encoder = TraceEncoder()
        var participants: [UInt8] = []
        var steps: [TraceStep] = []
        var cycles: [TraceCycle] = []
        var cycleIndex: [Int: Int] = [:]
        var end: RunEnd?
        var scratch: [UInt8] = []
        func declarations() {
            for line in scratch.split(separator: 0x0A) where line.starts(with: Array(#"{"participant":"#.utf8)) {
                participants.append(contentsOf: participants.isEmpty ? [] : Array(",\n".utf8))
                participants.append(contentsOf: line)
            }
            scratch.removeAll(keepingCapacity: true)
        }
        try scan { item in
            switch item {
            case .header(let found): header = found
            case .step(let step):
                if let last = steps.indices.last { steps[last].lastSequence = max(steps[last].lastSequence, step.firstSequence - 1) }
                steps.append(step)
            case .cycleStart(let cycle):
                encoder.record(.marker(.cycleStart(cycle)), into: &scratch)
                declarations()
                cycleIndex[cycle.number] = cycles.count
                cycles.append(cycle)
            case .cycleEnd(let number, let last):
                if let index = cycleIndex.removeValue(forKey: number) { cycles[index].lastSequence = last }
            case .event(let event):
                encoder.record(.event(event), into: &scratch)
                declarations()
                if let last = steps.indices.last { steps[last].lastSequence = event.sequence }
            case .end(let found): end = found
            }
        }
        guard let header else { return }
        var out: [UInt8] = []
        out.append(contentsOf: #"{"header":"#.utf8)
        TraceEncoder().header(header, into: &out)
        out.removeLast()
        out.append(contentsOf: ",\n\"participants\":[\n".utf8)
        out.append(contentsOf: participants)
        out.append(contentsOf: "],\n\"steps\":[\n".utf8)
        for (index, step) in steps.enumerated() {
            if index > 0 { out.append(contentsOf: ",\n".utf8) }
            encoder.marker(.step(step), into: &out)
            out.removeLast(2)
            out.append(contentsOf: #","first":"#.utf8)
            int(step.firstSequence, into: &out)
            out.append(contentsOf: #","last":"#.utf8)
            int(step.lastSequence, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "],\n\"cycles\":[\n".utf8)
        for (index, cycle) in cycles.enumerated() {
            if index > 0 { out.append(contentsOf: ",\n".utf8) }
            encoder.marker(.cycleStart(cycle), into: &out)
            out.removeLast(2)
            out.append(contentsOf: #","first":"#.utf8)
            int(cycle.firstSequence, into: &out)
            out.append(contentsOf: #","last":"#.utf8)
            int(cycle.lastSequence, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "],\n\"events\":[\n".utf8)
        try write(out)
        // Pass 2: the messages, every participant already declared.
        var first = true
        try scan { item in
            guard case .event(let event) = item else { return }
            var line: [UInt8] = first ? [] : Array(",\n".utf8)
            first = false
            encoder.event(event, into: &line)
            line.removeLast()
            try write(line)
        }
        out = Array("],\n\"end\":".utf8)
        if let end {
            encoder.end(end, into: &out)
            out.removeLast()
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: "}\n".utf8)
        try write(out)
    }

    // MARK: - Messages

    /// The kind's own keys, after `"to"`.
    static func message(_ message: Message, into out: inout some ByteOutput) {
        switch message {
        case .configure(let property, let protocolName, let value):
            out.append(#","property":"#)
            string(property, into: &out)
            optional("protocol", protocolName, into: &out)
            out.append(#","value":"#)
            int(value.number, into: &out)
        case .load(let method), .appear(let method), .render(let method):
            out.append(#","method":"#)
            string(method, into: &out)
        case .action(let useCase, let type, let payload):
            out.append(#","useCase":"#)
            string(useCase.rawValue, into: &out)
            optional("type", type, into: &out)
            if let payload {
                out.append(#","payload":"#)
                value(payload, into: &out)
            }
        case .request(let useCase, let call), .event(let useCase, let call):
            optional("useCase", useCase?.rawValue, into: &out)
            invocation(call, into: &out)
        case .call(let call):
            invocation(call, into: &out)
        case .workerCall(let operation, let style, let call):
            out.append(#","operation":"#)
            string(operation.rawValue, into: &out)
            if style != .return {
                out.append(#","style":""#)
                out.append(style.staticName)
                out.append(UInt8(ascii: "\""))
            }
            invocation(call, into: &out)
        case .workerResult(let answer):
            workerAnswer(answer, into: &out)
        case .workerError(let answer, let error):
            workerAnswer(answer, into: &out)
            out.append(#","error":"#)
            string(error, into: &out)
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write):
            optional("protocol", write.protocolName, into: &out)
            out.append(#","field":"#)
            string(write.field, into: &out)
            out.append(#","type":"#)
            string(write.type, into: &out)
            out.append(#","value":"#)
            value(write.value, into: &out)
        case .response(let useCase, let output, let call), .display(let useCase?, let output, let call):
            out.append(#","useCase":"#)
            string(useCase.rawValue, into: &out)
            optional("output", output?.rawValue, into: &out)
            invocation(call, into: &out)
        case .display(nil, let output, let call):
            optional("output", output?.rawValue, into: &out)
            invocation(call, into: &out)
        case .show(let label, let shown):
            out.append(#","label":"#)
            string(label, into: &out)
            out.append(#","value":"#)
            value(shown, into: &out)
        case .route(let route, let call):
            out.append(#","route":"#)
            string(route.rawValue, into: &out)
            invocation(call, into: &out)
        case .dataPassing(let pass):
            out.append(#","route":"#)
            string(pass.route.rawValue, into: &out)
            optional("protocol", pass.protocolName, into: &out)
            out.append(#","method":"#)
            string(pass.method, into: &out)
            out.append(#","field":"#)
            string(pass.field, into: &out)
            out.append(#","source":"#)
            string(pass.source, into: &out)
            out.append(#","type":"#)
            string(pass.type, into: &out)
            out.append(#","value":"#)
            value(pass.value, into: &out)
        case .navigation(let navigation):
            out.append(#","style":""#)
            out.append(navigation.style.staticName)
            out.append(UInt8(ascii: "\""))
            optional("route", navigation.route?.rawValue, into: &out)
            out.append(#","method":"#)
            string(navigation.method, into: &out)
            if !navigation.removed.isEmpty {
                out.append(#","removed":["#)
                for (index, participant) in navigation.removed.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    int(participant.number, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
    }

    @inline(__always)
    static func invocation(_ call: Invocation, into out: inout some ByteOutput) {
        optional("protocol", call.protocolName, into: &out)
        out.append(#","method":"#)
        string(call.method, into: &out)
        optional("type", call.payloadType, into: &out)
        if let payload = call.payload {
            out.append(#","payload":"#)
            value(payload, into: &out)
        }
    }

    static func workerAnswer(_ answer: WorkerAnswer, into out: inout some ByteOutput) {
        out.append(#","operation":"#)
        string(answer.operation.rawValue, into: &out)
        invocation(answer.invocation, into: &out)
        switch answer.answer {
        case .case(let index):
            out.append(#","case":"#)
            int(index, into: &out)
        case .given:
            out.append(#","given":true"#)
        case .unknown:
            break
        }
        out.append(#","latency":"#)
        int(answer.latency, into: &out)
    }

    /// `,"key":"text"` when there is a text.
    @inline(__always)
    static func optional(_ key: StaticString, _ text: String?, into out: inout some ByteOutput) {
        guard let text else { return }
        out.append(#",""#)
        out.append(key)
        out.append(#"":"#)
        string(text, into: &out)
    }

    // MARK: - Pieces

    @inline(__always)
    static func int(_ value: Int, into out: inout some ByteOutput) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Digits into a small buffer, without making a String.
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            if value < 0 {
                buffer[23 - count] = UInt8(ascii: "-")
                count += 1
            }
            out.append(bytes: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// JSON for a value. Doubles keep a decimal point or exponent; non-finite Doubles (never produced by the
    /// engine) are written as null.
    public static func value(_ value: Value, into out: inout some ByteOutput) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .int(let number): int(number, into: &out)
        case .double(let number):
            if number.isFinite {
                out.append(utf8: Value.format(number))
            } else {
                out.append("null")
            }
        case .string(let text): string(text, into: &out)
        case .date(let date):
            out.append(#"{"$date":"#)
            string(date.description, into: &out)
            out.append(UInt8(ascii: "}"))
        case .decimal(let decimal):
            out.append(#"{"$decimal":"#)
            string(decimal.description, into: &out)
            out.append(UInt8(ascii: "}"))
        case .enumCase(let value):
            out.append(#"{"$enum":"#)
            string(value.description, into: &out)
            out.append(UInt8(ascii: "}"))
        case .list(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                self.value(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .record(let record):
            out.append(UInt8(ascii: "{"))
            for index in 0..<record.count {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(record.names[index], into: &out)
                out.append(UInt8(ascii: ":"))
                self.value(record.values[index], into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\uXXXX`; everything else as UTF-8.
    /// U+2028 and U+2029 are escaped too, so the text is also safe inside a `<script>` element.
    public static func string(_ text: String, into out: inout some ByteOutput) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ bytes in escape(bytes, into: &out) }) == nil {
            let copy = Array(text.utf8)
            copy.withUnsafeBufferPointer { escape($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The body of a JSON string: UTF-8 `bytes` with what JSON needs escaped. Runs that need nothing are found
    /// eight bytes at a time and copied in one go.
    @inline(__always)
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout some ByteOutput) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            while index + 8 <= count, !mayNeedEscaping(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
            // Byte by byte through the word that may need escaping (or the tail).
            let stop = min(index + 8, count)
            while index < stop {
                let byte = bytes[index]
                let special = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
                    || (byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                guard special else {
                    index += 1
                    continue
                }
                if runStart < index { out.append(bytes: UnsafeRawBufferPointer(start: raw + runStart, count: index - runStart)) }
                out.append(0x5C)
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0xE2:
                    // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                    out.append("u202")
                    out.append(bytes[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    index += 2
                default:
                    out.append("u00")
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                }
                index += 1
                runStart = index
            }
        }
        if runStart < count { out.append(bytes: UnsafeRawBufferPointer(start: raw + runStart, count: count - runStart)) }
    }

    /// Whether any of eight bytes is a control character, `"`, `\`, DEL or not ASCII (which covers the lead
    /// byte of U+2028 and U+2029); may say yes when the answer is no, never the other way round.
    @inline(__always)
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        let delOrWide = (word &+ ones) | word
        return (control | quoteZero | backslashZero | delOrWide) & high != 0
    }

    /// `"file:line:column"`, written without building the text.
    mutating func location(_ location: SourceLocation, into out: inout some ByteOutput) {
        if location.file != lastFile {
            lastFile = location.file
            var json: [UInt8] = []
            Self.string(location.file, into: &json)
            json.removeLast()
            lastFileJSON = json
        }
        lastFileJSON.withUnsafeBytes { out.append(bytes: $0) }
        out.append(UInt8(ascii: ":"))
        Self.int(location.line, into: &out)
        out.append(UInt8(ascii: ":"))
        Self.int(location.column, into: &out)
        out.append(UInt8(ascii: "\""))
    }
}

extension EventKind {
    /// The raw value without making a String (the names need no escaping).
    var staticName: StaticString {
        switch self {
        case .configure: "configure"
        case .load: "load"
        case .appear: "appear"
        case .action: "action"
        case .request: "request"
        case .event: "event"
        case .call: "call"
        case .workerCall: "workerCall"
        case .workerResult: "workerResult"
        case .workerError: "workerError"
        case .dataStoreWrite: "dataStoreWrite"
        case .stateWrite: "stateWrite"
        case .response: "response"
        case .display: "display"
        case .show: "show"
        case .route: "route"
        case .dataPassing: "dataPassing"
        case .navigation: "navigation"
        case .publish: "publish"
        case .render: "render"
        }
    }
}

extension ComponentRole {
    var staticName: StaticString {
        switch self {
        case .user: "user"
        case .configurator: "configurator"
        case .view: "view"
        case .interactor: "interactor"
        case .worker: "worker"
        case .dataStore: "dataStore"
        case .presenter: "presenter"
        case .router: "router"
        case .appState: "appState"
        }
    }
}

extension CallStyle {
    var staticName: StaticString {
        switch self {
        case .return: "return"
        case .completion: "completion"
        case .async: "async"
        case .callback: "callback"
        }
    }
}

extension Navigation.Style {
    var staticName: StaticString {
        switch self {
        case .push: "push"
        case .present: "present"
        case .replace: "replace"
        case .pop: "pop"
        case .popToScene: "popToScene"
        case .dismiss: "dismiss"
        }
    }
}

extension TraceCycle.Trigger {
    var staticName: StaticString {
        switch self {
        case .action: "action"
        case .load: "load"
        case .appear: "appear"
        case .callback: "callback"
        }
    }
}

"""##),
        GeneratedFile(path: "Sources/TraceFormat/TraceEvent+Text.swift", text: #"""
extension TraceEvent {
    /// What the message says, in one short line: the call, an assignment, a shown value or an outcome.
    /// Payloads longer than `payloadLimit` characters are cut with `…`.
    public func text(payloadLimit: Int = 60) -> String {
        // An empty record (`Request()`) says nothing on a line of text.
        let brief = payload.flatMap { value -> String? in
            if case .record(let record) = value, record.isEmpty { return nil }
            return Self.brief(value, limit: payloadLimit)
        }
        switch message {
        case .configure(let property, _, let value):
            return "\(property) = \(value.name)"
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write):
            return "\(write.field) = \(brief ?? "nil")"
        case .show(let label, _):
            return "shows \(label) = \(brief ?? "nil")"
        case .dataPassing(let pass):
            return "\(pass.method): destination.\(pass.field) = \(pass.source) → \(brief ?? "nil")"
        case .navigation(let navigation):
            return "\(navigation.method) [\(navigationNote(navigation))]"
        case .workerResult(let answer):
            return brief.map { "\(answer.invocation.method) → \($0)" } ?? "\(answer.invocation.method) → done"
        case .workerError(let answer, _):
            return "\(answer.invocation.method) ✗ \(brief ?? "error")"
        case .load, .appear, .render, .action, .request, .event, .call, .workerCall, .response, .display, .route:
            return brief.map { "\(signature) \($0)" } ?? signature
        }
    }

    /// How a navigation is described in brackets: its style, or where going back leads.
    public func navigationNote(_ navigation: Navigation) -> String {
        switch navigation.style {
        case .push, .present, .replace: navigation.style.rawValue
        case .pop, .dismiss, .popToScene: "back to \(to.sceneInstance ?? to.name)"
        }
    }

    /// A value's text, cut to `limit` characters.
    public static func brief(_ value: Value, limit: Int) -> String {
        let text = value.description
        guard text.count > limit else { return text }
        return String(text.prefix(max(1, limit - 1))) + "…"
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TraceEvent.swift", text: ##"""
/// One message of a run: who sent what to whom, when (logical time), in which cycle, because of which message and
/// which line of the scenario. What the message is — a Request, a DataStore write, data passing — is `message`, a
/// typed value with its own fields for each kind, so no reader parses text to learn what happened.
public struct TraceEvent: Sendable, Hashable {
    /// 1-based and dense: message N is the N-th message of the run. Cycle and step markers are not messages.
    public var sequence: Int
    /// The V→I→P→V cycle it belongs to; nil for what happens between cycles (wiring, navigation back).
    public var cycle: Int?
    /// The message that caused this one (the call its sender was handling), so cycles nest.
    public var parent: Int?
    /// The 1-based story step that was running (from the trace's step markers); nil during the launch.
    public var step: Int?
    /// Logical time in milliseconds: advanced only by worker latencies, never by the wall clock.
    public var time: Int
    public var from: Participant
    public var to: Participant
    public var message: Message
    /// The scenario line that caused it.
    public var location: SourceLocation?

    public init(sequence: Int, cycle: Int?, parent: Int?, step: Int?, time: Int, from: Participant, to: Participant,
                message: Message, location: SourceLocation? = nil) {
        self.sequence = sequence
        self.cycle = cycle
        self.parent = parent
        self.step = step
        self.time = time
        self.from = from
        self.to = to
        self.message = message
        self.location = location
    }

    public var kind: EventKind { message.kind }

    /// The protocol the message goes through (`LoginBusinessLogic`, a DataStore's protocol), when there is one.
    public var protocolName: String? {
        switch message {
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): write.protocolName
        default: message.invocation?.protocolName
        }
    }

    /// The method called (`login(request:)`), when the message is a call.
    public var method: String? { message.invocation?.method }

    /// `LoginBusinessLogic.login(request:)`, the method alone when there is no protocol, or what the message names
    /// (`LoginDataStore.userID` for a field written, the label shown).
    public var signature: String {
        let name = method ?? message.subject
        return protocolName.map { "\($0).\(name)" } ?? name
    }

    /// The data the message carries: a payload, a written or shown value, an error text.
    public var payload: Value? { message.value }

    /// The type of what it carries (`Login.Login.Request`, `String?`).
    public var payloadType: String? { message.valueType }
}

/// A method call: through which protocol, which method, and the typed value it carries.
public struct Invocation: Sendable, Hashable {
    public var protocolName: String?
    /// `login(request:)`.
    public var method: String
    /// `Login.Login.Request`; nil when the call carries nothing.
    public var payloadType: String?
    public var payload: Value?

    public init(protocolName: String? = nil, method: String, payloadType: String? = nil, payload: Value? = nil) {
        self.protocolName = protocolName
        self.method = method
        self.payloadType = payloadType
        self.payload = payload
    }
}

/// A field written: a DataStore's, the View's own state, AppState's.
public struct FieldWrite: Sendable, Hashable {
    public var protocolName: String?
    public var field: String
    /// The field's declared type, as Swift spells it (`String?`).
    public var type: String
    public var value: Value

    public init(protocolName: String? = nil, field: String, type: String, value: Value) {
        self.protocolName = protocolName
        self.field = field
        self.type = type
        self.value = value
    }
}

/// How a worker was called, and so how its answer comes back.
public enum CallStyle: String, Sendable, Hashable, CaseIterable {
    /// It returns the result.
    case `return`
    /// It calls a completion handler.
    case completion
    /// `async`: the caller awaits it.
    case async
    /// It calls its owner back through an output protocol (VIPER's DataManager output).
    case callback
}

/// Which of an operation's outcomes answered a worker call.
public enum Answer: Sendable, Hashable {
    /// The operation's case at this 0-based index.
    case `case`(Int)
    /// The story step's `given:` stub.
    case given
    /// The trace does not say (a recorded app, a format-1 trace).
    case unknown
}

/// A worker's answer: its result or its failure, which case gave it, and how long it took.
public struct WorkerAnswer: Sendable, Hashable {
    public var operation: OperationName
    public var invocation: Invocation
    public var answer: Answer
    /// Simulated time it took, in milliseconds.
    public var latency: Int

    public init(operation: OperationName, invocation: Invocation, answer: Answer, latency: Int) {
        self.operation = operation
        self.invocation = invocation
        self.answer = answer
        self.latency = latency
    }
}

/// The Router copies one field from the source scene's DataStore into the destination's.
public struct DataPass: Sendable, Hashable {
    public var route: RouteName
    public var protocolName: String?
    /// `passDataToHome(source:destination:)`.
    public var method: String
    /// The destination DataStore's field.
    public var field: String
    /// What was copied, as the scenario writes it: `source.userID`.
    public var source: String
    public var type: String
    public var value: Value

    public init(route: RouteName, protocolName: String?, method: String, field: String, source: String, type: String,
                value: Value) {
        self.route = route
        self.protocolName = protocolName
        self.method = method
        self.field = field
        self.source = source
        self.type = type
        self.value = value
    }
}

/// A change of screens.
public struct Navigation: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Pushed on the navigation stack.
        case push
        /// Presented modally.
        case present
        /// Replaces the whole stack (a new root).
        case replace
        /// Pops the top scene (the user's back, or a Router's pop).
        case pop
        /// Pops back to an earlier scene on the stack.
        case popToScene
        /// Dismisses a presented scene.
        case dismiss
    }

    public var style: Style
    /// The route taken; nil when the user navigates (back).
    public var route: RouteName?
    /// `navigateToHome(source:destination:)`, `popViewController(animated:)`.
    public var method: String
    /// The Views of the scene instances taken off the screen, top first.
    public var removed: [Participant]

    public init(style: Style, route: RouteName?, method: String, removed: [Participant] = []) {
        self.style = style
        self.route = route
        self.method = method
        self.removed = removed
    }
}

/// What a message is, with the fields of its kind.
public enum Message: Sendable, Hashable {
    /// The scene's wiring sets `to.property = value` (a Configurator, `setup()`, a WireFrame).
    case configure(property: String, protocolName: String?, value: Participant)
    /// The View is created and loads (`viewDidLoad()`): once per instance.
    case load(method: String)
    /// The View comes on screen (`viewWillAppear(_:)`, SwiftUI's `onAppear()`).
    case appear(method: String)
    /// The user acts on the View: the use case, and the values the user gives.
    case action(useCase: UseCaseName, payloadType: String?, payload: Value?)
    /// The View's request to its Interactor (BusinessLogic), or VIPER's Presenter → Interactor input.
    case request(useCase: UseCaseName?, Invocation)
    /// The View's event to its Presenter (VIPER).
    case event(useCase: UseCaseName?, Invocation)
    /// Another component method (`call: Presenter.refresh`).
    case call(Invocation)
    /// A worker operation is called.
    case workerCall(operation: OperationName, style: CallStyle, Invocation)
    /// The worker's result comes back.
    case workerResult(WorkerAnswer)
    /// The worker fails with `error`.
    case workerError(WorkerAnswer, error: String)
    /// A DataStore field is written.
    case dataStoreWrite(FieldWrite)
    /// The View's own state is written.
    case stateWrite(FieldWrite)
    /// The Interactor's Response to the Presenter (PresentationLogic), or VIPER's interactor output.
    case response(useCase: UseCaseName, output: OutputName?, Invocation)
    /// The Presenter's ViewModel (or VIPER display call) to the View (DisplayLogic).
    case display(useCase: UseCaseName?, output: OutputName?, Invocation)
    /// The View puts a value on screen under a label.
    case show(label: String, value: Value)
    /// The View (or VIPER's Presenter) asks the Router to take a route (RoutingLogic).
    case route(RouteName, Invocation)
    /// The Router copies a field into the next scene's DataStore (DataPassing).
    case dataPassing(DataPass)
    /// The screen changes.
    case navigation(Navigation)
    /// The Interactor writes AppState, which publishes the change.
    case publish(FieldWrite)
    /// An observing View re-renders (`body`) after AppState changed.
    case render(method: String)

    public var kind: EventKind {
        switch self {
        case .configure: .configure
        case .load: .load
        case .appear: .appear
        case .action: .action
        case .request: .request
        case .event: .event
        case .call: .call
        case .workerCall: .workerCall
        case .workerResult: .workerResult
        case .workerError: .workerError
        case .dataStoreWrite: .dataStoreWrite
        case .stateWrite: .stateWrite
        case .response: .response
        case .display: .display
        case .show: .show
        case .route: .route
        case .dataPassing: .dataPassing
        case .navigation: .navigation
        case .publish: .publish
        case .render: .render
        }
    }

    /// The call a message makes, for the kinds that are method calls.
    public var invocation: Invocation? {
        switch self {
        case .request(_, let call), .event(_, let call), .call(let call), .workerCall(_, _, let call),
             .response(_, _, let call), .display(_, _, let call), .route(_, let call):
            return call
        case .workerResult(let answer), .workerError(let answer, _):
            return answer.invocation
        case .dataPassing(let pass):
            return Invocation(protocolName: pass.protocolName, method: pass.method, payloadType: pass.type, payload: pass.value)
        case .navigation(let navigation):
            return Invocation(method: navigation.method)
        case .load(let method), .appear(let method), .render(let method):
            return Invocation(method: method)
        case .configure, .action, .dataStoreWrite, .stateWrite, .show, .publish:
            return nil
        }
    }

    /// What a message that is not a call names: the property wired, the use case acted on, the field written, the
    /// label shown.
    public var subject: String {
        switch self {
        case .configure(let property, _, _): return property
        case .action(let useCase, _, _): return useCase.rawValue
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return write.field
        case .show(let label, _): return label
        default: return invocation?.method ?? ""
        }
    }

    /// The value the message carries.
    public var value: Value? {
        switch self {
        case .action(_, _, let payload): return payload
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return write.value
        case .show(_, let value): return value
        case .workerError(_, let error): return .string(error)
        case .dataPassing(let pass): return pass.value
        default: return invocation?.payload
        }
    }

    /// The type of the value it carries.
    public var valueType: String? {
        switch self {
        case .action(_, let type, _): return type
        case .dataStoreWrite(let write), .stateWrite(let write), .publish(let write): return write.type
        case .workerError: return "Error"
        case .dataPassing(let pass): return pass.type
        default: return invocation?.payloadType
        }
    }

    /// The use case a cycle message belongs to.
    public var useCase: UseCaseName? {
        switch self {
        case .action(let useCase, _, _), .response(let useCase, _, _): return useCase
        case .request(let useCase, _), .event(let useCase, _), .display(let useCase, _, _): return useCase
        default: return nil
        }
    }

    /// The route a routing message belongs to.
    public var route: RouteName? {
        switch self {
        case .route(let route, _): return route
        case .dataPassing(let pass): return pass.route
        case .navigation(let navigation): return navigation.route
        default: return nil
        }
    }
}

/// What kind of message an event is: the `kind` of its trace line.
public enum EventKind: String, Sendable, Hashable, CaseIterable {
    case configure, load, appear, action, request, event, call, workerCall, workerResult, workerError, dataStoreWrite
    case stateWrite, response, display, show, route, dataPassing, navigation, publish, render

    /// True for the messages that return to a caller (drawn dashed).
    public var isReturn: Bool {
        self == .workerResult || self == .workerError
    }

    /// True for a View's lifecycle: it loads or comes on screen.
    public var isLifecycle: Bool { self == .load || self == .appear }
}

/// A component instance that sends or receives messages: `LoginInteractor` of the first `Login` scene instance.
///
/// Immutable and shared: a run names the same few components in every message, so messages hold a reference, and a
/// trace file declares each participant once and refers to it by `number`. Participants are equal when role, name,
/// scene and instance are: a worker named like a component is still another participant.
public final class Participant: Sendable, Hashable, CustomStringConvertible {
    public let role: ComponentRole
    /// The type's name as the app's code spells it (`LoginInteractor`, `AuthWorker`).
    public let name: String
    /// nil for what belongs to no scene: the User, AppState, a worker the app shares.
    public let scene: SceneName?
    /// Which instance of the scene (1 for the first time it is shown, 2 for the next, …).
    public let instance: Int?
    /// The participant's number in a trace file; numbers are unique within a run, given by whoever makes the run.
    public let number: Int

    public init(number: Int, role: ComponentRole, name: String, scene: SceneName? = nil, instance: Int? = nil) {
        self.number = number
        self.role = role
        self.name = name
        self.scene = scene
        self.instance = instance
    }

    public static func == (lhs: Participant, rhs: Participant) -> Bool {
        lhs === rhs
            || (lhs.role == rhs.role && lhs.name == rhs.name && lhs.scene == rhs.scene && lhs.instance == rhs.instance)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(role)
        hasher.combine(name)
        hasher.combine(scene)
        hasher.combine(instance)
    }

    public var description: String { id }

    /// A readable identifier: `Login#1.LoginInteractor`, or `User`. Not unique across roles (a worker named like a
    /// component); the participant itself is.
    public var id: String {
        guard let scene, let instance else { return name }
        return "\(scene)#\(instance).\(name)"
    }

    /// `Login#1`: the scene instance it belongs to.
    public var sceneInstance: String? {
        guard let scene, let instance else { return nil }
        return "\(scene)#\(instance)"
    }
}

"""##),
        GeneratedFile(path: "Sources/TraceFormat/TraceReader.swift", text: #"""
import Foundation

/// Reads a JSON Lines trace back into memory, exactly: reading and writing again gives the same bytes.
public enum TraceReader {
    /// What is wrong with a trace file, and on which line.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String

        public var description: String { "line \(line): \(message)" }
    }

    /// Reads the trace in a regular file (links followed); a folder, pipe or device is refused before reading.
    public static func read(contentsOf url: URL) throws -> Trace {
        try checkRegularFile(url)
        return try read(Data(contentsOf: url))
    }

    /// Reads the trace in a regular file a chunk at a time, keeping only its first `keep` messages (and every step
    /// and cycle that starts among them) and counting all of them in the tally: a long trace is drawn in memory that
    /// does not grow with it. A format-1 trace is read whole and upgraded.
    public static func read(contentsOf url: URL, keepingEvents keep: Int, routeName: TraceUpgrader.RouteNamer? = nil) throws -> (Trace, TraceTally) {
        try checkRegularFile(url)
        if let header = header(of: url), header.version == 1 {
            let trace = try read(Data(contentsOf: url), routeName: routeName)
            return (trace.prefix(through: keep), TraceTally(trace.events, cycles: trace.cycles))
        }
        var state = ReadState()
        state.keep = keep
        state.tally = TraceTally()
        try stream(url, into: &state)
        guard let header = state.header else { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
        return (try state.finish(header), state.tally ?? TraceTally())
    }

    /// What `scan` hands over, in file order.
    public enum Item {
        case header(TraceHeader)
        case step(TraceStep)
        /// A cycle starts: its `lastSequence` is not known yet.
        case cycleStart(TraceCycle)
        case cycleEnd(number: Int, lastSequence: Int)
        case event(TraceEvent)
        case end(RunEnd)
    }

    /// Reads a format-2 trace a line at a time, handing each item to `body` and keeping no message: for exports of
    /// traces of any length. The steps and cycles seen so far are kept (they are few).
    public static func scan(contentsOf url: URL, _ body: @escaping (Item) throws -> Void) throws {
        try checkRegularFile(url)
        if let header = header(of: url), header.version == 1 {
            throw Failure(line: 1, message: "a format-1 trace cannot be streamed; upgrade it with 'sceneflow upgrade' first")
        }
        var state = ReadState()
        state.keep = 0
        state.onItem = body
        try stream(url, into: &state)
        if state.header == nil { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
    }

    /// One line's JSON object.
    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws -> Fields {
        var parser = JSONParser(bytes: bytes)
        do {
            guard case .object(let members) = try parser.parseDocument() else {
                throw Failure(line: line, message: "expected a JSON object")
            }
            return Fields(members: members, line: line)
        } catch let error as JSONParser.SyntaxError {
            throw Failure(line: line, message: "invalid JSON at byte \(error.offset + 1): \(error.message)")
        }
    }

    private static func checkRegularFile(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw Failure(line: 0, message: "cannot read \(url.relativePath): \(String(cString: strerror(errno)).lowercased())")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(line: 0, message: "\(url.relativePath) is not a regular file")
        }
    }

    /// Feeds the file's lines to `state`, a megabyte at a time.
    private static func stream(_ url: URL, into state: inout ReadState) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var lineNumber = 0
        var pending: [UInt8] = []
        var first = true
        func line(_ bytes: UnsafeBufferPointer<UInt8>, _ state: inout ReadState) throws {
            lineNumber += 1
            guard !bytes.isEmpty else { return }
            let fields = try Self.fields(bytes, line: lineNumber)
            if state.header == nil {
                let header = try Self.header(fields)
                state.header = header
                try state.onItem?(.header(header))
                return
            }
            if state.end != nil { throw Failure(line: lineNumber, message: "nothing may follow the 'end' line") }
            try state.read(fields)
        }
        while true {
            let chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            pending.append(contentsOf: chunk)
            if first {
                first = false
                if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            }
            var start = 0
            try pending.withUnsafeBufferPointer { buffer in
                while let newline = buffer[start...].firstIndex(of: 0x0A) {
                    try line(UnsafeBufferPointer(rebasing: buffer[start..<newline]), &state)
                    start = newline + 1
                }
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty { try pending.withUnsafeBufferPointer { try line($0, &state) } }
    }

    /// The header of the trace at `url`, reading only its first line (at most 64 KiB): nil when the file is not a
    /// regular file or does not start with a trace header.
    public static func header(of url: URL) -> TraceHeader? {
        // A pipe or device would block the read: only regular files are opened.
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16), let newline = head.firstIndex(of: 0x0A) else { return nil }
        var line = head[head.startIndex..<newline]
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        return try? line.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> TraceHeader in
            try Self.header(Self.fields(raw.bindMemory(to: UInt8.self), line: 1))
        }
    }

    /// Reads a trace of any format this library knows; a format-1 trace is upgraded (`TraceUpgrader`), with
    /// `routeName` naming the routes its events call by method.
    public static func read(_ data: Data, routeName: TraceUpgrader.RouteNamer? = nil) throws -> Trace {
        var state = ReadState()
        var upgrader: TraceUpgrader?
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            // A byte-order mark may open the file, nowhere else.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            var lineNumber = 0
            while start < bytes.count {
                var stop = start
                while stop < bytes.count && bytes[stop] != 0x0A { stop += 1 }
                lineNumber += 1
                defer { start = stop + 1 }
                if stop == start { continue }
                func fail(_ message: String) -> Failure { Failure(line: lineNumber, message: message) }
                let fields = try Self.fields(UnsafeBufferPointer(rebasing: bytes[start..<stop]), line: lineNumber)
                let object = fields.members
                if state.header == nil {
                    let header = try Self.header(fields)
                    state.header = header
                    if header.version == 1 { upgrader = TraceUpgrader(header: header, routeName: routeName) }
                    continue
                }
                if state.end != nil { throw fail("nothing may follow the 'end' line") }
                if var old = upgrader {
                    if object.first?.0 == "end" {
                        state.end = try Self.end(fields)
                    } else {
                        try old.add(TraceUpgrader.Event(fields: fields))
                    }
                    upgrader = old
                    continue
                }
                try state.read(fields)
            }
        }
        guard let header = state.header else { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
        if let upgrader { return try upgrader.finish(end: state.end) }
        return try state.finish(header)
    }

    // MARK: - Lines

    private static func header(_ fields: Fields) throws -> TraceHeader {
        let version = try fields.int("sceneflowTrace")
        guard version >= 1 else { throw fields.failure("trace format version \(version) is not a version; versions start at 1") }
        guard version <= TraceHeader.currentVersion else {
            throw fields.failure("trace format version \(version) is newer than this sceneflow reads (\(TraceHeader.currentVersion))")
        }
        var fixtures: [String: String] = [:]
        if case .object(let members)? = fields.value("fixtures") {
            for (file, value) in members {
                guard case .string(let sha) = value else { throw fields.failure("'fixtures' maps files to SHA-256 texts") }
                fixtures[file] = sha
            }
        } else if fields.value("fixtures") != nil {
            throw fields.failure("'fixtures' must be an object")
        }
        var omits: [String] = []
        if let value = fields.value("omits") {
            guard case .array(let items) = value else { throw fields.failure("'omits' must be a list of facts") }
            for item in items {
                guard case .string(let fact) = item else { throw fields.failure("'omits' must be a list of facts") }
                omits.append(fact)
            }
        }
        return TraceHeader(version: version, scenario: try fields.string("scenario"), file: try fields.string("file"),
                           pattern: try fields.string("pattern"), start: SceneName(try fields.string("start")),
                           scenarioSHA256: try fields.optionalString("sha256"), fixtures: fixtures, omits: omits)
    }

    static func end(_ fields: Fields) throws -> RunEnd {
        let statusName = try fields.string("end")
        guard let status = RunEnd.Status(rawValue: statusName) else { throw fields.failure("unknown end status '\(statusName)'") }
        return RunEnd(status: status, messages: try fields.int("messages"), cycles: try fields.int("cycles"),
                      time: try fields.int("t"), error: try fields.optionalString("error"),
                      location: try fields.optionalString("at").map { try location($0, fields) })
    }

    /// What a format-2 reader has seen so far.
    private struct ReadState {
        var header: TraceHeader?
        var end: RunEnd?
        var events: [TraceEvent] = []
        /// Messages after the first `keep` are counted in `tally`, not kept.
        var keep = Int.max
        var tally: TraceTally?
        var count = 0
        var lastTime = 0
        /// Called with each item as it is read (`scan`).
        var onItem: ((Item) throws -> Void)?
        var steps: [TraceStep] = []
        var cycles: [TraceCycle] = []
        var participants: [Int: Participant] = [:]
        /// Cycle number → index into `cycles`, while the cycle is open.
        var open: [Int: Int] = [:]
        /// The time of each open cycle's last message.
        var cycleTime: [Int: Int] = [:]

        mutating func read(_ fields: Fields) throws {
            switch fields.members.first?.0 {
            case "participant": try declare(fields)
            case "step": try step(fields)
            case "cycle": try cycleStart(fields)
            case "cycleEnd": try cycleEnd(fields)
            case "seq": try event(fields)
            case "end":
                let end = try TraceReader.end(fields)
                self.end = end
                try onItem?(.end(end))
            case let key?: throw fields.failure("unknown line '\(key)'; expected a participant, step, cycle, cycleEnd, seq or end line")
            case nil: throw fields.failure("an empty object is not a trace line")
            }
        }

        func participant(_ key: String, _ fields: Fields) throws -> Participant {
            let number = try fields.int(key)
            guard let participant = participants[number] else {
                throw fields.failure("participant \(number) is not declared before its first use")
            }
            return participant
        }

        mutating func declare(_ fields: Fields) throws {
            let number = try fields.int("participant")
            guard participants[number] == nil else { throw fields.failure("participant \(number) is declared twice") }
            let roleName = try fields.string("role")
            guard let role = ComponentRole(rawValue: roleName) else { throw fields.failure("unknown role '\(roleName)'") }
            participants[number] = Participant(number: number, role: role, name: try fields.string("name"),
                                               scene: try fields.optionalString("scene").map { SceneName($0) },
                                               instance: try fields.optionalInt("instance"))
        }

        mutating func step(_ fields: Fields) throws {
            let number = try fields.int("step")
            let pass = try fields.optionalInt("pass") ?? 1
            guard number >= 1, pass >= 1 else { throw fields.failure("step and pass numbers start at 1") }
            var action: TraceStep.Action?
            if let scene = try fields.optionalString("appear") {
                action = .appear(SceneName(scene))
            } else if let name = try fields.optionalString("do") {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw fields.failure("'do' names 'Scene.UseCase', found '\(name)'") }
                action = .perform(scene: SceneName(parts[0]), useCase: UseCaseName(parts[1]))
            } else if case .bool(true)? = fields.value("back") {
                action = .back
            } else if let name = try fields.optionalString("route") {
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw fields.failure("'route' names 'Scene.route', found '\(name)'") }
                action = .route(scene: SceneName(parts[0]), route: RouteName(parts[1]))
            }
            steps.append(TraceStep(number: number, pass: pass, action: action, title: try fields.optionalString("title"),
                                   location: try fields.optionalString("at").map { try TraceReader.location($0, fields) },
                                   firstSequence: count + 1, lastSequence: count))
            try onItem?(.step(steps[steps.count - 1]))
        }

        mutating func cycleStart(_ fields: Fields) throws {
            let number = try fields.int("cycle")
            guard number == cycles.count + 1 else {
                throw fields.failure("cycle \(number) out of order; expected \(cycles.count + 1)")
            }
            let triggerName = try fields.string("trigger")
            guard let trigger = TraceCycle.Trigger(rawValue: triggerName) else {
                throw fields.failure("unknown trigger '\(triggerName)'; expected action, load, appear or callback")
            }
            let cause = try fields.optionalInt("cause")
            if let cause, cause < 1 || cause > count {
                throw fields.failure("cycle \(number) is caused by message \(cause), which has not happened")
            }
            open[number] = cycles.count
            cycleTime[number] = lastTime
            cycles.append(TraceCycle(number: number, view: try participant("view", fields),
                                     useCase: UseCaseName(try fields.string("useCase")), trigger: trigger,
                                     title: try fields.optionalString("title"), cause: cause,
                                     location: try fields.optionalString("at").map { try TraceReader.location($0, fields) },
                                     firstSequence: count + 1, lastSequence: count))
            tally?.add(cycles[cycles.count - 1])
            try onItem?(.cycleStart(cycles[cycles.count - 1]))
        }

        mutating func cycleEnd(_ fields: Fields) throws {
            let number = try fields.int("cycleEnd")
            guard let index = open.removeValue(forKey: number) else {
                throw fields.failure("cycle \(number) ends but is not open")
            }
            cycleTime[number] = nil
            cycles[index].lastSequence = count
            try onItem?(.cycleEnd(number: number, lastSequence: count))
        }

        mutating func event(_ fields: Fields) throws {
            let sequence = try fields.int("seq")
            guard sequence == count + 1 else {
                throw fields.failure("event \(sequence) out of order; expected \(count + 1)")
            }
            let parent = try fields.optionalInt("parent")
            if let parent, parent < 1 || parent >= sequence {
                throw fields.failure("event \(sequence)'s parent \(parent) must be an earlier message")
            }
            let time = try fields.int("t")
            guard time >= 0 else { throw fields.failure("event \(sequence) happens at \(time) ms; time starts at 0") }
            let cycle = try fields.optionalInt("cycle")
            if let cycle {
                guard let last = cycleTime[cycle] else {
                    throw fields.failure("event \(sequence) belongs to cycle \(cycle), which is not open")
                }
                guard time >= last else {
                    throw fields.failure("event \(sequence) happens at \(time) ms, before the cycle's previous message (\(last) ms)")
                }
                cycleTime[cycle] = time
            }
            let message = try TraceReader.message(fields, participant: { number in
                guard let found = participants[number] else {
                    throw fields.failure("participant \(number) is not declared before its first use")
                }
                return found
            })
            let event = TraceEvent(sequence: sequence, cycle: cycle, parent: parent, step: steps.last?.number, time: time,
                                   from: try participant("from", fields), to: try participant("to", fields),
                                   message: message,
                                   location: try fields.optionalString("at").map { try TraceReader.location($0, fields) })
            count = sequence
            lastTime = time
            tally?.add(event)
            if sequence <= keep { events.append(event) }
            try onItem?(.event(event))
            if !steps.isEmpty { steps[steps.count - 1].lastSequence = sequence }
        }

        func finish(_ header: TraceHeader) throws -> Trace {
            Trace(header: header, events: events, steps: steps, cycles: cycles, end: end).clipped(through: events.count)
        }
    }

    /// A message's own fields, by its kind.
    static func message(_ fields: Fields, participant: (Int) throws -> Participant) throws -> Message {
        let kindName = try fields.string("kind")
        guard let kind = EventKind(rawValue: kindName) else { throw fields.failure("unknown event kind '\(kindName)'") }
        func invocation() throws -> Invocation {
            Invocation(protocolName: try fields.optionalString("protocol"), method: try fields.string("method"),
                       payloadType: try fields.optionalString("type"), payload: fields.value("payload").map(value))
        }
        func write() throws -> FieldWrite {
            guard let written = fields.value("value") else { throw fields.failure("missing 'value'") }
            return FieldWrite(protocolName: try fields.optionalString("protocol"), field: try fields.string("field"),
                              type: try fields.string("type"), value: value(written))
        }
        func answer() throws -> WorkerAnswer {
            let answer: Answer
            if let index = try fields.optionalInt("case") {
                guard index >= 0 else { throw fields.failure("'case' is a 0-based index") }
                answer = .case(index)
            } else if case .bool(true)? = fields.value("given") {
                answer = .given
            } else {
                answer = .unknown
            }
            let latency = try fields.optionalInt("latency") ?? 0
            guard latency >= 0 else { throw fields.failure("'latency' cannot be negative") }
            return WorkerAnswer(operation: OperationName(try fields.string("operation")), invocation: try invocation(),
                                answer: answer, latency: latency)
        }
        switch kind {
        case .configure:
            return .configure(property: try fields.string("property"), protocolName: try fields.optionalString("protocol"),
                              value: try participant(try fields.int("value")))
        case .load: return .load(method: try fields.string("method"))
        case .appear: return .appear(method: try fields.string("method"))
        case .render: return .render(method: try fields.string("method"))
        case .action:
            return .action(useCase: UseCaseName(try fields.string("useCase")), payloadType: try fields.optionalString("type"),
                           payload: fields.value("payload").map(value))
        case .request: return .request(useCase: try fields.optionalString("useCase").map { UseCaseName($0) }, try invocation())
        case .event: return .event(useCase: try fields.optionalString("useCase").map { UseCaseName($0) }, try invocation())
        case .call: return .call(try invocation())
        case .workerCall:
            let styleName = try fields.optionalString("style") ?? "return"
            guard let style = CallStyle(rawValue: styleName) else { throw fields.failure("unknown call style '\(styleName)'") }
            return .workerCall(operation: OperationName(try fields.string("operation")), style: style, try invocation())
        case .workerResult: return .workerResult(try answer())
        case .workerError: return .workerError(try answer(), error: try fields.string("error"))
        case .dataStoreWrite: return .dataStoreWrite(try write())
        case .stateWrite: return .stateWrite(try write())
        case .publish: return .publish(try write())
        case .response:
            return .response(useCase: UseCaseName(try fields.string("useCase")),
                             output: try fields.optionalString("output").map { OutputName($0) }, try invocation())
        case .display:
            return .display(useCase: try fields.optionalString("useCase").map { UseCaseName($0) },
                            output: try fields.optionalString("output").map { OutputName($0) }, try invocation())
        case .show:
            guard let shown = fields.value("value") else { throw fields.failure("missing 'value'") }
            return .show(label: try fields.string("label"), value: value(shown))
        case .route: return .route(RouteName(try fields.string("route")), try invocation())
        case .dataPassing:
            guard let passed = fields.value("value") else { throw fields.failure("missing 'value'") }
            return .dataPassing(DataPass(route: RouteName(try fields.string("route")),
                                         protocolName: try fields.optionalString("protocol"), method: try fields.string("method"),
                                         field: try fields.string("field"), source: try fields.string("source"),
                                         type: try fields.string("type"), value: value(passed)))
        case .navigation:
            let styleName = try fields.string("style")
            guard let style = Navigation.Style(rawValue: styleName) else { throw fields.failure("unknown navigation style '\(styleName)'") }
            var removed: [Participant] = []
            if case .array(let items)? = fields.value("removed") {
                for item in items {
                    guard case .number(let text, true) = item, let number = Int(text) else {
                        throw fields.failure("'removed' lists participant numbers")
                    }
                    removed.append(try participant(number))
                }
            }
            return .navigation(Navigation(style: style, route: try fields.optionalString("route").map { RouteName($0) },
                                          method: try fields.string("method"), removed: removed))
        }
    }

    /// `file:line:col`, split from the right so file names may contain colons.
    static func location(_ text: String, _ fields: Fields) throws -> SourceLocation {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            throw fields.failure("'\(text)' is not a file:line:column location")
        }
        return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    /// A payload: numbers with a decimal point or exponent are Doubles, others Ints; objects are records in order,
    /// except `{"$date":…}`, `{"$decimal":…}` and `{"$enum":…}`.
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text, let isInteger):
            if isInteger, let int = Int(text) { return .int(int) }
            return .double(Double(text) ?? .nan)
        case .string(let text): return .string(text)
        case .array(let items): return .list(items.map(value))
        case .object(let members):
            if members.count == 1, case .string(let text) = members[0].1 {
                if members[0].0 == "$date", let date = DateValue(iso8601: text) { return .date(date) }
                if members[0].0 == "$decimal", let decimal = DecimalValue(text) { return .decimal(decimal) }
                if members[0].0 == "$enum", let value = EnumCaseValue(text) { return .enumCase(value) }
            }
            return .record(Record(members.map { ($0.0, value($0.1)) }))
        }
    }

    /// Typed access to an object's members, with line-numbered errors.
    struct Fields {
        let members: [(String, JSONValue)]
        let line: Int

        func failure(_ message: String) -> Failure { Failure(line: line, message: message) }

        func value(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }

        func string(_ key: String) throws -> String {
            guard let s = try optionalString(key) else { throw failure("missing '\(key)'") }
            return s
        }

        func optionalString(_ key: String) throws -> String? {
            guard let v = value(key) else { return nil }
            guard case .string(let s) = v else { throw failure("'\(key)' must be a string") }
            return s
        }

        func int(_ key: String) throws -> Int {
            guard let i = try optionalInt(key) else { throw failure("missing '\(key)'") }
            return i
        }

        func optionalInt(_ key: String) throws -> Int? {
            guard let v = value(key) else { return nil }
            guard case .number(let text, true) = v, let i = Int(text) else { throw failure("'\(key)' must be an integer") }
            return i
        }

        func object(_ key: String) throws -> Fields {
            guard case .object(let m)? = value(key) else { throw failure("'\(key)' must be an object") }
            return Fields(members: m, line: line)
        }
    }
}

/// A parsed JSON value that keeps object members in order and numbers as written.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case number(String, isInteger: Bool)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
}

/// A strict RFC 8259 parser over UTF-8 bytes, with bounded nesting.
struct JSONParser {
    struct SyntaxError: Error {
        var offset: Int
        var message: String
    }

    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected data after the value") }
        return value
    }

    private func error(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of line") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try parseNumber()
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw error("invalid literal") }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] {
            throw error("invalid literal")
        }
        index += length
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of line") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw error("invalid value") }
        if bytes[digitsStart] == 0x30 && index - digitsStart > 1 { throw error("leading zero in a number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fraction = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > fraction else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > exponent else { throw error("invalid number") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger && Int(text) == nil { isInteger = false }
        return .number(text, isInteger: isInteger)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        // Most strings have no escapes: find the closing quote and make the String from the bytes in place.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string")
                }
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        var result: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: result, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): result.append(0x22)
                case UInt8(ascii: "\\"): result.append(0x5C)
                case UInt8(ascii: "/"): result.append(0x2F)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("unpaired surrogate")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    result.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw error("invalid escape")
                }
            case 0x00..<0x20: throw error("control character in a string")
            default: result.append(byte)
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
        }
        return value
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TraceSink.swift", text: #"""
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

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TraceTally.swift", text: #"""
/// Every message of a run counted by what the structural diagrams draw — sender and receiver components (whichever
/// scene instance), kind and route — in memory that grows with the app, not the run: a long run's dependency, flow
/// and cycle diagrams are drawn from it while only the messages the sequence diagram draws are kept.
public struct TraceTally: Sendable {
    /// Each distinct (sender, receiver, kind, route) with the first message of that shape and how many there were,
    /// in order of first appearance.
    public private(set) var entries: [(event: TraceEvent, count: Int)] = []
    /// How many messages were counted.
    public private(set) var messages = 0
    /// The instances of each scene that were loaded or appeared.
    public private(set) var instances: [SceneName: Set<Int>] = [:]
    /// How many cycles ran each use case, by `Scene.UseCase`.
    public private(set) var runs: [String: Int] = [:]
    private var index: [Key: Int] = [:]

    /// A component, whichever instance of its scene.
    private struct Component: Hashable {
        var role: ComponentRole
        var name: String
        var scene: SceneName?

        init(_ participant: Participant) {
            role = participant.role
            name = participant.name
            scene = participant.scene
        }
    }

    private struct Key: Hashable {
        var from: Component
        var to: Component
        var kind: EventKind
        var route: String?
    }

    public init() {}

    public init(_ events: some Sequence<TraceEvent>, cycles: [TraceCycle] = []) {
        for event in events { add(event) }
        for cycle in cycles { add(cycle) }
    }

    public mutating func add(_ cycle: TraceCycle) {
        runs[cycle.name, default: 0] += 1
    }

    public mutating func add(_ event: borrowing TraceEvent) {
        messages += 1
        var route: String?
        if case .route(let name, _) = event.message { route = name.rawValue }
        if event.kind == .load || event.kind == .appear, let scene = event.to.scene, let instance = event.to.instance {
            instances[scene, default: []].insert(instance)
        }
        let key = Key(from: Component(event.from), to: Component(event.to), kind: event.kind, route: route)
        if let found = index[key] {
            entries[found].count += 1
        } else {
            index[key] = entries.count
            entries.append((copy event, 1))
        }
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/TraceUpgrader.swift", text: ##"""
/// Reads format 1 into format 2: the one place that reads format 1's free text.
///
/// Format 1 packed meaning into `method` and `note` (`destination.userID = source.id`, `120 ms`, `back to Login#1`,
/// `Scene.UseCase`), numbered cycle markers among the messages, and wrote each participant in full on every line.
/// The upgrader turns cycle markers into cycles and renumbers the messages densely (parents follow), reads the notes
/// into typed fields, infers each story step's action from what it did, and tracks the navigation stack to say
/// what each navigation removed. What format 1 never recorded stays unknown: which worker case answered
/// (`Answer.unknown`), and a Response's output name.
public struct TraceUpgrader {
    /// Names the route a `route` message of `scene` calls by `method`; nil to fall back on the naming convention
    /// (`routeToHome()` → `toHome`).
    public typealias RouteNamer = @Sendable (SceneName, String) -> RouteName?

    /// A format-1 participant, written in full on each line.
    struct OldParticipant: Hashable {
        var role: ComponentRole
        var name: String
        var scene: String?
        var instance: Int?
    }

    /// A format-1 line.
    struct Event {
        var sequence: Int
        var cycle: Int?
        var parent: Int?
        var step: Int?
        var time: Int
        var kind: String
        var from: OldParticipant
        var to: OldParticipant
        var protocolName: String?
        var method: String
        var type: String?
        var payload: Value?
        var location: SourceLocation?
        var note: String?

        init(fields: TraceReader.Fields) throws {
            func participant(_ key: String) throws -> OldParticipant {
                let object = try fields.object(key)
                let roleName = try object.string("role")
                guard let role = ComponentRole(rawValue: roleName) else { throw object.failure("unknown role '\(roleName)'") }
                return OldParticipant(role: role, name: try object.string("name"), scene: try object.optionalString("scene"),
                                      instance: try object.optionalInt("instance"))
            }
            sequence = try fields.int("seq")
            cycle = try fields.optionalInt("cycle")
            parent = try fields.optionalInt("parent")
            step = try fields.optionalInt("step")
            time = try fields.int("t")
            kind = try fields.string("kind")
            from = try participant("from")
            to = try participant("to")
            protocolName = try fields.optionalString("protocol")
            method = try fields.string("method")
            type = try fields.optionalString("type")
            payload = fields.value("payload").map(TraceReader.value)
            location = try fields.optionalString("at").map { try TraceReader.location($0, fields) }
            note = try fields.optionalString("note")
            guard Self.kinds.contains(kind) else { throw fields.failure("unknown event kind '\(kind)'") }
            guard sequence >= 1, time >= 0 else { throw fields.failure("event \(sequence) has a negative time or number") }
            if let parent, parent < 1 || parent >= sequence {
                throw fields.failure("event \(sequence)'s parent \(parent) must be an earlier event")
            }
            line = fields.line
        }

        var line = 0

        static let kinds: Set<String> = [
            "cycleStart", "cycleEnd", "configure", "lifecycle", "action", "request", "event", "workerCall", "workerResult",
            "workerError", "dataStoreWrite", "stateWrite", "response", "display", "show", "route", "dataPassing",
            "navigation", "publish", "render",
        ]
    }

    var header: TraceHeader
    let routeName: RouteNamer?
    private var old: [Event] = []

    init(header: TraceHeader, routeName: RouteNamer?) {
        self.header = header
        self.routeName = routeName
    }

    mutating func add(_ event: Event) throws {
        guard event.sequence == old.count + 1 else {
            throw TraceReader.Failure(line: event.line, message: "event \(event.sequence) out of order; expected \(old.count + 1)")
        }
        old.append(event)
    }

    // MARK: - Upgrading

    func finish(end: RunEnd?) throws -> Trace {
        var header = self.header
        header.version = TraceHeader.currentVersion
        let participants = participantTable()
        func participant(_ p: OldParticipant) -> Participant { participants[p]! }

        // New numbers: messages only.
        var newSequence: [Int: Int] = [:]
        var markers = Set<Int>()
        for event in old {
            if event.kind == "cycleStart" || event.kind == "cycleEnd" {
                markers.insert(event.sequence)
            } else {
                newSequence[event.sequence] = newSequence.count + 1
            }
        }
        var children: [Int: [Int]] = [:]
        for event in old { if let parent = event.parent { children[parent, default: []].append(event.sequence) } }

        var events: [TraceEvent] = []
        var cycles: [TraceCycle] = []
        var cycleIndex: [Int: Int] = [:]
        var routes: [Int: RouteName] = [:]        // old route event → its name
        var operations: [Int: OperationName] = [:] // old worker call → its operation
        var stack: [Participant] = []
        var steps: [TraceStep] = []
        var lastStep: Int?

        for event in old {
            // Story steps: a new one whenever the step number changes; a lower number starts the next pass.
            if let step = event.step, step != lastStep {
                let pass = (steps.last.map { step <= $0.number ? $0.pass + 1 : $0.pass }) ?? 1
                steps.append(TraceStep(number: step, pass: pass, action: nil, firstSequence: events.count + 1,
                                       lastSequence: events.count))
                lastStep = step
            }
            let from = participant(event.from), to = participant(event.to)
            let cycle = event.cycle.flatMap { cycleIndex[$0] }.map { cycles[$0] }
            switch event.kind {
            case "cycleStart":
                let number = event.cycle ?? cycles.count + 1
                let useCase = event.method.split(separator: ".", maxSplits: 1).last.map(String.init) ?? event.method
                var trigger = TraceCycle.Trigger.action
                if let cause = event.parent, let lifecycle = old.first(where: { $0.sequence == cause }) {
                    trigger = lifecycle.method == "onAppear()" ? .appear : .load
                }
                var title = event.note
                if event.parent != nil, title == "\(event.to.scene ?? "") appears" { title = nil }
                cycleIndex[number] = cycles.count
                cycles.append(TraceCycle(number: number, view: to, useCase: UseCaseName(useCase), trigger: trigger,
                                         title: title, cause: event.parent.flatMap { newSequence[$0] },
                                         location: event.location, firstSequence: events.count + 1,
                                         lastSequence: events.count))
                continue
            case "cycleEnd":
                if let number = event.cycle, let index = cycleIndex[number] { cycles[index].lastSequence = events.count }
                continue
            default:
                break
            }
            let call = Invocation(protocolName: event.protocolName, method: event.method, payloadType: event.type,
                                  payload: event.payload)
            let message: Message
            var eventTo = to
            switch event.kind {
            case "configure":
                message = .configure(property: event.method, protocolName: event.type,
                                     value: participants.named(event.note ?? "", near: event.from))
            case "lifecycle":
                message = event.method == "onAppear()" ? .appear(method: event.method) : .load(method: event.method)
                if !stack.contains(to) && !(events.last.map { if case .navigation = $0.message { $0.to == to } else { false } } ?? false) {
                    stack = [to]
                }
            case "action":
                message = .action(useCase: UseCaseName(event.method), payloadType: event.type, payload: event.payload)
            case "request": message = .request(useCase: cycle?.useCase, call)
            case "event": message = .event(useCase: cycle?.useCase, call)
            case "workerCall":
                let operation = OperationName(String(event.method.prefix { $0 != "(" }))
                operations[event.sequence] = operation
                // A worker that calls back answers with another method than the one called.
                let answer = children[event.sequence]?.compactMap { child in old[child - 1] }.first { $0.kind.hasPrefix("workerR") || $0.kind == "workerError" }
                let style: CallStyle = answer.map { $0.method != event.method } == true ? .callback : .return
                message = .workerCall(operation: operation, style: style, call)
            case "workerResult", "workerError":
                let operation = event.parent.flatMap { operations[$0] } ?? OperationName(String(event.method.prefix { $0 != "(" }))
                let latency = event.note.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
                if event.kind == "workerResult" {
                    message = .workerResult(WorkerAnswer(operation: operation, invocation: call, answer: .unknown, latency: latency))
                } else {
                    let error: String
                    if case .string(let text)? = event.payload { error = text } else { error = event.payload?.description ?? "" }
                    message = .workerError(WorkerAnswer(operation: operation,
                                                        invocation: Invocation(protocolName: event.protocolName, method: event.method),
                                                        answer: .unknown, latency: latency), error: error)
                }
            case "dataStoreWrite", "stateWrite", "publish":
                let write = FieldWrite(protocolName: event.protocolName, field: event.method, type: event.type ?? "",
                                       value: event.payload ?? .null)
                message = event.kind == "publish" ? .publish(write) : event.kind == "stateWrite" ? .stateWrite(write) : .dataStoreWrite(write)
            case "response":
                message = .response(useCase: cycle?.useCase ?? UseCaseName(""), output: nil, call)
            case "display": message = .display(useCase: cycle?.useCase, output: nil, call)
            case "show": message = .show(label: event.method, value: event.payload ?? .null)
            case "route":
                let scene = event.from.scene.map { SceneName($0) } ?? SceneName("")
                let name = routeName?(scene, event.method) ?? Self.conventionalRoute(event.method)
                routes[event.sequence] = name
                message = .route(name, call)
            case "dataPassing":
                // `destination.userID = source.userID`
                let note = event.note ?? ""
                let parts = note.components(separatedBy: " = ")
                let field = parts.first.map { $0.hasPrefix("destination.") ? String($0.dropFirst("destination.".count)) : $0 } ?? ""
                message = .dataPassing(DataPass(route: event.parent.flatMap { routes[$0] } ?? RouteName(""),
                                                protocolName: event.protocolName, method: event.method, field: field,
                                                source: parts.dropFirst().joined(separator: " = "), type: event.type ?? "",
                                                value: event.payload ?? .null))
            case "navigation":
                if event.from.role == .user {
                    // `back to Login#1`: the instance that comes back.
                    let revealed = stack.count > 1 ? stack[stack.count - 2] : to
                    let removed = stack.last.map { [$0] } ?? [to]
                    if !stack.isEmpty { stack.removeLast() }
                    eventTo = revealed
                    message = .navigation(Navigation(style: event.method.hasPrefix("dismiss") ? .dismiss : .pop, route: nil,
                                                     method: event.method, removed: removed))
                } else {
                    let style = Navigation.Style(rawValue: event.note ?? "") ?? .push
                    var removed: [Participant] = []
                    if style == .replace {
                        removed = stack.reversed()
                        stack = [to]
                    } else {
                        stack.append(to)
                    }
                    message = .navigation(Navigation(style: style, route: event.parent.flatMap { routes[$0] },
                                                     method: event.method, removed: removed))
                }
            case "render": message = .render(method: event.method)
            default: message = .call(call)
            }
            let parent = event.parent.flatMap { markers.contains($0) ? nil : newSequence[$0] }
            events.append(TraceEvent(sequence: events.count + 1, cycle: event.cycle, parent: parent, step: event.step,
                                     time: event.time, from: from, to: eventTo, message: message, location: event.location))
            if !steps.isEmpty { steps[steps.count - 1].lastSequence = events.count }
        }
        for index in steps.indices { steps[index] = Self.inferred(steps[index], events: events, cycles: cycles) }
        let upgradedEnd = end.map { end in
            var end = end
            end.messages = events.count
            return end
        }
        return Trace(header: header, events: events, steps: steps, cycles: cycles, end: upgradedEnd)
    }

    /// What a step did, read from its messages: the user's action starts a cycle, going back navigates, and an
    /// appearing scene is wired and loads.
    static func inferred(_ step: TraceStep, events: [TraceEvent], cycles: [TraceCycle]) -> TraceStep {
        var step = step
        let range = step.firstSequence...max(step.firstSequence, step.lastSequence)
        if let cycle = cycles.first(where: { $0.trigger == .action && $0.firstSequence == step.firstSequence }),
           let scene = cycle.view.scene {
            step.action = .perform(scene: scene, useCase: cycle.useCase)
            step.title = cycle.title
            step.location = cycle.location
        } else if let back = events.first(where: { range.contains($0.sequence) && $0.from.role == .user && $0.kind == .navigation }) {
            step.action = .back
            step.location = back.location
        } else if let load = events.first(where: { range.contains($0.sequence) && $0.kind.isLifecycle }), let scene = load.to.scene {
            step.action = .appear(scene)
            step.location = load.location
        }
        return step
    }

    /// `routeToHome()` → `toHome`; another method → its name.
    static func conventionalRoute(_ method: String) -> RouteName {
        let base = method.prefix { $0 != "(" }
        guard base.hasPrefix("route"), base.count > 5 else { return RouteName(String(base)) }
        let rest = base.dropFirst(5)
        return RouteName(rest.prefix(1).lowercased() + rest.dropFirst())
    }

    /// Every participant, numbered in order of first use, with those only wiring names (a worker never called, the
    /// AppState) added where they are named.
    private func participantTable() -> ParticipantTable {
        var table = ParticipantTable()
        for event in old {
            table.add(event.from)
            table.add(event.to)
        }
        for event in old {
            if event.kind == "configure", let name = event.note, table.find(name, near: event.from) == nil {
                // Never a sender or receiver: its role is what the property it is wired into says.
                let roles: [String: ComponentRole] = [
                    "view": .view, "viewController": .view, "interactor": .interactor, "presenter": .presenter,
                    "router": .router, "wireFrame": .router, "dataStore": .dataStore, "appState": .appState,
                ]
                let role = roles[event.method] ?? .worker
                table.add(role == .appState
                    ? OldParticipant(role: .appState, name: name, scene: nil, instance: nil)
                    : OldParticipant(role: role, name: name, scene: event.from.scene, instance: event.from.instance))
            }
        }
        return table
    }

    struct ParticipantTable {
        private var byOld: [OldParticipant: Participant] = [:]
        private var order: [OldParticipant] = []

        subscript(_ participant: OldParticipant) -> Participant? { byOld[participant] }

        mutating func add(_ participant: OldParticipant) {
            guard byOld[participant] == nil else { return }
            order.append(participant)
            byOld[participant] = Participant(number: order.count, role: participant.role, name: participant.name,
                                             scene: participant.scene.map { SceneName($0) }, instance: participant.instance)
        }

        /// The participant called `name` in the scene instance of `near`, or one outside any scene.
        func find(_ name: String, near: OldParticipant) -> Participant? {
            order.first { $0.name == name && $0.scene == near.scene && $0.instance == near.instance }.flatMap { byOld[$0] }
                ?? order.first { $0.name == name && $0.scene == nil }.flatMap { byOld[$0] }
        }

        func named(_ name: String, near: OldParticipant) -> Participant {
            find(name, near: near) ?? Participant(number: 0, role: .worker, name: name)
        }
    }
}

"""##),
        GeneratedFile(path: "Sources/TraceFormat/Value.swift", text: #"""
/// A typed value of the scenario's data: request values, worker results, DataStore contents, payloads.
public indirect enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// An instant (Swift's `Date`), to the millisecond.
    case date(DateValue)
    /// An exact decimal number (Swift's `Decimal`), as money is.
    case decimal(DecimalValue)
    /// A case of an enum the scenario declares (`ShippingSpeed.oneDay`); its raw value is the enum's business.
    case enumCase(EnumCaseValue)
    case list([Value])
    case record(Record)

    /// Looks up a record's field; nil for other values and for missing fields.
    public subscript(field name: String) -> Value? {
        if case .record(let record) = self { return record[name] }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// A record value: fields in declaration order.
public struct Record: Sendable, Hashable {
    public private(set) var names: [String]
    public private(set) var values: [Value]

    public init() {
        names = []
        values = []
    }

    public init(_ fields: [(String, Value)]) {
        names = fields.map(\.0)
        values = fields.map(\.1)
    }

    public var count: Int { names.count }
    public var isEmpty: Bool { names.isEmpty }

    /// The fields as (name, value) pairs, in order.
    public var fields: [(name: String, value: Value)] {
        Array(zip(names, values)).map { (name: $0.0, value: $0.1) }
    }

    public subscript(name: String) -> Value? {
        get {
            guard let index = names.firstIndex(of: name) else { return nil }
            return values[index]
        }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue {
                    values[index] = newValue
                } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}

extension Value: CustomStringConvertible {
    /// Swift-like literal text: `"Ann"`, `42`, `1.5`, `true`, `nil`, `["a", "b"]`, `{userID: "42"}`.
    public var description: String {
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return Value.format(value)
        case .string(let value): return Value.quote(value)
        case .date(let value): return value.description
        case .decimal(let value): return value.description
        case .enumCase(let value): return value.description
        case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .record(let record):
            return "{" + record.fields.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ") + "}"
        }
    }

    /// The text the value shows as on a screen: strings without quotes, everything else as `description`.
    public var displayText: String {
        switch self {
        case .string(let value): return value
        // Swift prints an enum case by its name: `"\(speed)"` is `oneDay`.
        case .enumCase(let value): return value.name
        default: return description
        }
    }

    /// A Double in the shortest form that reads back to the same value, always with a decimal point or exponent.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let text = String(value)
        if text.contains(".") || text.contains("e") { return text }
        return text + ".0"
    }

    /// A Swift string literal with `"`, `\`, and control characters escaped.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// An instant, in milliseconds since 1970-01-01 00:00:00 UTC. Written as ISO 8601 in UTC
/// (`2026-11-22T09:30:00Z`, milliseconds only when there are some), computed here rather than by the platform's
/// date formatters, so every platform writes the same bytes.
public struct DateValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var milliseconds: Int

    public init(milliseconds: Int) { self.milliseconds = milliseconds }

    public static func < (lhs: DateValue, rhs: DateValue) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The civil date and time in UTC.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let (days, inDay) = milliseconds.floorDivided(by: 86_400_000)
        // Howard Hinnant's days-from-civil, inverted.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
    }

    /// `2026-11-22T09:30:00Z`, or `2026-11-22T09:30:00.250Z` with milliseconds.
    public var description: String {
        let c = components
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
        if c.millisecond != 0 { text += "." + pad(c.millisecond, 3) }
        return text + "Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.sss]Z` (or a date alone, `YYYY-MM-DD`, at midnight UTC).
    public init?(iso8601 text: String) {
        let scalars = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[from..<(from + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), scalars.count >= 10, scalars[4] == 0x2D, let month = number(5, 2), scalars[7] == 0x2D,
              let day = number(8, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0, millisecond = 0
        if scalars.count > 10 {
            guard scalars.count >= 20, scalars[10] == 0x54, let h = number(11, 2), scalars[13] == 0x3A, let m = number(14, 2),
                  scalars[16] == 0x3A, let s = number(17, 2), h < 24, m < 60, s < 60 else { return nil }
            (hour, minute, second) = (h, m, s)
            var index = 19
            if scalars[index] == 0x2E {
                guard let ms = number(20, 3) else { return nil }
                millisecond = ms
                index = 23
            }
            guard index == scalars.count - 1, scalars[index] == 0x5A else { return nil }
        }
        // Days from civil (Howard Hinnant).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }
}

/// A case of a declared enum, by type and case name: `ShippingSpeed.oneDay`.
public struct EnumCaseValue: Sendable, Hashable, CustomStringConvertible {
    public var type: String
    public var name: String

    public init(type: String, name: String) {
        self.type = type
        self.name = name
    }

    public var description: String { "\(type).\(name)" }

    /// Reads `Type.case` (the type may itself be dotted: `ShipmentMethod.ShippingSpeed.oneDay`).
    public init?(_ text: String) {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex else {
            return nil
        }
        type = String(text[..<dot])
        name = String(text[text.index(after: dot)...])
    }
}

/// An exact decimal number: `significand × 10^-scale`, so 12.50 is (1250, 2) and keeps its two places.
/// Equal values are equal whatever their places (12.5 == 12.50), as Swift's `Decimal`s are.
public struct DecimalValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var significand: Int
    /// Digits after the decimal point.
    public var scale: Int

    public init(significand: Int, scale: Int) {
        self.significand = significand
        self.scale = max(0, scale)
    }

    /// Without trailing zeros after the point: (1250, 2) → (125, 1).
    var normalized: DecimalValue {
        var result = self
        while result.scale > 0, result.significand % 10 == 0 {
            result.significand /= 10
            result.scale -= 1
        }
        return result
    }

    public static func == (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
        let (a, b) = (lhs.normalized, rhs.normalized)
        return a.significand == b.significand && a.scale == b.scale
    }

    public func hash(into hasher: inout Hasher) {
        let n = normalized
        hasher.combine(n.significand)
        hasher.combine(n.scale)
    }

    /// Both values at the larger scale; nil when that overflows.
    static func aligned(_ a: DecimalValue, _ b: DecimalValue) -> (Int, Int, scale: Int)? {
        let scale = max(a.scale, b.scale)
        guard let x = a.significand(atScale: scale), let y = b.significand(atScale: scale) else { return nil }
        return (x, y, scale)
    }

    func significand(atScale target: Int) -> Int? {
        var value = significand
        for _ in scale..<max(scale, target) {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = next
        }
        return value
    }

    public static func < (lhs: DecimalValue, rhs: DecimalValue) -> Bool {
        if let (x, y, _) = aligned(lhs, rhs) { return x < y }
        return lhs.doubleValue < rhs.doubleValue
    }

    /// The nearest Double (for comparisons that would overflow exactly).
    public var doubleValue: Double {
        var value = Double(significand)
        for _ in 0..<scale { value /= 10 }
        return value
    }

    /// `a + b`, `a - b`, `a * b` exactly; nil on overflow.
    public func adding(_ other: DecimalValue) -> DecimalValue? {
        guard let (x, y, scale) = Self.aligned(self, other) else { return nil }
        let (sum, overflow) = x.addingReportingOverflow(y)
        return overflow ? nil : DecimalValue(significand: sum, scale: scale)
    }

    public func subtracting(_ other: DecimalValue) -> DecimalValue? {
        guard let (x, y, scale) = Self.aligned(self, other) else { return nil }
        let (difference, overflow) = x.subtractingReportingOverflow(y)
        return overflow ? nil : DecimalValue(significand: difference, scale: scale)
    }

    public func multiplying(by other: DecimalValue) -> DecimalValue? {
        let (product, overflow) = significand.multipliedReportingOverflow(by: other.significand)
        return overflow ? nil : DecimalValue(significand: product, scale: scale + other.scale).normalizedKeeping(places: max(scale, other.scale))
    }

    /// Drops trailing zeros beyond `places` (2.50 × 3 stays 7.50; 1.5 × 1.5 is 2.25).
    func normalizedKeeping(places: Int) -> DecimalValue {
        var result = self
        while result.scale > places, result.significand % 10 == 0 {
            result.significand /= 10
            result.scale -= 1
        }
        return result
    }

    /// `12.50`, `-0.05`, `3`.
    public var description: String {
        var digits = String(significand.magnitude)
        guard scale > 0 else { return (significand < 0 ? "-" : "") + digits }
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        let point = digits.index(digits.endIndex, offsetBy: -scale)
        return (significand < 0 ? "-" : "") + digits[..<point] + "." + digits[point...]
    }

    /// Reads `-12.50`; nil for anything else or for more digits than an Int holds.
    public init?(_ text: String) {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest.removeFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)),
              let magnitude = Int(parts.count == 2 ? whole + parts[1] : whole) else { return nil }
        significand = negative ? -magnitude : magnitude
        scale = parts.count == 2 ? parts[1].count : 0
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Int {
    /// Quotient and remainder rounding towards negative infinity (the remainder is never negative).
    func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let quotient = self / divisor, remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/ValueFormat.swift", text: #"""
/// The few formats a scenario's Presenter uses to turn dates and money into text, computed here (not by the
/// platform's locale data, which differs between Linux, macOS and iOS), so every platform writes the same bytes.
/// Month and day names are English; times are UTC.
public enum ValueFormat {
    /// A pattern's piece: a field of the date, or literal text.
    public enum DatePiece: Sendable, Hashable {
        case year(width: Int)
        case month(width: Int)
        case day(width: Int)
        case weekday(width: Int)
        case hour24(width: Int)
        case hour12(width: Int)
        case minute(width: Int)
        case second(width: Int)
        case millisecond
        case amPM
        case text(String)
    }

    /// Why a date pattern cannot be used: the letter and its offset in the pattern.
    public struct PatternError: Error, Sendable, Equatable {
        public var message: String
        public var offset: Int

        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// The letters a date pattern knows, as Unicode's date patterns (and `DateFormatter.dateFormat`) use them.
    public static let dateLetters = "y M d E H h m s S a"

    /// Reads a pattern such as `M/d/yy`, `yyyy-MM-dd HH:mm`, `EEE, MMM d` or `d 'of' MMMM`.
    public static func datePattern(_ pattern: String) throws(PatternError) -> [DatePiece] {
        let scalars = Array(pattern.unicodeScalars)
        var pieces: [DatePiece] = []
        var text = ""
        var index = 0
        func flush() {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
        }
        while index < scalars.count {
            let c = scalars[index]
            if c == "'" {
                // Quoted literal text; '' is a quote.
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    text += "'"
                    index += 2
                    continue
                }
                var close = index + 1
                while close < scalars.count, scalars[close] != "'" { close += 1 }
                guard close < scalars.count else {
                    throw PatternError(message: "the quote opened here is not closed", offset: index)
                }
                text += String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                index = close + 1
                continue
            }
            guard c.properties.isAlphabetic, c.isASCII else {
                text.unicodeScalars.append(c)
                index += 1
                continue
            }
            var width = 1
            while index + width < scalars.count, scalars[index + width] == c { width += 1 }
            let piece: DatePiece
            switch (c, width) {
            case ("y", 2), ("y", 4), ("y", 1): piece = .year(width: width)
            case ("M", 1...4): piece = .month(width: width)
            case ("d", 1...2): piece = .day(width: width)
            case ("E", 1...4): piece = .weekday(width: width)
            case ("H", 1...2): piece = .hour24(width: width)
            case ("h", 1...2): piece = .hour12(width: width)
            case ("m", 1...2): piece = .minute(width: width)
            case ("s", 1...2): piece = .second(width: width)
            case ("S", 3): piece = .millisecond
            case ("a", 1): piece = .amPM
            default:
                let letters = String(repeating: Character(c), count: width)
                throw PatternError(
                    message: "'\(letters)' is not a date field here; fields are \(dateLetters) (quote text: 'at')",
                    offset: index)
            }
            flush()
            pieces.append(piece)
            index += width
        }
        flush()
        return pieces
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The date in UTC, by a pattern `datePattern` accepted.
    public static func format(_ date: DateValue, pieces: [DatePiece]) -> String {
        let c = date.components
        let (days, _) = date.milliseconds.floorDivided(by: 86_400_000)
        // 1970-01-01 was a Thursday (index 3 from Monday).
        let weekday = (days % 7 + 7 + 3) % 7
        var out = ""
        for piece in pieces {
            switch piece {
            case .year(let width):
                out += width == 2 ? pad(c.year % 100, 2) : pad(c.year, width == 4 ? 4 : 1)
            case .month(let width):
                switch width {
                case 1, 2: out += pad(c.month, width)
                case 3: out += String(monthNames[c.month - 1].prefix(3))
                default: out += monthNames[c.month - 1]
                }
            case .day(let width): out += pad(c.day, width)
            case .weekday(let width):
                out += width == 4 ? weekdayNames[weekday] : String(weekdayNames[weekday].prefix(3))
            case .hour24(let width): out += pad(c.hour, width)
            case .hour12(let width): out += pad(c.hour % 12 == 0 ? 12 : c.hour % 12, width)
            case .minute(let width): out += pad(c.minute, width)
            case .second(let width): out += pad(c.second, width)
            case .millisecond: out += pad(c.millisecond, 3)
            case .amPM: out += c.hour < 12 ? "AM" : "PM"
            case .text(let text): out += text
            }
        }
        return out
    }

    /// `1,234.50` with `fractionDigits` places, rounding half to even (as `NumberFormatter` does); with a symbol,
    /// `$1,234.50` and `-$1,234.50`.
    public static func number(_ value: DecimalValue, fractionDigits: Int, currency symbol: String? = nil) -> String {
        let rounded = value.rounded(toPlaces: fractionDigits)
        var digits = String(rounded.significand.magnitude)
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        let whole = digits.dropLast(fractionDigits)
        let fraction = digits.suffix(fractionDigits)
        var grouped = ""
        for (offset, character) in whole.enumerated() {
            if offset > 0, (whole.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(character)
        }
        let sign = rounded.significand < 0 ? "-" : ""
        return sign + (symbol ?? "") + grouped + (fractionDigits > 0 ? "." + fraction : "")
    }

    /// A Double as a decimal, to the places it is formatted with.
    public static func decimal(_ value: Double, places: Int) -> DecimalValue? {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrEven)
        guard scaled.isFinite, abs(scaled) < 9.0e18 else { return nil }
        return DecimalValue(significand: Int(scaled), scale: places)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension DecimalValue {
    /// The value with `places` digits after the point, rounding half to even; unchanged when it has no more.
    public func rounded(toPlaces places: Int) -> DecimalValue {
        guard scale > places else {
            var significand = self.significand
            for _ in scale..<places {
                let (next, overflow) = significand.multipliedReportingOverflow(by: 10)
                if overflow { return self }
                significand = next
            }
            return DecimalValue(significand: significand, scale: places)
        }
        guard scale - places < 19 else { return DecimalValue(significand: 0, scale: places) }
        var divisor = 1
        for _ in places..<scale { divisor *= 10 }
        let (quotient, remainder) = (significand / divisor, significand % divisor)
        let twice = remainder.magnitude * 2
        var result = quotient
        if twice > UInt(divisor) || (twice == UInt(divisor) && quotient % 2 != 0) {
            result += significand < 0 ? -1 : 1
        }
        return DecimalValue(significand: result, scale: places)
    }
}

"""#),
        GeneratedFile(path: "Sources/TraceFormat/WriteFailure.swift", text: #"""
import Foundation

/// A file SceneFlow could not write, named as the user knows it (the destination, never a temporary file), with
/// the reason in words and what to do.
public struct WriteFailure: Error, CustomStringConvertible, Sendable {
    /// The destination, as it was given.
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// From a system error number.
    public init(file: String, errno code: Int32) {
        self.init(file: file, reason: Self.reason(code))
    }

    /// From any error a write threw: its POSIX code when it has one.
    public init(file: String, error: any Error) {
        if let failure = error as? WriteFailure {
            self = failure
            self.file = file
            return
        }
        let nsError = error as NSError
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        if nsError.domain == NSPOSIXErrorDomain {
            self.init(file: file, errno: Int32(nsError.code))
        } else if let underlying, underlying.domain == NSPOSIXErrorDomain {
            self.init(file: file, errno: Int32(underlying.code))
        } else if let code = (error as? CocoaError)?.code, code == .fileWriteOutOfSpace {
            self.init(file: file, errno: ENOSPC)
        } else if let code = (error as? CocoaError)?.code, code == .fileWriteNoPermission || code == .fileWriteVolumeReadOnly {
            self.init(file: file, errno: EACCES)
        } else if let blocker = Self.fileOnTheWay(to: file) {
            self.init(file: file, reason: "\(blocker) is a file, not a folder")
        } else {
            self.init(file: file, reason: "the system refused the write (\(nsError.localizedDescription))")
        }
    }

    /// The first part of `path` (or `path` itself) that exists and is not a folder.
    static func fileOnTheWay(to path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            if stat(prefix, &info) != 0 { return nil }
            if (info.st_mode & S_IFMT) != S_IFDIR { return prefix }
        }
        return nil
    }

    public var description: String { "cannot write \(file): \(reason)" }

    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied (is the folder read-only?)"
        case EROFS: "the file system is read-only"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is used up"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder"
        case ENOENT: "a folder on the way does not exist"
        case ENAMETOOLONG: "the name is too long"
        case EEXIST: "something else is there"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

"""#),
        GeneratedFile(path: "Sources/SceneFlowRecorder/Recorder.swift", text: #"""
@_exported import TraceFormat
import Foundation

/// Records what real Swift code does — V→I→P→V messages, worker calls, DataStore writes, routes, story steps — in
/// SceneFlow's trace format, so `sceneflow check --trace` can hold an app's run against its scenario.
///
/// Code records through it by sending each message as it makes the call it stands for:
///
/// ```swift
/// recorder.send(.request(useCase: "Login", Invocation(protocolName: "LoginBusinessLogic", method: "login(request:)",
///                                                     payloadType: "Login.Login.Request", payload: request.traceValue)),
///               from: view, to: interactor) {
///     interactor?.login(request: request)
/// }
/// ```
///
/// Messages sent inside `send`'s closure are caused by it (their `parent`); `note` records a message that causes
/// nothing (a value shown, a field written). Time is logical: workers report their latency with `elapse`.
/// Recording is off (every call returns at once) unless the recorder was given a destination, as `shared` is by
/// the `SCENEFLOW_TRACE` environment variable.
public final class Recorder: @unchecked Sendable {
    /// Writes to the file `SCENEFLOW_TRACE` names; off when it is not set.
    public static let shared = Recorder(destination: ProcessInfo.processInfo.environment["SCENEFLOW_TRACE"].map {
        URL(fileURLWithPath: $0)
    })

    private let lock = NSLock()
    private let destination: URL?
    private var sink: TraceSink?
    private var sequence = 0
    private var participants = 0
    private var cycles = 0
    private var clock = 0
    private var causes: [Int] = []
    private var openCycle: Int?
    private var instances: [String: Int] = [:]
    private var stepTitle: String?
    private var shared: [String: Participant] = [:]

    /// - Parameter destination: where the trace goes; nil records nothing.
    public init(destination: URL?) {
        self.destination = destination
    }

    /// A recorder that keeps the trace in memory (for tests): read it with `trace`.
    public init(memory: TraceRecorder) {
        destination = nil
        sink = memory
    }

    public var isRecording: Bool { sink != nil || destination != nil }

    /// Starts the trace: which scenario it is a run of. `omits` names facts the code does not record.
    /// `scenarioSHA256`: the digest of the scenario file the app was generated from, so `check --trace` can tell a
    /// trace of an app generated from another version of it.
    public func begin(scenario: String, file: String, pattern: String, start: String, scenarioSHA256: String? = nil,
                      fixtures: [String: String] = [:], omits: [String] = []) throws {
        try locked {
            if sink == nil, let destination { sink = try TraceFileWriter(destination: destination) }
            try sink?.begin(TraceHeader(scenario: scenario, file: file, pattern: pattern, start: SceneName(start),
                                        scenarioSHA256: scenarioSHA256, fixtures: fixtures, omits: omits))
        }
    }

    /// Ends the trace and moves the file into place.
    public func finish(error: String? = nil) throws {
        let error = error ?? failure
        try locked {
            try sink?.finish(RunEnd(status: error == nil ? .completed : .failed, messages: sequence, cycles: cycles,
                                    time: clock, error: error))
            sink = nil
        }
    }

    /// A new component of the run, numbered in the order it is made.
    public func participant(_ role: ComponentRole, _ name: String, scene: String? = nil, instance: Int? = nil) -> Participant {
        locked {
            participants += 1
            return Participant(number: participants + 2, role: role, name: name, scene: scene.map { SceneName($0) }, instance: instance)
        }
    }

    /// A component the whole app shares (a worker every scene calls): made once, the first time it is asked for.
    public func sharedParticipant(_ role: ComponentRole, _ name: String) -> Participant {
        if let known = locked({ shared[name] }) { return known }
        let made = participant(role, name)
        locked { shared[name] = made }
        return made
    }

    /// A recorder that records nothing, for components made in unit tests.
    public static let off = Recorder(destination: nil)

    /// The next instance number of a scene: 1 the first time it is made, 2 the next…
    public func instance(of scene: String) -> Int {
        locked {
            instances[scene, default: 0] += 1
            return instances[scene]!
        }
    }

    /// The user, who acts on Views and sees what they show.
    public static let user = Participant(number: 1, role: .user, name: "User")

    /// The app's one AppState (SwiftUI with AppState), which Interactors write and Views observe.
    public static let appState = Participant(number: 2, role: .appState, name: "AppState")

    /// Records `message` and runs `body`, whose messages it causes.
    public func send<Result>(_ message: Message, from: Participant, to: Participant, _ body: () throws -> Result) rethrows -> Result {
        guard isRecording else { return try body() }
        let number = note(message, from: from, to: to)
        locked { causes.append(number) }
        defer { locked { _ = causes.popLast() } }
        return try body()
    }

    /// Records a message that causes nothing further; returns its sequence number. Its cause is the message whose
    /// `send` it happens in, or `parent` when given.
    @discardableResult
    public func note(_ message: Message, from: Participant, to: Participant, parent: Int? = nil) -> Int {
        guard isRecording else { return 0 }
        return locked {
            sequence += 1
            try? sink?.record(TraceEvent(sequence: sequence, cycle: openCycle, parent: parent ?? causes.last, step: nil, time: clock,
                                         from: from, to: to, message: message, location: nil))
            return sequence
        }
    }

    /// Runs `body` as caused by the message numbered `cause` (a worker's failure, for the logic that handles it).
    public func within<Result>(_ cause: Int, _ body: () throws -> Result) rethrows -> Result {
        guard isRecording, cause > 0 else { return try body() }
        locked { causes.append(cause) }
        defer { locked { _ = causes.popLast() } }
        return try body()
    }

    /// A story step begins (the story test marks them). Its title names the cycle the user's action starts.
    public func step(_ number: Int, _ action: TraceStep.Action, title: String? = nil) {
        guard isRecording else { return }
        locked {
            stepTitle = title
            try? sink?.mark(.step(TraceStep(number: number, pass: 1, action: action, title: title, location: nil,
                                            firstSequence: sequence + 1, lastSequence: sequence)))
        }
    }

    /// Runs one V→I→P→V cycle of `useCase` on `view`, and records its beginning and end around `body`; `cause`
    /// is the View's load or appearance that started it (nil when the user did).
    public func cycle<Result>(_ useCase: String, on view: Participant, trigger: TraceCycle.Trigger, cause: Int? = nil,
                              _ body: () throws -> Result) rethrows -> Result {
        guard isRecording, locked({ openCycle == nil }) else { return try body() }
        let number: Int = locked {
            cycles += 1
            openCycle = cycles
            try? sink?.mark(.cycleStart(TraceCycle(number: cycles, view: view, useCase: UseCaseName(useCase), trigger: trigger,
                                                   title: trigger == .action ? stepTitle : nil, cause: cause, location: nil,
                                                   firstSequence: sequence + 1, lastSequence: sequence)))
            return cycles
        }
        defer {
            locked {
                try? sink?.mark(.cycleEnd(number))
                openCycle = nil
            }
        }
        return try body()
    }

    /// The logical time, in milliseconds.
    public var time: Int { locked { clock } }

    /// The first failure: the run stopped there.
    public private(set) var failure: String?

    /// The run cannot go on (what the engine reports as a run-time error); the trace ends with it.
    public func fail(_ message: String) {
        locked { if failure == nil { failure = message } }
    }

    /// Logical time passes: a worker took `milliseconds`.
    public func elapse(_ milliseconds: Int) {
        locked { clock += milliseconds }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

"""#),
        GeneratedFile(path: "Sources/SceneFlowRecorder/ScenarioLogic.swift", text: #"""
import Foundation

/// A run that cannot go on, as the scenario engine would stop it: an index out of range, a division by zero, an
/// overflow. Generated code throws it where the engine reports a run-time error, with the engine's words.
public struct ScenarioFailure: Error, CustomStringConvertible, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// The expression language's semantics in Swift, for generated code: arithmetic that reports overflow and
/// division by zero instead of trapping, Int and Double mixing as the scenario language allows, text as the
/// engine shows values, and the engine's own date and money formats. Each function matches the engine exactly,
/// so generated code records the same trace as the simulation, failures included.
public enum ScenarioLogic {
    // MARK: Placeholders

    /// A `todo` the scenario leaves in an expression: the run stops there, as the simulation stops, until a
    /// developer writes the value.
    public static func placeholder<T>() throws -> T {
        throw ScenarioFailure("the run reached a placeholder ('todo'); write the expression")
    }

    // MARK: Arithmetic

    public static func add(_ a: Int, _ b: Int) throws -> Int { try checked(a.addingReportingOverflow(b), "\(a) + \(b)") }
    public static func subtract(_ a: Int, _ b: Int) throws -> Int { try checked(a.subtractingReportingOverflow(b), "\(a) - \(b)") }
    public static func multiply(_ a: Int, _ b: Int) throws -> Int { try checked(a.multipliedReportingOverflow(by: b), "\(a) * \(b)") }

    public static func divide(_ a: Int, _ b: Int) throws -> Int {
        guard b != 0 else { throw ScenarioFailure("division by zero") }
        return try checked(a.dividedReportingOverflow(by: b), "\(a) / \(b)")
    }

    public static func remainder(_ a: Int, _ b: Int) throws -> Int {
        guard b != 0 else { throw ScenarioFailure("division by zero") }
        return try checked(a.remainderReportingOverflow(dividingBy: b), "\(a) % \(b)")
    }

    public static func add(_ a: Double, _ b: Double) throws -> Double { try finite(a + b, a, "+", b) }
    public static func subtract(_ a: Double, _ b: Double) throws -> Double { try finite(a - b, a, "-", b) }
    public static func multiply(_ a: Double, _ b: Double) throws -> Double { try finite(a * b, a, "*", b) }

    public static func divide(_ a: Double, _ b: Double) throws -> Double {
        guard b != 0 else { throw ScenarioFailure("division by zero") }
        return try finite(a / b, a, "/", b)
    }

    public static func add(_ a: Int, _ b: Double) throws -> Double { try add(Double(a), b) }
    public static func add(_ a: Double, _ b: Int) throws -> Double { try add(a, Double(b)) }
    public static func subtract(_ a: Int, _ b: Double) throws -> Double { try subtract(Double(a), b) }
    public static func subtract(_ a: Double, _ b: Int) throws -> Double { try subtract(a, Double(b)) }
    public static func multiply(_ a: Int, _ b: Double) throws -> Double { try multiply(Double(a), b) }
    public static func multiply(_ a: Double, _ b: Int) throws -> Double { try multiply(a, Double(b)) }
    public static func divide(_ a: Int, _ b: Double) throws -> Double { try divide(Double(a), b) }
    public static func divide(_ a: Double, _ b: Int) throws -> Double { try divide(a, Double(b)) }

    // Operations that cannot fail still throw, so the translation of `+` is the same whatever the operands' types.
    public static func add(_ a: String, _ b: String) throws -> String { a + b }
    public static func add<Element>(_ a: [Element], _ b: [Element]) throws -> [Element] { a + b }

    public static func add(_ a: Decimal, _ b: Decimal) throws -> Decimal { a + b }
    public static func subtract(_ a: Decimal, _ b: Decimal) throws -> Decimal { a - b }
    public static func multiply(_ a: Decimal, _ b: Decimal) throws -> Decimal { a * b }
    public static func add(_ a: Decimal, _ b: Int) throws -> Decimal { a + Decimal(b) }
    public static func add(_ a: Int, _ b: Decimal) throws -> Decimal { Decimal(a) + b }
    public static func multiply(_ a: Decimal, _ b: Int) throws -> Decimal { a * Decimal(b) }
    public static func multiply(_ a: Int, _ b: Decimal) throws -> Decimal { Decimal(a) * b }

    public static func negate(_ a: Int) throws -> Int { try subtract(0, a) }
    public static func negate(_ a: Double) throws -> Double { -a }

    // MARK: Comparison

    public static func equal<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }
    public static func equal<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a == b }
    public static func equal(_ a: Int, _ b: Double) -> Bool { Double(a) == b }
    public static func equal(_ a: Double, _ b: Int) -> Bool { a == Double(b) }
    public static func less<T: Comparable>(_ a: T, _ b: T) -> Bool { a < b }
    public static func less(_ a: Int, _ b: Double) -> Bool { Double(a) < b }
    public static func less(_ a: Double, _ b: Int) -> Bool { a < Double(b) }
    public static func lessOrEqual<T: Comparable>(_ a: T, _ b: T) -> Bool { a <= b }
    public static func lessOrEqual(_ a: Int, _ b: Double) -> Bool { Double(a) <= b }
    public static func lessOrEqual(_ a: Double, _ b: Int) -> Bool { a <= Double(b) }

    // MARK: Lists

    /// `list[index]`, or the engine's error when it is out of range.
    public static func element<Element>(_ list: [Element], _ index: Int) throws -> Element {
        guard index >= 0 && index < list.count else {
            throw ScenarioFailure("index \(index) is out of range: the list has \(list.count) item\(list.count == 1 ? "" : "s")")
        }
        return list[index]
    }

    /// `list?[index]`: nil when the list is.
    public static func element<Element>(_ list: [Element]?, _ index: Int) throws -> Element? {
        guard let list else { return nil }
        let item: Element = try element(list, index)
        return item
    }

    // MARK: Text

    /// A value as the engine shows it on screen and in interpolation: text as it is, `nil` for no value, Doubles
    /// always with a point, dates in ISO 8601 (UTC), enum cases by name.
    public static func text(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if let optional = value as? OptionalDescribing { return optional.describedOrNil }
        if let convertible = value as? TraceValueConvertible { return convertible.traceValue.displayText }
        return "\(value)"
    }

    // MARK: Formats

    /// `date.formatted("M/d/yy")`, in UTC with English names, as the engine formats it.
    public static func format(_ date: Date, _ pattern: String) -> String {
        guard let pieces = try? ValueFormat.datePattern(pattern) else { return pattern }
        return ValueFormat.format(DateValue(date), pieces: pieces)
    }

    /// `amount.formatted(currency: "$")`: `$1,234.50`.
    public static func format(_ amount: Decimal, currency symbol: String) -> String {
        ValueFormat.number(DecimalValue(amount), fractionDigits: 2, currency: symbol)
    }

    public static func format(_ amount: Int, currency symbol: String) -> String { format(Decimal(amount), currency: symbol) }
    public static func format(_ amount: Double, currency symbol: String) -> String {
        ValueFormat.decimal(amount, places: 2).map { ValueFormat.number($0, fractionDigits: 2, currency: symbol) } ?? "\(amount)"
    }

    public static func format(_ amount: Decimal, fractionDigits: Int) -> String {
        ValueFormat.number(DecimalValue(amount), fractionDigits: fractionDigits)
    }

    public static func format(_ amount: Int, fractionDigits: Int) -> String { format(Decimal(amount), fractionDigits: fractionDigits) }
    public static func format(_ amount: Double, fractionDigits: Int) -> String {
        ValueFormat.decimal(amount, places: fractionDigits).map { ValueFormat.number($0, fractionDigits: fractionDigits) } ?? "\(amount)"
    }

    // MARK: Values

    /// A date written in the scenario (`2026-11-22`, `2026-11-22T09:30:00Z`).
    public static func date(_ iso8601: String) -> Date {
        Date(DateValue(iso8601: iso8601) ?? DateValue(milliseconds: 0))
    }

    /// A decimal written in the scenario (`12.50`).
    public static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }

    private static func checked(_ result: (partialValue: Int, overflow: Bool), _ operation: String) throws -> Int {
        if result.overflow { throw ScenarioFailure("\(operation) overflows Int") }
        return result.partialValue
    }

    private static func finite(_ result: Double, _ a: Double, _ op: String, _ b: Double) throws -> Double {
        guard result.isFinite else { throw ScenarioFailure("\(Value.format(a)) \(op) \(Value.format(b)) is too large for a Double") }
        return result
    }
}

/// An Optional, seen through `Any`, so `text` can say `nil` for one that holds nothing.
protocol OptionalDescribing {
    var describedOrNil: String { get }
}

extension Optional: OptionalDescribing {
    var describedOrNil: String {
        switch self {
        case .none: "nil"
        case .some(let wrapped): ScenarioLogic.text(wrapped)
        }
    }
}

extension DateValue {
    /// The instant, to the millisecond.
    public init(_ date: Date) {
        self.init(milliseconds: Int((date.timeIntervalSince1970 * 1000).rounded()))
    }
}

extension Date {
    public init(_ value: DateValue) {
        self.init(timeIntervalSince1970: Double(value.milliseconds) / 1000)
    }
}

extension DecimalValue {
    /// An exact decimal from Foundation's (its places as Foundation writes them: 12.5 for 12.50).
    public init(_ decimal: Decimal) {
        self = DecimalValue(NSDecimalNumber(decimal: decimal).description(withLocale: Locale(identifier: "en_US_POSIX")))
            ?? DecimalValue(significand: 0, scale: 0)
    }
}

"""#),
        GeneratedFile(path: "Sources/SceneFlowRecorder/TraceValueConvertible.swift", text: #"""
import Foundation

/// A Swift value as the trace writes it: generated Requests, Responses, ViewModels and entities conform, field by
/// field in declaration order, so recorded payloads read like the simulation's.
public protocol TraceValueConvertible {
    var traceValue: Value { get }
}

extension String: TraceValueConvertible { public var traceValue: Value { .string(self) } }
extension Int: TraceValueConvertible { public var traceValue: Value { .int(self) } }
extension Double: TraceValueConvertible { public var traceValue: Value { .double(self) } }
extension Bool: TraceValueConvertible { public var traceValue: Value { .bool(self) } }
extension Date: TraceValueConvertible { public var traceValue: Value { .date(DateValue(self)) } }
extension Decimal: TraceValueConvertible { public var traceValue: Value { .decimal(DecimalValue(self)) } }

extension Optional: TraceValueConvertible where Wrapped: TraceValueConvertible {
    public var traceValue: Value { self?.traceValue ?? .null }
}

extension Array: TraceValueConvertible where Element: TraceValueConvertible {
    public var traceValue: Value { .list(map(\.traceValue)) }
}

extension Record {
    /// A record of named values, in order: `Record(traced: [("id", id), ("name", name)])`.
    public init(traced fields: [(String, TraceValueConvertible)]) {
        self.init(fields.map { ($0.0, $0.1.traceValue) })
    }
}

"""#),
    ]
}
