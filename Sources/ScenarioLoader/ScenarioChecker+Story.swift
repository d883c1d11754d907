import ScenarioSpec

extension ScenarioChecker {
    // MARK: - Story

    func checkStory() {
        for step in draft.story {
            var performed: (Scene, UseCase)?
            switch step.action {
            case .appear(let name):
                if !draft.scenes.contains(where: { $0.name == name.value }) {
                    unknownScene(name.value, at: name.location, context: "'appear' names")
                }
            case .back:
                break
            case .tab(let name):
                guard draft.scenes.contains(where: { $0.name == name.value }) else {
                    unknownScene(name.value, at: name.location, context: "'tab' names")
                    break
                }
                var tabs: [SceneName] = []
                for tab in draft.scenes.flatMap({ $0.tabs.map(\.value) }) where !tabs.contains(tab)
                    && draft.scenes.contains(where: { $0.name == tab && !$0.isTabBar }) { tabs.append(tab) }
                if !tabs.contains(name.value) {
                    diagnostics.unknown("'tab' selects a tab, but no tab bar has '\(name.value)' among its 'tabs'", name: name.value.rawValue,
                                        candidates: tabs.map(\.rawValue), at: name.location,
                                        extraNotes: [Diagnostic.Note(tabs.isEmpty ? "declare the tab bar as a scene with 'tabs: [\(name.value), …]'"
                                                                     : "tabs: " + DiagnosticCollector.list(tabs.lazy.map(\.rawValue)))], id: "scenario/unknown-name")
                }
            case .route(let sceneName, let routeName, _):
                guard let scene = draft.scenes.first(where: { $0.name == sceneName.value }) else {
                    unknownScene(sceneName.value, at: sceneName.location, context: "'route' names")
                    break
                }
                if scene.route(routeName.value.rawValue) == nil {
                    diagnostics.unknown("scene '\(scene.name)' has no route '\(routeName.value)'", name: routeName.value.rawValue,
                                        candidates: scene.routes.map(\.name.rawValue), at: routeName.location, id: "scenario/unknown-name")
                }
            case .perform(let sceneName, let useCaseName, _):
                performed = resolve(scene: sceneName, useCase: useCaseName)
                if let (scene, useCase) = performed {
                    storyTargets[step.location] = UseCaseRef(scene: scene.name, useCase: useCase.name)
                }
            }
            if let expect = step.expectations { check(expect, performed: performed) }
        }
    }

    func resolve(scene sceneName: Located<SceneName>?, useCase name: Located<UseCaseName>) -> (Scene, UseCase)? {
        if let sceneName {
            guard let scene = draft.scenes.first(where: { $0.name == sceneName.value }) else {
                unknownScene(sceneName.value, at: sceneName.location, context: "'do' names")
                return nil
            }
            guard let useCase = scene.useCase(name.value.rawValue) else {
                diagnostics.unknown("scene '\(scene.name)' has no use case '\(name.value)'", name: name.value.rawValue,
                                    candidates: scene.useCases.map(\.name.rawValue), at: name.location, id: "scenario/unknown-name")
                return nil
            }
            return (scene, useCase)
        }
        let matches = draft.scenes.compactMap { scene in scene.useCase(name.value.rawValue).map { (scene, $0) } }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            diagnostics.unknown("no scene has a use case '\(name.value)'", name: name.value.rawValue,
                                candidates: draft.scenes.flatMap { $0.useCases.map(\.name.rawValue) }, at: name.location, id: "scenario/unknown-name")
        } else {
            diagnostics.error("use case '\(name.value)' exists in " + matches.map { "'\($0.0.name)'" }.joined(separator: " and ")
                              + "; write 'Scene.\(name.value)'", at: name.location, id: "scenario/ambiguous-name")
        }
        return nil
    }

    func check(_ expect: Expectations, performed: (Scene, UseCase)?) {
        let sceneNames = draft.scenes.map(\.name.rawValue)
        for name in [expect.scene].compactMap({ $0 }) + (expect.stack ?? []) where !sceneNames.contains(name.value.rawValue) {
            unknownScene(name.value, at: name.location, context: "'expect' names")
        }
        if let route = expect.route, !draft.scenes.contains(where: { $0.route(route.value.rawValue) != nil }) {
            diagnostics.unknown("no scene has a route '\(route.value)'", name: route.value.rawValue,
                                candidates: draft.scenes.flatMap { $0.routes.map(\.name.rawValue) }, at: route.location, id: "scenario/unknown-name")
        }
        let labels = Set(draft.scenes.flatMap(Self.labels(of:)))
        for shown in expect.shown where !labels.contains(shown.value.path) {
            diagnostics.unknown("no View shows '\(shown.value.path)'", name: shown.value.path, candidates: labels,
                                at: shown.location,
                                extraNotes: [Diagnostic.Note("labels come from 'show:', 'display … with:' and 'view: { shows: }'")], id: "scenario/unknown-name")
        }
        let viewModelFields: [FieldDecl] = performed.map { $0.1.outputs.flatMap(\.viewModel) }
            ?? draft.scenes.flatMap { $0.useCases.flatMap { $0.outputs.flatMap(\.viewModel) } }
        for field in expect.viewModel where !viewModelFields.contains(where: { $0.name == field.value.path }) {
            diagnostics.unknown("the ViewModel has no field '\(field.value.path)'", name: field.value.path,
                                candidates: viewModelFields.map(\.name), at: field.location, id: "scenario/unknown-name")
        }
        for field in expect.appState where !draft.appState.contains(where: { $0.name == field.value.path }) {
            diagnostics.unknown("AppState has no field '\(field.value.path)'", name: field.value.path,
                                candidates: draft.appState.map(\.name), at: field.location, id: "scenario/unknown-name")
        }
        let onScreen = expect.scene.flatMap { name in draft.scenes.first { $0.name == name.value } } ?? performed?.0
        for entry in expect.dataStore {
            let parts = entry.value.path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            // `field` or `Scene.field`, each part a name.
            guard parts.allSatisfy({ $0.first.map { $0 == "_" || $0.isLetter } == true && $0.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } }) else {
                diagnostics.error("'\(entry.value.path)' is not a DataStore field; write 'field' or 'Scene.field'",
                                  at: entry.location, id: "scenario/inconsistent")
                continue
            }
            let scene: Scene
            if parts.count == 2 {
                guard let named = draft.scenes.first(where: { $0.name.rawValue == parts[0] }) else {
                    unknownScene(SceneName(parts[0]), at: entry.location, context: "'dataStore' names")
                    continue
                }
                scene = named
            } else if let onScreen {
                scene = onScreen
            } else {
                diagnostics.error("cannot tell which scene's DataStore '\(entry.value.path)' is; write 'Scene.\(entry.value.path)'",
                                  at: entry.location, id: "scenario/ambiguous-name")
                continue
            }
            let field = parts[parts.count - 1]
            if !scene.dataStore.contains(where: { $0.name == field }) {
                diagnostics.unknown("'\(scene.name)' DataStore has no field '\(field)'", name: field,
                                    candidates: scene.dataStore.map(\.name), at: entry.location, id: "scenario/unknown-name")
            }
        }
        if !expect.messages.isEmpty || !expect.absent.isEmpty {
            let vocabulary = messageVocabulary()
            checkMessages(expect.messages, key: "messages", vocabulary: vocabulary)
            checkMessages(expect.absent, key: "absent", vocabulary: vocabulary)
        }
    }

    /// Every label a scene's View can show.
    static func labels(of scene: Scene) -> [String] {
        var labels = scene.view.shows.map(\.target)
        func collect(_ steps: [Step]) {
            for step in steps.flatMap(\.flattened) {
                switch step.kind {
                case .show(let items): labels += items.map(\.target)
                case .display(_, let values): labels += values.map(\.target)
                default: break
                }
            }
        }
        for useCase in scene.useCases {
            collect(useCase.event ?? [])
            for output in useCase.outputs {
                collect(output.view)
                if case .steps(let steps) = output.presenter { collect(steps) }
            }
        }
        return labels
    }

    // MARK: - Tab bars

    /// Each tab of a tab bar is a scene with the pattern's parts, held by one tab bar.
    func checkTabBars() {
        var holder: [SceneName: SceneName] = [:]
        for scene in draft.scenes {
            for tab in scene.tabs {
                guard let held = draft.scenes.first(where: { $0.name == tab.value }) else {
                    unknownScene(tab.value, at: tab.location, context: "tab bar '\(scene.name)' holds")
                    continue
                }
                if held.name == scene.name {
                    diagnostics.error("tab bar '\(scene.name)' holds itself as a tab", at: tab.location,
                                      notes: [Diagnostic.Note("list the scenes its tabs show")], id: "scenario/inconsistent")
                } else if held.isTabBar {
                    diagnostics.error("tab bar '\(scene.name)' holds '\(held.name)', another tab bar", at: tab.location,
                                      notes: [Diagnostic.Note("a tab shows a scene; UIKit does not put a tab bar inside a tab")], id: "scenario/inconsistent")
                } else if let first = holder[held.name] {
                    diagnostics.error("'\(held.name)' is a tab of '\(first)' and of '\(scene.name)'", at: tab.location,
                                      notes: [Diagnostic.Note("a scene's View belongs to one tab bar; give the other tab its own scene")], id: "scenario/inconsistent")
                } else {
                    holder[held.name] = scene.name
                }
            }
        }
    }

    // MARK: - Reachability

    func checkReachability() {
        guard let first = draft.scenes.first else { return }
        let declared = draft.start.map(\.value)
        let start = declared.flatMap { name in draft.scenes.contains { $0.name == name } ? name : nil } ?? first.name
        var reached: Set<SceneName> = [start]
        var queue = [start]
        for step in draft.story {
            if case .appear(let name) = step.action, reached.insert(name.value).inserted { queue.append(name.value) }
        }
        while let name = queue.popLast() {
            guard let scene = draft.scenes.first(where: { $0.name == name }) else { continue }
            for route in scene.routes {
                if let destination = route.destination?.value, reached.insert(destination).inserted { queue.append(destination) }
            }
            for tab in scene.tabs where reached.insert(tab.value).inserted { queue.append(tab.value) }
        }
        for scene in draft.scenes where !reached.contains(scene.name) {
            let ways = draft.scenes.contains(where: \.isTabBar) ? "no route leads to it, no tab bar holds it and no story step shows it"
                : "no route leads to it and no story step shows it"
            diagnostics.warning("scene '\(scene.name)' is never reached: \(ways)",
                                at: scene.location,
                                notes: [Diagnostic.Note("add a route to it, an 'appear: \(scene.name)' story step, or remove it")], id: "scenario/no-effect")
        }
    }
}
