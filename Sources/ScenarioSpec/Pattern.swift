@_exported import TraceFormat

import Foundation

/// The architecture a scenario is written in (`pattern:`), by name. Everything a pattern means — its roles, names,
/// wiring, rules, cycle and what narration says — is its `PatternDefinition`; code outside the definitions asks the
/// definition and never compares pattern names.
public struct Pattern: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The name a scenario writes: `clean-swift`.
    public let rawValue: String

    /// A registered pattern; nil for a name no definition has.
    public init?(rawValue: String) {
        guard PatternRegistry.current.definition(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// A pattern's identity, for its definition to declare itself (`Pattern(definedAs: "clean-swift")`).
    public init(definedAs name: String) { rawValue = name }

    public var description: String { rawValue }

    /// Everything the pattern means.
    public var definition: PatternDefinition {
        guard let definition = PatternRegistry.current.definition(named: rawValue) else {
            preconditionFailure("pattern '\(rawValue)' has no registered definition")
        }
        return definition
    }

    /// The registered patterns, built-in ones first, in the order they were registered.
    public static var all: [Pattern] { PatternRegistry.current.all.map(\.pattern) }

    /// The pattern a scenario without `pattern:` is written in.
    public static var `default`: Pattern { PatternRegistry.current.all[0].pattern }

    public static func < (lhs: Pattern, rhs: Pattern) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let pattern = Pattern(rawValue: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown pattern '\(name)'")
        }
        self = pattern
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The patterns SceneFlow knows: the built-in definitions, and any a library user (or a test) registers.
public final class PatternRegistry: @unchecked Sendable {
    /// The process's registry: the built-in patterns and whatever is registered in it.
    public static let shared = PatternRegistry()

    /// The registry patterns are looked up in: `shared`, unless a caller scopes another for what it runs
    /// (`PatternRegistry.$current.withValue(registry) { … }`) — as a test does whose pattern must not be seen by
    /// the others running beside it in the same process.
    @TaskLocal public static var current: PatternRegistry = .shared

    private let lock = NSLock()
    private var definitions: [PatternDefinition]

    /// A registry of the built-in patterns, and `extra` after them.
    public init(adding extra: [PatternDefinition] = []) {
        definitions = PatternDefinition.builtIn
        for definition in extra { register(definition) }
    }

    /// Adds `definition`, or replaces the one with the same name.
    public func register(_ definition: PatternDefinition) {
        lock.lock()
        defer { lock.unlock() }
        if let index = definitions.firstIndex(where: { $0.pattern.rawValue == definition.pattern.rawValue }) {
            definitions[index] = definition
        } else {
            definitions.append(definition)
        }
    }

    public func definition(named name: String) -> PatternDefinition? {
        lock.lock()
        defer { lock.unlock() }
        return definitions.first { $0.pattern.rawValue == name }
    }

    public var all: [PatternDefinition] {
        lock.lock()
        defer { lock.unlock() }
        return definitions
    }
}

extension TraceHeader {
    /// The definition of the pattern the trace was recorded in; the default pattern's for a pattern this process does
    /// not define (a trace from elsewhere still reads and draws).
    public var patternDefinition: PatternDefinition {
        Pattern(rawValue: pattern)?.definition ?? Pattern.default.definition
    }
}
