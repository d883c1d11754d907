import ArgumentParser
import SceneFlowKit

/// `sceneflow vet-swift`: a helper that `import`, `map` and `drift` start beside themselves to parse Swift files
/// within a time budget. Not for people: it reads NUL-terminated paths on stdin and answers for each.
struct VetSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vet-swift",
        abstract: "Parse the Swift files named on standard input and say which cannot be read (a helper of import, map and drift).",
        shouldDisplay: false
    )

    func run() throws {
        SwiftFileVetting.serve()
    }
}
