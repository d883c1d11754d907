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
        return name.isEmpty ? "scenario" : name
    }

    /// The folder for a scenario's outputs under `root`.
    public static func folder(forScenarioAt path: String, under root: URL) -> URL {
        root.appendingPathComponent(folderName(forScenarioAt: path), isDirectory: true)
    }
}
