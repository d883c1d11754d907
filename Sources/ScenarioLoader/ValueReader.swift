import Foundation
import ScenarioSpec
import Yams

/// Turns data written in the scenario (or read from a JSON fixture) into typed `Value`s of declared types,
/// reporting every mismatch with its position.
struct ValueReader {
    let diagnostics: DiagnosticCollector
    /// Looks up entities and other record types by name.
    let recordType: (String) -> RecordType?
    /// Looks up the enums the scenario declares.
    var enumType: (String) -> EnumType? = { _ in nil }
    /// JSON has real types: a number is not text there, as it may be in YAML (`userID: 42` for a String).
    var strictStrings = false
    /// Expected values: a record names the fields it checks, and the others are not filled in.
    var partialRecords = false

    /// Most nodes one value may expand to; YAML aliases can otherwise multiply a small file into a huge value.
    static let nodeBudget = 100_000

    // MARK: - Raw data from YAML and JSON

    /// Reads a YAML node as raw data; nil (with an error) when it expands beyond `nodeBudget` nodes.
    static func raw(_ node: Node, source: SourceText, diagnostics: DiagnosticCollector) -> RawData? {
        var budget = nodeBudget
        guard let raw = raw(node, source: source, budget: &budget) else {
            diagnostics.error(
                "this value expands to more than \(nodeBudget) nodes (YAML aliases repeat what they refer to)",
                at: source.location(of: node), id: "scenario/value")
            return nil
        }
        return raw
    }

    private static func raw(_ node: Node, source: SourceText, budget: inout Int) -> RawData? {
        budget -= 1
        guard budget >= 0 else { return nil }
        let location = source.location(of: node)
        switch node {
        case .scalar(let scalar):
            if NodeReader.isNull(node) { return .scalar(scalar.string, .null, location) }
            if scalar.style != .plain { return .scalar(scalar.string, .quoted, location) }
            switch scalar.string {
            case "true", "True", "TRUE": return .scalar(scalar.string, .bool(true), location)
            case "false", "False", "FALSE": return .scalar(scalar.string, .bool(false), location)
            default: return .scalar(scalar.string, .plain, location)
            }
        case .sequence(let sequence):
            var items: [RawData] = []
            for item in sequence {
                guard let raw = raw(item, source: source, budget: &budget) else { return nil }
                items.append(raw)
            }
            return .list(items, location)
        case .mapping(let mapping):
            var entries: [(key: String, keyLocation: SourceLocation, value: RawData)] = []
            var merged: [(key: String, keyLocation: SourceLocation, value: RawData)] = []
            for (key, value) in mapping {
                // YAML's merge key: `<<: *defaults` (or a list of them) supplies the keys this mapping does not write.
                if case .scalar(let scalar) = key, scalar.style == .plain, scalar.string == "<<" {
                    let sources: [Node]
                    if case .sequence(let list) = value { sources = Array(list) } else { sources = [value] }
                    for sourceNode in sources {
                        guard case .map(let inherited, _)? = raw(sourceNode, source: source, budget: &budget) else {
                            if budget < 0 { return nil }
                            merged.append(("<<", source.location(of: key), .scalar("", .quoted, source.location(of: sourceNode))))
                            continue
                        }
                        for entry in inherited where !merged.contains(where: { $0.key == entry.key }) { merged.append(entry) }
                    }
                    continue
                }
                guard let raw = raw(value, source: source, budget: &budget) else { return nil }
                entries.append((key.string ?? NodeReader.describe(key), source.location(of: key), raw))
            }
            for entry in merged where !entries.contains(where: { $0.key == entry.key }) { entries.append(entry) }
            return .map(entries, location)
        case .alias:
            return .scalar("", .null, location)
        }
    }

    /// Reads a JSON document; positions inside JSON are not kept, so everything points at `location`.
    static func raw(json data: Data, location: SourceLocation) throws -> RawData {
        // The same node budget as a YAML value, counted on the bytes before anything is decoded.
        guard jsonNodeBound(data) <= nodeBudget else { throw TooManyNodes() }
        let tree = try JSONDecoder().decode(JSONTree.self, from: data)
        return tree.raw(at: location)
    }

    /// A JSON document with more nodes than `nodeBudget`.
    struct TooManyNodes: Error {}

    /// At least as many as the nodes of a JSON document: one, and one more for each comma and opening bracket
    /// outside strings.
    static func jsonNodeBound(_ data: Data) -> Int {
        var count = 1, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"): count += 1
            default: break
            }
        }
        return count
    }

    // MARK: - Typing

    /// The value of `raw` as a `type`; nil (with an error) when it does not fit.
    func value(_ raw: RawData, as type: TypeRef, what: String) -> Value? {
        switch type {
        case .optional(let wrapped):
            if case .scalar(_, .null, _) = raw { return .null }
            return value(raw, as: wrapped, what: what)
        case _ where { if case .scalar(_, .null, _) = raw { return true } else { return false } }():
            diagnostics.error("\(what) is nil, but its type '\(type)' is not optional", at: raw.location,
                              notes: [Diagnostic.Note("give a value, or declare the field as '\(type)?'")], id: "scenario/value")
            return nil
        case .string:
            guard case .scalar(let text, let kind, _) = raw else { return mismatch(raw, type, what) }
            if strictStrings, case .quoted = kind {} else if strictStrings { return mismatch(raw, type, what) }
            return .string(text)
        case .int:
            guard case .scalar(let text, let kind, _) = raw, kind.isPlain, let number = Self.integer(text) else {
                return mismatch(raw, type, what)
            }
            return .int(number)
        case .double:
            guard case .scalar(let text, let kind, _) = raw, kind.isPlain, let number = Self.double(text) else {
                return mismatch(raw, type, what)
            }
            return .double(number)
        case .bool:
            guard case .scalar(_, .bool(let flag), _) = raw else { return mismatch(raw, type, what) }
            return .bool(flag)
        case .date:
            guard case .scalar(let text, let kind, _) = raw, !kind.isNull, let date = DateValue(iso8601: text) else {
                return mismatch(raw, type, what, note: "write an instant in UTC, '2026-11-22T09:30:00Z', or a day, '2026-11-22'")
            }
            return .date(date)
        case .decimal:
            guard case .scalar(let text, let kind, _) = raw, !kind.isNull, let decimal = DecimalValue(text.replacingOccurrences(of: "_", with: "")) else {
                return mismatch(raw, type, what, note: "write the number with the places it keeps, '12.50'")
            }
            return .decimal(decimal)
        case .list(let element):
            guard case .list(let items, _) = raw else { return mismatch(raw, type, what) }
            var values: [Value] = []
            var ok = true
            for (offset, item) in items.enumerated() {
                if let v = value(item, as: element, what: "item \(offset) of \(what)") {
                    values.append(v)
                } else {
                    ok = false
                }
            }
            return ok ? .list(values) : nil
        case .named(let name):
            if let enumType = enumType(name) {
                guard case .scalar(let text, let kind, _) = raw, !kind.isNull else { return mismatch(raw, type, what) }
                guard enumType.case(text) != nil else {
                    diagnostics.unknown("'\(name)' has no case '\(text)'", name: text, candidates: enumType.cases.map(\.name),
                                        at: raw.location,
                                        extraNotes: [Diagnostic.Note("cases of '\(name)': " + enumType.cases.map(\.name).joined(separator: ", "))], id: "expression/unknown-name")
                    return nil
                }
                return .enumCase(EnumCaseValue(type: name, name: text))
            }
            guard let record = recordType(name) else { return nil }  // the unknown type is reported where declared
            guard case .map(let entries, let location) = raw else { return mismatch(raw, type, what) }
            return self.record(entries, at: location, as: record, what: what)
        }
    }

    /// A record value: every declared field, in declaration order.
    func record(_ entries: [(key: String, keyLocation: SourceLocation, value: RawData)], at location: SourceLocation,
                as type: RecordType, what: String) -> Value?
    {
        var ok = true
        for entry in entries where type.field(entry.key) == nil {
            diagnostics.unknown("'\(type.name)' has no field '\(entry.key)'", name: entry.key,
                                candidates: type.fields.map(\.name), at: entry.keyLocation, id: "expression/unknown-name")
            ok = false
        }
        var fields: [(String, Value)] = []
        for field in type.fields {
            if let entry = entries.first(where: { $0.key == field.name }) {
                if let v = value(entry.value, as: field.type, what: "'\(field.name)'") {
                    fields.append((field.name, v))
                } else {
                    ok = false
                }
            } else if partialRecords {
                continue
            } else if let initial = field.initialValue {
                fields.append((field.name, initial))
            } else {
                diagnostics.error("\(what) is missing field '\(field.name)' of type '\(field.type)'", at: location, id: "scenario/value")
                ok = false
            }
        }
        return ok ? .record(Record(fields)) : nil
    }

    private func mismatch(_ raw: RawData, _ type: TypeRef, _ what: String, note: String? = nil) -> Value? {
        var notes: [Diagnostic.Note] = note.map { [Diagnostic.Note($0)] } ?? []
        if case .scalar(_, .quoted, _) = raw, type == .int || type == .double || type == .bool {
            notes.append(Diagnostic.Note("remove the quotes to write a number or a boolean"))
        }
        diagnostics.error("\(what) must be a value of type '\(type)', found \(raw.describe)", at: raw.location,
                          notes: notes, id: "scenario/value")
        return nil
    }

    static func integer(_ text: String) -> Int? {
        let cleaned = text.replacingOccurrences(of: "_", with: "")
        if cleaned.hasPrefix("0x") { return Int(cleaned.dropFirst(2), radix: 16) }
        return Int(cleaned.hasPrefix("+") ? String(cleaned.dropFirst()) : cleaned)
    }

    static func double(_ text: String) -> Double? {
        if let int = integer(text) { return Double(int) }
        let cleaned = text.replacingOccurrences(of: "_", with: "")
        guard let value = Double(cleaned), value.isFinite,
              cleaned.unicodeScalars.allSatisfy({ "0123456789.eE+-".unicodeScalars.contains($0) })
        else { return nil }
        return value
    }
}

extension RawData.Kind {
    var isPlain: Bool {
        if case .plain = self { return true }
        return false
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// Any JSON document, decoded without losing whether a value was a string, number, boolean or null.
private enum JSONTree: Decodable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .number(String(int))
        } else if let double = try? container.decode(Double.self) {
            self = .number(Value.format(double))
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONTree].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }

    func raw(at location: SourceLocation) -> RawData {
        switch self {
        case .null: return .scalar("null", .null, location)
        case .bool(let flag): return .scalar(flag ? "true" : "false", .bool(flag), location)
        case .number(let text): return .scalar(text, .plain, location)
        case .string(let text): return .scalar(text, .quoted, location)
        case .array(let items): return .list(items.map { $0.raw(at: location) }, location)
        case .object(let members):
            return .map(members.sorted { $0.key < $1.key }.map { ($0.key, location, $0.value.raw(at: location)) },
                        location)
        }
    }
}
