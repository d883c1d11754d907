import ScenarioSpec
import Foundation
import Narration

/// `explain`: prints a narration, and in `--step` and `--quiz` mode talks with the learner through `input`.
public struct ExplainSession {
    public struct Options: Sendable {
        /// Wait for Enter between steps, showing the cycle picture with the current arrow.
        public var step = false
        /// Ask who receives each message before telling it.
        public var quiz = false
        /// Line width for wrapping.
        public var width = 100
        /// Repeat each answer after the prompt (when input does not come from a terminal, which would echo it).
        public var echoInput = false

        public init(step: Bool = false, quiz: Bool = false, width: Int = 100, echoInput: Bool = false) {
            self.step = step
            self.quiz = quiz
            self.width = width
            self.echoInput = echoInput
        }
    }

    /// The quiz's outcome.
    public struct Score: Sendable, Hashable {
        public var asked = 0
        public var right = 0

        public init(asked: Int = 0, right: Int = 0) {
            self.asked = asked
            self.right = right
        }
    }

    public var narration: Narration
    public var options: Options
    public var style: TerminalStyle
    public var catalogue: Catalogue
    /// Reads one line of the learner's input; nil at the end of input. `readLine(limit:)` keeps a line bounded.
    public var input: () -> String?
    public var output: (String) -> Void

    public init(narration: Narration, options: Options, style: TerminalStyle, language: Language,
                input: @escaping () -> String?, output: @escaping (String) -> Void) {
        self.narration = narration
        self.options = options
        self.style = style
        self.catalogue = Catalogue(language)
        self.input = input
        self.output = output
    }

    /// Tells every step; returns the quiz score (zero asked without `--quiz`).
    @discardableResult
    public func run() -> Score {
        var score = Score()
        let definition = Pattern(rawValue: narration.pattern)?.definition ?? Pattern.default.definition
        let picture = CyclePicture.picture(for: definition)
        output(style.paint(narration.title, bold: true) + "\n")
        output(wrap(narration.legend, indent: "") + "\n\n")
        if !options.step { output(picture.text + "\n\n") }
        // Who holds whom, from the pattern's definition: what the diagrams draw and the generated code declares.
        let card = narration.card
        output(style.paint(card.title, bold: true) + "\n" + card.lines.map { wrap($0, indent: "  ") }.joined(separator: "\n") + "\n\n")
        if options.quiz { output(style.paint(catalogue.text("quiz.intro"), .cyan) + "\n\n") }
        var explained: Set<String> = []
        var waiting = options.step
        for step in narration.steps {
            var answered = false
            if options.quiz, let question = step.question {
                guard let outcome = ask(question) else {
                    output(style.paint(catalogue.text("quiz.stopped"), .yellow) + "\n")
                    break
                }
                score.asked += 1
                if outcome { score.right += 1 }
                answered = true
            }
            // Say why once per stage and cycle, unless the learner goes step by step; an answered question said it.
            let whyKey = "\(step.cycle ?? 0)|\(step.stage?.rawValue ?? step.kind.rawValue)"
            let showWhy = !answered && (options.step || options.quiz || step.kind == .setup || explained.insert(whyKey).inserted)
            output(render(step, showWhy: showWhy))
            if options.step && step.kind == .message {
                output(highlighted(picture, step.stage) + "\n")
                if waiting {
                    output(style.paint(catalogue.text("step.prompt"), .gray) + " ")
                    // At the end of input, go on without waiting.
                    guard let reply = input() else {
                        waiting = false
                        output("\n")
                        continue
                    }
                    if options.echoInput { output(reply + "\n") }
                    if reply.trimmingCharacters(in: .whitespaces).lowercased() == "q" { break }
                }
            }
        }
        if options.quiz {
            output("\n" + style.paint(catalogue.text("quiz.score", ["right": String(score.right), "asked": String(score.asked)]), bold: true) + "\n")
        }
        return score
    }

    /// How many replies a question takes before it shows the answer.
    public static let attempts = 3

    /// Asks until the reply picks an option (or is empty, which shows the answer, as do `attempts` replies that
    /// pick none); nil at the end of input.
    func ask(_ question: Narration.Question) -> Bool? {
        output("\n" + style.paint("? ", .cyan, bold: true) + question.prompt + "\n")
        output(question.options.enumerated().map { "    \($0.offset + 1)) \($0.element)" }.joined(separator: "\n") + "\n")
        func verdict(_ right: Bool) -> String {
            var out = "  " + style.paint(right ? question.right : question.wrong, right ? .green : .red, bold: true) + "\n"
            if let why = question.why { out += wrap(why, indent: "    ") + "\n" }
            return out
        }
        for _ in 0..<Self.attempts {
            output("  > ")
            guard let reply = input() else {
                output("\n")
                return nil
            }
            if options.echoInput { output(reply + "\n") }
            let trimmed = reply.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                output(verdict(false))
                return false
            }
            if let right = question.isRight(trimmed) {
                output(verdict(right))
                return right
            }
            output("  1–\(question.options.count)?\n")
        }
        // Replies that never pick an option (input that is not a learner) end the question.
        output(verdict(false))
        return false
    }

    /// One step as text.
    public func render(_ step: Narration.Step, showWhy: Bool) -> String {
        switch step.kind {
        case .cycleStart:
            return "\n" + style.paint("── " + step.text + " ──", .blue, bold: true) + "\n"
        case .cycleEnd:
            return style.paint("── " + step.text, .gray) + "\n"
        case .end:
            return "\n" + style.paint(step.text, bold: true) + "\n"
        case .setup, .message:
            var out = ""
            if let headline = step.headline { out += "  " + style.paint(headline, bold: true) + "\n" }
            out += wrap(step.text, indent: "      ") + "\n"
            if showWhy, let why = step.why {
                out += wrap(style.paint(catalogue.text("why") + ":", .cyan) + " " + why, indent: "      ", hangingFrom: catalogue.text("why") + ": ") + "\n"
            }
            if let rule = step.rule {
                out += wrap(style.paint(catalogue.text("rule") + ":", .red) + " " + rule, indent: "      ", hangingFrom: catalogue.text("rule") + ": ") + "\n"
            }
            if let data = step.data {
                out += wrap(style.paint(catalogue.text("carries") + ":", .cyan) + " " + data, indent: "      ",
                            hangingFrom: catalogue.text("carries") + ": ") + "\n"
            }
            if let code = step.code {
                // Code is not wrapped: a line of Swift reads as one line; the lines of several stand under each other.
                let label = catalogue.text("code") + ":"
                let hanging = "\n      " + String(repeating: " ", count: label.count + 1)
                out += "      " + style.paint(label, .cyan) + " "
                    + code.split(separator: "\n").map { style.paint(String($0), .green) }.joined(separator: hanging) + "\n"
            }
            return out
        }
    }

    /// The picture with `stage`'s arrow heavy, and coloured on a terminal.
    func highlighted(_ picture: CyclePicture, _ stage: CycleStage?) -> String {
        picture.lines.map { line in
            "    " + line.map { segment in
                guard let stage, segment.stage == stage else { return style.paint(segment.text, .gray) }
                return style.paint(CyclePicture.heavy(segment.text), .red, bold: true)
            }.joined()
        }.joined(separator: "\n")
    }

    /// Word-wraps `text` (which may hold colour codes at its start) to the width, indenting every line.
    func wrap(_ text: String, indent: String, color: TerminalColor? = nil, hangingFrom prefix: String = "") -> String {
        let width = max(40, options.width - indent.count)
        var lines: [String] = []
        var line = ""
        var visible = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let length = Self.visibleLength(word)
            if visible > 0 && visible + 1 + length > width {
                lines.append(line)
                let hanging = Self.visibleLength(prefix)
                line = String(repeating: " ", count: hanging) + word
                visible = hanging + length
            } else {
                line += (visible > 0 || !line.isEmpty ? " " : "") + word
                visible += (visible > 0 ? 1 : 0) + length
            }
        }
        lines.append(line)
        return lines.map { line in indent + (color.map { style.paint(line, $0) } ?? line) }.joined(separator: "\n")
    }

    /// Characters a terminal shows, without ANSI colour codes; wide (CJK) characters count double.
    static func visibleLength<S: StringProtocol>(_ text: S) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) || (0x1F300...0x1FAFF).contains(value)
            count += wide ? 2 : 1
        }
        return count
    }
}

/// One line from standard input, at most `limit` bytes of it (the rest of a longer line is read and dropped, so an
/// endless line cannot fill memory); nil at the end of input.
public func readLine(limit: Int) -> String? {
    var bytes: [UInt8] = []
    while true {
        let next = getchar()
        if next == EOF { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
        if next == 0x0A { break }
        if bytes.count < limit { bytes.append(UInt8(next)) }
    }
    if bytes.last == 0x0D { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
}
