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
        out.append(#","scenario":"#)
        string(header.scenario, into: &out)
        out.append(#","file":"#)
        string(header.file, into: &out)
        out.append(#","pattern":"#)
        string(header.pattern.rawValue, into: &out)
        out.append(#","start":"#)
        string(header.start.rawValue, into: &out)
        out.append("}\n")
    }

    public static func event(_ event: TraceEvent, into out: inout some ByteOutput) {
        out.append(#"{"seq":"#)
        int(event.sequence, into: &out)
        if let cycle = event.cycle {
            out.append(#","cycle":"#)
            int(cycle, into: &out)
        }
        if let parent = event.parent {
            out.append(#","parent":"#)
            int(parent, into: &out)
        }
        if let step = event.step {
            out.append(#","step":"#)
            int(step, into: &out)
        }
        out.append(#","t":"#)
        int(event.time, into: &out)
        out.append(#","kind":"#)
        out.append(UInt8(ascii: "\""))
        out.append(event.kind.staticName)
        out.append(UInt8(ascii: "\""))
        out.append(#","from":"#)
        event.from.json.withUnsafeBytes { out.append(bytes: $0) }
        out.append(#","to":"#)
        event.to.json.withUnsafeBytes { out.append(bytes: $0) }
        if let protocolName = event.protocolName {
            out.append(#","protocol":"#)
            string(protocolName, into: &out)
        }
        out.append(#","method":"#)
        string(event.method, into: &out)
        if let type = event.payloadType {
            out.append(#","type":"#)
            string(type, into: &out)
        }
        if let payload = event.payload {
            out.append(#","payload":"#)
            value(payload, into: &out)
        }
        if let location = event.location {
            out.append(#","at":"#)
            self.location(location, into: &out)
        }
        if let note = event.note {
            out.append(#","note":"#)
            string(note, into: &out)
        }
        out.append("}\n")
    }

    public static func end(_ end: RunEnd, into out: inout some ByteOutput) {
        out.append(#"{"end":"#)
        string(end.status.rawValue, into: &out)
        out.append(#","messages":"#)
        int(end.messages, into: &out)
        out.append(#","cycles":"#)
        int(end.cycles, into: &out)
        out.append(#","t":"#)
        int(end.time, into: &out)
        if let error = end.error {
            out.append(#","error":"#)
            string(error, into: &out)
        }
        if let location = end.location {
            out.append(#","at":"#)
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

    static func participant(role: ComponentRole, name: String, scene: SceneName?, instance: Int?,
                            into out: inout some ByteOutput) {
        out.append(#"{"role":"#)
        string(role.rawValue, into: &out)
        out.append(#","name":"#)
        string(name, into: &out)
        if let scene {
            out.append(#","scene":"#)
            string(scene.rawValue, into: &out)
        }
        if let instance {
            out.append(#","instance":"#)
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

extension EventKind {
    /// The raw value without making a String (the names need no escaping).
    var staticName: StaticString {
        switch self {
        case .cycleStart: "cycleStart"
        case .cycleEnd: "cycleEnd"
        case .configure: "configure"
        case .lifecycle: "lifecycle"
        case .action: "action"
        case .request: "request"
        case .event: "event"
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
