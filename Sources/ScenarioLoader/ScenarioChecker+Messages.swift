import ScenarioSpec

/// The names of `messages:` and `absent:` expectations, checked statically against what the scenario can send, so a
/// misspelled `absent:` entry cannot pass for nothing and a misspelled `messages:` entry fails at `validate` with a
/// suggestion.
extension ScenarioChecker {
    /// Everything a message pattern can name in this scenario.
    struct MessageVocabulary {
        /// Components, protocols, workers and role words: what stands before a `.` or on either side of `->`.
        var receivers: Set<String> = []
        /// Method signatures, and the other subjects a message has (a DataStore field, a shown label, a use case,
        /// a wired property).
        var subjects: Set<String> = []
        /// `login` for `login(request:)`.
        var baseNames: Set<String> = []
        /// What each worker (and its protocols) answers: its operations' methods, by signature and by name, so
        /// `OrdersWorker.updateOrdr` is told about `updateOrder`, not about a use case of a similar name.
        var workerMethods: [String: Set<String>] = [:]
        /// A template's name a scene's `names:` replaced, to the app's name that stands in its place.
        var renamed: [String: String] = [:]

        mutating func addSubject(_ subject: String) {
            subjects.insert(subject)
            baseNames.insert(PatternNaming.baseName(subject))
        }
    }

    func messageVocabulary() -> MessageVocabulary {
        var vocabulary = MessageVocabulary()
        let naming = definition.naming
        vocabulary.receivers.formUnion(ComponentRole.allCases.map(\.rawValue) + ["wireframe", "User", "AppState"])
        for link in definition.wiring.links { vocabulary.addSubject(link.property) }
        for field in draft.appState { vocabulary.addSubject(field.name) }
        for scene in draft.scenes {
            for spec in definition.roles { vocabulary.receivers.insert(naming.componentName(spec.role, of: scene)) }
            for (role, name) in scene.names.components { vocabulary.renamed[naming.componentName(role, scene: scene.name)] = name.value }
            for (slot, name) in scene.names.protocols {
                if let template = naming.protocolName(slot, scene: scene.name) { vocabulary.renamed[template] = name.value }
            }
            for slot in ProtocolSlot.allCases {
                if let name = naming.protocolName(slot, of: scene) { vocabulary.receivers.insert(name) }
            }
            for field in scene.dataStore { vocabulary.addSubject(field.name) }
            for field in scene.view.state { vocabulary.addSubject(field.name) }
            for label in Self.labels(of: scene) { vocabulary.addSubject(label) }
            for method in [naming.loadMethod, naming.appearMethod, scene.names.appear?.value].compactMap({ $0 }) { vocabulary.addSubject(method) }
            // A scene's own workers, and the workers the app shares (top-level `workers:`), which any scene may call.
            for worker in scene.workers + draft.sharedWorkers {
                vocabulary.receivers.insert(worker.name.rawValue)
                for slot in [ProtocolSlot.workerInput, .workerOutput] {
                    if let name = naming.protocolName(slot, scene: scene.name, worker: worker.name) { vocabulary.receivers.insert(name) }
                }
                vocabulary.addSubject(naming.workerProperty(worker.name))
                var methods: Set<String> = []
                for operation in worker.operations {
                    let method = naming.operationMethod(operation)
                    methods.formUnion([method, PatternNaming.baseName(method)])
                    vocabulary.addSubject(method)
                    if let callbacks = operation.callbacks {
                        for callback in [callbacks.result, callbacks.error].compactMap({ $0 }) {
                            vocabulary.addSubject(callback)
                            methods.formUnion([callback, PatternNaming.baseName(callback)])
                        }
                    }
                }
                vocabulary.workerMethods[worker.name.rawValue, default: []].formUnion(methods)
                for slot in [ProtocolSlot.workerInput, .workerOutput] {
                    if let name = naming.protocolName(slot, scene: scene.name, worker: worker.name) {
                        vocabulary.workerMethods[name, default: []].formUnion(methods)
                    }
                }
            }
            for route in scene.routes {
                vocabulary.addSubject(naming.routeMethod(route))
                vocabulary.addSubject(naming.passDataMethod(route))
                vocabulary.addSubject(naming.navigateMethod(route))
            }
            for useCase in scene.useCases {
                vocabulary.addSubject(useCase.name.rawValue)
                vocabulary.addSubject(naming.interactorMethod(useCase))
                vocabulary.addSubject(naming.eventMethod(useCase))
                for output in useCase.outputs {
                    vocabulary.addSubject(naming.presenterMethod(useCase, output: output))
                    vocabulary.addSubject(naming.viewMethod(useCase, output: output))
                    if case .steps(let steps) = output.presenter { collectSignatures(steps, into: &vocabulary) }
                    collectSignatures(output.view, into: &vocabulary)
                }
                collectSignatures(useCase.event ?? [], into: &vocabulary)
                collectSignatures(useCase.interactor, into: &vocabulary)
            }
        }
        return vocabulary
    }

    /// Methods that steps name themselves (VIPER's `display: showPosts(with:)`, a `call:` of another component).
    private func collectSignatures(_ steps: [Step], into vocabulary: inout MessageVocabulary) {
        for step in steps {
            switch step.kind {
            case .display(let signature, _): vocabulary.addSubject(signature.value)
            case .delegate(let method, let arguments):
                vocabulary.addSubject(method.value)
                vocabulary.addSubject(PatternNaming.signature(method.value, default: method.value, labels: arguments.map(\.target)))
            case .call(let call):
                // As the trace spells a component's method: `showDialog(error:)`.
                vocabulary.addSubject(call.method.value)
                vocabulary.addSubject(call.method.value + "(" + call.arguments.map { "\($0.label):" }.joined() + ")")
                collectSignatures(call.onError ?? [], into: &vocabulary)
            case .conditional(_, let then, let otherwise):
                collectSignatures(then, into: &vocabulary)
                collectSignatures(otherwise, into: &vocabulary)
            case .validate(_, let otherwise): collectSignatures(otherwise, into: &vocabulary)
            default: break
            }
        }
    }

    /// Checks each expected or absent message against the vocabulary.
    func checkMessages(_ messages: [Located<String>], key: String, vocabulary: MessageVocabulary) {
        for message in messages {
            let text = message.value.trimmingSpaces()
            guard !text.isEmpty else {
                diagnostics.error("an expected message is empty", at: message.location, id: "scenario/missing")
                continue
            }
            if let arrow = text.range(of: "->") ?? text.range(of: "→") {
                let from = String(text[..<arrow.lowerBound]).trimmingSpaces()
                var to = String(text[arrow.upperBound...]).trimmingSpaces()
                var method: String?
                if let colon = to.firstIndex(of: ":"), !to[..<colon].contains("(") {
                    method = String(to[to.index(after: colon)...]).trimmingSpaces()
                    to = String(to[..<colon]).trimmingSpaces()
                }
                for name in [from, to] where !knows(receiver: name, vocabulary) {
                    diagnostics.unknown("'\(key)' names '\(name)', which is no component, worker or role of this scenario",
                                        name: name, candidates: vocabulary.receivers.sorted(), at: message.location,
                                        extraNotes: vocabulary.renamed[name].map { [Diagnostic.Note("'names:' calls it '\($0)' in this app")] } ?? [], id: "scenario/unknown-name")
                }
                if let method, !method.isEmpty, !knows(method: method, vocabulary) {
                    unknownMethod(method, key: key, vocabulary: vocabulary, at: message.location)
                }
                continue
            }
            let head = text.firstIndex(of: "(").map { text[..<$0] } ?? text[...]
            var method = text
            if let dot = head.lastIndex(of: ".") {
                let owner = String(text[..<dot])
                method = String(text[text.index(after: dot)...])
                if !knows(receiver: owner, vocabulary) {
                    diagnostics.unknown("'\(key)' names '\(owner)', which is no component, protocol or worker of this scenario",
                                        name: owner, candidates: vocabulary.receivers.sorted(), at: message.location,
                                        extraNotes: vocabulary.renamed[owner].map { [Diagnostic.Note("'names:' calls it '\($0)' in this app")] } ?? [], id: "scenario/unknown-name")
                    continue
                }
                if let methods = vocabulary.workerMethods[owner] {
                    if !methods.contains(method) {
                        let candidates = methods.filter { $0.contains("(") == method.contains("(") }.sorted()
                        diagnostics.unknown("'\(key)' names '\(method)', which \(owner) does not answer", name: method,
                                            candidates: candidates, at: message.location,
                                            extraNotes: key == "absent" ? [Diagnostic.Note("an 'absent' message that cannot be sent would pass for nothing")] : [], id: "scenario/unknown-name")
                    }
                    continue
                }
            }
            if !knows(method: method, vocabulary) {
                unknownMethod(method, key: key, vocabulary: vocabulary, at: message.location)
            }
        }
    }

    private func knows(receiver name: String, _ vocabulary: MessageVocabulary) -> Bool {
        vocabulary.receivers.contains(name) || ComponentRole.allCases.contains { $0.rawValue.lowercased() == name.lowercased() }
            || name.lowercased() == "wireframe"
    }

    private func knows(method: String, _ vocabulary: MessageVocabulary) -> Bool {
        method.contains("(") ? vocabulary.subjects.contains(method) : vocabulary.baseNames.contains(method)
    }

    private func unknownMethod(_ method: String, key: String, vocabulary: MessageVocabulary, at location: SourceLocation) {
        let candidates = method.contains("(") ? vocabulary.subjects.filter { $0.contains("(") }.sorted() : vocabulary.baseNames.sorted()
        diagnostics.unknown("'\(key)' names '\(method)', which nothing in this scenario sends", name: method,
                            candidates: candidates, at: location,
                            extraNotes: key == "absent" ? [Diagnostic.Note("an 'absent' message that cannot be sent would pass for nothing")] : [], id: "scenario/unknown-name")
    }
}
