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

extension AtomicFile {
    /// Writes a folder of files (a generated package) whole into a temporary folder beside `folder` first, so a
    /// failure (a full disk) or a kill leaves nothing half-written. A new or empty `folder` is then that folder, renamed into place; one that holds
    /// files (`--force`) has each generated file moved into place, through real folders only: a link inside the
    /// package (a linked `Sources`) or a generated file's place held by anything but a regular file is refused by
    /// name before anything is moved.
    public static func writeFolder(_ files: [(path: String, data: Data)], to folder: URL, replacingFiles: Bool) throws {
        removeStaleTemporaryFolders(beside: folder)
        let parent = folder.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw WriteFailure(file: parent.relativePath, error: error)
        }
        let temporary = TemporaryFile.url(beside: folder)
        guard mkdir(temporary.path, 0o755) == 0 else { throw WriteFailure(file: folder.relativePath, errno: errno) }
        defer { try? FileManager.default.removeItem(at: temporary) }
        for file in files {
            let destination = temporary.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: destination)
            } catch {
                throw WriteFailure(file: folder.appendingPathComponent(file.path).relativePath, error: error)
            }
        }
        var info = stat()
        let folderIsLink = lstat(folder.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        if !replacingFiles && !folderIsLink {
            // An empty folder is replaced by the whole package in one rename.
            if rename(temporary.path, folder.path) != 0 { throw WriteFailure(file: folder.relativePath, errno: errno) }
            return
        }
        // Every place is checked before the first file moves, so a refusal changes nothing.
        for file in files {
            let destination = folder.appendingPathComponent(file.path)
            try OutputLayout.checkFolder(destination.deletingLastPathComponent(), under: folder)
            if try FileDestination.of(destination) != .replace {
                throw WriteFailure(file: destination.relativePath, reason: "it is not a regular file; move it away")
            }
        }
        for file in files {
            let destination = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw WriteFailure(file: destination.deletingLastPathComponent().relativePath, error: error)
            }
            if rename(temporary.appendingPathComponent(file.path).path, destination.path) != 0 {
                throw WriteFailure(file: destination.relativePath, errno: errno)
            }
        }
    }

    /// Removes the temporary package folders beside `folder` that a killed `writeFolder` left: named for it, of this
    /// user, whose process is gone, and holding a package.
    static func removeStaleTemporaryFolders(beside folder: URL) {
        let parent = folder.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            guard let parsed = TemporaryFile.parse(name), parsed.destination == folder.lastPathComponent,
                  kill(parsed.pid, 0) == -1, errno == ESRCH else { continue }
            let candidate = parent.appendingPathComponent(name)
            var info = stat()
            guard lstat(candidate.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
                  FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) else { continue }
            try? FileManager.default.removeItem(at: candidate)
        }
    }
}
