import ScenarioSpec
import ScenarioWriting

/// An imported app as a scenario file: the normal format, in a fixed order, with the code's places and what could
/// not be mapped as comments. Names and methods appear only where they differ from the pattern's conventions.
struct ScenarioText {
    let app: ImportedApp
    let title: String
    var lines: [String] = []
    /// Where each translated expression was written (1-based line and column, in characters), so a checker's
    /// complaint about one can be answered by writing `todo` there.
    private(set) var expressions: [ExpressionPlace] = []

    /// A part of the file that can be left out whole, and its lines (1-based, the last included).
    struct Block {
        var part: Part
        var lines: ClosedRange<Int>
        var origin: SourceLocation?
    }

    enum Part: CustomStringConvertible {
        case scene(String), useCase(scene: String, name: String), route(scene: String, name: String)
        case worker(scene: String, name: String), entity(String), enumeration(String)

        var description: String {
            switch self {
            case .scene(let name): "scene '\(name)'"
            case .useCase(let scene, let name): "use case '\(scene).\(name)'"
            case .route(let scene, let name): "route '\(scene).\(name)'"
            case .worker(let scene, let name): "worker '\(scene).\(name)'"
            case .entity(let name): "entity '\(name)'"
            case .enumeration(let name): "enum '\(name)'"
            }
        }
    }

    private(set) var blocks: [Block] = []
    /// Operation results written as `todo`.
    private var resultPlaceholders = 0

    /// How many `todo`s the file holds: each expression written as one, and each operation result.
    var placeholders: Int { expressions.filter { $0.yaml == "todo" }.count + resultPlaceholders }

    /// Records the lines `write` adds as one block.
    private mutating func block(_ part: Part, origin: SourceLocation?, _ write: (inout ScenarioText) -> Void) {
        let first = lines.count + 1
        write(&self)
        if lines.count >= first { blocks.append(Block(part: part, lines: first...lines.count, origin: origin)) }
    }

    struct ExpressionPlace {
        var line: Int
        var column: Int
        /// The expression as written in YAML (quoted where needed).
        var yaml: String
        var origin: SourceLocation?
    }

    init(app: ImportedApp, title: String) {
        self.app = app
        self.title = title
    }

    mutating func text() -> String {
        lines = header()
        expressions = []
        blocks = []
        resultPlaceholders = 0
        line("scenario: \(YAMLText.scalar(title))")
        line("pattern: \(app.pattern.rawValue)")
        if let start = startScene { line("start: \(YAMLText.scalar(start))") }
        if !app.enums.isEmpty {
            line("")
            line("enums:")
            for item in app.enums {
                let comment = "  # \(YAMLText.comment(item.location.description))"
                block(.enumeration(item.name), origin: item.location) { text in
                    if item.cases.allSatisfy({ $0.rawValue == nil }) {
                        text.line("  \(YAMLText.key(item.name)): [" + item.cases.map { YAMLText.scalar($0.name) }.joined(separator: ", ") + "]" + comment)
                    } else {
                        text.line("  \(YAMLText.key(item.name)): {" + item.cases.map { " \(YAMLText.key($0.name)): \($0.rawValue ?? "~")" }.joined(separator: ",") + " }" + comment)
                    }
                }
            }
        }
        if !app.entities.isEmpty {
            line("")
            line("entities:")
            for entity in app.entities {
                block(.entity(entity.name), origin: entity.location) { text in
                    text.line("  \(YAMLText.key(entity.name)):" + (entity.fields.isEmpty ? " {}" : "") + "  # \(YAMLText.comment(entity.location.description))")
                    text.fields(entity.fields, indent: 4)
                }
            }
        }
        if !app.appState.isEmpty {
            line("")
            line("appState:")
            fields(app.appState, indent: 2)
        }
        line("")
        line("scenes:")
        for scene in orderedScenes { block(.scene(scene.name), origin: scene.location) { $0.write(scene) } }
        line("")
        line("story: []  # the user's steps: '- do: Scene.UseCase' with 'request:', 'given:' for 'todo' results, 'expect:'")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The comment block that opens the file: where it came from and what was not mapped.
    mutating func header() -> [String] {
        lines = []
        comment("Imported from \(app.files) Swift file\(app.files == 1 ? "" : "s") by 'sceneflow import' (\(app.convention)).")
        comment("What the code cannot tell is 'todo' (validate warns about each one); the story is yours to write.")
        if !app.unmapped.isEmpty {
            comment("Not mapped:")
            for item in app.unmapped { comment("  \(item)") }
        }
        for file in app.filesWithErrors { comment("\(file) has syntax errors; it was read as far as the parser recovered.") }
        let header = lines
        lines = []
        return header
    }

    /// The expression at `line`:`column` now reads `todo`.
    mutating func markReplaced(line: Int, column: Int) {
        if let index = expressions.firstIndex(where: { $0.line == line && $0.column == column }) { expressions[index].yaml = "todo" }
    }

    /// After replacements in `lines`, the recorded columns of later expressions on a changed line are found again
    /// by their text.
    mutating func shiftColumns(after lines: [String]) {
        for index in expressions.indices {
            let place = expressions[index]
            guard place.line - 1 < lines.count else { continue }
            let scalars = Array(lines[place.line - 1].unicodeScalars)
            let target = Array(place.yaml.unicodeScalars)
            let start = place.column - 1
            if start + target.count <= scalars.count, Array(scalars[start..<(start + target.count)]) == target { continue }
            // Search leftwards from the old column (replacements only shorten what precedes).
            var column = min(start, scalars.count - target.count)
            while column >= 0 {
                if column + target.count <= scalars.count, Array(scalars[column..<(column + target.count)]) == target {
                    expressions[index].column = column + 1
                    break
                }
                column -= 1
            }
        }
    }

    /// The scene no route leads to and no tab bar holds (the first such, by name), else the first scene.
    var startScene: String? {
        // Routes that go back do not make their destination a scene one reaches.
        // A tab bar's tabs come on screen with it.
        let destinations = Set(app.scenes.flatMap { $0.routes.filter { !["pop", "popToScene", "dismiss", "back"].contains($0.navigation) }.map(\.destination) + $0.tabs })
        return app.scenes.first { !destinations.contains($0.name) }?.name ?? app.scenes.first?.name
    }

    /// The start scene first, then the others by name.
    var orderedScenes: [ImportedApp.Scene] {
        let start = startScene
        return app.scenes.filter { $0.name == start } + app.scenes.filter { $0.name != start }
    }

    /// The scene's parts the code names otherwise than the pattern's template (`GendreListViewController` where VIPER
    /// says `GendreListView`), so the scenario's traces name what the code does. A name two parts would share, or a
    /// worker has, is left to the template.
    func partNames(of scene: ImportedApp.Scene) -> [(ComponentRole, String)] {
        let naming = app.pattern.definition.naming
        let roles: [ComponentRole] = [.view, .interactor, .presenter, .router]
        let workers = Set(scene.workers.map(\.name))
        var taken = Set(ComponentRole.allCases.filter { !roles.contains($0) }.map { naming.componentName($0, scene: SceneName(scene.name)) })
        var names: [(ComponentRole, String)] = []
        for role in roles {
            guard let component = scene.components.first(where: { $0.role == role }) else { continue }
            let template = naming.componentName(role, scene: SceneName(scene.name))
            let name = component.typeName
            guard name != template, SwiftIdentifier.isValid(name), !workers.contains(name), !taken.contains(name),
                  app.pattern.definition.roles.contains(where: { $0.role == role }) else {
                taken.insert(template)
                continue
            }
            taken.insert(name)
            names.append((role, name))
        }
        // A name another part keeps from the template is taken too.
        return names.filter { role, name in
            !roles.contains { other in other != role && naming.componentName(other, scene: SceneName(scene.name)) == name
                && !names.contains { $0.0 == other } }
        }
    }

    private mutating func write(_ scene: ImportedApp.Scene) {
        line("  \(YAMLText.key(scene.name)):")
        let parts = scene.components.sorted { $0.role < $1.role }.map(\.typeName).joined(separator: ", ")
        let wiring: [String: String] = ["setup": "the View Controller's setup()", "wireFrame": "the WireFrame's module builder",
                                        "configurator": "a Configurator"]
        comment("\(parts)\(scene.wiring.map { "; wired by \(wiring[$0] ?? $0)" } ?? "")", indent: 4)
        // A plain View Controller another scene shows, with no parts of the pattern and nothing routes write into:
        // nothing wires it. One that keeps data its openers pass stays a scene, with its DataStore.
        let external = scene.isScreen && scene.dataStore.isEmpty && scene.workers.isEmpty && scene.useCases.isEmpty
            && scene.routes.isEmpty && scene.shows.isEmpty
        if external, !scene.tabs.isEmpty {
            line("    tabs: [" + scene.tabs.map { YAMLText.scalar($0) }.joined(separator: ", ") + "]")
        } else if external {
            line("    external: true")
        }
        let names = scene.isScreen ? [] : partNames(of: scene)
        if !names.isEmpty {
            line("    names:")
            for (role, name) in names { line("      \(role.rawValue): \(YAMLText.scalar(name))") }
        }
        if !scene.dataStore.isEmpty {
            line("    dataStore:")
            fields(scene.dataStore, indent: 6)
        }
        if !scene.shows.isEmpty {
            line("    view:")
            expressionLine("      shows: ", scene.shows.map { ($0.field, $0.expression, $0.location) })
        }
        if !scene.workers.isEmpty {
            let naming = app.pattern.definition.naming
            line("    workers:")
            for worker in scene.workers {
                block(.worker(scene: scene.name, name: worker.name), origin: worker.location) { text in
                    // The protocol as the code names it, where the pattern would name it otherwise.
                    let template = naming.protocolName(.workerInput, scene: SceneName(scene.name), worker: WorkerName(worker.name))
                    let protocolName = worker.protocolName.flatMap { $0 == template ? nil : $0 }
                    text.line("      \(YAMLText.key(worker.name)):" + (worker.operations.isEmpty && protocolName == nil && worker.made == nil ? " {}" : ""))
                    if let protocolName { text.line("        protocol: \(YAMLText.scalar(protocolName))") }
                    if let made = worker.made { text.line("        made: \(made.rawValue)") }
                    for operation in worker.operations { text.write(operation) }
                }
            }
        }
        if !scene.useCases.isEmpty {
            line("    useCases:")
            for useCase in scene.useCases {
                block(.useCase(scene: scene.name, name: useCase.name), origin: useCase.location) { $0.write(useCase, in: scene) }
            }
        }
        if !scene.routes.isEmpty {
            line("    routes:")
            for route in scene.routes {
                block(.route(scene: scene.name, name: route.name), origin: route.location) { $0.write(route) }
            }
        }
    }

    private mutating func write(_ operation: ImportedApp.Operation) {
        line("        \(YAMLText.key(operation.name)):")
        if !operation.input.isEmpty {
            line("          input:")
            fields(operation.input, indent: 12)
        }
        if let output = operation.output {
            line("          output: \(YAMLText.scalar(output))")
            line("          result: todo")
            resultPlaceholders += 1
        }
        let conventional = PatternNaming.signature(nil, default: operation.name, labels: operation.input.map(\.name))
        if operation.signature != conventional { line("          method: \(YAMLText.scalar(operation.signature))") }
    }

    private mutating func write(_ useCase: ImportedApp.UseCase, in scene: ImportedApp.Scene) {
        line("      \(YAMLText.key(useCase.name)):")
        if let trigger = useCase.trigger { line("        trigger: \(trigger)") }
        let severalOutputs = useCase.outputs.count > 1 && app.pattern.definition.flow.entry != .presenter && useCase.eventMethod == nil
        let models = severalOutputs ? [("request", useCase.request)]
            : [("request", useCase.request), ("response", useCase.response), ("viewModel", useCase.viewModel)]
        for (key, fields) in models where !fields.isEmpty {
            line("        \(key):")
            self.fields(fields, indent: 10)
        }
        if useCase.eventMethod != nil || (!useCase.outputs.isEmpty && app.pattern.definition.flow.entry == .presenter) {
            writeVIPER(useCase, in: scene)
            return
        }
        if severalOutputs {
            writeOutputs(useCase, in: scene)
            return
        }
        line("        interactor:" + (useCase.interactor.isEmpty && !app.pattern.definition.has(.presenter) ? " []" : ""))
        var responded = false
        for step in useCase.interactor {
            if step.flattened.contains(where: { if case .respond = $0 { true } else { false } }) { responded = true }
            writeStep(step, indent: 10, scene: scene, response: useCase.response)
        }
        if !responded, app.pattern.definition.has(.presenter) {
            comment("the code sends the Presenter nothing here", indent: 10)
        }
        if !useCase.viewModel.isEmpty {
            line("        presenter:")
            for assignment in completed(useCase.presenter, fields: useCase.viewModel) {
                let prefix = "          \(YAMLText.key(assignment.0)): "
                let yaml = YAMLText.scalar(assignment.1)
                expressions.append(ExpressionPlace(line: lines.count + 1, column: prefix.unicodeScalars.count + 1, yaml: yaml, origin: assignment.2))
                line(prefix + yaml)
            }
        }
        if !useCase.view.isEmpty {
            line("        view:")
            for step in useCase.view { writeStep(step, indent: 10, scene: scene) }
        }
        var methods: [(String, String)] = []
        let lower = useCase.name.prefix(1).lowercased() + useCase.name.dropFirst()
        if useCase.interactorMethod != "\(lower)(request:)" { methods.append(("interactor", useCase.interactorMethod)) }
        if let presenter = useCase.presenterMethod, presenter != "present\(useCase.name)(response:)" { methods.append(("presenter", presenter)) }
        if let view = useCase.viewMethod, view != "display\(useCase.name)(viewModel:)" { methods.append(("view", view)) }
        if !methods.isEmpty { line("        methods: " + YAMLText.flow(methods)) }
    }

    /// One step at `indent`, as a list item.
    private mutating func writeStep(_ step: ImportedApp.Step, indent: Int, scene: ImportedApp.Scene, response: [ImportedApp.Field] = [],
                                    responses: [String: [ImportedApp.Field]]? = nil) {
        let pad = String(repeating: " ", count: indent)
        switch step {
        case .call(let worker, let operation, let binding, let arguments, _):
            line(pad + "- call: \(YAMLText.scalar("\(worker).\(operation)"))")
            let inputs = scene.workers.first { $0.name == worker }?.operations.first { $0.name == operation }?.input ?? []
            if !inputs.isEmpty {
                let given = Dictionary(arguments.map { ($0.field, $0.expression) }, uniquingKeysWith: { first, _ in first })
                let origins = Dictionary(arguments.map { ($0.field, $0.location) }, uniquingKeysWith: { first, _ in first })
                // An unlabelled value is named by its place (`_0`): the operation's parameter there.
                expressionLine(pad + "  with: ", inputs.enumerated().map { position, input in
                    let key = given[input.name] != nil ? input.name : "_\(position)"
                    return (input.name, given[key] ?? "todo", origins[key])
                })
            }
            // A result the code discards (`{ _ in … }`, `_ = try …`) is bound to nothing: `_` is no name.
            if let binding, binding != "_", scene.workers.first(where: { $0.name == worker })?.operations.first(where: { $0.name == operation })?.output != nil {
                line(pad + "  as: \(YAMLText.scalar(binding))")
            }
        case .store(let assignments, _):
            expressionLine(pad + "- store: ", assignments.map { ($0.field, $0.expression, $0.location) })
        case .respond(let method, let assignments, _):
            if let responses {
                // One of several outputs: named, with that output's Response.
                let fields = method.flatMap { responses[$0] } ?? []
                if fields.isEmpty {
                    line(pad + "- respond: \(YAMLText.scalar(method ?? ""))")
                } else {
                    expressionLine(pad + "- respond: ", completed(assignments, fields: fields))
                    line(pad + "  output: \(YAMLText.scalar(method ?? ""))")
                }
            } else {
                expressionLine(pad + "- respond: ", completed(assignments, fields: response))
            }
        case .set(let assignments, _):
            expressionLine(pad + "- set: ", assignments.map { ($0.field, $0.expression, $0.location) })
        case .respondOutput(let output, let assignments, _):
            if assignments.isEmpty {
                line(pad + "- respond: \(YAMLText.scalar(output))")
            } else {
                expressionLine(pad + "- respond: ", assignments.map { ($0.field, $0.expression, $0.location) })
                line(pad + "  output: \(YAMLText.scalar(output))")
            }
        case .callInteractor(let method, let arguments, _):
            line(pad + "- call: \(YAMLText.scalar("Interactor.\(method)"))")
            if !arguments.isEmpty { expressionLine(pad + "  with: ", arguments.map { ($0.field, $0.expression, $0.location) }) }
        case .display(let method, let values, _):
            line(pad + "- display: \(YAMLText.scalar(method))")
            if !values.isEmpty { expressionLine(pad + "  with: ", values.map { ($0.field, $0.expression, $0.location) }) }
        case .route(let name, let arguments, _):
            line(pad + "- route: \(YAMLText.scalar(name))")
            if !arguments.isEmpty { expressionLine(pad + "  with: ", arguments.map { ($0.field, $0.expression, $0.location) }) }
        case .validate(let condition, let otherwise, let location):
            let prefix = pad + "- validate: "
            let yaml = YAMLText.scalar(condition)
            expressions.append(ExpressionPlace(line: lines.count + 1, column: prefix.unicodeScalars.count + 1, yaml: yaml, origin: location))
            line(prefix + yaml)
            if !otherwise.isEmpty {
                line(pad + "  else:")
                for step in otherwise { writeStep(step, indent: indent + 4, scene: scene, response: response, responses: responses) }
            }
        case .conditional(let condition, let then, let otherwise, let location):
            let prefix = pad + "- if: "
            let yaml = YAMLText.scalar(condition)
            expressions.append(ExpressionPlace(line: lines.count + 1, column: prefix.unicodeScalars.count + 1, yaml: yaml, origin: location))
            line(prefix + yaml)
            line(pad + "  then:" + (then.isEmpty ? " []" : ""))
            for step in then { writeStep(step, indent: indent + 4, scene: scene, response: response, responses: responses) }
            if !otherwise.isEmpty {
                line(pad + "  else:")
                for step in otherwise { writeStep(step, indent: indent + 4, scene: scene, response: response, responses: responses) }
            }
        }
    }

    /// A Clean Swift use case whose Interactor answers through several Presenter methods (a loader, the result, an
    /// error): one output each, with its Response, the ViewModel its Presenter method builds and the View method it
    /// calls.
    private mutating func writeOutputs(_ useCase: ImportedApp.UseCase, in scene: ImportedApp.Scene) {
        let lower = useCase.name.prefix(1).lowercased() + useCase.name.dropFirst()
        if useCase.interactorMethod != "\(lower)(request:)" { line("        methods: " + YAMLText.flow([("interactor", useCase.interactorMethod)])) }
        line("        interactor:" + (useCase.interactor.isEmpty ? " []" : ""))
        let responses = Dictionary(useCase.outputs.map { ($0.name, $0.response) }, uniquingKeysWith: { first, _ in first })
        for step in useCase.interactor { writeStep(step, indent: 10, scene: scene, responses: responses) }
        line("        outputs:")
        for output in useCase.outputs {
            line("          \(YAMLText.key(output.name)):")
            var methods = [("presenter", output.presenterMethod)]
            if let view = output.viewMethod { methods.append(("view", view)) }
            line("            methods: " + YAMLText.flow(methods))
            if !output.response.isEmpty {
                line("            response:")
                fields(output.response, indent: 14)
            }
            if !output.viewModel.isEmpty {
                line("            viewModel:")
                fields(output.viewModel, indent: 14)
                line("            presenter:")
                for assignment in completed(output.mapping, fields: output.viewModel) {
                    let prefix = "              \(YAMLText.key(assignment.0)): "
                    let yaml = YAMLText.scalar(assignment.1)
                    expressions.append(ExpressionPlace(line: lines.count + 1, column: prefix.unicodeScalars.count + 1, yaml: yaml, origin: assignment.2))
                    line(prefix + yaml)
                }
            }
            if !output.view.isEmpty {
                line("            view:")
                for step in output.view { writeStep(step, indent: 14, scene: scene) }
            }
        }
    }

    /// A VIPER use case: the View's event to the Presenter and what the Presenter does with it, the Interactor's
    /// logic, and each output the Interactor answers through with the Presenter's handling of it.
    private mutating func writeVIPER(_ useCase: ImportedApp.UseCase, in scene: ImportedApp.Scene) {
        var methods: [(String, String)] = []
        if let event = useCase.eventMethod { methods.append(("event", event)) }
        if !useCase.interactorMethod.isEmpty { methods.append(("interactor", useCase.interactorMethod)) }
        if !methods.isEmpty { line("        methods: " + YAMLText.flow(methods)) }
        if let event = useCase.event {
            line("        event:" + (event.isEmpty ? " []" : ""))
            for step in event { writeStep(step, indent: 10, scene: scene) }
        }
        line("        interactor:" + (useCase.interactor.isEmpty ? " []" : ""))
        for step in useCase.interactor { writeStep(step, indent: 10, scene: scene) }
        guard !useCase.outputs.isEmpty else { return }
        line("        outputs:")
        for output in useCase.outputs {
            line("          \(YAMLText.key(output.name)):")
            line("            methods: " + YAMLText.flow([("presenter", output.presenterMethod)]))
            if !output.response.isEmpty {
                line("            response:")
                fields(output.response, indent: 14)
            }
            line("            presenter:" + (output.presenter.isEmpty ? " []" : ""))
            for step in output.presenter { writeStep(step, indent: 14, scene: scene) }
        }
    }

    /// Assignments for every field, `todo` where the code gives none.
    private func completed(_ assignments: [ImportedApp.Assignment], fields: [ImportedApp.Field]) -> [(String, String, SourceLocation?)] {
        let given = Dictionary(assignments.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
        return fields.map { ($0.name, given[$0.name]?.expression ?? "todo", given[$0.name]?.location) }
    }

    /// `prefix{ field: expression, … }suffix`, recording where each expression is.
    private mutating func expressionLine(_ prefix: String, _ pairs: [(String, String, SourceLocation?)], suffix: String = "") {
        guard !pairs.isEmpty else {
            line(prefix + "{}" + suffix)
            return
        }
        var text = prefix + "{ "
        for (offset, pair) in pairs.enumerated() {
            if offset > 0 { text += ", " }
            text += YAMLText.key(pair.0) + ": "
            // The expression language's `nil` is no YAML keyword: written plain, as a person writes it.
            let yaml = pair.1 == "nil" ? "nil" : YAMLText.scalar(pair.1)
            expressions.append(ExpressionPlace(line: lines.count + 1, column: text.unicodeScalars.count + 1, yaml: yaml, origin: pair.2))
            text += yaml
        }
        line(text + " }" + suffix)
    }

    private mutating func write(_ route: ImportedApp.Route) {
        line("      \(YAMLText.key(route.name)):")
        // No destination: back to whichever scene is below.
        if !route.destination.isEmpty { line("        to: \(YAMLText.scalar(route.destination))") }
        if let navigation = route.navigation, navigation != "push" { line("        navigation: \(navigation)") }
        if let presentation = route.presentation { line("        presentation: \(presentation.rawValue)") }
        if !route.input.isEmpty {
            line("        input:")
            fields(route.input, indent: 10)
        }
        if !route.pass.isEmpty { expressionLine("        pass: ", route.pass.map { ($0.field, $0.expression, $0.location) }) }
        let conventional = "route" + route.name.prefix(1).uppercased() + route.name.dropFirst() + "()"
        if route.method != conventional { line("        method: \(YAMLText.scalar(route.method))") }
    }

    private mutating func fields(_ fields: [ImportedApp.Field], indent: Int) {
        let pad = String(repeating: " ", count: indent)
        for field in fields {
            let type = field.defaultValue.map { "{ type: \(YAMLText.scalar(field.type)), default: \($0) }" } ?? YAMLText.scalar(field.type)
            line(pad + "\(YAMLText.key(field.name)): \(type)" + (field.note.map { "  # \(YAMLText.comment($0))" } ?? ""))
        }
    }

    private mutating func line(_ text: String) { lines.append(text) }

    private mutating func comment(_ text: String, indent: Int = 0) {
        lines.append(String(repeating: " ", count: indent) + "# " + YAMLText.comment(text))
    }
}
