import Foundation
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// What an app needs to hold generated packages: SceneFlow's recorder as a dependency with none of the tool's
/// dependencies (its traits off), shared by every package, so that one process records one trace.
@Suite("the recorder an app depends on")
struct RecorderDependencyTests {
    @Test("two packages generated with --recorder FOLDER and an app's own target build together, resolve no third-party package, and record one trace through one recorder")
    func twoGeneratedPackagesRecordOneTrace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (scenario, name, module) in [("Login", "SignIn", "SignIn"), ("Counter-SwiftUI", "Counter", "CounterSwiftUI")] {
            let generated = try CLI.run(["generate", "Scenarios/\(scenario).yml", "--out", folder.appendingPathComponent(name).path,
                                         "--module", module, "--recorder", PackagePaths.root.path])
            #expect(generated.status == 0, "\(generated.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/Sources/TraceFormat").path),
                    "nothing of the recorder is carried")
        }
        let root = PackagePaths.root.resolvingSymlinksInPath()
        let identity = root.lastPathComponent.lowercased()
        // The checkout as the package's folder reaches it: up to what the two paths share, then down.
        let from = folder.appendingPathComponent("SignIn").resolvingSymlinksInPath().pathComponents, to = root.pathComponents
        let shared = zip(from, to).prefix { $0 == $1 }.count
        let fromPackage = (Array(repeating: "..", count: from.count - shared) + to[shared...]).joined(separator: "/")
        let manifest = try String(contentsOf: folder.appendingPathComponent("SignIn/Package.swift"), encoding: .utf8)
        #expect(manifest.contains("""
                dependencies: [
                    // SceneFlow's recorder alone: with its traits off, none of the tool's dependencies is resolved.
                    .package(path: "\(fromPackage)", traits: []),
                ],
                targets: [
                    // Scenes/ holds one folder per scene, as Xcode's Clean Swift templates lay them out: drag it into a project.
                    .target(name: "SignIn", dependencies: [.product(name: "SceneFlowRecorder", package: "\(identity)")]),
                    .testTarget(name: "SignInTests", dependencies: ["SignIn"]),
                ],
            """), "\(manifest)")

        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/ComposedApp"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Tests/ComposedAppTests"), withIntermediateDirectories: true)
        try Data("""
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "ComposedApp",
                platforms: [.iOS(.v16), .macOS(.v14)],
                dependencies: [
                    .package(path: "../SignIn"),
                    .package(path: "../Counter"),
                    .package(path: "\(root.path)", traits: []),
                ],
                targets: [
                    .target(name: "ComposedApp", dependencies: [
                        .product(name: "SignIn", package: "SignIn"), .product(name: "CounterSwiftUI", package: "Counter"),
                        .product(name: "SceneFlowRecorder", package: "\(identity)"),
                    ]),
                    .testTarget(name: "ComposedAppTests", dependencies: ["ComposedApp"]),
                ],
                swiftLanguageModes: [.v5]
            )

            """.utf8).write(to: app.appendingPathComponent("Package.swift"))
        try Data("""
            import SceneFlowRecorder

            /// The app's own code: it records through the recorder the scenes of both packages record through.
            public enum ComposedApp {
                public static var recorder: Recorder { .shared }
            }

            """.utf8).write(to: app.appendingPathComponent("Sources/ComposedApp/ComposedApp.swift"))
        try Data("""
            import ComposedApp
            @testable import CounterSwiftUI
            import SceneFlowRecorder
            @testable import SignIn
            import Testing

            @Test func bothPackagesRecordOneTrace() throws {
                let recorder = ComposedApp.recorder
                try recorder.begin(scenario: "Composed", file: "Composed.yml", pattern: "clean-swift", start: "Login")
                let navigator = SceneNavigator()
                SceneNavigator.shared = navigator
                let login = LoginViewController()
                navigator.start(with: login)
                navigator.settle()
                login.login(request: Login.Login.Request(username: "ann", password: "secret"))
                navigator.settle()
                #expect(navigator.top is HomeViewController)
                let screen = SceneScreen()
                SceneScreen.shared = screen
                screen.start(with: SomeView().configureView())
                screen.settle()
                let counter = try #require(screen.top as? SomeView)
                counter.doSomething(request: Some.DoSomething.Request())
                screen.settle()
                #expect((screen.top as? CounterSwiftUI.SceneTracing)?.sceneTrace?.screen["count"] == .int(1))
                try recorder.finish()
            }

            """.utf8).write(to: app.appendingPathComponent("Tests/ComposedAppTests/ComposedAppTests.swift"))

        let dependencies = try ExternalTool.run("swift", ["package", "show-dependencies"], in: app)
        #expect(dependencies.status == 0, "\(dependencies.stderr)")
        #expect(dependencies.stdout == """
            .
            ├── signin<\(folder.resolvingSymlinksInPath().path)/SignIn@unspecified>(traits: default)
            │   └── \(identity)<\(root.path)@unspecified>
            ├── counter<\(folder.resolvingSymlinksInPath().path)/Counter@unspecified>(traits: default)
            │   └── \(identity)<\(root.path)@unspecified>
            └── \(identity)<\(root.path)@unspecified>

            """, "only the app's packages and SceneFlow's, with no third-party package")
        let built = try ExternalTool.run("swift", ["build", "--build-tests"], in: app)
        #expect(built.status == 0, "\(built.stdout.suffix(3000))\(built.stderr.suffix(3000))")
        let traceFile = folder.appendingPathComponent("one.jsonl")
        let tested = try ExternalTool.run("env", ["SCENEFLOW_TRACE=\(traceFile.path)", "swift", "test", "--skip-build"], in: app)
        #expect(tested.status == 0, "\(tested.stdout.suffix(3000))\(tested.stderr.suffix(3000))")
        let trace = try TraceReader.read(contentsOf: traceFile)
        #expect(trace.header.scenario == "Composed")
        #expect(trace.events.map(\.sequence) == Array(1...trace.events.count), "one numbering: one recorder")
        let participants = Set(trace.events.flatMap { [$0.from.name, $0.to.name] })
        #expect(participants.isSuperset(of: ["LoginViewController", "LoginInteractor", "HomeViewController", "SomeView", "SomeInteractor"]))
        #expect(trace.end?.status == .completed)
    }

    @Test("--recorder that names no SceneFlow package is refused before anything is written; 'carried' is the default")
    func aFolderThatIsNotSceneFlowIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.appendingPathComponent("App").path,
                                   "--recorder", "Scenarios", "--color", "never"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: --recorder Scenarios: not SceneFlow's package (no Package.swift beside Sources/SceneFlowRecorder); give the folder of SceneFlow's Package.swift, its git URL, or 'carried'\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        let remote = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.appendingPathComponent("Remote").path,
                                  "--recorder", "https://example.com/team/SceneFlow.git"])
        #expect(remote.status == 0, "\(remote.stderr)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("Remote/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://example.com/team/SceneFlow.git", from: ""#))
        #expect(manifest.contains(#".target(name: "SignIn", dependencies: [.product(name: "SceneFlowRecorder", package: "sceneflow")]),"#))
        let carried = try CLI.run(["generate", "Scenarios/Login.yml", "--out", folder.appendingPathComponent("Carried").path, "--recorder", "carried"])
        #expect(carried.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Carried/Sources/TraceFormat/TraceEncoder.swift").path))
    }
}
