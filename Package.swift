// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// The tool's third-party libraries are trait-guarded: an app that depends on SceneFlow for its recorder alone writes
// `.package(path: "…", traits: [])` (or `url:`), and none of them enters its resolved graph. `Tracing` brings
// swift-syntax for `@Traced`; `Tool` (the default, with `Tracing`) everything `sceneflow` needs.
let tool = TargetDependencyCondition.when(traits: ["Tool"])
let tracing = TargetDependencyCondition.when(traits: ["Tool", "Tracing"])

let package = Package(
    name: "SceneFlow",
    platforms: [.macOS(.v14), .iOS(.v16)],
    products: [
        .executable(name: "sceneflow", targets: ["sceneflow"]),
        .library(name: "SceneFlowKit", targets: ["SceneFlowKit"]),
        // For app code, generated or hand-written: records its runs in the trace format.
        .library(name: "SceneFlowRecorder", targets: ["SceneFlowRecorder"]),
        // The recorder with `@Traced`, which writes a protocol's tracing wrapper.
        .library(name: "SceneFlowTracing", targets: ["SceneFlowTracing"]),
        // `swift package sceneflow check Flows/` in a package that depends on SceneFlow.
        .plugin(name: "SceneFlowCommand", targets: ["SceneFlowCommand"]),
        // Validates a target's scenario files as part of its build.
        .plugin(name: "SceneFlowValidate", targets: ["SceneFlowValidate"]),
    ],
    traits: [
        .trait(name: "Tool", description: "The sceneflow tool, its library and its tests: every third-party dependency."),
        .trait(name: "Tracing", description: "@Traced, the macro that writes a protocol's tracing wrapper (swift-syntax)."),
        .default(enabledTraits: ["Tool", "Tracing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    ],
    targets: [
        // The trace: values, component roles, source locations, trace events and the JSON Lines writer. Foundation
        // only, and no reading: it is what a recorder in an app links.
        .target(name: "TraceFormat"),
        // The trace read back: the JSON Lines reader (format 1 upgraded), and the semantic diff of two traces.
        .target(name: "TraceReading", dependencies: ["TraceFormat"]),
        // What app code links to record its runs (and the expression language's semantics, for generated code).
        // Foundation and the trace format only.
        .target(name: "SceneFlowRecorder", dependencies: ["TraceFormat"]),
        // `@Traced` on a protocol: its tracing wrapper, written at compile time. swift-syntax lives here too, in the
        // compiler plugin; apps link SceneFlowTracing, which declares the macro and re-exports the recorder.
        .macro(name: "SceneFlowMacros",
               dependencies: [.product(name: "SwiftSyntax", package: "swift-syntax", condition: tracing),
                              .product(name: "SwiftSyntaxBuilder", package: "swift-syntax", condition: tracing),
                              .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: tracing),
                              .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: tracing)]),
        .target(name: "SceneFlowTracing", dependencies: ["SceneFlowRecorder", "SceneFlowMacros"]),
        // The model: a scenario's value types, pattern definitions and diagnostics. Foundation and the trace's vocabulary.
        .target(name: "ScenarioSpec", dependencies: ["TraceFormat"]),
        // YAML -> ScenarioSpec with positions; validation; the expression language; the SHA-256 of what it read.
        // Yams and swift-crypto live here only.
        .target(
            name: "ScenarioLoader",
            dependencies: ["ScenarioSpec", .product(name: "Yams", package: "Yams", condition: tool), .product(name: "Crypto", package: "swift-crypto", condition: tool)]
        ),
        // A scenario model written back as a scenario file (what translate and import write). Text only.
        .target(name: "ScenarioWriting", dependencies: ["ScenarioSpec", "TraceFormat"]),
        // A scenario rewritten into another pattern by that pattern's rules, with what had no counterpart said.
        .target(name: "PatternTranslation", dependencies: ["ScenarioSpec"]),
        // Scenario -> Swift package: scenes in the pattern's names with real bodies, recording through SceneFlowRecorder,
        // and tests. Text only: no engine.
        // The recorder's source it carries into every package is written as it builds (CarryRecorder), from the targets.
        // The support files it writes into every package are real Swift files in Support/, embedded as they are.
        .target(name: "CodeGeneration", dependencies: ["ScenarioSpec", "TraceFormat"],
                resources: [.embedInCode("Support")], plugins: ["CarryRecorder"]),
        .executableTarget(name: "sceneflow-carry"),
        .plugin(name: "CarryRecorder", capability: .buildTool(), dependencies: ["sceneflow-carry"]),
        // Runs a scenario's story under its pattern's rules and emits trace events.
        .target(name: "SceneEngine", dependencies: ["ScenarioSpec", "TraceFormat"]),
        // Checks any trace (the engine's, generated code's, an app's) against its story's expectations and its pattern's
        // rules, rebuilding state from the trace; coverage; JUnit. No engine.
        .target(name: "StoryCheck", dependencies: ["ScenarioSpec", "TraceFormat", "TraceReading"]),
        // Diagram models (sequence, dependency, flow) and their DOT encoding; no Graphviz, no engine.
        .target(name: "Diagrams", dependencies: ["ScenarioSpec", "TraceFormat"]),
        // Graphviz's C library, found with pkg-config.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // The small C layer around libgvc: DOT read from memory with repeatable IDs, messages collected, the PNG device.
        .target(name: "GraphvizShim", dependencies: ["CGraphviz"]),
        // DOT text -> SVG / PNG / PDF bytes, in process. CGraphviz and the shim live here only.
        .target(name: "GraphvizRenderer", dependencies: ["CGraphviz", "GraphvizShim"]),
        // A run told step by step for learners, in English and Korean; the quiz; the cycle picture in text.
        .target(name: "Narration", dependencies: ["ScenarioSpec", "TraceFormat"]),
        // The self-contained HTML report: page, data and script; SVGs come in as text. Foundation only.
        // Its stylesheets and script are real files in Assets/, embedded as they are.
        .target(name: "HTMLReport", dependencies: ["ScenarioSpec", "TraceFormat", "Narration", "Diagrams"],
                resources: [.embedInCode("Assets")]),
        // Exports of traces and diagrams to other tools' formats (Mermaid, PlantUML, Chrome trace); no engine, no Graphviz.
        .target(name: "Exporters", dependencies: ["ScenarioSpec", "TraceFormat", "TraceReading", "Diagrams"]),
        // The pipeline as library calls: run, check, coverage, render, export, compare; the files they write.
        .target(
            name: "SceneFlowKit",
            dependencies: [
                "ScenarioSpec", "ScenarioLoader", "TraceFormat", "TraceReading", "SceneEngine", "Diagrams", "GraphvizRenderer", "Exporters",
                "StoryCheck", "Narration", "HTMLReport", "CodeImport", "CodeGeneration", "ScenarioWriting",
                "PatternTranslation",
            ]
        ),
        // What a terminal shows: diagnostics with excerpts, the run as it happens, check and coverage reports, the
        // explain session. Rainbow lives here only.
        .target(
            name: "TerminalOutput",
            dependencies: [
                "SceneFlowKit", "ScenarioSpec", "TraceFormat", "StoryCheck", "Narration", "SceneEngine",
                .product(name: "Rainbow", package: "Rainbow", condition: tool),
            ]
        ),
        // Swift code -> an app model (scenes, use cases, fields, workers, routes, wiring, references) -> a scenario
        // (`import`), a dependency map (`map`) or the differences from a scenario (`drift`). swift-syntax lives here only.
        .target(
            name: "CodeImport",
            dependencies: [
                "ScenarioSpec", "TraceFormat", "ScenarioWriting",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: tracing),
                .product(name: "SwiftParser", package: "swift-syntax", condition: tracing),
            ]
        ),
        // Synthetic scenarios of any size (`sceneflow synth`), as YAML text.
        .target(name: "ScenarioSynth"),
        // The command line as a library: options mapped to the pipeline's calls, and what they print. ArgumentParser
        // lives here only. Tests run its commands in process, with their own streams.
        .target(
            name: "SceneFlowCLI",
            dependencies: [
                "SceneFlowKit", "TerminalOutput", "ScenarioSynth", "ScenarioSpec", "ScenarioLoader", "SceneEngine", "TraceFormat", "TraceReading",
                "Diagrams", "Narration", "GraphvizRenderer", "StoryCheck", "CodeImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tool),
            ]
        ),
        // The command-line tool: its main, over SceneFlowCLI.
        .executableTarget(name: "sceneflow", dependencies: ["SceneFlowCLI"]),
        // Golden files and package paths, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["validate_schema.py"]),
        // `make bench`: times the release `sceneflow` end to end beside PlantUML and dot; writes docs/Performance.md.
        .executableTarget(name: "sceneflow-bench"),
        // Scores `import` against ground truth written by hand for a corpus of real apps (Tests/Corpus/); the apps'
        // code is fetched separately, never part of this repository.
        .executableTarget(name: "sceneflow-corpus", dependencies: ["CodeImport", "SceneFlowKit", "ScenarioLoader", "ScenarioSpec"]),
        // libFuzzer targets for the loader, the expression parser and the trace reader (`make fuzz`); built normally, a replayer.
        .executableTarget(name: "sceneflow-fuzz", dependencies: ["ScenarioLoader", "TraceFormat", "TraceReading", "Diagrams", "Narration", "Exporters", "CodeImport",
                                                                "PatternTranslation", "ScenarioWriting", "ScenarioSpec"]),
        .testTarget(name: "ScenarioSpecTests", dependencies: ["ScenarioSpec"]),
        .testTarget(
            name: "ScenarioLoaderTests",
            dependencies: ["ScenarioLoader", "ScenarioSpec", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TraceFormatTests", dependencies: ["TraceFormat", "TraceReading", "ScenarioSpec"]),
        .testTarget(
            name: "SceneEngineTests",
            dependencies: ["SceneEngine", "StoryCheck", "TraceFormat", "TraceReading", "ScenarioLoader", "ScenarioSpec", "TestSupport"],
            exclude: ["Goldens", "Fixtures"]
        ),
        .testTarget(name: "GraphvizRendererTests", dependencies: ["GraphvizRenderer"]),
        .testTarget(
            name: "DiagramsTests",
            dependencies: ["Diagrams", "TraceFormat", "TraceReading", "ScenarioSpec", "ScenarioLoader", "SceneEngine", "GraphvizRenderer", "SceneFlowKit", "ScenarioSynth", "TestSupport"],
            exclude: ["Goldens", "Format1"]
        ),
        .testTarget(
            name: "StoryCheckTests",
            dependencies: ["StoryCheck", "SceneEngine", "TraceFormat", "ScenarioLoader", "ScenarioSpec", "TestSupport"],
            exclude: ["Schemas"]
        ),
        .testTarget(
            name: "ExportersTests",
            dependencies: ["Exporters", "Diagrams", "SceneEngine", "TraceFormat", "ScenarioLoader", "ScenarioSpec", "GraphvizRenderer", "TestSupport"],
            exclude: ["Fixtures", "Goldens"]
        ),
        .testTarget(
            name: "NarrationTests",
            dependencies: ["Narration", "HTMLReport", "SceneFlowKit", "TerminalOutput", "Diagrams", "SceneEngine", "TraceFormat", "ScenarioLoader", "ScenarioSpec",
                           "CodeGeneration", "TestSupport"],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "CodeGenerationTests",
            dependencies: ["CodeGeneration", "ScenarioLoader", "ScenarioSpec", "SceneEngine", "TraceFormat", "TestSupport"],
            exclude: ["Expected"]
        ),
        .testTarget(
            name: "CodeImportTests",
            dependencies: ["CodeImport", "CodeGeneration", "ScenarioLoader", "ScenarioSpec", "SceneEngine", "StoryCheck", "TestSupport",
                           .product(name: "SwiftParser", package: "swift-syntax", condition: tracing),
                           .product(name: "SwiftParserDiagnostics", package: "swift-syntax", condition: tracing)],
            exclude: ["Fixtures", "Expected"]
        ),
        .testTarget(
            name: "PatternTranslationTests",
            dependencies: ["PatternTranslation", "ScenarioWriting", "ScenarioLoader", "SceneEngine", "StoryCheck", "TraceFormat",
                           "ScenarioSpec", "SceneFlowKit", "Diagrams", "HTMLReport", "Narration", "TestSupport"],
            exclude: ["Goldens"]
        ),
        .testTarget(name: "SceneFlowMacrosTests",
                    dependencies: ["SceneFlowMacros", "SceneFlowTracing",
                                   .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax", condition: tracing),
                                   .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax", condition: tracing)]),
        .plugin(name: "SceneFlowCommand",
                capability: .command(intent: .custom(verb: "sceneflow", description: "Run sceneflow (validate, check, run, map, drift, …) on this package's files"),
                                     permissions: [.writeToPackageDirectory(reason: "sceneflow writes traces, diagrams and reports where its options say")]),
                dependencies: ["sceneflow"]),
        .plugin(name: "SceneFlowValidate", capability: .buildTool(), dependencies: ["sceneflow"]),
        // `sceneflow` is built for the tests that run the binary (hostile input, helpers, folders of their own).
        .testTarget(name: "SceneFlowCLITests", dependencies: ["SceneFlowCLI", "SceneFlowKit", "TerminalOutput", "CodeGeneration", "CodeImport", "Diagrams", "TraceFormat", "TraceReading", "Narration", "StoryCheck", "ScenarioSpec", "TestSupport", "sceneflow"],
                    exclude: ["Fixtures"]),
    ]
)
