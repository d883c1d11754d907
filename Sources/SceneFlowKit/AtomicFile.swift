import Foundation
import TraceFormat

/// Writes files so a reader never sees half of one: a temporary file in the same folder, then a rename.
public enum AtomicFile {
    /// Writes `data` to `url`; a failure is a `WriteFailure` naming `url`, and leaves no temporary file.
    public static func write(_ data: Data, to url: URL) throws {
        try replace(url) { handle in try write(data, to: handle, naming: url) }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// Writes what `produce` hands its writer to `url` (or, with no `url`, to `standardOutput`) a megabyte at a time,
    /// so a long export is never held in memory; the file appears whole or not at all.
    public static func stream(to url: URL?, standardOutput: @escaping (Data) -> Void = { FileHandle.standardOutput.write($0) },
                              _ produce: (_ write: @escaping (String) throws -> Void) throws -> Void) throws {
        func buffered(_ flush: @escaping ([UInt8]) throws -> Void) throws {
            var buffer: [UInt8] = []
            try produce { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 20 {
                    try flush(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try flush(buffer)
        }
        guard let url else {
            try buffered { standardOutput(Data($0)) }
            return
        }
        try replace(url) { handle in try buffered { try write(Data($0), to: handle, naming: url) } }
    }

    /// A write the disk refused (full, quota) is a `WriteFailure` of `url`.
    private static func write(_ data: Data, to handle: FileHandle, naming url: URL) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw WriteFailure(file: url.relativePath, error: error)
        }
    }

    /// Writes a temporary file beside `url` with `body`, then renames it to `url`; on any failure the temporary file
    /// is removed and `url` left as it was. A stream (`/dev/stdout`, a FIFO) is written in place; what is neither
    /// is refused (`FileDestination`).
    private static func replace(_ url: URL, _ body: (FileHandle) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(file: folder.relativePath, error: error)
        }
        if let handle = try FileDestination.openInPlace(url) {
            defer { try? handle.close() }
            try body(handle)
            return
        }
        let temporary = TemporaryFile.url(beside: url)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try body(handle)
            do { try handle.close() } catch { throw WriteFailure(file: url.relativePath, error: error) }
            if rename(temporary.path, url.path) != 0 { throw WriteFailure(file: url.relativePath, errno: errno) }
        } catch {
            // A write failure, or what a producer threw (a broken trace line): either way no half file stays.
            try? handle.close()
            unlink(temporary.path)
            throw error
        }
    }

    /// Whether writing `path` would overwrite a file (a regular one is there): what `--force` is asked for. A
    /// stream (`/dev/stdout`) is written, not overwritten.
    public static func wouldOverwrite(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
