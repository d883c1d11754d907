import ScenarioSpec

/// The View of a SwiftUI VIP scene (seed 000 §2): a struct that sends the user's actions to its Interactor, is
/// the Presenter's DisplayLogic, and holds its DataStore, an ObservableObject its display logic updates; `body`
/// renders from that state. Everything but `body` runs without SwiftUI, so the cycle plays on Linux too.
extension SceneWriter {
    var dataStoreClass: String { component(.dataStore) }

    func swiftUIView() throws(GenerationLimit) -> String {
        var out = SwiftText()
        out.line(CleanSwiftScenes.header.dropLast() + "")
        out.line("import Foundation")
        out.line("import SceneFlowRecorder")
        out.line("#if canImport(SwiftUI)")
        out.line("import SwiftUI")
        out.line("#endif")
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
        if let description = scene.description { out.line("/// \(SwiftSpelling.comment(description))") }
        out.block("struct \(component(.view)): \(display), SceneRoot") { body in
            body.line("var interactor: \(protocolName(.businessLogic) ?? "\(name)BusinessLogic")?")
            body.line("@ObservedObject var dataStore = \(dataStoreClass)()")
            body.line("let trace: SceneTrace")
            body.mark("Object lifecycle")
            body.line("/// - Parameter recorder: where the scene's messages are recorded (unit tests pass `.off`).")
            body.block("init(recorder: Recorder = .shared)") { initializer in
                let components = [ComponentRole.configurator, .view, .interactor, .presenter, .router, .dataStore]
                    .map { ".\($0.rawValue): \(SwiftSpelling.literal(component($0)))" }.joined(separator: ", ")
                let workers = scene.workers.map { SwiftSpelling.literal($0.name.rawValue) }.joined(separator: ", ")
                initializer.line("trace = SceneTrace(scene: \(SwiftSpelling.literal(name)), components: [\(components)], wiredByView: false,")
                initializer.line("                   workers: [\(workers)], recorder: recorder)")
            }
            body.line()
            body.line("/// What the View has on screen, by label, as the trace shows it.")
            body.line("var shown: [String: Value] { trace.screen }")
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
            body.line()
            body.line("/// What `body` shows from state, label by label: a label whose value changed is shown again.")
            body.block("func render(cause: Int)") { render in
                let translator = scenes.translator(dataStore: "dataStore")
                let labels = scene.view.shows.map { show in
                    "(\(SwiftSpelling.literal(show.target)), \(translator.translate(show.value).code))"
                }
                if scene.view.shows.contains(where: { translator.translate($0.value).throwing }) {
                    failure = GenerationLimit("generate writes what a SwiftUI View shows from state when it cannot fail; this label's expression can",
                                              at: scene.view.shows.first { translator.translate($0.value).throwing }?.targetLocation)
                }
                render.line("trace.render([\(labels.joined(separator: ", "))], cause: cause)")
            }
            let performed = Set(scenes.scenario.story.compactMap { $0.performs }.filter { $0.scene == scene.name }.map(\.useCase))
            for useCase in scene.useCases {
                body.mark(SwiftSpelling.words(useCase.name.rawValue))
                if useCase.trigger == .action || performed.contains(useCase.name) {
                    if let description = useCase.description { body.line("/// \(SwiftSpelling.comment(description))") }
                    body.block("func \(declaration(naming.interactorMethod(useCase), types: [requestType(useCase)]))") { action in
                        action.block("trace.cycle(\(SwiftSpelling.literal(useCase.name.rawValue)), trigger: .action, payload: \(useCase.request.isEmpty ? "nil" : "request"), type: \(useCase.request.isEmpty ? "nil" : SwiftSpelling.literal(requestType(useCase))))") { cycle in
                            sendRequest(useCase, into: &cycle)
                        }
                    }
                }
                for output in useCase.outputs {
                    body.gap()
                    body.block("func \(declaration(naming.viewMethod(useCase, output: output), types: [viewModelType(useCase, output)]))") { method in
                        method.block("trace.run") { logic in
                            do throws(GenerationLimit) { try swiftUIViewSteps(output.view, into: &logic) } catch { failure = failure ?? error }
                        }
                    }
                }
            }
        }
        out.line()
        out.line("#if canImport(SwiftUI)")
        out.block("extension \(component(.view)): View") { view in
            view.block("var body: some View") { body in
                body.block("VStack(spacing: 16)") { stack in
                    let translator = scenes.translator(dataStore: "dataStore")
                    for show in scene.view.shows {
                        stack.line("Text(ScenarioLogic.text(\(translator.translate(show.value).code)))  // \(SwiftSpelling.comment(show.target))")
                    }
                    // The user's actions whose Request the View can make alone: a button each.
                    for useCase in scene.useCases where useCase.trigger == .action && useCase.request.allSatisfy({ $0.defaultValue != nil || $0.type.isOptional }) {
                        stack.block("Button(\(SwiftSpelling.literal(SwiftSpelling.words(useCase.name.rawValue))))") { button in
                            button.line("\(PatternNaming.baseName(naming.interactorMethod(useCase)))(request: \(requestType(useCase))())")
                        }
                    }
                }
                body.line(".onAppear { onAppear() }")
            }
        }
        out.line("#endif")
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
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    let holder = link.holder == .view ? "view" : link.holder.rawValue
                    let value = link.target == .view ? "view" : link.target.rawValue
                    configure.line("\(holder).\(link.property) = \(value)")
                    let through = link.through.flatMap { protocolName($0) }
                    configure.line("trace.configure(trace.\(link.holder.traceName), \(SwiftSpelling.literal(link.property)), \(literal(through)), trace.\(link.target.traceName))")
                }
                for worker in scene.workers {
                    configure.line("trace.configure(trace.interactor, \(SwiftSpelling.literal(naming.workerProperty(worker.name))), nil, trace.worker(\(SwiftSpelling.literal(worker.name.rawValue))))")
                }
                configure.line("return view")
            }
        }
        return out.text
    }
}
