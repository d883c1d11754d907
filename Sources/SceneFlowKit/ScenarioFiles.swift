import Foundation

/// Expands command-line arguments into scenario files: files as given, folders to their `.yml`/`.yaml` files
/// (sorted, recursively, hidden folders skipped), so `sceneflow validate Scenarios/` checks them all.
/// JSON next to scenarios is fixture data; a JSON scenario is named explicitly.
public enum ScenarioFiles {
    public static let extensions: Set<String> = ["yml", "yaml"]

    public static func expand(_ arguments: [String]) -> [String] {
        var files: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(argument)
                continue
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            let found = (FileManager.default.enumerator(atPath: argument)?.allObjects as? [String] ?? [])
                .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .sorted()
            files += found.map { base + "/" + $0 }
        }
        return files
    }
}
