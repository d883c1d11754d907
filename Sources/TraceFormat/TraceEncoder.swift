import ScenarioSpec

/// Encodes trace lines as compact JSON with a fixed key order, so the same run always gives the same bytes.
///
/// Hand-written rather than `JSONEncoder`: the format needs keys in a fixed order, record fields in declaration
/// order, Doubles that always show a decimal point (so they read back as Doubles), and it is on the engine's
/// hot path.
public enum TraceEncoder {
    public static func header(_ header: TraceHeader, into out: inout some ByteOutput) {
        out.append(#"{"sceneflowTrace":"#)
        int(header.version, into: &out)
        key("scenario", into: &out)
        string(header.scenario, into: &out)
        key("file", into: &out)
        string(header.file, into: &out)
        key("pattern", into: &out)
        string(header.pattern.rawValue, into: &out)
        key("start", into: &out)
        string(header.start.rawValue, into: &out)
        out.append("}\n")
    }

    public static func event(_ event: TraceEvent, into out: inout some ByteOutput) {
        out.append(#"{"seq":"#)
        int(event.sequence, into: &out)
        if let cycle = event.cycle {
            key("cycle", into: &out)
            int(cycle, into: &out)
        }
        if let parent = event.parent {
            key("parent", into: &out)
            int(parent, into: &out)
        }
        if let step = event.step {
            key("step", into: &out)
            int(step, into: &out)
        }
        key("t", into: &out)
        int(event.time, into: &out)
        key("kind", into: &out)
        string(event.kind.rawValue, into: &out)
        key("from", into: &out)
        event.from.json.withUnsafeBytes { out.append(bytes: $0) }
        key("to", into: &out)
        event.to.json.withUnsafeBytes { out.append(bytes: $0) }
        if let protocolName = event.protocolName {
            key("protocol", into: &out)
            string(protocolName, into: &out)
        }
        key("method", into: &out)
        string(event.method, into: &out)
        if let type = event.payloadType {
            key("type", into: &out)
            string(type, into: &out)
        }
        if let payload = event.payload {
            key("payload", into: &out)
            value(payload, into: &out)
        }
        if let location = event.location {
            key("at", into: &out)
            self.location(location, into: &out)
        }
        if let note = event.note {
            key("note", into: &out)
            string(note, into: &out)
        }
        out.append("}\n")
    }

    public static func end(_ end: RunEnd, into out: inout some ByteOutput) {
        out.append(#"{"end":"#)
        string(end.status.rawValue, into: &out)
        key("messages", into: &out)
        int(end.messages, into: &out)
        key("cycles", into: &out)
        int(end.cycles, into: &out)
        key("t", into: &out)
        int(end.time, into: &out)
        if let error = end.error {
            key("error", into: &out)
            string(error, into: &out)
        }
        if let location = end.location {
            key("at", into: &out)
            self.location(location, into: &out)
        }
        out.append("}\n")
    }

    /// The whole trace as JSON Lines.
    public static func encode(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        header(trace.header, into: &out)
        for event in trace.events { self.event(event, into: &out) }
        if let end = trace.end { self.end(end, into: &out) }
        return out
    }

    /// The whole trace as one JSON document: `{"header":{…},"events":[{…},…],"end":{…}}`, the same objects as
    /// the lines, one event per line. `end` is `null` for an interrupted run.
    public static func document(_ trace: Trace) -> [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: #"{"header":"#.utf8)
        header(trace.header, into: &out)
        out.removeLast()
        out.append(contentsOf: ",\n\"events\":[\n".utf8)
        for (index, event) in trace.events.enumerated() {
            self.event(event, into: &out)
            if index < trace.events.count - 1 {
                out.removeLast()
                out.append(",\n")
            }
        }
        out.append(contentsOf: "],\n\"end\":".utf8)
        if let end = trace.end {
            self.end(end, into: &out)
            out.removeLast()
        } else {
            out.append("null")
        }
        out.append("}\n")
        return out
    }

    // MARK: - Pieces

    @inline(__always)
    static func key(_ name: StaticString, into out: inout some ByteOutput) {
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(bytes: UnsafeRawBufferPointer($0)) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    static func participant(_ participant: Participant, into out: inout some ByteOutput) {
        out.append(#"{"role":"#)
        string(participant.role.rawValue, into: &out)
        key("name", into: &out)
        string(participant.name, into: &out)
        if let scene = participant.scene {
            key("scene", into: &out)
            string(scene.rawValue, into: &out)
        }
        if let instance = participant.instance {
            key("instance", into: &out)
            int(instance, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

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

    /// The body of a JSON string: UTF-8 `bytes` with what JSON needs escaped.
    @inline(__always)
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout some ByteOutput) {
        do {
            // Copy runs that need no escaping in one go.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let special = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
                    || (byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                guard special else {
                    index += 1
                    continue
                }
                if runStart < index { out.append(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))) }
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
            if runStart < bytes.count { out.append(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))) }
        }
    }

    /// `"file:line:column"`, written without building the text.
    static func location(_ location: SourceLocation, into out: inout some ByteOutput) {
        string(location.file, into: &out)
        out.dropLastByte()
        out.append(UInt8(ascii: ":"))
        int(location.line, into: &out)
        out.append(UInt8(ascii: ":"))
        int(location.column, into: &out)
        out.append(UInt8(ascii: "\""))
    }
}
