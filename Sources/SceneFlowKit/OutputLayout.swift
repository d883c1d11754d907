import Foundation

/// Where a run writes its files: `Output/<name>/`, with `<name>` derived from the scenario file's name so that
/// nothing in a scenario can choose a path outside the output folder.
public enum OutputLayout {
    /// A folder name from a scenario path: its base name without extension, keeping letters, digits, `-`, `_`
    /// and `.`, with anything else replaced by `-`. Never empty, never `.` or `..`, never hidden.
    public static func folderName(forScenarioAt path: String) -> String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        var name = String(base.unicodeScalars.map { scalar -> Character in
            let allowed = (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" || scalar == "."))
            return allowed ? Character(scalar) : "-"
        })
        while name.hasPrefix(".") { name.removeFirst() }
        if name.count > 100 { name = String(name.prefix(100)) }
        if name.isEmpty { return "scenario" }
        // Names Windows reserves for devices, in case the folder is copied or shared there.
        let stem = name.split(separator: ".").first.map { $0.uppercased() } ?? ""
        if reservedNames.contains(stem) { name = "_" + name }
        return name
    }

    static let reservedNames = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// Removes temporary files (`.<name>.<pid>.<random>.tmp`) left in `folder` by runs that were killed before
    /// they could rename them; files of runs still going are left alone.
    public static func removeStaleTemporaryFiles(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]) else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// The folder for a scenario's outputs under `root`.
    public static func folder(forScenarioAt path: String, under root: URL) -> URL {
        root.appendingPathComponent(folderName(forScenarioAt: path), isDirectory: true)
    }
}
