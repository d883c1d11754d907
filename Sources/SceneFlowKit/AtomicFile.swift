import Foundation
import TraceFormat

/// Writes files so a reader never sees half of one: a temporary file in the same folder, then a rename.
public enum AtomicFile {
    /// Writes `data` to `url`; a failure is a `WriteFailure` naming `url`, and leaves no temporary file.
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(file: folder.relativePath, error: error)
        }
        var info = stat()
        if stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw WriteFailure(file: url.relativePath, reason: "it is a folder; name a file")
        }
        let temporary = TemporaryFile.url(beside: url)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
            if rename(temporary.path, url.path) != 0 { throw WriteFailure(file: url.relativePath, errno: errno) }
        } catch {
            try? handle.close()
            unlink(temporary.path)
            throw WriteFailure(file: url.relativePath, error: error)
        }
    }

    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// Writes what `produce` hands its writer to `url` (or, with no `url`, to standard output) a megabyte at a time,
    /// so a long export is never held in memory; the file appears whole or not at all.
    public static func stream(to url: URL?, _ produce: (_ write: @escaping (String) throws -> Void) throws -> Void) throws {
        guard let url else {
            var buffer: [UInt8] = []
            try produce { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 20 { FileHandle.standardOutput.write(Data(buffer)); buffer.removeAll(keepingCapacity: true) }
            }
            FileHandle.standardOutput.write(Data(buffer))
            return
        }
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(file: folder.relativePath, error: error)
        }
        var info = stat()
        if stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw WriteFailure(file: url.relativePath, reason: "it is a folder; name a file")
        }
        let temporary = TemporaryFile.url(beside: url)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            var buffer: [UInt8] = []
            try produce { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 20 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.close()
            if rename(temporary.path, url.path) != 0 { throw WriteFailure(file: url.relativePath, errno: errno) }
        } catch let failure as WriteFailure {
            try? handle.close()
            unlink(temporary.path)
            throw failure
        } catch {
            try? handle.close()
            unlink(temporary.path)
            throw error
        }
    }
}
