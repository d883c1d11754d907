import Foundation
import ScenarioSpec

/// `sceneflow import`: Swift sources (files and folders) → an app model → a scenario. Reads with swift-syntax's
/// parser, never with patterns over text; runs nothing; the same files give the same bytes whatever order the file
/// system lists them in.
public struct CodeImporter: Sendable {
    /// Folders never read: dependencies and build products.
    public static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", ".build", "build", ".git", "node_modules", "Packages"]
    /// Largest Swift file read (bytes); bigger ones are listed as skipped.
    public static let largestFile = 4 << 20

    /// Extra folder or file names to skip (`--exclude`).
    public var excluded: Set<String>

    /// Looks at the files before they are read here and names those that must not be (a helper process that parses
    /// each within a time budget, or crashes on it in our stead): path → why. Nil reads every file here.
    public var vet: (@Sendable (_ paths: [String]) -> [String: String])?

    public init(excluded: Set<String> = [], vet: (@Sendable (_ paths: [String]) -> [String: String])? = nil) {
        self.excluded = excluded
        self.vet = vet
    }

    /// Why a file's text cannot be read (its nesting, its depth) and the line it shows at, or nil when it can: what a
    /// helper process that vets files answers for each (as `LINE:REASON`, which `read` turns into a place).
    public static func vet(source: String) -> String? {
        if case .refused(let line, let reason) = SwiftIndex.parse(source) { return "\(line):" + reason }
        return nil
    }

    /// Why nothing could be imported: SceneFlow's one `Failure`, with an `import/…` id.
    public typealias Failure = ScenarioSpec.Failure

    public struct Result: Sendable {
        public var app: ImportedApp
        /// The scenario file's text.
        public var scenario: String
        /// How many `todo`s it holds.
        public var placeholders: Int = 0
    }

    /// An error a checker found in the scenario text: its 1-based line and column, and what it said.
    public struct Problem: Sendable {
        public var line: Int
        public var column: Int
        public var message: String

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// Reads `paths` (or `sources` given as text) and writes the scenario titled `title` (by default, the first
    /// folder's name). With `check`
    /// (the scenario loader's errors for a text), a translated expression the checker refuses — a type that does
    /// not fit where the code's `if let` or `!` made it fit — is written as `todo` instead, and listed.
    public func importApp(_ paths: [String], title: String? = nil, sources: [(file: String, text: String)]? = nil,
                          check: ((String) -> [Problem])? = nil) throws -> Result {
        var app = try (sources.map { try read(sources: $0) } ?? read(paths)).keepingScenarioNames()
        app.unmapped = Self.sorted(app.unmapped)
        let title = title ?? Self.title(for: paths)
        guard let check else {
            var writer = ScenarioText(app: app, title: title)
            let text = writer.text()
            return Result(app: app, scenario: text, placeholders: writer.placeholders)
        }
        // What cannot be written as the code has it even with its expressions as `todo` (a trigger a Request needs
        // values for, a name the scenario refuses) is left out, said with the checker's reason: the file always loads.
        var leftOut: [ImportedApp.Unmapped] = []
        for attempt in 0..<12 {
            var writer = ScenarioText(app: app, title: title)
            var (text, replaced, remaining) = Self.repairExpressions(writer.text(), writer: &writer, check: check)
            if remaining.isEmpty || attempt == 11 {
                if !replaced.isEmpty || !leftOut.isEmpty {
                    app.unmapped = Self.sorted(app.unmapped + replaced + leftOut)
                    // The header lists what was not mapped: write it again with the replacements.
                    text = Self.replaceHeader(of: text, with: app)
                }
                return Result(app: app, scenario: text, placeholders: writer.placeholders)
            }
            var removed = false
            for problem in remaining {
                guard let block = writer.blocks.filter({ $0.lines.contains(problem.line) }).min(by: { $0.lines.count < $1.lines.count }),
                      Self.remove(block.part, from: &app) else { continue }
                leftOut.append(.init(message: "\(block.part) could not be written as the code has it (\(problem.message)); it is left out",
                                     location: block.origin))
                removed = true
            }
            _ = replaced
            if !removed {
                // Nothing known holds the problem: leave the file as it is, with the checker's complaint said.
                for problem in remaining {
                    leftOut.append(.init(message: "the scenario's line \(problem.line) is refused: \(problem.message)", location: nil))
                }
                app.unmapped = Self.sorted(app.unmapped + replaced + leftOut)
                return Result(app: app, scenario: Self.replaceHeader(of: text, with: app), placeholders: writer.placeholders)
            }
        }
        var writer = ScenarioText(app: app, title: title)
        let text = writer.text()
        return Result(app: app, scenario: text, placeholders: writer.placeholders)
    }

    /// Each translated expression the checker refuses — a type that does not fit where the code's `if let` or `!` made
    /// it fit — written as `todo` instead, and listed; up to three rounds, since an error can hide another.
    static func repairExpressions(_ text: String, writer: inout ScenarioText, check: (String) -> [Problem])
        -> (text: String, replaced: [ImportedApp.Unmapped], remaining: [Problem]) {
        var lines = text.components(separatedBy: "\n")
        var replaced: [ImportedApp.Unmapped] = []
        var remaining: [Problem] = []
        for round in 0...3 {
            let problems = check(lines.joined(separator: "\n"))
            remaining = problems
            if round == 3 { break }
            var changed = false
            // Right to left on each line, so earlier columns stay valid.
            for problem in problems.sorted(by: { ($0.line, $1.column) < ($1.line, $0.column) }) {
                // The expression the problem is in (a checker may point at a member inside it).
                guard let place = writer.expressions.first(where: { $0.line == problem.line && $0.column == problem.column })
                        ?? writer.expressions.last(where: { $0.line == problem.line && $0.column <= problem.column
                            && problem.column < $0.column + $0.yaml.unicodeScalars.count }),
                      place.yaml != "todo", problem.line - 1 < lines.count else { continue }
                var scalars = Array(lines[problem.line - 1].unicodeScalars)
                let start = place.column - 1, length = place.yaml.unicodeScalars.count
                guard start + length <= scalars.count, String(String.UnicodeScalarView(scalars[start..<(start + length)])) == place.yaml else { continue }
                scalars.replaceSubrange(start..<(start + length), with: "todo".unicodeScalars)
                lines[problem.line - 1] = String(String.UnicodeScalarView(scalars))
                replaced.append(.init(message: "'\(Self.abbreviated(place.yaml))' does not fit the scenario here (\(problem.message)); written as todo",
                                      location: place.origin))
                writer.markReplaced(line: place.line, column: place.column)
                changed = true
            }
            if !changed { break }
            // A replacement shortens its line: find the later expressions on it again before the next round.
            writer.shiftColumns(after: lines)
        }
        return (lines.joined(separator: "\n"), replaced, remaining)
    }

    /// Text quoted in a message: at most 80 characters of it, and how long it is when longer.
    static func abbreviated(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(80)) + "… (\(text.count) characters)"
    }

    /// Takes a part out of the app model; false when it is not there.
    static func remove(_ part: ScenarioText.Part, from app: inout ImportedApp) -> Bool {
        switch part {
        case .scene(let name):
            guard let at = app.scenes.firstIndex(where: { $0.name == name }) else { return false }
            app.scenes.remove(at: at)
            for s in app.scenes.indices { app.scenes[s].routes.removeAll { $0.destination == name } }
        case .useCase(let scene, let name):
            guard let s = app.scenes.firstIndex(where: { $0.name == scene }),
                  let u = app.scenes[s].useCases.firstIndex(where: { $0.name == name }) else { return false }
            app.scenes[s].useCases.remove(at: u)
        case .route(let scene, let name):
            guard let s = app.scenes.firstIndex(where: { $0.name == scene }),
                  let r = app.scenes[s].routes.firstIndex(where: { $0.name == name }) else { return false }
            app.scenes[s].routes.remove(at: r)
        case .worker(let scene, let name):
            guard let s = app.scenes.firstIndex(where: { $0.name == scene }),
                  let w = app.scenes[s].workers.firstIndex(where: { $0.name == name }) else { return false }
            app.scenes[s].workers.remove(at: w)
            for u in app.scenes[s].useCases.indices {
                app.scenes[s].useCases[u].interactor = app.scenes[s].useCases[u].interactor.removingCalls(to: name)
            }
        case .entity(let name):
            guard let at = app.entities.firstIndex(where: { $0.name == name }) else { return false }
            app.entities.remove(at: at)
        case .enumeration(let name):
            guard let at = app.enums.firstIndex(where: { $0.name == name }) else { return false }
            app.enums.remove(at: at)
        }
        return true
    }

    /// The scenario text with its leading comment block written for `app` (the rest unchanged).
    static func replaceHeader(of text: String, with app: ImportedApp) -> String {
        var body = text.components(separatedBy: "\n")
        while let first = body.first, first.hasPrefix("#") { body.removeFirst() }
        var writer = ScenarioText(app: app, title: "")
        let header = writer.header()
        return (header + body).joined(separator: "\n")
    }

    /// The app model of the code at `paths`.
    public func read(_ paths: [String]) throws -> ImportedApp {
        let files = try swiftFiles(paths)
        var sources: [(file: String, text: String)] = []
        var skipped: [ImportedApp.Unmapped] = []
        let vetted = vet?(files.map(\.path)) ?? [:]
        for file in files {
            if let reason = vetted[file.path] {
                // `LINE:REASON` from the file's own guards, or what happened to the helper parsing it.
                if let colon = reason.firstIndex(of: ":"), let line = Int(reason[..<colon]) {
                    skipped.append(.init(message: String(reason[reason.index(after: colon)...]),
                                         location: SourceLocation(file: file.display, line: line, column: 1)))
                } else {
                    skipped.append(.init(message: "\(file.display) is not read: \(reason)", location: nil))
                }
                continue
            }
            var info = stat()
            guard stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if Int(info.st_size) > Self.largestFile {
                skipped.append(.init(message: "\(file.display) is larger than \(Self.largestFile >> 20) MiB and was not read", location: nil))
                continue
            }
            guard let data = FileManager.default.contents(atPath: file.path) else {
                skipped.append(.init(message: "\(file.display) could not be read", location: nil))
                continue
            }
            sources.append((file.display, String(decoding: data, as: UTF8.self)))
        }
        var app: ImportedApp
        do {
            app = try read(sources: sources)
        } catch let failure as Failure where !skipped.isEmpty {
            // What was not read is part of why nothing was found.
            throw Failure(failure.id, failure.message + skipped.map { "; \($0)" }.joined())
        }
        app.unmapped = Self.sorted(skipped + app.unmapped)
        // Everything skipped here is a file not read.
        app.filesNotRead = Self.sorted(skipped + app.filesNotRead)
        return app
    }

    /// The files the index refused, with why.
    static func notRead(_ index: SwiftIndex) -> [ImportedApp.Unmapped] {
        index.refused.map { .init(message: $0.reason, location: SourceLocation(file: $0.file, line: $0.line, column: 1)) }
    }

    /// The app model of sources given as text (`file` names each in messages).
    public func read(sources: [(file: String, text: String)]) throws -> ImportedApp {
        var index = SwiftIndex()
        for source in sources.sorted(by: { $0.file < $1.file }) { index.add(source: source.text, file: source.file) }
        index.prepare()
        let aliases = index.selfNames.subtracting(BodyReader.usualSelfAliases).sorted()
        return try BodyReader.$appSelfAliases.withValue(aliases) { try read(index, sources: sources) }
    }

    /// The app model of an index of `sources`.
    private func read(_ index: SwiftIndex, sources: [(file: String, text: String)]) throws -> ImportedApp {
        let files = sources
        if VIPReader.convention(of: index) == nil, let state = VIPReader.appStateType(index),
           case let names = VIPReader.appStateSceneNames(index, state: state), !names.isEmpty,
           let variant = PatternRegistry.current.all.first(where: { $0.flow.store == .appState }) {
            var reader = VIPReader(index: index)
            let (fields, scenes, entities) = reader.readAppState(state, names: names)
            for refused in index.refused {
                reader.unmapped.append(.init(message: refused.reason, location: SourceLocation(file: refused.file, line: refused.line, column: 1)))
            }
            var app = ImportedApp(pattern: variant.pattern, convention: variant.title + " (an ObservableObject \(state.name), Interactors that write it)",
                                  scenes: scenes, entities: entities, unmapped: Self.sorted(reader.unmapped),
                                  filesWithErrors: index.filesWithErrors, files: sources.count)
            app.appState = fields
            app.enums = reader.enums
            app.filesNotRead = Self.notRead(index)
            return app
        }
        let finder = SceneFinder(index: index)
        let found = finder.scenes()
        let known = VIPReader.convention(of: index)
        if found.isEmpty && known == nil {
            let refusedNote = index.refused.map { "; \($0.file):\($0.line) \($0.reason)" }.joined()
            throw Failure("import/no-scenes", "no scenes found in \(files.count) Swift file\(files.count == 1 ? "" : "s"): a scene is a View, an Interactor and a Presenter (or a Router) that belong together, named like 'LoginViewController', 'LoginInteractor', 'LoginPresenter' or implementing protocols named so ('LoginBusinessLogic', 'LoginViewToPresenterProtocol', 'LoginViewOutput')" + refusedNote)
        }
        var reader = VIPReader(index: index)
        let scenes: [ImportedApp.Scene], entities: [ImportedApp.Entity]
        let vip = VIPReader.viewAsksInteractor, viper = VIPReader.viewTellsPresenter
        var pattern = vip.pattern
        var conventionTitle = known?.convention.title ?? vip.title + " (the app's own names)"
        let readAsVIPER: Bool
        (scenes, entities, readAsVIPER) = reader.readScenes(found, finder: finder)
        if readAsVIPER {
            pattern = viper.pattern
            if known?.convention.presenterInput == nil { conventionTitle = viper.title + " (the app's own names)" }
        } else if known?.convention.presenterInput != nil {
            conventionTitle = vip.title + " (the app's own names)"
        }
        for refused in index.refused {
            reader.unmapped.append(.init(message: refused.reason, location: SourceLocation(file: refused.file, line: refused.line, column: 1)))
        }
        // Clean Swift's protocols with SwiftUI Views (structs holding the DataStore) are SwiftUI VIP.
        if pattern == vip.pattern, let first = scenes.first, first.components.contains(where: { component in
            guard component.role == .view, let type = index.type(qualified: component.typeName) ?? index.type(named: component.typeName) else { return false }
            // A SwiftUI View struct, or the observable `Controller` declared inside one.
            if type.kind == .struct { return true }
            guard type.path.count > 1, let outer = index.type(qualified: type.path.dropLast().joined(separator: ".")) else { return false }
            return outer.kind == .struct && index.members(of: outer).inherited.contains("View")
        }), let swiftUI = PatternRegistry.current.all.first(where: { $0.flow.viewWritesDataStore && $0.flow.entry == .interactor && $0.has(.presenter) }) {
            pattern = swiftUI.pattern
            conventionTitle = swiftUI.title + " (" + (known?.convention.businessLogic ?? "the app's own") + " protocols, SwiftUI Views)"
        }
        var app = ImportedApp(pattern: pattern, convention: conventionTitle, scenes: scenes, entities: entities,
                              unmapped: Self.sorted(reader.unmapped), filesWithErrors: index.filesWithErrors, files: files.count)
        app.filesNotRead = Self.notRead(index)
        app.enums = reader.enums
        return app
    }

    /// Unmapped items by place, so the output does not depend on the order they were found in.
    static func sorted(_ items: [ImportedApp.Unmapped]) -> [ImportedApp.Unmapped] {
        var seen = Set<String>()
        return items.filter { seen.insert($0.description).inserted }.sorted { a, b in
            switch (a.location, b.location) {
            case let (x?, y?): return (x.file, x.line, x.column, a.message) < (y.file, y.line, y.column, b.message)
            case (nil, _?): return true
            case (_?, nil): return false
            case (nil, nil): return a.message < b.message
            }
        }
    }

    /// A file to read: its path, and how it is named in messages (relative to what was given).
    struct SourceFile {
        var path: String
        var display: String
    }

    /// Every `.swift` file under `paths`, named from each given folder's own name (`CleanStore/Scenes/…`), sorted by
    /// that name; folders named in `skippedFolders` or
    /// `excluded`, hidden folders and links to folders are not entered; test targets' files are kept (their test
    /// doubles are recognised as such).
    func swiftFiles(_ paths: [String]) throws -> [SourceFile] {
        var files: [SourceFile] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw Failure("import/not-found", "no such file or folder: \(path)") }
            // Places are named from the folder given, by its own name: the same in every checkout.
            let name = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
            if (info.st_mode & S_IFMT) == S_IFREG {
                guard path.hasSuffix(".swift") else {
                    throw Failure("import/not-swift", "\(path) is not a Swift file (.swift) or a folder of them")
                }
                files.append(SourceFile(path: path, display: name))
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw Failure("import/not-swift", "\(path) is not a Swift file or a folder (a device, a FIFO or a socket is not read)")
            }
            try walk(path, display: name, into: &files)
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0.display).inserted }.sorted { $0.display < $1.display }
    }

    private func walk(_ folder: String, display: String, into files: inout [SourceFile]) throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            // Xcode file templates (`VIP.xctemplate`) hold placeholders (`___VARIABLE_sceneName___`), not the app.
            if name.hasPrefix(".") || Self.skippedFolders.contains(name) || excluded.contains(name) || name.hasSuffix(".xctemplate") { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            let shown = (display as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, display: shown, into: &files)
            case S_IFREG where name.hasSuffix(".swift"): files.append(SourceFile(path: path, display: shown))
            default: continue
            }
        }
    }

    /// The scenario's title: the first folder given, by name.
    public static func title(for paths: [String]) -> String {
        guard let first = paths.first else { return "Imported app" }
        let name = (URL(fileURLWithPath: first).standardizedFileURL.lastPathComponent as NSString).deletingPathExtension
        return name.isEmpty || name == "/" ? "Imported app" : name
    }
}
