import Foundation
import Testing

/// Runs a tool the tests check our output with (`xmllint`, `plantuml`), installed by `make test-deps`.
public enum ExternalTool {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public enum Failure: Error, CustomStringConvertible {
        case missing(String)

        public var description: String {
            switch self {
            case .missing(let tool): "'\(tool)' is not installed; run 'make test-deps'"
            }
        }
    }

    /// The tool's path on `PATH` (or the path given).
    public static func path(_ tool: String) throws -> URL {
        // A path is taken as it is.
        if tool.contains("/") { return URL(fileURLWithPath: tool) }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure.missing(tool)
    }

    /// Runs `tool` with `arguments` (and `stdin`), waiting for it to finish.
    public static func run(_ tool: String, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = try path(tool)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `xmllint --noout --schema SCHEMA FILE`: nil when the file is valid, else xmllint's complaint.
    public static func xmlSchemaErrors(schema: URL, file: URL) throws -> String? {
        let result = try run("xmllint", ["--noout", "--schema", schema.path, file.path])
        return result.status == 0 ? nil : result.stderr
    }
}
