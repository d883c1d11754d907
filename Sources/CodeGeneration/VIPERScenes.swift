import ScenarioSpec

/// A VIPER module (seed 001): a passive View that tells its Presenter what happened and shows what it is told; the
/// Presenter, the module's hub, asks the Interactor and the WireFrame; the Interactor works through its
/// DataManagers, keeps the module's state and answers through its output protocol; the WireFrame creates modules
/// (`createPostListModule()`) and navigates.
extension SceneWriter {
    /// A call of the View's display logic, as the Presenter's steps make it: the method as the trace names it, the
    /// labels it shows, and the struct that carries them.
    struct Display {
        var signature: String
        var values: [Assignment]
        var types: [TypeRef]
        var location: SourceLocation
        /// `PostList.ShowPostsValues`; nil when it shows nothing.
        var valuesType: String?
    }

    /// Every display method the scene's Presenter calls, once each, in the order first written.
    func displays() throws(GenerationLimit) -> [Display] {
        var found: [Display] = []
        func collect(_ steps: [Step], roots: [String: [FieldDecl]]) throws(GenerationLimit) {
            for step in steps.flatMap(\.flattened) {
                guard case .display(let method, let values) = step.kind else { continue }
                let signature = PatternNaming.signature(method.value, default: method.value, labels: values.isEmpty ? [] : ["_"])
                if let known = found.first(where: { $0.signature == signature }) {
                    guard known.values.map(\.target) == values.map(\.target) else {
                        let here = values.map { "'\($0.target)'" }.joined(separator: ", "), before = known.values.map { "'\($0.target)'" }.joined(separator: ", ")
                        throw GenerationLimit("'\(signature)' shows \(here.isEmpty ? "nothing" : here) here and \(before.isEmpty ? "nothing" : before) before; generate writes one View method for it: show the same labels",
                                              at: method.location, id: "generate/display")
                    }
                    continue
                }
                let types = ExprTypes(scenario: scenes.scenario, roots: roots)
                var resolved: [TypeRef] = []
                for value in values {
                    guard let type = types.type(value.value.root) else {
                        throw GenerationLimit("generate cannot tell the type of what '\(value.target)' shows; write it from typed fields (a field, '??' with a default, a count)",
                                              at: value.targetLocation, id: "generate/display")
                    }
                    resolved.append(type)
                }
                if let problem = scenes.definition.displayMethodProblem(method, shows: values) {
                    throw GenerationLimit(problem.message, at: problem.location, id: "generate/method-shape")
                }
                let type = values.isEmpty ? nil : "\(name).\(SwiftSpelling.upperFirst(PatternNaming.baseName(signature)))Values"
                found.append(Display(signature: signature, values: values, types: resolved, location: method.location, valuesType: type))
            }
        }
        for useCase in scene.useCases {
            let request = ["request": useCase.request, StateRoot.dataStore.rawValue: scene.dataStore]
            try collect(useCase.event ?? [], roots: request)
            for output in useCase.outputs {
                if case .steps(let steps) = output.presenter {
                    try collect(steps, roots: ["response": output.response, StateRoot.dataStore.rawValue: scene.dataStore])
                }
            }
        }
        return found
    }

    /// `showPosts(with values: PostList.ShowPostsValues)`, `hideLoading()`.
    func displayDeclaration(_ display: Display) -> String {
        guard let type = display.valuesType else {
            let base = PatternNaming.baseName(display.signature)
            return SwiftSpelling.name(base) + display.signature.dropFirst(base.count)
        }
        let label = SwiftSpelling.labels(of: display.signature).first ?? "_"
        return "\(SwiftSpelling.methodName(display.signature))(\(label) values: \(type))"
    }

    /// The structs that carry what each display method shows, in the scene's namespace.
    func displayValues(into out: inout SwiftText) throws(GenerationLimit) {
        for display in try displays() {
            guard let type = display.valuesType else { continue }
            let fields = zip(display.values, display.types).map { FieldDecl(name: $0.target, type: $1, location: $0.targetLocation) }
            out.line()
            out.line("/// What `\(display.signature)` shows.")
            scenes.record(String(type.dropFirst(name.count + 1)), fields, into: &out)
        }
    }

    // MARK: - View

    func viperView() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let viewProtocol = protocolName(.displayLogic) ?? "\(name)ViewProtocol"
        let displays = try displays()
        var failure: GenerationLimit?
        out.block("protocol \(viewProtocol): AnyObject") { body in
            for display in displays { body.line("func \(displayDeclaration(display))") }
            for (useCase, output) in viewModelDisplays() {
                body.line("func \(declaration(naming.viewMethod(useCase, output: output), types: [viewModelType(useCase, output)], name: "viewModel"))")
            }
        }
        out.line()
        if observesLabels {
            labelsDeclaration(into: &out)
            out.line()
        }
        if let description = scene.description { out.line("/// \(SwiftSpelling.comment(description))") }
        // The module's tracing file makes the View a SceneTracing.
        out.block("final class \(component(.view)): SceneViewController, \(viewProtocol)") { body in
            body.line("var presenter: \(protocolName(.presenterInput) ?? "\(name)PresenterProtocol")?")
            if observesLabels {
                body.line("/// What the View shows.")
                body.line("var labels = \(labelsClass)()")
            }
            lifecycleHooks(into: &body) { useCase, cycle in sendEvent(useCase, into: &cycle) }
            // The user's actions: those the story has the user start (a reload of what loads, a selection).
            let performed = Set(scenes.scenario.story.compactMap { $0.performs }.filter { $0.scene == scene.name }.map(\.useCase))
            for useCase in scene.useCases where useCase.trigger == .action || performed.contains(useCase.name) {
                body.mark(SwiftSpelling.words(useCase.name.rawValue))
                let action = "\(SwiftSpelling.methodName(naming.interactorMethod(useCase)))(request: \(scenes.swiftTypeName(requestType(useCase))))"
                actionMethod(useCase, declaration: action, into: &body) { cycle in sendEvent(useCase, into: &cycle) }
            }
            body.mark(viewProtocol)
            for display in displays {
                body.gap()
                let properties = Dictionary(shownLabels.map { ($0.name, $0.property) }, uniquingKeysWith: { first, _ in first })
                body.block("func \(displayDeclaration(display))") { method in
                    for value in display.values {
                        let shown = "values.\(SwiftSpelling.name(value.target))"
                        if observesLabels, let property = properties[value.target] {
                            method.line("labels.\(property) = \(shown)")
                        } else {
                            method.line("trace.shown(\(SwiftSpelling.literal(value.target)), \(shown))")
                        }
                    }
                }
            }
            for (useCase, output) in viewModelDisplays() {
                body.gap()
                body.block("func \(declaration(naming.viewMethod(useCase, output: output), types: [viewModelType(useCase, output)], name: "viewModel"))") { method in
                    var steps = SwiftText()
                    do throws(GenerationLimit) {
                        if let route = output.view.flatMap(\.flattened).first(where: { if case .route = $0.kind { true } else { false } }) {
                            throw GenerationLimit("in VIPER the Presenter asks the WireFrame to navigate; generate does not write a View that routes", at: route.location, id: "generate/step")
                        }
                        try viewSteps(output.view, into: &steps)
                    } catch { failure.collect(error) }
                    logic(steps.lines, into: &method)
                }
            }
        }
        if let failure { throw failure }
        return out.text.replacingOccurrences(of: "(_ value: \(name).", with: "(_ viewModel: \(name).")
    }

    /// The View tells its Presenter: `presenter?.showPostDetail(forPost: request.post)`.
    /// The Presenter's tracing subclass records the event.
    func sendEvent(_ useCase: UseCase, into out: inout SwiftText) {
        out.line("presenter?.\(call(naming.eventMethod(useCase), useCase.request.map { "request.\(SwiftSpelling.name($0.name))" }))")
    }

    // MARK: - Presenter

    /// `showPostDetail(forPost post: PostModel)`: the event's labels, the Request's fields as the parameters.
    func eventDeclaration(_ useCase: UseCase) throws(GenerationLimit) -> String {
        let method = naming.eventMethod(useCase)
        let labels = SwiftSpelling.labels(of: method)
        if let problem = scenes.definition.eventMethodProblem(useCase, scene: scene.name) {
            throw GenerationLimit(problem.message, at: problem.location, id: "generate/method-shape")
        }
        let parameters = zip(labels, useCase.request).map { label, field in
            // A keyword that is label and name at once needs no backticks (`reset(default: Bool)`).
            let parameter = label == field.name ? SwiftSpelling.label(field.name) : "\(SwiftSpelling.label(label)) \(SwiftSpelling.name(field.name))"
            return "\(parameter): \(scenes.swiftType(field.type))"
        }
        return "\(SwiftSpelling.methodName(method))(\(parameters.joined(separator: ", ")))"
    }

    func viperPresenter() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let input = protocolName(.presenterInput) ?? "\(name)PresenterProtocol"
        let output = protocolName(.presentationLogic) ?? "\(name)InteractorOutputProtocol"
        var failure: GenerationLimit?
        out.block("protocol \(input): AnyObject") { body in
            for useCase in scene.useCases {
                do throws(GenerationLimit) { body.line("func \(try eventDeclaration(useCase))") } catch { failure.collect(error) }
            }
        }
        out.line()
        out.block("protocol \(output): AnyObject") { body in
            for useCase in scene.useCases where hasInteractorMethod(useCase) {
                for item in useCase.outputs { body.line("func \(outputDeclaration(useCase, item))") }
            }
        }
        out.line()
        // Open to the module's tracing subclass, which records the events and answers it is told.
        out.block("class \(component(.presenter)): \(input), \(output)") { body in
            body.line("weak var view: \(protocolName(.displayLogic) ?? "\(name)ViewProtocol")?")
            body.line("var interactor: \(protocolName(.businessLogic) ?? "\(name)InteractorInputProtocol")?")
            body.line("var wireFrame: \(protocolName(.routingLogic) ?? "\(name)WireFrameProtocol")?")
            if !scene.dataStore.isEmpty {
                body.line("/// The module's state, which its Interactor keeps.")
                body.line("var dataStore: \(protocolName(.dataStore) ?? "\(name)DataStore") { interactor as! \(protocolName(.dataStore) ?? "\(name)DataStore") }")
            }
            for useCase in scene.useCases {
                body.mark(SwiftSpelling.words(useCase.name.rawValue))
                do throws(GenerationLimit) {
                    var logic = SwiftText()
                    if let steps = useCase.event {
                        try presenterSteps(steps, useCase: useCase, output: nil, into: &logic)
                    } else {
                        askInteractor(useCase, arguments: useCase.request.map { SwiftSpelling.name($0.name) }, into: &logic)
                    }
                    let declaration = try eventDeclaration(useCase)
                    body.block("func \(declaration)") { method in
                        if logic.lines.contains(where: { Self.mentions($0, "request") }) { method.line(requestFromFields(useCase)) }
                        self.logic(logic.lines, into: &method)
                    }
                } catch { failure.collect(error) }
                guard hasInteractorMethod(useCase) else { continue }
                for item in useCase.outputs {
                    body.gap()
                    do throws(GenerationLimit) {
                        var logic = SwiftText()
                        switch item.presenter {
                        case .steps(let steps): try presenterSteps(steps, useCase: useCase, output: item, into: &logic)
                        case .viewModel(let assignments): try presentViewModel(assignments, useCase: useCase, output: item, into: &logic)
                        }
                        body.block("func \(outputDeclaration(useCase, item))") { method in
                            self.logic(logic.lines, into: &method)
                        }
                    } catch { failure.collect(error) }
                }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    /// A Presenter that formats a ViewModel, as in VIP, and has the View display it.
    func presentViewModel(_ assignments: [Assignment], useCase: UseCase, output: Output, into out: inout SwiftText) throws(GenerationLimit) {
        let translator = scenes.translator()
        let arguments = output.viewModel.compactMap { field -> String? in
            guard let value = assignments.first(where: { $0.target == field.name }) else { return nil }
            return "\(SwiftSpelling.label(field.name)): \(translator.translate(value.value).bare)"
        }
        let type = viewModelType(useCase, output)
        out.line("let viewModel = \(type)(\(arguments.joined(separator: ", ")))")
        out.line("view?.\(call(naming.viewMethod(useCase, output: output), ["viewModel"]))")
    }

    /// The View's methods that display a ViewModel (outputs the Presenter formats as in VIP).
    func viewModelDisplays() -> [(useCase: UseCase, output: Output)] {
        scene.useCases.filter { hasInteractorMethod($0) }.flatMap { useCase in
            useCase.outputs.filter { !$0.presentsBySteps }.map { (useCase, $0) }
        }
    }

    /// Whether the Interactor's answer is a plain call (`onError()`): an empty Response the pattern leaves out, unless
    /// a plain call would have the name of one of the Presenter's event methods (it takes the empty Response then).
    func answersWithoutResponse(_ useCase: UseCase, _ output: Output) -> Bool {
        guard output.response.isEmpty && scenes.definition.flow.omitsEmptyResponse else { return false }
        guard isVIPER else { return true }
        let plain = "\(PatternNaming.baseName(naming.presenterMethod(useCase, output: output)))()"
        return !scene.useCases.contains { (try? eventDeclaration($0)) == plain }
    }

    /// The Interactor's answer as the output protocol declares it: `didRetrievePosts(_ response: …)`, `onError()`.
    func outputDeclaration(_ useCase: UseCase, _ output: Output) -> String {
        let method = naming.presenterMethod(useCase, output: output)
        if answersWithoutResponse(useCase, output) { return "\(SwiftSpelling.methodName(method))()" }
        if SwiftSpelling.labels(of: method).isEmpty {
            return "\(SwiftSpelling.methodName(method))(_ response: \(scenes.swiftTypeName(responseType(useCase, output))))"
        }
        return declaration(method, types: [scenes.swiftTypeName(responseType(useCase, output))], name: "response")
    }

    /// The Presenter asks its Interactor for `useCase` with `arguments` (the Request's fields, in order); the
    /// Interactor's tracing subclass records the Request.
    func askInteractor(_ useCase: UseCase, arguments: [String], into out: inout SwiftText) {
        out.line("interactor?.\(call(naming.interactorMethod(useCase), arguments))")
    }

    /// The Presenter's steps: what it tells the View, asks the Interactor, and asks the WireFrame.
    func presenterSteps(_ steps: [Step], useCase: UseCase, output: Output?, into out: inout SwiftText) throws(GenerationLimit) {
        var translator = scenes.translator(dataStore: "dataStore")
        // An event method takes the Request's fields: its logic reads them as its parameters.
        if output == nil { translator.requestParameters = requestParameters(useCase, steps: useCase.event ?? []) }
        let displays = try displays()
        var unwritten: GenerationLimit?
        for step in steps {
            do throws(GenerationLimit) {
                switch step.kind {
                case .display(let method, let values):
                    let signature = PatternNaming.signature(method.value, default: method.value, labels: values.isEmpty ? [] : ["_"])
                    guard let display = displays.first(where: { $0.signature == signature }) else { continue }
                    let base = PatternNaming.baseName(signature)
                    var argument = "nil"
                    if let type = display.valuesType {
                        argument = "\(base)Values"
                        let fields = values.map { "\(SwiftSpelling.label($0.target)): \(translator.translate($0.value).bare)" }
                        out.line("let \(argument) = \(type)(\(fields.joined(separator: ", ")))")
                    }
                    // The View's wrapper records what it is told to show.
                    let label = SwiftSpelling.labels(of: signature).first.map { $0 == "_" ? "" : "\($0): " } ?? ""
                    out.line("view?.\(base)(\(display.valuesType == nil ? "" : label + argument))")
                case .call(let call):
                    guard case .useCase(let target)? = call.target, let asked = scene.useCase(target.rawValue) else {
                        throw GenerationLimit("generate writes a VIPER Presenter's calls of its Interactor only, not '\(call.receiver.value)'", at: call.receiver.location, id: "generate/call")
                    }
                    let values = asked.request.map { field in
                        call.arguments.first { $0.label == field.name }.map { translator.translate($0.value).bare }
                            ?? field.initialValue.map { scenes.literal($0, field.type) } ?? "nil"
                    }
                    askInteractor(asked, arguments: values, into: &out)
                case .route(let routeName, let condition, let arguments):
                    try routeStep(routeName, condition, arguments, translator: translator, receiver: "wireFrame?", fromPresenter: true, into: &out)
                case .bind(let assignments):
                    for assignment in assignments {
                        out.line("let \(SwiftSpelling.name(assignment.target)) = \(translator.translate(assignment.value).bare)")
                    }
                case .conditional(let condition, let then, let otherwise):
                    try conditional(condition, then, otherwise, translator: translator, into: &out) { steps, body throws(GenerationLimit) in
                        try presenterSteps(steps, useCase: useCase, output: output, into: &body)
                    }
                default:
                    throw GenerationLimit("generate does not write this step in a VIPER Presenter yet", at: step.location, id: "generate/step")
                }
            } catch { unwritten.collect(error) }
        }
        if let unwritten { throw unwritten }
    }

    // MARK: - WireFrame

    /// A route method's parameters (a VIPER WireFrame's, a SwiftUI Router's): its labels, each given a route input (by name, else the next unnamed one),
    /// for `from` the View it is called from (nil), else nothing (`""`, an `Any?` passed nil).
    func routeArguments(_ route: Route) throws(GenerationLimit) -> [(label: String, input: String?)] {
        let labels = SwiftSpelling.labels(of: naming.routeMethod(route))
        var unnamed = route.input.map(\.name).filter { !labels.contains($0) }
        var parameters: [(String, String?)] = []
        for label in labels {
            if route.input.contains(where: { $0.name == label }) {
                parameters.append((label, label))
            } else if label == "from" {
                parameters.append((label, nil))
            } else if !unnamed.isEmpty {
                parameters.append((label, unnamed.removeFirst()))
            } else {
                // A label that is not an input (UIKit's `segue:`): an `Any?` the Presenter passes nil.
                parameters.append((label, ""))
            }
        }
        if !unnamed.isEmpty, let problem = scenes.definition.routeMethodProblem(route) {
            throw GenerationLimit(problem.message, at: problem.location, id: "generate/method-shape")
        }
        return parameters
    }

    /// A Router's (or WireFrame's) method: `presentPostDetailScreen(from view: PostListViewProtocol, forPost post:
    /// PostModel)`. A label that names no input is an `Any?` — and `from:`, where the View is passed (`passesView`,
    /// VIPER's Presenter), the View's protocol.
    func routeMethodDeclaration(_ route: Route, passesView: Bool) throws(GenerationLimit) -> String {
        let parameters = try routeArguments(route).map { parameter -> String in
            if parameter.input == nil, passesView {
                return "\(parameter.label) view: \(protocolName(.displayLogic) ?? "\(name)ViewProtocol")"
            }
            guard let input = parameter.input, let field = route.input.first(where: { $0.name == input }) else {
                return "\(parameter.label == "_" ? "_ sender" : parameter.label): Any?"
            }
            return (parameter.label == input ? "" : "\(parameter.label) ") + "\(SwiftSpelling.name(input)): \(scenes.swiftType(field.type))"
        }
        return "\(SwiftSpelling.methodName(naming.routeMethod(route)))(\(parameters.joined(separator: ", ")))"
    }

    func viperWireFrame() throws(GenerationLimit) -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let routing = protocolName(.routingLogic) ?? "\(name)WireFrameProtocol"
        let store = protocolName(.dataStore) ?? "\(name)DataStore"
        var failure: GenerationLimit?
        out.block("protocol \(routing): AnyObject") { body in
            for route in scene.routes {
                do throws(GenerationLimit) { body.line("func \(try routeMethodDeclaration(route, passesView: true))") } catch { failure.collect(error) }
            }
        }
        out.line()
        let translator = scenes.translator(dataStore: "source", viewState: "source")
        out.block("final class \(component(.router)): \(routing)") { body in
            body.line("/// The module's View, which the WireFrame navigates from.")
            body.line("weak var viewController: \(component(.view))?")
            body.mark("Module")
            body.line("/// Creates \(name)'s module — View, Presenter, Interactor, WireFrame — connected through their protocols.")
            let create = PatternNaming.baseName(String(component(.configurator).split(separator: ".").last ?? ""))
            body.block("static func \(create)() -> \(component(.view))") { create in
                create.line("let view = \(component(.view))()")
                create.line("let presenter = \(component(.presenter))()")
                create.line("let interactor = \(component(.interactor))()")
                create.line("let wireFrame = \(component(.router))()")
                create.line("wireFrame.viewController = view")
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    create.line("\(wireFrameVariable(link.holder)).\(link.property) = \(wireFrameVariable(link.target))")
                }
                // The one line that records the module: delete it with the tracing file and nothing of SceneFlow is left.
                create.line("\(tracingName).record(view: view, presenter: presenter, interactor: interactor, wireFrame: wireFrame)")
                create.line("return view")
            }
            var routes = SwiftText(), navigation = SwiftText(), passing = SwiftText()
            for route in scene.routes {
                guard let destinationName = route.destination?.value else {
                    // Back to whichever module is below: nothing to pass, the module below is found on the stack.
                    do throws(GenerationLimit) {
                        writeRouteBackToWhicheverIsBelow(route, declaration: try routeMethodDeclaration(route, passesView: true),
                                                         finding: "guard let source = viewController, let destination = source.navigator.below(SceneViewController.self) else { return }",
                                                         arguments: "source: source, destination: destination", into: &routes)
                    } catch { failure.collect(error) }
                    writeNavigation(route, destinationView: "SceneViewController", into: &navigation)
                    continue
                }
                let destination = SceneWriter(scenes: scenes, scene: scenes.scenario.scene(destinationName)!)
                let destinationView = destination.component(.view)
                let destinationStore = destination.protocolName(.dataStore) ?? "\(destination.name)DataStore"
                let passData = naming.passDataMethod(route)
                let navigate = naming.navigateMethod(route)
                do throws(GenerationLimit) {
                    let declaration = try routeMethodDeclaration(route, passesView: true)
                    routes.gap()
                    routes.block("func \(declaration)") { method in
                        if route.navigation.goesBack {
                            // Back to a module already on screen below this one.
                            method.line("guard let source = viewController, let destination = source.navigator.below(\(destinationView).self) else { return }")
                        } else {
                            method.line("guard let source = viewController else { return }")
                            method.line("let destination = \(destination.component(.configurator))")
                        }
                        if destination.scene.dataStore.isEmpty && route.pass.isEmpty {
                            method.line("\(SwiftSpelling.methodName(navigate))(source: source, destination: destination)")
                            return
                        }
                        let sourceDS = scene.dataStore.isEmpty ? "nil" : "(source.presenter as? \(component(.presenter)))?.dataStore"
                        method.line("var destinationDS = (destination.presenter as! \(destination.component(.presenter))).dataStore")
                        let inputs = route.input.map { ", \(SwiftSpelling.label($0.name)): \(SwiftSpelling.name($0.name))" }.joined()
                        let pass = "\(SwiftSpelling.methodName(passData))(source: \(sourceDS), destination: &destinationDS\(inputs))"
                        method.line(pass)
                        method.line("\(SwiftSpelling.methodName(navigate))(source: source, destination: destination)")
                    }
                } catch { failure.collect(error) }
                guard !(destination.scene.dataStore.isEmpty && route.pass.isEmpty) else {
                    writeNavigation(route, destinationView: destinationView, into: &navigation)
                    continue
                }
                passing.gap()
                let inputParameters = route.input.map { ", \(SwiftSpelling.label($0.name)) input\(SwiftSpelling.upperFirst($0.name)): \(scenes.swiftType($0.type))" }.joined()
                let sourceType = scene.dataStore.isEmpty ? "Any?" : "\(store)?"
                passing.block("func \(SwiftSpelling.methodName(passData))(source: \(sourceType), destination: inout \(destinationStore)\(inputParameters))") { pass in
                    if scene.dataStore.isEmpty || !route.pass.contains(where: { $0.value.root.reads(.dataStore) }) { pass.line("_ = source") }
                    for assignment in route.pass {
                        guard let field = destination.scene.dataStore.first(where: { $0.name == assignment.target }) else { continue }
                        var routeTranslator = translator
                        routeTranslator.dataStore = "source!"
                        routeTranslator.viewState = "source!"
                        routeTranslator.spelled["source"] = "source!"
                        for input in route.input { routeTranslator.inputNames[input.name] = "input\(SwiftSpelling.upperFirst(input.name))" }
                        let value = routeTranslator.translate(assignment.value)
                        // The destination's DataStore records the write as passed by the running route.
                        pass.line("destination.\(SwiftSpelling.name(field.name)) = \(value.bare)")
                    }
                }
                writeNavigation(route, destinationView: destinationView, into: &navigation)
            }
            for (title, section) in [("Routing", routes), ("Navigation", navigation), ("Passing data", passing)] where !section.lines.isEmpty {
                body.mark(title)
                for line in section.lines { body.line(line) }
            }
        }
        if let failure { throw failure }
        return out.text
    }

    /// The variable holding a part where a VIPER module is made: `wireFrame` for its Router.
    func wireFrameVariable(_ role: ComponentRole) -> String { role == .router ? "wireFrame" : role.rawValue }

    /// A route back to whichever scene is below (no `to:`): its method finds that scene on the stack (`finding` binds
    /// `destination`) and navigates with `arguments`; there is nothing to pass.
    func writeRouteBackToWhicheverIsBelow(_ route: Route, declaration: String, finding: String, arguments: String, into routes: inout SwiftText) {
        routes.gap()
        routes.block("func \(declaration)") { method in
            method.line(finding)
            method.line("\(SwiftSpelling.methodName(naming.navigateMethod(route)))(\(arguments))")
        }
    }

    /// Whether another route of the scene navigates to the same scene through the same method (two pops through one
    /// `goBack()`): then one method serves them, told which route it takes; `first` is the one that declares it.
    func sharesNavigation(_ route: Route) -> (shared: Bool, first: Bool) {
        let same = Self.routesSharingNavigation(with: route, in: scene, naming: naming)
        return (same.count > 1, same.first?.name == route.name)
    }

    /// The scene's routes that navigate through the same method as `route` to the same scene (itself included), in
    /// order: they share one navigation method.
    static func routesSharingNavigation(with route: Route, in scene: Scene, naming: PatternNaming) -> [Route] {
        func key(_ route: Route) -> String { PatternNaming.baseName(naming.navigateMethod(route)) + "→" + route.destinationLabel }
        return scene.routes.filter { key($0) == key(route) }
    }

    /// What a route's message adds for the navigator (or the SwiftUI screen): the Router's method that changes the
    /// screen, which the navigator records the navigation with.
    func navigationArgument(_ route: Route) -> String {
        ", navigation: \(SwiftSpelling.literal(naming.navigateMethod(route)))"
    }

    /// How the navigator changes the screen for `route` (it records the navigation as the running route's):
    /// `source.navigator.push(destination)`.
    func navigatorCall(_ route: Route) -> String {
        switch route.navigation {
        case .push: "source.navigator.push(destination)"
        case .present: "source.navigator.present(destination\(route.presentation.map { ", style: .\($0.value.rawValue)" } ?? ""))"
        case .replace: "source.navigator.replace(with: destination)"
        case .pop: "source.navigator.back(to: destination, style: .pop)"
        case .popToScene: "source.navigator.back(to: destination, style: .popToScene)"
        case .dismiss: "source.navigator.back(to: destination, style: .dismiss)"
        // `back` leaves the way the scene came: dismissed if it was presented, popped if it was pushed.
        case .back: "source.navigator.back(to: destination, style: source.isPresented ? .dismiss : .pop)"
        }
    }

    /// `navigateTo…(source:destination:)`: the screen changes, with one call of the navigator, which records the
    /// navigation as the running route's (the method the route's message names). One method serves the routes that
    /// share it.
    func writeNavigation(_ route: Route, destinationView: String, into out: inout SwiftText) {
        let sharing = sharesNavigation(route)
        if sharing.shared && !sharing.first { return }
        out.gap()
        out.block("func \(SwiftSpelling.methodName(naming.navigateMethod(route)))(source: \(component(.view)), destination: \(destinationView))") { navigation in
            navigation.line(navigatorCall(route))
        }
    }
}

// MARK: - The module's tracing file

extension SceneWriter {
    /// The Presenter's subclass the module runs with, which records each event the View tells it and each answer
    /// the Interactor gives it: `TracingPostListPresenter`.
    var observingPresenterClass: String { "Tracing\(component(.presenter))" }

    /// A VIPER module's tracing file: the Presenter and the Interactor run as subclasses that record what they are
    /// told and asked (the WireFrame reaches the module's DataStore through them); a wrapper behind the View's
    /// protocol records what the Presenter shows, one behind the WireFrame's each route, one behind each DataManager
    /// each call.
    func viperTracing() -> String {
        var out = SwiftText()
        Self.imports(&out)
        out.line()
        let presenterInput = protocolName(.presenterInput) ?? "\(name)PresenterProtocol"
        let input = protocolName(.businessLogic) ?? "\(name)InteractorInputProtocol"
        let output = protocolName(.presentationLogic) ?? "\(name)InteractorOutputProtocol"
        let viewProtocol = protocolName(.displayLogic) ?? "\(name)ViewProtocol"
        let routing = protocolName(.routingLogic) ?? "\(name)WireFrameProtocol"
        let displays = (try? displays()) ?? []

        out.line("/// Records \(SwiftSpelling.comment(name))'s run where its parts meet. Delete this file and the line of the module's creation")
        out.line("/// that calls `record` to leave the module without recording.")
        out.block("enum \(tracingName)") { body in
            body.line("/// Gives the module's parts the scene's trace, records how they were connected, and runs the module with")
            body.line("/// the recording Presenter and Interactor, and a recording wrapper behind each protocol they call.")
            body.block("static func record(view: \(component(.view)), presenter: \(component(.presenter)), interactor: \(component(.interactor)), wireFrame: \(component(.router)))") { record in
                record.line("let trace = makeTrace(recorder: SceneTrace.recorder)")
                if observesLabels { record.line("view.labels = \(observingLabelsClass)(trace: trace)") }
                record.line("let observedInteractor = \(observingClass)(interactor, trace: trace)")
                record.line("let observedPresenter = \(observingPresenterClass)(presenter, trace: trace)")
                let variable = { (role: ComponentRole) -> String in
                    switch role {
                    case .presenter: "observedPresenter"
                    case .interactor, .dataStore: "observedInteractor"
                    default: wireFrameVariable(role)
                    }
                }
                connect(into: &record, recordingOnly: true, variable)
                for link in scenes.definition.wiring.links where link.condition.holds(for: scene) {
                    var made = variable(link.target)
                    switch link.through {
                    // The Presenter holds its View weakly: the trace keeps the wrapper as long as the module lives.
                    case .displayLogic?: made = "trace.keep(\(tracingClass(viewProtocol))(\(made), trace: trace))"
                    case .routingLogic?: made = "\(tracingClass(routing))(\(made), trace: trace)"
                    default: break
                    }
                    record.line("\(variable(link.holder)).\(link.property) = \(made)")
                }
                installWorkerWrappers(on: "observedInteractor", into: &record)
            }
            body.line()
            makeTraceMethod(into: &body)
        }

        // The trace the navigator records the View's lifecycle and navigation with: the one its Presenter holds.
        viewTracing("The module's trace, reached through the recording Presenter `record` gave the View.",
                    trace: "(presenter as? \(observingPresenterClass))?.trace", into: &out)

        // The events the View tells its Presenter, and the answers the Interactor gives it.
        out.line()
        out.line("/// The \(SwiftSpelling.comment(component(.presenter))) the module runs with: records each event the View tells it and each answer the")
        out.line("/// Interactor gives it, then handles it.")
        out.block("final class \(observingPresenterClass): \(component(.presenter)), RecordingPart") { body in
            body.line("let trace: SceneTrace")
            body.line()
            body.line("/// Takes over what the module's creation gave `configured`.")
            body.block("init(_ configured: \(component(.presenter)), trace: SceneTrace)") { initializer in
                initializer.line("self.trace = trace")
                initializer.line("super.init()")
                for link in scenes.definition.wiring.links where link.holder == .presenter && link.condition.holds(for: scene) {
                    initializer.line("\(SwiftSpelling.name(link.property)) = configured.\(SwiftSpelling.name(link.property))")
                }
            }
            for useCase in scene.useCases {
                guard let declaration = try? eventDeclaration(useCase) else { continue }
                let method = naming.eventMethod(useCase)
                body.line()
                body.block("override func \(declaration)") { forward in
                    if !useCase.request.isEmpty { forward.line(requestFromFields(useCase)) }
                    forward.block("trace.event(\(SwiftSpelling.literal(useCase.name.rawValue)), \(SwiftSpelling.literal(presenterInput)), \(SwiftSpelling.literal(method)), \(useCase.request.isEmpty ? "nil" : "request"), type: \(SwiftSpelling.literal(requestType(useCase))))") { send in
                        send.line("super.\(call(method, useCase.request.map { SwiftSpelling.name($0.name) }))")
                    }
                }
            }
            for useCase in scene.useCases where hasInteractorMethod(useCase) {
                for item in useCase.outputs {
                    let method = naming.presenterMethod(useCase, output: item)
                    let declaration = outputDeclaration(useCase, item)
                    // An answer with nothing to say is recorded without a Response.
                    let unsaid = item.response.isEmpty && scenes.definition.flow.omitsEmptyResponse
                    let passes = !answersWithoutResponse(useCase, item)
                    let forwarded = !passes ? "super.\(PatternNaming.baseName(declaration))()"
                        : SwiftSpelling.labels(of: method).isEmpty ? "super.\(PatternNaming.baseName(declaration))(response)"
                        : "super.\(call(method, ["response"]))"
                    body.line()
                    body.block("override func \(declaration)") { forward in
                        forward.block("trace.response(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, item)), \(SwiftSpelling.literal(output)), \(SwiftSpelling.literal(method)), \(unsaid ? "nil" : "response"), type: \(unsaid ? "nil" : SwiftSpelling.literal(responseType(useCase, item))))") { send in
                            send.line(forwarded)
                        }
                    }
                }
            }
        }

        // The Requests the Presenter asks, and the writes to the module's DataStore.
        out.line()
        observingInteractor(into: &out) { body in
            for useCase in scene.useCases where hasInteractorMethod(useCase) {
                let method = naming.interactorMethod(useCase)
                let arguments = takesRequest(useCase) ? ["request"] : useCase.request.map { SwiftSpelling.name($0.name) }
                body.line()
                body.block("override func \(interactorDeclaration(useCase))") { forward in
                    if !useCase.request.isEmpty && !takesRequest(useCase) { forward.line(requestFromFields(useCase)) }
                    let payload = useCase.request.isEmpty ? "nil" : "request"
                    let type = useCase.request.isEmpty ? "nil" : SwiftSpelling.literal(requestType(useCase))
                    forward.block("trace.request(\(SwiftSpelling.literal(useCase.name.rawValue)), \(SwiftSpelling.literal(input)), \(SwiftSpelling.literal(method)), \(payload), type: \(type), fromPresenter: true)") { send in
                        send.line("super.\(call(method, arguments))")
                    }
                }
            }
        }

        // The calls the Interactor makes of its DataManagers.
        for (protocolName, worker) in scenes.stubbedWorkers(of: scene) {
            out.line()
            workerWrapper(worker, protocolName: protocolName, into: &out)
        }

        // What the Presenter tells the View to show.
        out.line()
        out.line("/// Stands in for the View behind \(SwiftSpelling.comment(viewProtocol)), held weakly as the Presenter holds it: records what the")
        out.line("/// Presenter tells it to show, for the use case the Presenter is handling, then passes it on.")
        wrapperClass(tracingClass(viewProtocol), conforming: viewProtocol, wrapped: viewProtocol, holding: .weak, into: &out) { body in
            for display in displays {
                let base = PatternNaming.baseName(display.signature)
                let label = SwiftSpelling.labels(of: display.signature).first.map { $0 == "_" ? "" : "\($0): " } ?? ""
                body.line()
                body.block("func \(displayDeclaration(display))") { forward in
                    // A View that is gone is told nothing, as the app's Presenter tells it nothing: nothing is recorded.
                    forward.line("guard let wrappedView = self.wrapped else { return }")
                    forward.block("trace.shows(\(SwiftSpelling.literal(viewProtocol)), \(SwiftSpelling.literal(display.signature)), \(display.valuesType == nil ? "nil" : "values"))") { send in
                        send.line("wrappedView.\(SwiftSpelling.name(base))(\(display.valuesType == nil ? "" : label + "values"))")
                    }
                }
            }
            for (useCase, item) in viewModelDisplays() {
                let method = naming.viewMethod(useCase, output: item)
                let type = viewModelType(useCase, item)
                body.line()
                let declared = declaration(method, types: [type], name: "viewModel").replacingOccurrences(of: "(_ value: ", with: "(_ viewModel: ")
                body.block("func \(declared)") { forward in
                    forward.line("guard let wrappedView = self.wrapped else { return }")
                    forward.block("trace.display(\(SwiftSpelling.literal(useCase.name.rawValue)), output: \(tracedOutput(useCase, item)), \(SwiftSpelling.literal(viewProtocol)), \(SwiftSpelling.literal(method)), viewModel, type: \(SwiftSpelling.literal(type)))") { send in
                        send.line("wrappedView.\(call(method, ["viewModel"]))")
                    }
                }
            }
        }

        // The routes the Presenter asks the WireFrame for.
        out.line()
        out.line("/// Stands in for the WireFrame behind \(SwiftSpelling.comment(routing)): records each route the Presenter asks for, then passes it on.")
        wrapperClass(tracingClass(routing), conforming: routing, wrapped: routing, into: &out) { body in
            for route in scene.routes {
                guard let declaration = try? routeMethodDeclaration(route, passesView: true),
                      let parameters = try? routeArguments(route) else { continue }
                let method = naming.routeMethod(route)
                let arguments = parameters.map { parameter -> String in
                    let value: String
                    switch parameter.input {
                    case nil: value = "view"
                    case ""?: value = parameter.label == "_" ? "sender" : SwiftSpelling.name(parameter.label)
                    case let input?: value = SwiftSpelling.name(input)
                    }
                    return parameter.label == "_" ? value : "\(SwiftSpelling.label(parameter.label)): \(value)"
                }
                let (recorded, inputType) = routeRecord(route, route.input.map { SwiftSpelling.name($0.name) })
                // What the route passes on: the destination's DataStore records those writes as passed.
                var passes = ""
                if !route.pass.isEmpty {
                    let fields = route.pass.map { "(\(SwiftSpelling.literal($0.target)), \(SwiftSpelling.literal($0.value.text)))" }
                    passes = ", passing: RoutePassing(\(literal(protocolName(.dataPassing))), \(SwiftSpelling.literal(naming.passDataMethod(route))), fields: [\(fields.joined(separator: ", "))])"
                }
                passes += navigationArgument(route)
                body.line()
                body.block("func \(declaration)") { forward in
                    forward.block("trace.route(\(SwiftSpelling.literal(route.name.rawValue)), \(SwiftSpelling.literal(routing)), \(SwiftSpelling.literal(method)), input: \(recorded), inputType: \(inputType), fromPresenter: true\(passes))") { send in
                        send.line("wrapped.\(PatternNaming.baseName(method))(\(arguments.joined(separator: ", ")))")
                    }
                }
            }
        }

        // The module's models and its DataManagers' answers as the trace writes them.
        out.line()
        out.line("// \(SwiftSpelling.comment(name))'s models as the trace writes them.")
        for useCase in scene.useCases {
            scenes.tracedExtension(scenes.swiftTypeName(requestType(useCase)), scenes.traceValue(useCase.request), into: &out)
            for item in useCase.outputs where hasInteractorMethod(useCase) {
                scenes.tracedExtension(scenes.swiftTypeName(responseType(useCase, item)), scenes.traceValue(item.response), into: &out)
                if !item.presentsBySteps {
                    scenes.tracedExtension(scenes.swiftTypeName(viewModelType(useCase, item)), scenes.traceValue(item.viewModel), into: &out)
                }
            }
        }
        for display in displays {
            guard let type = display.valuesType else { continue }
            let fields = zip(display.values, display.types).map { FieldDecl(name: $0.target, type: $1, location: $0.targetLocation) }
            scenes.tracedExtension(type, scenes.traceValue(fields), into: &out)
        }
        for worker in scene.workers {
            for (record, fields) in scenes.resultRecords(worker) {
                scenes.tracedExtension("\(scene.name).\(worker.name).\(record)", scenes.traceValue(fields), into: &out)
            }
        }
        return out.text
    }
}
