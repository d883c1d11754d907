import ScenarioSpec

/// Who makes each part of a scene, who holds whom (strong, weak, or a copy of a value) and where state lives, read
/// from the pattern's definition — the data the dependency diagram draws and the generated code is held to — so the
/// card cannot say otherwise.
public struct OwnershipCard: Sendable, Hashable {
    public var title: String
    public var lines: [String]

    public var text: String { ([title] + lines.map { "  " + $0 }).joined(separator: "\n") }

    /// With `scenario`, the card says what its scenes have: a part or a reference only some scenes have (a Router,
    /// for routes) is on the card when one of them has it, and the workers the app shares are named.
    public init(_ definition: PatternDefinition, language: Language, scenario: Scenario? = nil) {
        func applies(_ condition: PatternDefinition.Condition) -> Bool {
            scenario.map { $0.scenes.contains { condition.holds(for: $0) } } ?? true
        }
        let catalogue = Catalogue(language)
        func role(_ role: ComponentRole) -> String {
            switch role {
            case .router: definition.wiring.style == .wireFrame ? "WireFrame" : "Router"
            case .dataStore: "DataStore"
            case .appState: "AppState"
            default: role.rawValue.prefix(1).uppercased() + role.rawValue.dropFirst()
            }
        }
        // A pattern's own sentence where it has one (`card.makes.viper`), else the shared one.
        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            catalogue.text(catalogue.has(key + "." + definition.narrationKey) ? key + "." + definition.narrationKey : key, arguments)
        }
        title = catalogue.text("card.title", ["pattern": definition.title])
        var lines: [String] = []
        // What the maker connects: the parts the wiring sets, and (VIPER) the View the WireFrame makes too.
        let maker: ComponentRole? = definition.wiring.style == .wireFrame ? .router : nil
        var made: [ComponentRole] = maker == nil ? [] : [.view]
        for link in definition.wiring.links where ![.view, .dataStore, .appState].contains(link.target) && link.target != maker
            && applies(link.condition) {
            if !made.contains(link.target) { made.append(link.target) }
        }
        let names = made.map(role)
        let parts = names.count > 1 ? names.dropLast().joined(separator: ", ") + catalogue.text("card.and") + names[names.count - 1] : names.joined()
        lines.append(text("card.makes", ["parts": parts]))
        let shared = scenario?.sharedWorkers.map(\.name.rawValue) ?? []
        let own = scenario.map { $0.scenes.contains { !$0.workers.isEmpty } } ?? true
        if definition.has(.worker), own || !shared.isEmpty {
            let holder = role(definition.wiring.workerHolder)
            if shared.isEmpty {
                lines.append(catalogue.text("card.workers", ["holder": holder]))
            } else {
                lines.append(catalogue.text(own ? "card.workers.both" : "card.workers.shared",
                                            ["holder": holder, "workers": shared.joined(separator: ", "), "example": shared[0]]))
            }
        }
        var holds: [String] = []
        for dependency in definition.dependencies where applies(dependency.condition) {
            let kind: String
            switch dependency.kind {
            case .calls: kind = catalogue.text("card.strong")
            case .weak: kind = catalogue.text("card.weak")
            case .copy: kind = catalogue.text("card.copy")
            case .writes: kind = catalogue.text("card.writes")
            case .reads: kind = catalogue.text("card.reads")
            case .observes: kind = catalogue.text("card.observes")
            }
            // Who holds whom: a View observing the AppState holds it (the diagram draws the change flowing to the View).
            holds.append(dependency.kind == .observes ? "\(role(dependency.to)) → \(role(dependency.from)) (\(kind))"
                                                      : "\(role(dependency.from)) → \(role(dependency.to)) (\(kind))")
        }
        lines.append(catalogue.text("card.holds", ["links": holds.joined(separator: ", ")]))
        // The Router's part in the state: what it passes on, where a route passes data.
        lines.append(text("card.state") + (applies(.passesData) ? " " + text("card.passing") : ""))
        lines.append(text("card.models"))
        if definition.dependencies.contains(where: { $0.from == .interactor && $0.to == .presenter && $0.kind == .weak }) {
            lines.append(catalogue.text("card.twoWay"))
        }
        self.lines = lines
    }
}
