import ScenarioSpec
import TraceFormat

/// The line of the code `sceneflow generate` writes that sends a message, for `explain` and the report to show
/// beside it (`interactor?.login(request: request)` under View → Interactor). Clean Swift only, as the generator.
public enum SendingLine {
    /// The line, or nil for a message the user sends, the framework sends (`viewDidLoad()`), or a pattern the
    /// generator does not write.
    public static func line(for event: TraceEvent, pattern definition: PatternDefinition) -> String? {
        guard CodeGenerator.writes(definition) else { return nil }
        // As the generator writes its calls, an argument for each label.
        func call(_ signature: String, _ argument: (String) -> String) -> String {
            SwiftSpelling.call(signature, SwiftSpelling.labels(of: signature).map(argument))
        }
        switch event.message {
        case .request(_, let invocation): return "interactor?." + call(invocation.method) { _ in "request" }
        case .response(_, _, let invocation): return "presenter?." + call(invocation.method) { _ in "response" }
        case .display(_, _, let invocation): return "viewController?." + call(invocation.method) { _ in "viewModel" }
        case .route(_, let invocation): return "router?." + call(invocation.method) { $0 == "segue" ? "nil" : SwiftSpelling.name($0) }
        case .workerCall(_, _, let invocation):
            let property = SwiftSpelling.lowerFirst(event.to.name)
            return "\(property)." + call(invocation.method) { _ in "…" }
        case .dataPassing(let pass):
            // A field read as it is (`source.userID`) is the generated line; an expression is translated there.
            let isPath = pass.source.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            return "destination.\(SwiftSpelling.name(pass.field)) = " + (isPath && pass.source.hasPrefix("source.") ? pass.source : "…")
        case .navigation(let navigation) where navigation.route != nil:
            return PatternNaming.baseName(navigation.method) + "(source: viewController!, destination: destinationVC)"
        case .dataStoreWrite(let write): return "\(SwiftSpelling.name(write.field)) = …"
        default: return nil
        }
    }
}
