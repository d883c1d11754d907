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
