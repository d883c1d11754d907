import Foundation
import ScenarioSpec
import Yams

/// Loads a scenario file: parses the YAML with positions, reads it into the model and checks it, collecting
/// every problem as a compiler-style diagnostic.
public struct ScenarioLoader: Sendable {
    /// Limits that keep hostile files from using unbounded time or memory.
    public struct Limits: Sendable, Hashable {
        /// Largest scenario file read, in bytes.
        public var maxFileSize: Int

        public init(maxFileSize: Int = 8 << 20) {
            self.maxFileSize = maxFileSize
        }
    }

    /// What loading produced: a scenario when there were no errors, and every diagnostic sorted by position.
    public struct Result: Sendable {
        public var scenario: Scenario?
        public var diagnostics: [Diagnostic]
    }

    public var limits: Limits
    /// When set, the scenario is read as if it said `pattern:` this (to compare patterns on one story).
    public var patternOverride: Pattern?

    public init(limits: Limits = Limits(), patternOverride: Pattern? = nil) {
        self.limits = limits
        self.patternOverride = patternOverride
    }

    /// Loads the scenario at `path`; `path` is also how diagnostics name the file.
    public func load(path: String) -> Result {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return Result(scenario: nil, diagnostics: [.error("no such file: \(path)", at: nil, id: "file/not-found")])
        }
        if isDirectory.boolValue {
            return Result(scenario: nil, diagnostics: [.error("\(path) is a directory, not a scenario file", at: nil, id: "file/not-a-file")])
        }
        // What a link leads to decides: reading a FIFO or a device would wait or never end.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            return Result(scenario: nil, diagnostics: [.error(
                "\(path) is not a regular file (a pipe, socket or device); give the path of a .yml file", at: nil, id: "file/not-a-file")])
        }
        if let size = attributes?[.size] as? Int, size > limits.maxFileSize {
            return Result(scenario: nil, diagnostics: [.error(
                "\(path) is \(size) bytes; scenario files are limited to \(limits.maxFileSize) bytes (raise it with --max-file-size)",
                at: nil, id: "file/too-large")])
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return Result(scenario: nil, diagnostics: [.error("cannot read \(path): \(error.localizedDescription)", at: nil, id: "file/unreadable")])
        }
        return load(data: data, file: path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Loads a scenario from bytes (UTF-8, with or without a byte-order mark).
    public func load(data: Data, file: String, baseDirectory: URL?) -> Result {
        guard data.count <= limits.maxFileSize else {
            return Result(scenario: nil, diagnostics: [.error(
                "\(file) is \(data.count) bytes; scenario files are limited to \(limits.maxFileSize) bytes", at: nil, id: "file/too-large")])
        }
        guard var text = String(validatingUTF8: data) else {
            let offset = Self.firstInvalidUTF8(data)
            let location = Self.location(ofByte: offset, in: data, file: file)
            return Result(scenario: nil, diagnostics: [.error("the file is not valid UTF-8 text", at: location,
                notes: [Diagnostic.Note("save the scenario as UTF-8")], id: "file/not-utf8")])
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var result = load(yaml: text, file: file, baseDirectory: baseDirectory)
        // The fingerprint of the file's bytes as they are, byte-order mark and all.
        result.scenario?.sha256 = Fingerprint.sha256(data)
        return result
    }

    /// Loads a scenario from text. `file` names it in diagnostics; fixtures are read from `baseDirectory`.
    public func load(yaml text: String, file: String, baseDirectory: URL? = nil) -> Result {
        let diagnostics = DiagnosticCollector()
        let source = SourceText(file: file, text: text)
        let scanned = DocumentLimits.scan(text, source: source)
        if let problem = scanned.problem {
            return Result(scenario: nil, diagnostics: [problem])
        }
        let root: Node
        do {
            // The basic resolver: the loader reads scalars by their text and quoting, so Yams need not match each
            // one against its regular expressions for bools, numbers and dates (a third of the load time).
            guard let node = try Yams.compose(yaml: text, .basic) else {
                diagnostics.error("the scenario file is empty", at: source.location(line: 1, column: 1),
                                  notes: [Diagnostic.Note("start with 'scenario: <title>' and 'scenes:'")], id: "file/empty")
                return Result(scenario: nil, diagnostics: diagnostics.diagnostics)
            }
            root = node
        } catch let error as YamlError {
            diagnostics.append(YAMLErrorTranslator(source: source).diagnostic(for: error))
            return Result(scenario: nil, diagnostics: diagnostics.diagnostics)
        } catch {
            diagnostics.error("cannot parse the YAML: \(error)", at: source.location(line: 1, column: 1), id: "yaml/syntax")
            return Result(scenario: nil, diagnostics: diagnostics.diagnostics)
        }

        if scanned.hasAliases, let problem = DocumentLimits.expansionProblem(in: root, source: source) {
            return Result(scenario: nil, diagnostics: [problem])
        }
        let reader = ScenarioReader(source: source, diagnostics: diagnostics, baseDirectory: baseDirectory)
        guard var draft = reader.readScenario(root) else {
            return Result(scenario: nil, diagnostics: diagnostics.diagnostics.normalized())
        }
        if let patternOverride, patternOverride != draft.pattern {
            draft.pattern = patternOverride
            // Messages are named in the scenario's own pattern (its protocols and methods); under another, they
            // name nothing, so the story keeps its other expectations only.
            for index in draft.story.indices {
                draft.story[index].expectations?.messages = []
                draft.story[index].expectations?.absent = []
            }
        }
        let checker = ScenarioChecker(draft: draft, diagnostics: diagnostics)
        checker.check()
        let sorted = diagnostics.diagnostics.normalized()
        guard !sorted.containsErrors, let first = draft.scenes.first else {
            return Result(scenario: nil, diagnostics: sorted)
        }
        var scenario = Scenario(
            name: draft.name, file: file, description: draft.description, pattern: draft.pattern,
            start: draft.start?.value ?? first.name, entities: draft.entities + draft.resultRecords,
            appState: draft.appState, scenes: checker.resolve(draft.scenes), story: checker.resolve(draft.story),
            storyRepeats: draft.storyRepeats)
        scenario.enums = draft.enums
        scenario.wiring = draft.wiring
        scenario.sharedWorkers = draft.sharedWorkers
        scenario.sha256 = Fingerprint.sha256(Array(text.utf8))
        scenario.fixtureSHA256 = reader.fixtureSHA256
        scenario.findings = checker.findings
        scenario.acceptances = draft.acceptances
        guard patternOverride == nil else { return Result(scenario: scenario, diagnostics: sorted) }
        // Methods named in a shape the pattern's code cannot have: the story runs as written, generate refuses them.
        for problem in draft.pattern.definition.methodShapeProblems(in: scenario) {
            diagnostics.warning(problem.message, at: problem.location,
                                notes: [Diagnostic.Note("run, check and the diagrams use the name as written; generate refuses it")],
                                id: "generate/method-shape")
        }
        return Result(scenario: scenario, diagnostics: diagnostics.diagnostics.normalized())
    }

    private static func firstInvalidUTF8(_ data: Data) -> Int {
        var index = 0
        let bytes = [UInt8](data)
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for continuation in bytes[(index + 1)..<(index + length)] where continuation & 0xC0 != 0x80 {
                return index
            }
            if String(validatingUTF8: Data(bytes[index..<(index + length)])) == nil { return index }
            index += length
        }
        return index
    }

    private static func location(ofByte offset: Int, in data: Data, file: String) -> SourceLocation {
        let prefix = data.prefix(offset)
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: data[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}

extension String {
    /// The text of `data` if it is valid UTF-8, else nil (no replacement characters).
    init?(validatingUTF8 data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}

extension ScenarioLoader {
    /// Parses one expression on its own, as if it stood on line 1 of `file`: the expression, or the syntax error
    /// with its column. Names are not resolved (that needs a scenario).
    public static func parseExpression(_ text: String, file: String = "<expression>") -> (expression: Expr?, diagnostic: Diagnostic?) {
        let positions = text.unicodeScalars.indices.enumerated().map { offset, _ in
            SourceLocation(file: file, line: 1, column: offset + 1)
        }
        let fallback = SourceLocation(file: file, line: 1, column: 1)
        do throws(ExpressionParser.SyntaxError) {
            return (try ExpressionParser.parse(text, positions: positions, fallback: fallback), nil)
        } catch {
            return (nil, error.diagnostic)
        }
    }
}
