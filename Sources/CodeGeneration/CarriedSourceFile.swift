/// Writes `CarriedSources.swift`: the recorder's source files as Swift string literals, byte for byte, so the
/// `sceneflow` tool can put them into every package it generates. The test that holds `CarriedSources` equal to
/// `Sources/TraceFormat` and `Sources/SceneFlowRecorder` rewrites the file with `RECORD_GOLDEN=1`.
public enum CarriedSourceFile {
    /// The folders carried, as they are named in this package and in a generated one.
    public static let folders = ["Sources/TraceFormat", "Sources/SceneFlowRecorder"]

    /// The text of `CarriedSources.swift` for `files` (paths relative to the package, in order).
    public static func text(_ files: [GeneratedFile]) -> String {
        var out = """
            // The recorder's source (\(folders.joined(separator: ", "))), carried by every package `sceneflow generate`
            // writes, so that it builds with Swift alone. Written from those folders by CarriedSourcesTests
            // (RECORD_GOLDEN=1), which fails when the two differ: do not edit by hand.

            enum CarriedSources {
                static let files: [GeneratedFile] = [

            """
        for file in files {
            // Raw multi-line literals: no escapes, and a closing delimiter at the margin so nothing is stripped.
            let hashes = String(repeating: "#", count: longestRun(of: "#", in: file.text) + 1)
            out += "        GeneratedFile(path: \(SwiftSpelling.literal(file.path)), text: \(hashes)\"\"\"\n"
            out += file.text + "\n"
            out += "\"\"\"\(hashes)),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, current = 0
        for item in text {
            current = item == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
