import ArgumentParser
import Foundation
import SceneFlowKit
import TerminalOutput
import ScenarioSynth
import ScenarioSpec

/// `sceneflow synth --scenes N --steps M`: a synthetic scenario of any size.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a synthetic scenario of any size (for benchmarks and stress tests).",
        discussion: "Scenes form a ring; each fetches through a worker when it appears and routes on when a row is selected. The story walks the ring. Exit codes: 0, 2 when the file cannot be written or an option is wrong."
    )

    @Option(help: "Number of scenes.")
    var scenes: Int = 10

    @Option(help: "Number of story steps (each one a selection and the next scene's fetch).")
    var steps: Int = 20

    @Option(help: "Actions on each scene before moving on to the next (1: move on every step).")
    var stay: Int = 1

    @Option(name: .customLong("repeat"), help: ArgumentHelp(
        "Play the story this many times ('repeat:'): long runs from a small file.", valueName: "count"))
    var repeats: Int = 1

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        guard (1...100_000).contains(scenes) else { throw ValidationError("--scenes must be between 1 and 100000") }
        guard (0...10_000_000).contains(steps) else { throw ValidationError("--steps must be between 0 and 10000000") }
        guard stay >= 1 else { throw ValidationError("--stay must be 1 or more") }
        guard (1...Scenario.maxStoryRepeats).contains(repeats) else {
            throw ValidationError("--repeat must be between 1 and \(Scenario.maxStoryRepeats)")
        }
    }

    func run() throws {
        let text = ScenarioSynthesizer(scenes: scenes, steps: steps, stay: stay, repeats: repeats).yaml()
        if let output = outputFile(output) {
            try AtomicFile.write(text, to: URL(fileURLWithPath: output))
        } else {
            Console.out(text)
        }
    }
}
