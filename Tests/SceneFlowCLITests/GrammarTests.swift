import Foundation
import Testing

/// One grammar on every command: what each `--help` offers is checked against it, so a new command or option that
/// speaks another dialect fails here.
@Suite("one command-line grammar")
struct GrammarTests {
    static let commands = ["validate", "run", "explain", "check", "diff", "coverage", "render", "export", "compare",
                           "import", "map", "drift", "generate", "translate", "init", "synth"]

    /// The options a command's help lists: `["-o, --output <file>", "--out <dir>", …]`, each as its first column.
    static func options(_ command: String) throws -> [String] {
        let help = try CLI.run([command, "--help"])
        #expect(help.status == 0)
        guard let start = help.stdout.range(of: "OPTIONS:\n") else { return [] }
        return help.stdout[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  -") else { return nil }
            let column = line.dropFirst(2)
            return String(column.range(of: "  ").map { column[..<$0.lowerBound] } ?? column)
        }
    }

    static func help(_ command: String) throws -> String { try CLI.run([command, "--help"]).stdout }

    @Test("every command has --quiet, --verbose and --color, and says its exit codes", arguments: commands)
    func everywhere(_ command: String) throws {
        let options = try Self.options(command)
        #expect(options.contains("-q, --quiet"), "\(command): \(options)")
        #expect(options.contains("-v, --verbose"), "\(command): \(options)")
        #expect(options.contains("--color <color>"), "\(command): \(options)")
        if command != "synth" { #expect(try Self.help(command).contains("Exit codes"), "\(command)") }
    }

    @Test("-o names a file (-o, --output <file>); --out names a folder (<dir>); image lists are --image-format's", arguments: commands)
    func outputs(_ command: String) throws {
        let options = try Self.options(command)
        for option in options where option.contains("-o,") || option.hasPrefix("-o ") {
            #expect(option == "-o, --output <file>", "\(command): \(option)")
        }
        for option in options where option.hasPrefix("--out ") {
            #expect(option == "--out <dir>", "\(command): \(option)")
        }
        #expect(!options.contains { $0.hasPrefix("--json") }, "\(command): --json is --format json")
        let help = try Self.help(command)
        if help.contains("svg, png, pdf, dot") {
            #expect(options.contains("--image-format <formats>"), "\(command): \(options)")
        }
    }

    @Test("commands that write a folder take --out DIR; commands that report take --format text|json|github")
    func folderWritersAndReporters() throws {
        for command in ["run", "render", "compare", "map", "coverage", "explain", "generate"] {
            #expect(try Self.options(command).contains("--out <dir>"), "\(command)")
        }
        for command in ["validate", "check", "drift", "map", "run", "coverage", "diff"] {
            let help = try Self.help(command)
            #expect(help.contains("text") && help.contains("json") && help.contains("github"), "\(command)")
            #expect(try Self.options(command).contains { $0.hasPrefix("--format <") }, "\(command)")
        }
    }

    @Test("the image list's old spelling still works with a warning; both spellings at once, --json with --format, or a format neither names are usage errors")
    func oldSpellings() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-grammar-\(UUID().uuidString)").path
        let rendered = try CLI.run(["render", "Scenarios/Login.yml", "--out", out, "--diagram", "flow", "--format", "dot", "--color", "never"])
        #expect(rendered.status == 0)
        #expect(rendered.stdout == "\(out)/Login/flow.dot\n")
        #expect(rendered.stderr == """
            warning: --format dot names image formats, which is --image-format's job now; --format says how results are reported (text, json, github)
            note: write --image-format dot

            """)
        let untouched = out + "-usage"
        let usage: [([String], String)] = [
            (["run", "Scenarios/Login.yml", "--out", untouched, "--format", "dot", "--image-format", "png"], "give the image formats once, with --image-format"),
            (["render", "Scenarios/Login.yml", "--out", untouched, "--format", "dot", "--image-format", "png"], "give the image formats once, with --image-format"),
            (["map", "Tests/CodeImportTests/Fixtures/current", "--out", untouched, "--format", "dot", "--image-format", "png"],
             "give the image formats once, with --image-format"),
            (["run", "Scenarios/Login.yml", "--out", untouched, "--json", "--format", "json"], "--json is the old spelling of --format json; give one"),
            (["run", "Scenarios/Login.yml", "--out", untouched, "--format", "xml"],
             "unknown format 'xml'; --format is text, json or github (image formats go to --image-format: svg, png, pdf, dot)"),
        ]
        for (arguments, message) in usage {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: untouched), "a usage error writes nothing")
    }
}
