import Foundation

/// The temporary files SceneFlow writes beside a destination before renaming them into place, and how a later
/// run knows one it may delete: `.<destination>.sceneflow-<pid>-<8 hex>.tmp`, a regular file of this user, whose
/// process is gone, and whose first bytes are what SceneFlow writes into a file with that destination's extension.
public enum TemporaryFile {
    /// A fresh temporary file name beside `destination`.
    public static func url(beside destination: URL) -> URL {
        let token = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let padded = String(repeating: "0", count: 8 - token.count) + token
        return destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).sceneflow-\(ProcessInfo.processInfo.processIdentifier)-\(padded).tmp")
    }

    /// Removes the temporary files in `folder` that runs killed before their rename left behind, and nothing else:
    /// see the type's description. Returns the names removed.
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let parsed = parse(name), kill(parsed.pid, 0) == -1, errno == ESRCH else { continue }
            let file = folder.appendingPathComponent(name)
            guard isOurs(file, destinationExtension: (parsed.destination as NSString).pathExtension) else { continue }
            if unlink(file.path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The destination's name and the writer's process from a temporary file's name, or nil if it is not one.
    public static func parse(_ name: String) -> (destination: String, pid: Int32)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let body = name.dropFirst().dropLast(4)
        guard let marker = body.range(of: ".sceneflow-", options: .backwards) else { return nil }
        let destination = String(body[..<marker.lowerBound])
        let parts = body[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard !destination.isEmpty, parts.count == 2, let pid = Int32(parts[0]), pid > 0,
              parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit) else { return nil }
        return (destination, pid)
    }

    /// What SceneFlow's files of each kind start with.
    static let signatures: [String: [[UInt8]]] = [
        "jsonl": [Array(#"{"sceneflowTrace":"#.utf8)],
        "svg": [Array("<?xml".utf8), Array("<svg".utf8)],
        "dot": [Array("digraph".utf8), Array("graph".utf8), Array("strict".utf8)],
        "html": [Array("<!DOCTYPE html>".utf8)],
        "png": [[0x89, 0x50, 0x4E, 0x47]],
    ]

    /// A regular file (not a link) of this user, empty or starting as SceneFlow's files of that kind do.
    static func isOurs(_ file: URL, destinationExtension: String) -> Bool {
        var info = stat()
        guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(),
              let signatures = signatures[destinationExtension] else { return false }
        if info.st_size == 0 { return true }
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let head = Array((try? handle.read(upToCount: 32)) ?? Data())
        return signatures.contains { head.starts(with: $0) }
    }
}
