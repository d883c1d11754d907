import Foundation

// `sceneflow-carry OUTPUT [PATH FILE]…`: writes OUTPUT, a Swift file holding each FILE's text byte for byte as a
// raw string literal under the package-relative PATH it takes in a generated package. The CarryRecorder plugin runs
// it as CodeGeneration builds; nothing else does.

/// The Swift source of `CarriedSources` for `files` (path in a generated package, text), in order.
func carriedSources(_ files: [(path: String, text: String)]) -> String {
    var out = """
        // The recorder's source, carried by every package `sceneflow generate` writes so that it builds with Swift
        // alone. Written as CodeGeneration builds (the CarryRecorder plugin) from Sources/TraceFormat and
        // Sources/SceneFlowRecorder.

        enum CarriedSources {
            static let files: [GeneratedFile] = [

        """
    for file in files {
        // Raw multi-line literals: no escapes, and a closing delimiter at the margin so nothing is stripped.
        let hashes = String(repeating: "#", count: longestRun(of: "#", in: file.text) + 1)
        out += "        GeneratedFile(path: \"\(file.path)\", text: \(hashes)\"\"\"\n"
        out += file.text + "\n"
        out += "\"\"\"\(hashes)),\n"
    }
    out += "    ]\n}\n"
    return out
}

func longestRun(of character: Character, in text: String) -> Int {
    var longest = 0, current = 0
    for item in text {
        current = item == character ? current + 1 : 0
        longest = max(longest, current)
    }
    return longest
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("sceneflow-carry: error: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first, arguments.count % 2 == 1 else { fail("usage: sceneflow-carry OUTPUT [PATH FILE]…") }
var files: [(path: String, text: String)] = []
for index in stride(from: 1, to: arguments.count, by: 2) {
    let path = arguments[index]
    guard path.allSatisfy({ $0.isLetter || $0.isNumber || "/._+-".contains($0) }) else { fail("'\(path)' is not a plain package path") }
    guard let data = FileManager.default.contents(atPath: arguments[index + 1]) else { fail("cannot read \(arguments[index + 1])") }
    files.append((path, String(decoding: data, as: UTF8.self)))
}
let text = Data(carriedSources(files).utf8)
// Written only when it changes, so CodeGeneration is not compiled again for nothing.
if FileManager.default.contents(atPath: output) != text {
    do { try text.write(to: URL(fileURLWithPath: output), options: .atomic) } catch { fail("cannot write \(output): \(error)") }
}
