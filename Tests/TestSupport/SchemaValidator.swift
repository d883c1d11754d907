import Foundation
import Testing

/// Validates files against a JSON Schema with the reference validator (Python's `jsonschema`, installed by
/// `make test-deps`). One verdict line per file: `valid PATH` or `invalid PATH: …`.
public enum SchemaValidator {
    public static func validate(schema: URL, files: [URL], jsonLines: Bool = false) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PackagePaths.tests.appendingPathComponent("TestSupport/validate_schema.py").path]
            + (jsonLines ? ["--lines"] : []) + [schema.path] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with jsonschema and pyyaml is needed: run 'make test-deps'")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
