import ScenarioSpec
import TraceFormat

/// The line of the code `sceneflow generate` writes that sends a message, for `explain` and the report to show
/// beside it (`interactor?.login(request: request)` under View → Interactor). A `…` stands for what differs from
/// message to message (an argument's expression); the report finds the line in the generated file by the rest. A route
/// the View keeps a selection for is two lines (`row = …`, then the Router's method).
public enum SendingLine {
    /// The line, or nil for a message the user sends, the framework sends (`viewDidLoad()`), or a pattern the
    /// generator does not write.
    public static func line(for event: TraceEvent, pattern definition: PatternDefinition) -> String? {
        guard CodeGenerator.writes(definition) else { return nil }
        let viper = definition.shape == .wireFrameModule
        let swiftUI = definition.shape.viewsAreValues
        let appState = definition.shape == .appStateScene
        // As the generator writes its calls, an argument for each label.
        func call(_ signature: String, _ argument: (String) -> String) -> String {
            SwiftSpelling.call(signature, SwiftSpelling.labels(of: signature).map(argument))
        }
        // A call whose arguments are left out: `view?.showPosts(with: …)`.
        func loose(_ signature: String) -> String { call(signature) { _ in "…" } }
        switch event.message {
        case .request(_, let invocation):
            if appState { return "interactor." + loose(invocation.method) }
            return "interactor?." + (viper ? loose(invocation.method) : call(invocation.method) { $0 == "request" ? "request" : "…" })
        case .event(_, let invocation): return "presenter?." + loose(invocation.method)
        case .response(_, _, let invocation):
            return "presenter?." + (viper ? loose(invocation.method) : call(invocation.method) { $0 == "response" ? "response" : "…" })
        case .display(_, _, let invocation):
            if viper {
                // What a display method shows is one value, whether or not the method names a label for it.
                let base = PatternNaming.baseName(invocation.method)
                return "view?." + (invocation.payload != nil && SwiftSpelling.labels(of: invocation.method).isEmpty ? "\(base)(…)" : loose(invocation.method))
            }
            return (swiftUI ? "view?." : "viewController?.") + call(invocation.method) { $0 == "viewModel" ? "viewModel" : "…" }
        case .route(_, let invocation):
            if viper { return "wireFrame?." + loose(invocation.method) }
            // A SwiftUI View's Router is an optional it holds, taking the route's inputs as its method's arguments.
            if swiftUI { return "router?." + loose(invocation.method) }
            // What the route takes that its method does not (the selected row): the View keeps it, the Router reads it.
            var kept: [String] = []
            if case .record(let record)? = invocation.payload {
                let labels = SwiftSpelling.labels(of: invocation.method)
                kept = record.names.filter { !labels.contains($0) }.map { "\(SwiftSpelling.name($0)) = …\n" }
            }
            return kept.joined() + "router?." + call(invocation.method) { $0 == "segue" ? "nil" : SwiftSpelling.name($0) }
        case .workerCall(_, let style, let invocation) where style == .completion:
            let property = SwiftSpelling.lowerFirst(event.to.name)
            var inputs: [String] = []
            if case .record(let record)? = invocation.payload { inputs = record.names }
            // The Interactor hands the worker a trailing closure: `ordersWorker.fetchOrders { [self] orders in`.
            let base = PatternNaming.baseName(invocation.method)
            let called = inputs.isEmpty ? base : SwiftSpelling.call(base + "(" + inputs.map { "\($0):" }.joined() + ")", inputs.map { _ in "…" })
            return "\(property).\(called) {"
        case .workerCall(_, _, let invocation):
            let property = SwiftSpelling.lowerFirst(event.to.name)
            // The generated worker answers by returning: no completion handler is passed.
            let labels = SwiftSpelling.labels(of: invocation.method).filter { $0 != "completionHandler" }
            return "\(property)." + SwiftSpelling.call(PatternNaming.baseName(invocation.method) + "(" + labels.map { "\($0):" }.joined() + ")", labels.map { _ in "…" })
        case .dataPassing(let pass):
            // A field read as it is (`source.userID`) is the generated line; an expression is translated there.
            let isPath = pass.source.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            return "destination.\(SwiftSpelling.name(pass.field)) = " + (isPath && pass.source.hasPrefix("source.") && !viper ? pass.source : "…")
        case .navigation(let navigation) where navigation.route != nil:
            if viper || swiftUI { return PatternNaming.baseName(navigation.method) + "(…destination: destination)" }
            return PatternNaming.baseName(navigation.method) + "(source: viewController!, destination: destinationVC)"
        case .dataStoreWrite(let write): return "\(SwiftSpelling.name(write.field)) = …"
        case .publish(let write): return "appState.\(SwiftSpelling.name(write.field)) = …"
        default: return nil
        }
    }
}
