import Foundation

/// Expands command-line arguments into scenario files: files as given, folders to their `.yml`/`.yaml`/`.json`
/// files (sorted, recursively), so `sceneflow validate Scenarios/` checks them all.
public enum ScenarioFiles {
    public static let extensions: Set<String> = ["yml", "yaml", "json"]

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
                .filter { path in
                    // Fixtures next to scenarios are JSON data, not scenarios.
                    (path as NSString).pathExtension.lowercased() != "json" || !path.contains("/")
                }
                .sorted()
            files += found.map { base + "/" + $0 }
        }
        return files
    }
}
