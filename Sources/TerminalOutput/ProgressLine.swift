import Foundation
import TraceFormat

/// A run's progress on one line of a terminal (`running Shop: 1,204,000 messages, story step 812`), for a run that
/// prints no trace: said once the run has taken a second, redrawn at most four times a second, erased at the end.
/// Only on a terminal: a file or a pipe gets nothing, so what tools read stays byte for byte the same.
public final class ProgressLine: TraceSink {
    private let write: (String) -> Void
    private let clock: () -> TimeInterval
    private let started: TimeInterval
    private var drawn: TimeInterval?
    private var shown = false
    private var messages = 0
    private var step = 0
    private var name = ""

    /// `clock` gives seconds (the system's uptime, or a test's own).
    public init(write: @escaping (String) -> Void, clock: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.write = write
        self.clock = clock
        self.started = clock()
    }

    public func begin(_ header: TraceHeader) { name = header.scenario }

    public func record(_ event: borrowing TraceEvent) {
        messages += 1
        // The clock is read every 4,096 messages: a million-message run reads it 250 times.
        guard messages & 4095 == 0 else { return }
        let now = clock()
        guard now - started >= 1, now - (drawn ?? 0) >= 0.25 else { return }
        drawn = now
        shown = true
        write("\r\u{1B}[K" + TerminalText.safe("running \(name): \(Self.thousands(messages)) messages, story step \(step)", keepingColor: false))
    }

    public func mark(_ marker: TraceMarker) {
        if case .step(let marked) = marker { step = marked.number }
    }

    public func finish(_ end: RunEnd) {
        if shown { write("\r\u{1B}[K") }
    }

    static func thousands(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
