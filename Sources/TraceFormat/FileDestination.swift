import Foundation

/// What a writer finds at the path it was given, and so how it writes there. A regular file, or nothing, is
/// replaced whole: a temporary file beside it, then a rename, so a reader never sees half of one. A stream — a
/// terminal, `/dev/null`, a pipe or a FIFO, named directly or through a link such as `/dev/stdout` or `/dev/fd/63`
/// — is written in place, as a shell's redirection would. One of the process's own descriptors named as a path
/// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) is written through that descriptor, whatever it
/// leads to: `-o /dev/stdout > out.txt` writes out.txt as the shell opened it. Anything else is refused with the
/// reason and left as it is: a folder, a link to a file (renaming over it would replace the link, writing through
/// it would write where the link leads), a block device, a socket.
public enum FileDestination: Equatable, Sendable {
    /// Nothing there, or a regular file: written beside, then renamed into place.
    case replace
    /// A character device or a FIFO: opened and written as it is.
    case stream
    /// One of this process's open descriptors, named by a path such as `/dev/stdout`: written through a copy of it.
    case descriptor(Int32)

    /// The descriptor a path names (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/3`), or nil.
    static func descriptorNamed(by path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return 0
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                let number = path.dropFirst(prefix.count)
                guard !number.isEmpty, number.count <= 9, number.allSatisfy(\.isASCII), let value = Int32(number) else { return nil }
                return value
            }
            return nil
        }
    }

    /// How `url` is written, or a `WriteFailure` naming it and saying what to do.
    public static func of(_ url: URL) throws -> FileDestination {
        let path = url.path
        if let descriptor = descriptorNamed(by: path), fcntl(descriptor, F_GETFD) != -1 {
            return .descriptor(descriptor)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return .replace }
            throw WriteFailure(file: url.relativePath, errno: code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .replace
        case S_IFCHR, S_IFIFO:
            return .stream
        case S_IFDIR:
            throw WriteFailure(file: url.relativePath, reason: "it is a folder; name a file")
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else {
                throw WriteFailure(file: url.relativePath,
                                   reason: "it is a symbolic link to nothing; remove the link, or name the file it was meant to lead to")
            }
            switch target.st_mode & S_IFMT {
            case S_IFCHR, S_IFIFO:
                return .stream
            case S_IFDIR:
                throw WriteFailure(file: url.relativePath, reason: "it is a link to a folder; name a file")
            default:
                throw WriteFailure(file: url.relativePath,
                                   reason: "it is a symbolic link, which SceneFlow neither replaces nor writes through; name the file it leads to, or remove the link")
            }
        case S_IFBLK:
            throw WriteFailure(file: url.relativePath, reason: "it is a block device; name a regular file")
        case S_IFSOCK:
            throw WriteFailure(file: url.relativePath, reason: "it is a socket; name a regular file")
        default:
            throw WriteFailure(file: url.relativePath, reason: "it is not a regular file; name one")
        }
    }

    /// The stream or descriptor at `url`, opened for writing as it is (no truncation, no rename); nil when `url` is
    /// nothing or a regular file, which the caller replaces whole. What is neither is refused (`of(_:)`).
    public static func openInPlace(_ url: URL) throws -> FileHandle? {
        switch try of(url) {
        case .replace:
            return nil
        case .descriptor(let number):
            let copy = fcntl(number, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
            return FileHandle(fileDescriptor: copy, closeOnDealloc: true)
        case .stream:
            let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw WriteFailure(file: url.relativePath, errno: errno) }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
    }
}
