import Foundation
@preconcurrency import Rainbow

/// Whether terminal output is coloured: only on a terminal, never with `NO_COLOR`, always when forced.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never

    /// Decides for a stream: `auto` colours only a terminal, and not when `NO_COLOR` is set.
    public func enabled(for descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        enabled(isTerminal: isatty(descriptor) == 1, environment: environment)
    }

    /// Decides for a stream that is, or is not, a terminal.
    public func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}

/// Applies colours and styles when enabled, and leaves text untouched otherwise.
public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public static let plain = TerminalStyle(enabled: false)

    /// `text` in a colour and style, or unchanged when colour is off.
    public func paint(_ text: String, _ color: TerminalColor? = nil, bold: Bool = false, dim: Bool = false) -> String {
        guard enabled, !text.isEmpty else { return text }
        var styles: [Style] = []
        if bold { styles.append(.bold) }
        if dim { styles.append(.dim) }
        let segment = Rainbow.Segment(text: text, color: color.map { .named($0.rainbow) },
                                      styles: styles.isEmpty ? nil : styles)
        return Self.render(Rainbow.Entry(segments: [segment]))
    }

    /// Rainbow renders through a global switch; set it for the call, serialised.
    private static let lock = NSLock()
    private static func render(_ entry: Rainbow.Entry) -> String {
        lock.lock()
        defer { lock.unlock() }
        let (enabled, target) = (Rainbow.enabled, Rainbow.outputTarget)
        Rainbow.enabled = true
        Rainbow.outputTarget = .console
        defer { (Rainbow.enabled, Rainbow.outputTarget) = (enabled, target) }
        return Rainbow.generateString(for: entry)
    }
}

/// The colours SceneFlow uses on a terminal.
public enum TerminalColor: Sendable {
    case red, magenta, gray, green, blue, cyan, yellow

    var rainbow: Color {
        switch self {
        case .red: .red
        case .magenta: .magenta
        case .gray: .lightBlack
        case .green: .green
        case .blue: .blue
        case .cyan: .cyan
        case .yellow: .yellow
        }
    }
}
