import ScenarioSpec

/// Encodes trace lines as compact JSON with a fixed key order, so the same run always gives the same bytes.
///
/// Hand-written rather than `JSONEncoder`: the format needs keys in a fixed order, record fields in declaration
/// order, Doubles that always show a decimal point (so they read back as Doubles), and it is on the engine's
/// hot path.
public enum TraceEncoder {
    public static func header(_ header: TraceHeader, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"sceneflowTrace":"#.utf8)
        int(header.version, into: &out)
        key("scenario", into: &out)
        string(header.scenario, into: &out)
        key("file", into: &out)
        string(header.file, into: &out)
        key("pattern", into: &out)
        string(header.pattern.rawValue, into: &out)
        key("start", into: &out)
        string(header.start.rawValue, into: &out)
        out.append(contentsOf: "}\n".utf8)
    }

    public static func event(_ event: TraceEvent, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"seq":"#.utf8)
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
        participant(event.from, into: &out)
        key("to", into: &out)
        participant(event.to, into: &out)
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
            string(location.description, into: &out)
        }
        if let note = event.note {
            key("note", into: &out)
            string(note, into: &out)
        }
        out.append(contentsOf: "}\n".utf8)
    }

    public static func end(_ end: RunEnd, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"end":"#.utf8)
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
            string(location.description, into: &out)
        }
        out.append(contentsOf: "}\n".utf8)
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
                out.append(contentsOf: ",\n".utf8)
            }
        }
        out.append(contentsOf: "],\n\"end\":".utf8)
        if let end = trace.end {
            self.end(end, into: &out)
            out.removeLast()
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    // MARK: - Pieces

    @inline(__always)
    static func key(_ name: StaticString, into out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    static func participant(_ participant: Participant, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"role":"#.utf8)
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
    static func int(_ value: Int, into out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        out.append(contentsOf: String(value).utf8)
    }

    /// JSON for a value. Doubles keep a decimal point or exponent; non-finite Doubles (never produced by the
    /// engine) are written as null.
    public static func value(_ value: Value, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): int(number, into: &out)
        case .double(let number):
            if number.isFinite {
                out.append(contentsOf: Value.format(number).utf8)
            } else {
                out.append(contentsOf: "null".utf8)
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
    public static func string(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            case 0xE2:
                // U+2028 is E2 80 A8, U+2029 is E2 80 A9.
                guard let second = utf8.next() else { out.append(byte); break }
                guard let third = utf8.next() else { out.append(contentsOf: [byte, second]); break }
                if second == 0x80 && (third == 0xA8 || third == 0xA9) {
                    out.append(contentsOf: Array("\\u202".utf8) + [third == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")])
                } else {
                    out.append(contentsOf: [byte, second, third])
                }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
