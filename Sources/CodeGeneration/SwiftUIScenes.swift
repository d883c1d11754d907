import ScenarioSpec

/// The View of a SwiftUI VIP scene (seed 000 §2): a struct that sends the user's actions to its Interactor, is
/// the Presenter's DisplayLogic, and holds its DataStore, an ObservableObject its display logic updates; `body`
/// renders from that state. Everything but `body` runs without SwiftUI, so the cycle plays on Linux too.
extension SceneWriter {
    var dataStoreClass: String { component(.dataStore) }

    func swiftUIView() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.swiftUIImports(&out)
        out.line()
        let display = protocolName(.displayLogic) ?? "\(name)DisplayLogic"
        out.block("protocol \(display)") { body in
            for useCase in scene.useCases {
                for output in useCase.outputs {
                    body.line("func \(declaration(naming.viewMethod(useCase, output: output), types: [viewModelType(useCase, output)]))")
                }
            }
        }
        out.line()
        out.line("/// \(name)'s state: the View holds it and shows it; SwiftUI renders the View again when it changes.")
        out.block("final class \(dataStoreClass): ObservableObject") { body in
            for field in scene.dataStore {
                let initial = field.initialValue.map { " = " + scenes.literal($0, field.type) } ?? (field.type.isOptional ? " = nil" : "")
                body.line("@Published var \(SwiftSpelling.name(field.name)): \(scenes.swiftType(field.type))\(initial)")
            }
        }
        out.line()
        var failure: GenerationLimit?
        let translator = scenes.translator(dataStore: "dataStore")
        if let description = scene.description { out.line("/// \(SwiftSpelling.comment(description))") }
        out.block("struct \(component(.view)): \(display), SceneRoot") { body in
            body.line("var interactor: \(protocolName(.businessLogic) ?? "\(name)BusinessLogic")?")
            body.line("@ObservedObject var dataStore = \(dataStoreClass)()")
            body.line("let trace: SceneTrace")
            body.mark("Object lifecycle")
            viewInitializer(into: &body)
            body.line()
            do throws(GenerationLimit) { try rendering(translator, into: &body) } catch { failure = error }
            body.mark("View lifecycle")
            body.line("/// SwiftUI's `onAppear`: the View renders what it shows, then runs what appearing starts.")
            body.block("func onAppear()") { appear in
                appear.line("let appeared = trace.appeared(\(SwiftSpelling.literal(naming.appearMethod ?? "onAppear()")), cause: nil)")
                appear.line("render(cause: appeared)")
                for useCase in scene.useCases where useCase.trigger.runsOnFirstShow {
                    appear.block("do") { run in
                        run.line("let request = \(requestType(useCase))()")
                        run.block("trace.cycle(\(SwiftSpelling.literal(useCase.name.rawValue)), trigger: \(useCase.trigger == .load ? ".load" : ".appear"), payload: nil, type: nil)") { cycle in
                            sendRequest(useCase, into: &cycle)
                        }
                    }
                }
            }
            do throws(GenerationLimit) { try useCaseSections(into: &body, swiftUIViewSteps) } catch { failure = failure ?? error }
        }
        out.line()
        // The user's actions whose Request the View can make alone: a button each.
        let buttons = scene.useCases.filter { useCase in
            useCase.trigger == .action && useCase.request.allSatisfy { $0.defaultValue != nil || $0.type.isOptional }
        }.map { (SwiftSpelling.words($0.name.rawValue), "\(PatternNaming.baseName(naming.interactorMethod($0)))(request: \(requestType($0))())") }
        swiftUIBody(translator, buttons: buttons, into: &out)
        if let failure { throw failure }
        return out.text.replacingOccurrences(of: "(_ value: \(name).", with: "(_ viewModel: \(name).")
    }

    /// A SwiftUI View's display logic: what it shows, and what it sets in the DataStore it holds (which renders it
    /// again).
    func swiftUIViewSteps(_ steps: [Step], into out: inout SwiftText) throws(GenerationLimit) {
        let translator = scenes.translator(dataStore: "dataStore")
        for step in steps {
            switch step.kind {
            case .set(let assignments):
                for assignment in assignments {
                    guard let field = scene.dataStore.first(where: { $0.name == assignment.target }), assignment.field?.holder != .viewState else {
                        throw GenerationLimit("generate writes a SwiftUI View's DataStore fields; '\(assignment.target)' is the View's own state, which it does not write yet",
                                              at: assignment.targetLocation)
                    }
                    let property = SwiftSpelling.name(field.name)
                    out.line("dataStore.\(property) = \(translator.translate(assignment.value).statement)")
                    out.line("let \(field.name.filter { $0.isLetter || $0.isNumber })Write = trace.viewStored(\(SwiftSpelling.literal(field.name)), \(literal(protocolName(.dataStore))), type: \(SwiftSpelling.literal(field.type.description)), dataStore.\(property))")
                    out.line("render(cause: \(field.name.filter { $0.isLetter || $0.isNumber })Write)")
                }
            case .show(let labels):
                for label in labels {
                    out.line("trace.shown(\(SwiftSpelling.literal(label.target)), \(translator.translate(label.value).statement))")
                }
            case .bind(let assignments):
                for assignment in assignments {
                    out.line("let \(SwiftSpelling.name(assignment.target)) = \(translator.translate(assignment.value).statement)")
                }
            case .conditional(let condition, let then, let otherwise):
                try conditional(condition, then, otherwise, translator: translator, into: &out) { steps, body throws(GenerationLimit) in
                    try swiftUIViewSteps(steps, into: &body)
                }
            default:
                throw GenerationLimit("generate does not write this step in a SwiftUI View yet", at: step.location)
            }
        }
    }

    /// `configureView()`, as seed 000 wires a SwiftUI VIP scene: the View made with its Interactor and Presenter,
    /// the Presenter displaying on the configured View.
    func swiftUIConfigurator() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        out.block("extension \(component(.view))") { body in
            body.line("/// Creates \(name)'s components and connects them through their protocols: `\(component(.view))().configureView()`.")
            body.block("func configureView() -> \(component(.view))") { configure in
                configure.line("var view = self")
                configure.line("let interactor = \(component(.interactor))()")
                configure.line("let presenter = \(component(.presenter))()")
                configure.line("interactor.trace = trace")
                configure.line("presenter.trace = trace")
                connect(into: &configure) { $0 == .view ? "view" : $0.rawValue }
                configure.line("return view")
            }
        }
        return out.text
    }

    // MARK: - Parts the Views of every pattern share

    /// The header of a file with a SwiftUI side: SwiftUI imported where it is.
    static func swiftUIImports(_ out: inout SwiftText) {
        out.line(CleanSwiftScenes.header.dropLast() + "")
        out.line("import Foundation")
        out.line("import SceneFlowRecorder")
        out.line("#if canImport(SwiftUI)")
        out.line("import SwiftUI")
        out.line("#endif")
    }

    /// The View's `init(recorder:)` (with `parameters` before it), which makes the scene's `SceneTrace` after
    /// `lines`.
    func viewInitializer(_ parameters: String = "", wiredByView: Bool = false, before lines: [String] = [], after: [String] = [],
                         into body: inout SwiftText) {
        body.line("/// - Parameter recorder: where the scene's messages are recorded (unit tests pass `.off`).")
        body.block("init(\(parameters)recorder: Recorder = .shared)") { initializer in
            let components = [ComponentRole.configurator, .view, .interactor, .presenter, .router, .dataStore]
                .map { ".\($0.rawValue): \(SwiftSpelling.literal(component($0)))" }.joined(separator: ", ")
            let workers = scene.workers.map { SwiftSpelling.literal($0.name.rawValue) }.joined(separator: ", ")
            for line in lines { initializer.line(line) }
            initializer.line("trace = SceneTrace(scene: \(SwiftSpelling.literal(name)), components: [\(components)], wiredByView: \(wiredByView),")
            initializer.line("                   workers: [\(workers)], recorder: recorder)")
            for line in after { initializer.line(line) }
        }
    }

    /// A SwiftUI View's `shown` (what the trace saw it show) and `render(cause:)` (what `body` shows from state).
    func rendering(_ translator: ExpressionTranslator, into body: inout SwiftText) throws(GenerationLimit) {
        body.line("/// What the View has on screen, by label, as the trace shows it.")
        body.line("var shown: [String: Value] { trace.screen }")
        body.line()
        body.line("/// What `body` shows from state, label by label: a label whose value changed is shown again.")
        let labels = scene.view.shows.map { "(\(SwiftSpelling.literal($0.target)), \(translator.translate($0.value).code))" }
        body.block("func render(cause: Int)") { render in
            render.line("trace.render([\(labels.joined(separator: ", "))], cause: cause)")
        }
        if let throwing = scene.view.shows.first(where: { translator.translate($0.value).throwing }) {
            throw GenerationLimit("generate writes what a SwiftUI View shows from state when it cannot fail; this label's expression can",
                                  at: throwing.targetLocation)
        }
    }

    /// `body`, where there is SwiftUI: a Text per label the View shows from state, a Button per action whose call
    /// needs nothing the View does not have (`calls`).
    func swiftUIBody(_ translator: ExpressionTranslator, buttons calls: [(title: String, call: String)], into out: inout SwiftText) {
        out.line("#if canImport(SwiftUI)")
        out.block("extension \(component(.view)): View") { view in
            view.block("var body: some View") { body in
                body.block("VStack(spacing: 16)") { stack in
                    for show in scene.view.shows {
                        stack.line("Text(ScenarioLogic.text(\(translator.translate(show.value).code)))  // \(SwiftSpelling.comment(show.target))")
                    }
                    for (title, call) in calls {
                        stack.block("Button(\(SwiftSpelling.literal(title)))") { button in button.line(call) }
                    }
                }
                body.line(".onAppear { onAppear() }")
            }
        }
        out.line("#endif")
    }

    /// The user's action `useCase` on the View: a cycle that sends its Request (`send` writes the sending).
    func actionMethod(_ useCase: UseCase, declaration: String, into body: inout SwiftText, _ send: (inout SwiftText) -> Void) {
        if let description = useCase.description { body.line("/// \(SwiftSpelling.comment(description))") }
        let payload = useCase.request.isEmpty || usesAppState ? "nil" : "request"
        let type = useCase.request.isEmpty || usesAppState ? "nil" : SwiftSpelling.literal(requestType(useCase))
        body.block("func \(declaration)") { action in
            action.block("trace.cycle(\(SwiftSpelling.literal(useCase.name.rawValue)), trigger: .action, payload: \(payload), type: \(type))") { cycle in
                send(&cycle)
            }
        }
    }
}
