import Foundation
import ScenarioSpec

/// Reads a JSON Lines trace back into memory, exactly: reading and writing again gives the same bytes.
public enum TraceReader {
    /// What is wrong with a trace file, and on which line.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String

        public var description: String { "line \(line): \(message)" }
    }

    public static func read(contentsOf url: URL) throws -> Trace {
        try read(Data(contentsOf: url))
    }

    public static func read(_ data: Data) throws -> Trace {
        var header: TraceHeader?
        var events: [TraceEvent] = []
        var end: RunEnd?
        var lineNumber = 0
        var participants = ParticipantTable()
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var stop = start
                while stop < bytes.count && bytes[stop] != 0x0A { stop += 1 }
                lineNumber += 1
                defer { start = stop + 1 }
                if stop == start { continue }
                func fail(_ message: String) -> Failure { Failure(line: lineNumber, message: message) }
                var parser = JSONParser(bytes: UnsafeBufferPointer(rebasing: bytes[start..<stop]))
                let object: [(String, JSONValue)]
                do {
                    guard case .object(let members) = try parser.parseDocument() else { throw fail("expected a JSON object") }
                    object = members
                } catch let error as JSONParser.SyntaxError {
                    throw fail("invalid JSON at byte \(error.offset + 1): \(error.message)")
                }
                let fields = Fields(members: object, line: lineNumber)
                if header == nil {
                    header = try Self.header(fields)
                } else if end != nil {
                    throw fail("nothing may follow the 'end' line")
                } else if object.first?.0 == "end" {
                    end = try Self.end(fields)
                } else {
                    let event = try Self.event(fields, participants: &participants)
                    if event.sequence != events.count + 1 {
                        throw fail("event \(event.sequence) out of order; expected \(events.count + 1)")
                    }
                    events.append(event)
                }
            }
        }
        guard let header else { throw Failure(line: 1, message: "the trace is empty; expected a header line") }
        return Trace(header: header, events: events, end: end)
    }

    // MARK: - Lines

    private static func header(_ fields: Fields) throws -> TraceHeader {
        let version = try fields.int("sceneflowTrace")
        guard version <= TraceHeader.currentVersion else {
            throw fields.failure("trace format version \(version) is newer than this sceneflow reads (\(TraceHeader.currentVersion))")
        }
        let patternName = try fields.string("pattern")
        guard let pattern = Pattern(rawValue: patternName) else { throw fields.failure("unknown pattern '\(patternName)'") }
        return TraceHeader(version: version, scenario: try fields.string("scenario"), file: try fields.string("file"),
                           pattern: pattern, start: SceneName(try fields.string("start")))
    }

    private static func end(_ fields: Fields) throws -> RunEnd {
        let statusName = try fields.string("end")
        guard let status = RunEnd.Status(rawValue: statusName) else { throw fields.failure("unknown end status '\(statusName)'") }
        return RunEnd(status: status, messages: try fields.int("messages"), cycles: try fields.int("cycles"),
                      time: try fields.int("t"), error: try fields.optionalString("error"),
                      location: try fields.optionalString("at").map { try location($0, fields) })
    }

    /// Participants met so far: a trace names the same few components in every line, and events share them.
    struct ParticipantTable {
        struct Key: Hashable {
            var role: ComponentRole
            var name: String
            var scene: String?
            var instance: Int?
        }
        var known: [Key: Participant] = [:]

        mutating func participant(role: ComponentRole, name: String, scene: String?, instance: Int?) -> Participant {
            let key = Key(role: role, name: name, scene: scene, instance: instance)
            if let participant = known[key] { return participant }
            let participant = Participant(role: role, name: name, scene: scene.map { SceneName($0) }, instance: instance)
            known[key] = participant
            return participant
        }
    }

    private static func event(_ fields: Fields, participants: inout ParticipantTable) throws -> TraceEvent {
        let kindName = try fields.string("kind")
        guard let kind = EventKind(rawValue: kindName) else { throw fields.failure("unknown event kind '\(kindName)'") }
        return TraceEvent(
            sequence: try fields.int("seq"), cycle: try fields.optionalInt("cycle"), parent: try fields.optionalInt("parent"),
            step: try fields.optionalInt("step"), time: try fields.int("t"), kind: kind,
            from: try participant(fields.object("from"), &participants), to: try participant(fields.object("to"), &participants),
            protocolName: try fields.optionalString("protocol"), method: try fields.string("method"),
            payloadType: try fields.optionalString("type"), payload: fields.value("payload").map(value),
            location: try fields.optionalString("at").map { try location($0, fields) },
            note: try fields.optionalString("note"))
    }

    private static func participant(_ fields: Fields, _ table: inout ParticipantTable) throws -> Participant {
        let roleName = try fields.string("role")
        guard let role = ComponentRole(rawValue: roleName) else { throw fields.failure("unknown role '\(roleName)'") }
        return table.participant(role: role, name: try fields.string("name"), scene: try fields.optionalString("scene"),
                                 instance: try fields.optionalInt("instance"))
    }

    /// `file:line:col`, split from the right so file names may contain colons.
    private static func location(_ text: String, _ fields: Fields) throws -> SourceLocation {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            throw fields.failure("'\(text)' is not a file:line:column location")
        }
        return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    /// A payload: numbers with a decimal point or exponent are Doubles, others Ints; objects are records in order.
    static func value(_ json: JSONValue) -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text, let isInteger):
            if isInteger, let int = Int(text) { return .int(int) }
            return .double(Double(text) ?? .nan)
        case .string(let text): return .string(text)
        case .array(let items): return .list(items.map(value))
        case .object(let members): return .record(Record(members.map { ($0.0, value($0.1)) }))
        }
    }

    /// Typed access to an object's members, with line-numbered errors.
    private struct Fields {
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
