import Foundation

/// A file SceneFlow could not write, named as the user knows it (the destination, never a temporary file), with
/// the reason in words and what to do.
public struct WriteFailure: Error, CustomStringConvertible, Sendable {
    /// The destination, as it was given.
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// From a system error number.
    public init(file: String, errno code: Int32) {
        self.init(file: file, reason: Self.reason(code))
    }

    /// From any error a write threw: its POSIX code when it has one.
    public init(file: String, error: any Error) {
        if let failure = error as? WriteFailure {
            self = failure
            self.file = file
            return
        }
        let nsError = error as NSError
        let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError
        if nsError.domain == NSPOSIXErrorDomain {
            self.init(file: file, errno: Int32(nsError.code))
        } else if let underlying, underlying.domain == NSPOSIXErrorDomain {
            self.init(file: file, errno: Int32(underlying.code))
        } else if let code = (error as? CocoaError)?.code, code == .fileWriteOutOfSpace {
            self.init(file: file, errno: ENOSPC)
        } else if let code = (error as? CocoaError)?.code, code == .fileWriteNoPermission || code == .fileWriteVolumeReadOnly {
            self.init(file: file, errno: EACCES)
        } else if let blocker = Self.fileOnTheWay(to: file) {
            self.init(file: file, reason: "\(blocker) is a file, not a folder")
        } else {
            self.init(file: file, reason: "the system refused the write (\(nsError.localizedDescription))")
        }
    }

    /// The first part of `path` (or `path` itself) that exists and is not a folder.
    static func fileOnTheWay(to path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            if stat(prefix, &info) != 0 { return nil }
            if (info.st_mode & S_IFMT) != S_IFDIR { return prefix }
        }
        return nil
    }

    public var description: String { "cannot write \(file): \(reason)" }

    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied (is the folder read-only?)"
        case EROFS: "the file system is read-only"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is used up"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder"
        case ENOENT: "a folder on the way does not exist"
        case ENAMETOOLONG: "the name is too long"
        case EEXIST: "something else is there"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
