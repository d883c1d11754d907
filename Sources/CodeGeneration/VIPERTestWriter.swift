import ScenarioSpec
import TraceFormat

/// VIPER's unit tests, one component at a time, with Spies per protocol in the same style: the View tells a
/// Presenter spy; the Presenter, told an event or given the Interactor's answer, calls a View spy (with what the run
/// showed), an Interactor spy and a WireFrame spy; the Interactor, its DataManagers stubbed as the run answered,
/// answers an output spy with the Response the run computed.
extension ComponentTestWriter {
    /// A parameter of a declaration: `forPost post: PostModel` → (`post`, `PostModel`).
    private static func parameters(of declaration: String) -> [(name: String, type: String)] {
        guard let open = declaration.firstIndex(of: "("), declaration.hasSuffix(")") else { return [] }
        let inner = declaration[declaration.index(after: open)..<declaration.index(before: declaration.endIndex)]
        guard !inner.isEmpty else { return [] }
        return inner.components(separatedBy: ", ").map { parameter in
            let parts = parameter.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let names = parts[0].split(separator: " ")
            return (String(names.last!).filter { $0 != "`" }, parts.count > 1 ? parts[1] : "Any")
        }
    }

    /// A spy that records each call (`showPostsCalled`) and its arguments (`showPostsValues`).
    private func spy(_ protocolName: String, _ declarations: [String], into out: inout SwiftText) {
        out.line()
        out.block("final class \(protocolName)Spy: \(protocolName)") { body in
            for (index, declaration) in declarations.enumerated() {
                if index > 0 { body.line() }
                // Names as Swift means them (`continue`, not `` `continue` ``): the spy's properties add to them.
                let base = PatternNaming.baseName(declaration).filter { $0 != "`" }
                let parameters = Self.parameters(of: declaration)
                body.line("var \(base)Called = false")
                for parameter in parameters {
                    body.line("var \(base)\(SwiftSpelling.upperFirst(parameter.name)): \(parameter.type)?")
                }
                body.block("func \(declaration)") { call in
                    call.line("\(base)Called = true")
                    for parameter in parameters {
                        call.line("\(base)\(SwiftSpelling.upperFirst(parameter.name)) = \(SwiftSpelling.name(parameter.name))")
                    }
                }
            }
        }
    }

    func viperSpies(into out: inout SwiftText) {
        let view = writer.protocolName(.displayLogic) ?? "\(name)ViewProtocol"
        let presenter = writer.protocolName(.presenterInput) ?? "\(name)PresenterProtocol"
        let input = writer.protocolName(.businessLogic) ?? "\(name)InteractorInputProtocol"
        let output = writer.protocolName(.presentationLogic) ?? "\(name)InteractorOutputProtocol"
        let routing = writer.protocolName(.routingLogic) ?? "\(name)WireFrameProtocol"
        let displays = ((try? writer.displays()) ?? []).map(writer.displayDeclaration)
            + writer.viewModelDisplays().map { writer.declaration(naming.viewMethod($0.useCase, output: $0.output), types: [writer.viewModelType($0.useCase, $0.output)]).replacingOccurrences(of: "_ value:", with: "_ viewModel:") }
        spy(view, displays, into: &out)
        spy(presenter, scene.useCases.compactMap { try? writer.eventDeclaration($0) }, into: &out)
        let asked = scene.useCases.filter(writer.hasInteractorMethod)
        spy(input, asked.map(writer.interactorDeclaration), into: &out)
        spy(output, asked.flatMap { useCase in useCase.outputs.map { writer.outputDeclaration(useCase, $0) } }, into: &out)
        spy(routing, scene.routes.compactMap { try? writer.routeMethodDeclaration($0, passesView: true) }, into: &out)
    }

    /// The tests of a VIPER module, from the first cycle of each use case.
    func viperTests(_ cycles: [(useCase: UseCase, events: [TraceEvent])], into suite: inout SwiftText) {
        var first = true
        func separate() { if !first { suite.line() }; first = false }
        var answered: Set<String> = []
        for (useCase, events) in cycles {
            guard let event = events.first(where: { $0.kind == .event }) else { continue }
            separate()
            viewTellsPresenter(useCase, events, into: &suite)
            if !(useCase.event ?? []).contains(where: { step in step.expressions.contains { $0.root.reads(.dataStore) } }) {
                suite.line()
                presenterHandles(useCase, event: event, events, into: &suite)
            }
            for response in events where response.kind == .response {
                guard case .response(let useCaseName, let traced, _) = response.message,
                      let answeringUseCase = scene.useCase(useCaseName.rawValue) else { continue }
                let output = self.output(of: answeringUseCase, traced: traced)
                guard answered.insert("\(answeringUseCase.name).\(output.name)").inserted else { continue }
                suite.line()
                presenterPresents(answeringUseCase, output, response: response, events, into: &suite)
            }
            for request in events where request.kind == .request {
                guard case .request(let name?, _) = request.message, let asked = scene.useCase(name.rawValue),
                      answered.insert("interactor \(asked.name)").inserted else { continue }
                suite.line()
                interactorAnswers(asked, request: request, events, into: &suite)
            }
        }
    }

    /// The output a response names (nil: the one named like its use case).
    private func output(of useCase: UseCase, traced: OutputName?) -> Output {
        for output in useCase.outputs {
            let name: OutputName? = output.name.rawValue == useCase.name.rawValue ? nil : output.name
            if name == traced { return output }
        }
        return useCase.outputs[0]
    }

    private func outputName(_ event: TraceEvent) -> OutputName? {
        if case .response(_, let output, _) = event.message { return output }
        return nil
    }

    private func viewTellsPresenter(_ useCase: UseCase, _ events: [TraceEvent], into out: inout SwiftText) {
        let presenter = writer.protocolName(.presenterInput) ?? "\(name)PresenterProtocol"
        let event = PatternNaming.baseName(naming.eventMethod(useCase))
        out.block("@Test(\(SwiftSpelling.literal("the View tells its Presenter of \(useCase.name)"))) func view\(useCase.name)TellsPresenter()") { test in
            test.line("let view = \(writer.component(.view))()")
            test.line("let presenter = \(presenter)Spy()")
            test.line("view.presenter = presenter")
            if useCase.trigger == .action || events.contains(where: { $0.kind == .action }) {
                let request = events.first { $0.kind == .action }?.payload
                let type = scenes.swiftTypeName(writer.requestType(useCase))
                test.line("view.\(PatternNaming.baseName(naming.interactorMethod(useCase)))(request: \(request.map { scenes.literal($0, .named(writer.requestType(useCase))) } ?? "\(type)()"))")
            } else {
                test.line("view.sceneShown(revealed: false)")
            }
            test.line("#expect(presenter.\(event)Called)")
        }
    }

    /// What the Presenter's handling of `parent` did, as the run did it: expectations on the spies.
    private func expectations(under parent: TraceEvent, _ events: [TraceEvent], into test: inout SwiftText) {
        let displays = (try? writer.displays()) ?? []
        for child in events where child.parent == parent.sequence {
            switch child.message {
            case .display(_, _, let invocation):
                let base = PatternNaming.baseName(invocation.method)
                test.line("#expect(view.\(base)Called)")
                if let display = displays.first(where: { $0.signature == invocation.method }), let type = display.valuesType,
                   case .record(let record)? = invocation.payload {
                    let fields = zip(display.values, display.types).map { value, fieldType in
                        "\(SwiftSpelling.name(value.target)): \(scenes.literal(record[value.target] ?? .null, fieldType))"
                    }
                    test.line("#expect(view.\(base)Values == \(type)(\(fields.joined(separator: ", "))))")
                }
            case .request(_, let invocation):
                test.line("#expect(interactor.\(PatternNaming.baseName(invocation.method))Called)")
            case .route(_, let invocation):
                test.line("#expect(wireFrame.\(PatternNaming.baseName(invocation.method))Called)")
            default:
                continue
            }
        }
    }

    /// A Presenter wired to spies: `view`, `interactor`, `wireFrame`.
    private func presenterWithSpies(into test: inout SwiftText) {
        test.line("let presenter = \(writer.component(.presenter))()")
        test.line("let view = \(writer.protocolName(.displayLogic) ?? "\(name)ViewProtocol")Spy()")
        test.line("let interactor = \(writer.protocolName(.businessLogic) ?? "\(name)InteractorInputProtocol")Spy()")
        test.line("let wireFrame = \(writer.protocolName(.routingLogic) ?? "\(name)WireFrameProtocol")Spy()")
        test.line("presenter.view = view")
        test.line("presenter.interactor = interactor")
        test.line("presenter.wireFrame = wireFrame")
        if presenterUsesTrace { test.line("presenter.trace = \(Self.unrecordedTrace(writer))") }
    }

    private func presenterHandles(_ useCase: UseCase, event: TraceEvent, _ events: [TraceEvent], into out: inout SwiftText) {
        let method = naming.eventMethod(useCase)
        let request = event.payload.flatMap { value -> Record? in if case .record(let record) = value { return record } else { return nil } }
        let arguments = useCase.request.map { field in scenes.literal(request?[field.name] ?? .null, field.type) }
        out.block("@Test(\(SwiftSpelling.literal("the Presenter handles \(useCase.name)'s event as the run did"))) func presenter\(useCase.name)Handles()") { test in
            presenterWithSpies(into: &test)
            test.line("presenter.\(writer.call(method, arguments))")
            expectations(under: event, events, into: &test)
        }
    }

    private func presenterPresents(_ useCase: UseCase, _ output: Output, response: TraceEvent, _ events: [TraceEvent], into out: inout SwiftText) {
        let declaration = writer.outputDeclaration(useCase, output)
        let base = PatternNaming.baseName(declaration)
        let argument = Self.parameters(of: declaration).isEmpty ? ""
            : (response.payload.map { scenes.literal($0, .named(writer.responseType(useCase, output))) } ?? "\(scenes.swiftTypeName(writer.responseType(useCase, output)))()")
        out.block("@Test(\(SwiftSpelling.literal("the Presenter shows \(useCase.name)'s \(output.name) as the run did"))) func presenter\(useCase.name)\(SwiftSpelling.upperFirst(output.name.rawValue))Presents()") { test in
            presenterWithSpies(into: &test)
            test.line("presenter.\(base)(\(argument))")
            expectations(under: response, events, into: &test)
        }
    }

    private func interactorAnswers(_ useCase: UseCase, request: TraceEvent, _ events: [TraceEvent], into out: inout SwiftText) {
        let output = writer.protocolName(.presentationLogic) ?? "\(name)InteractorOutputProtocol"
        out.block("@Test(\(SwiftSpelling.literal("the Interactor answers \(useCase.name) as the run did"))) func interactor\(useCase.name)Answers()") { test in
            test.line("let interactor = \(writer.component(.interactor))()")
            test.line("let presenter = \(output)Spy()")
            test.line("interactor.presenter = presenter")
            if interactorUsesTrace { test.line("interactor.trace = \(Self.unrecordedTrace(writer))") }
            for (field, value) in dataStoreBefore(request.sequence) {
                guard let declared = scene.dataStore.first(where: { $0.name == field }) else { continue }
                test.line("interactor.\(SwiftSpelling.name(field)) = \(scenes.literal(value, declared.type))")
            }
            stubWorkers(events, into: &test)
            let record = request.payload.flatMap { value -> Record? in if case .record(let record) = value { return record } else { return nil } }
            let arguments = useCase.request.map { field in scenes.literal(record?[field.name] ?? .null, field.type) }
            test.line("interactor.\(writer.call(naming.interactorMethod(useCase), arguments))")
            let response = events.first { $0.kind == .response && $0.parent == request.sequence }
                ?? events.first { $0.kind == .response && $0.sequence > request.sequence }
            if let response {
                let answered = self.output(of: useCase, traced: outputName(response))
                let declaration = writer.outputDeclaration(useCase, answered)
                let base = PatternNaming.baseName(declaration)
                test.line("#expect(presenter.\(base)Called)")
                if let payload = response.payload, let parameter = Self.parameters(of: declaration).first {
                    test.line("#expect(presenter.\(base)\(SwiftSpelling.upperFirst(parameter.name)) == \(scenes.literal(payload, .named(writer.responseType(useCase, answered)))))")
                }
            }
        }
    }
}
