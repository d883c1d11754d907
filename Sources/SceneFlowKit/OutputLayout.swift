import Foundation
import ScenarioSpec
import TraceFormat
import TraceReading

/// Where a run writes its files: `Output/<name>/`, with `<name>` derived from the scenario file's name so that
/// nothing in a scenario can choose a path outside the output folder. A folder belongs to one scenario file: its
/// trace's header names the file, and another file whose name leads to the same folder is refused, in one batch or
/// across runs.
public enum OutputLayout {
    /// A folder name from a scenario path: its base name without extension (NFC), keeping letters and digits of
    /// any script, `-`, `_` and `.`, with anything else replaced by `-`. Never empty, never `.` or `..`, never
    /// hidden, at most 200 UTF-8 bytes.
    public static func folderName(forScenarioAt path: String) -> String {
        folderName(for: ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
    }

    /// A folder name for `name` as it is (no extension removed): the same rules as for a scenario's.
    public static func folderName(for name: String) -> String {
        let base = name.precomposedStringWithCanonicalMapping
        var name = String.UnicodeScalarView()
        var bytes = 0
        for scalar in base.unicodeScalars {
            let kept = scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
                || scalar == "-" || scalar == "_" || scalar == "."
            let character: Unicode.Scalar = kept && scalar.value >= 0x20 ? scalar : "-"
            bytes += UTF8.width(character)
            if bytes > 200 { break }
            name.append(character)
        }
        var text = String(name)
        while text.hasPrefix(".") { text.removeFirst() }
        if text.isEmpty { return "scenario" }
        // Names Windows reserves for devices, in case the folder is copied or shared there.
        let stem = text.split(separator: ".").first.map { $0.uppercased() } ?? ""
        if reservedNames.contains(stem) { text = "_" + text }
        return text
    }

    static let reservedNames = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// Why a scenario's outputs cannot be written where its name leads.
    /// The folder for a scenario's outputs under `root`.
    public static func folder(forScenarioAt path: String, under root: URL) -> URL {
        root.appendingPathComponent(folderName(forScenarioAt: path), isDirectory: true)
    }

    /// The folder for `path`'s outputs, checked before anything is written: it must be a real folder (not a link,
    /// which would send the files elsewhere) and must not hold another scenario file's run. Temporary files that
    /// killed runs left there are removed.
    public static func prepareFolder(forScenarioAt path: String, under root: URL) throws -> URL {
        let folder = folder(forScenarioAt: path, under: root)
        var info = stat()
        if lstat(folder.path, &info) == 0 {
            try checkFolder(folder, under: root)
            if let owner = otherScenario(recordedIn: folder.appendingPathComponent("trace.jsonl"), than: path) {
                throw Failure("output/conflict", "\(folder.relativePath) holds the run of '\(owner)', and '\(path)' would overwrite it (both names lead to '\(folder.lastPathComponent)'): rename one of the files, or use another --out")
            }
            TemporaryFile.removeStale(in: folder)
        }
        return folder
    }

    /// Checks that `folder`, which SceneFlow derived under the output folder `root` the user gave, is reached from
    /// `root` through real folders only: a symbolic link or a file on the way (or at `folder`) is refused by name,
    /// since what is written there would land where the link leads. What does not exist yet is made by the writer
    /// (and cannot be a link). `root` itself is the user's choice, and may be a link. Every writer into a derived
    /// folder (run, render, coverage, compare and its folders, the report's gallery, map, explain, generate's
    /// package) checks it here first. Returns `folder`.
    @discardableResult
    public static func checkFolder(_ folder: URL, under root: URL) throws -> URL {
        let rootPath = root.standardizedFileURL.path
        let folderPath = folder.standardizedFileURL.path
        guard folderPath != rootPath else { return folder }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        guard folderPath.hasPrefix(prefix) else {
            throw Failure("output/outside", "\(folder.relativePath) is not inside \(root.relativePath)")
        }
        var path = rootPath
        var shown = root.relativePath
        for part in folderPath.dropFirst(prefix.count).split(separator: "/") {
            path += (path.hasSuffix("/") ? "" : "/") + part
            shown += (shown.hasSuffix("/") ? "" : "/") + part
            var info = stat()
            guard lstat(path, &info) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { break }
                throw WriteFailure(file: shown, errno: errno)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                continue
            case S_IFLNK:
                throw Failure("output/link", "\(shown) is a symbolic link; SceneFlow writes only into real folders under the output folder: remove the link")
            default:
                throw Failure("output/not-a-folder", "\(shown) is a file, not a folder: move it away, or choose another --out")
            }
        }
        return folder
    }

    /// The scenario file a trace (or golden trace) at `file` was recorded from, when that is another file than
    /// `path` and still exists; nil when the trace is `path`'s, or its file is gone.
    public static func otherScenario(recordedIn file: URL, than path: String) -> String? {
        guard let header = TraceReader.header(of: file), !header.file.isEmpty else { return nil }
        let recorded = canonical(header.file)
        var info = stat()
        guard recorded != canonical(path), stat(recorded, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return header.file
    }

    /// Files of one batch whose outputs would share a folder: for each shared name, the files, in the order given.
    public static func sharedNames(_ paths: [String]) -> [(name: String, paths: [String])] {
        var byName: [String: [String]] = [:]
        var order: [String] = []
        for path in paths {
            let name = folderName(forScenarioAt: path)
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(path)
        }
        return order.compactMap { name in byName[name]!.count > 1 ? (name, byName[name]!) : nil }
    }

    /// The files a run may write into its folder.
    public static func isOutput(_ name: String) -> Bool {
        if name == "trace.jsonl" || name == "index.html" { return true }
        let parts = name.split(separator: ".")
        guard parts.count == 2, ["dot", "svg", "png"].contains(parts[1]) else { return false }
        return ["sequence", "sequence-scenes", "dependencies", "flow", "cycle"].contains(parts[0]) || sequencePage(name) != nil
    }

    /// The page number of a long run's sequence diagram page (`sequence-12.svg` → 12); nil for any other name.
    public static func sequencePage(_ name: String) -> Int? {
        let parts = name.split(separator: ".")
        guard parts.count == 2, ["dot", "svg", "png"].contains(parts[1]), parts[0].hasPrefix("sequence-") else { return nil }
        let digits = parts[0].dropFirst("sequence-".count)
        guard !digits.isEmpty, !digits.hasPrefix("0"), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Removes the outputs in `folder` older than `date` (a run that failed half-way must not leave its new
    /// files beside an earlier run's); returns their names.
    @discardableResult
    public static func removeOutputs(in folder: URL, olderThan date: Date) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where isOutput(name) {
            let file = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            if modified < date.timeIntervalSince1970, unlink(file.path) == 0 { removed.append(name) }
        }
        return removed
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
