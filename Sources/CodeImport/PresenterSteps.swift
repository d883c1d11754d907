import Foundation
import ScenarioSpec
import SwiftSyntax

/// What a VIPER Presenter does, read from its methods: the View told what to show, the Interactor asked, the WireFrame
/// asked to navigate, in order and in branches; and the known generations of VIPER's protocols, which name the
/// convention an app follows.
extension VIPReader {
    /// Modules: names `X` with the Presenter's input protocol and the View's or the Interactor's.
    static func viperSceneNames(_ index: SwiftIndex, _ convention: Generation) -> [String] {
        guard let presenterInput = convention.presenterInput else { return [] }
        let names = index.protocols(endingWith: presenterInput).map { String($0.name.dropLast(presenterInput.count)) }
        // A Presenter protocol and a View protocol alone are not VIPER (a VIP with a Controller names its Interactor's
        // output `XPresenterProtocol` too): the module also has the Interactor's input protocol or a WireFrame.
        return Array(Set(names.filter { name in
            !name.isEmpty && (index.protocol(named: name + convention.displayLogic) != nil
                || index.protocol(named: name + convention.businessLogic) != nil)
                && (index.protocol(named: name + convention.businessLogic) != nil
                    || convention.routingLogic.contains { index.protocol(named: name + $0) != nil }
                    || ["WireFrame", "Wireframe"].contains { index.type(named: name + $0) != nil })
        })).sorted()
    }

    /// A method's parameters as fields, named by the parameter's name (`_ posts: [PostModel]` is `posts`), placed at
    /// the method.
    mutating func fields(of method: SwiftIndex.Method, context: [String]) -> [ImportedApp.Field] {
        fields(method.parameters, at: method.location, context: context)
    }

    mutating func fields(_ parameters: [SwiftIndex.Parameter], at location: SourceLocation, context: [String]) -> [ImportedApp.Field] {
        parameters.map { parameter in
            let mapped = types.map(parameter.type, context: context)
            return ImportedApp.Field(name: parameter.name, type: mapped.type, note: mapped.note, location: location, codeType: parameter.type)
        }
    }

    struct PresenterContext {
        var views: Set<String>
        var interactors: Set<String>
        var wireFrames: Set<String>
        var viewMethods: [SwiftIndex.Method]
        var routeNames: [String: String]
        /// Each route's input, by the WireFrame method's argument labels: label → input field.
        var routeInputs: [String: [String: String]]
        /// The Interactor's methods, whose parameters name the Request's fields.
        var interactorMethods: [SwiftIndex.Method]
        var ownMethods: [SwiftIndex.Method]
        /// The Presenter's own state (the module's DataStore in the scenario).
        var state: Set<String>
        /// The Presenter's properties whose `didSet` talks to the View (`var items = [] { didSet { view?.reload() } }`),
        /// read as a method run after each write.
        var observers: [String: (method: SwiftIndex.Method, statements: CodeBlockItemListSyntax)] = [:]
    }

    /// A Presenter method's steps: the View told what to show, the Interactor asked, the WireFrame asked to
    /// navigate, in order; an `if` whose condition the scenario can say stays a branch; the Presenter's own methods
    /// it calls are followed once.
    mutating func presenterSteps(_ statements: CodeBlockItemListSyntax, in method: SwiftIndex.Method, context: PresenterContext,
                                 bound: [String: String], depth: Int) -> [ImportedApp.Step] {
        var reader = BodyReader(method, in: index)
        reader.bound = bound
        reader.dataStoreFields = context.state
        var steps: [ImportedApp.Step] = []
        for item in statements {
            let expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
            if let ifExpression = expression.map(BodyReader.unwrapTryAwait)?.as(IfExprSyntax.self), ifExpression.conditions.count == 1,
               let condition = ifExpression.conditions.first?.condition.as(ExprSyntax.self), let said = reader.translated(condition) {
                let then = presenterSteps(ifExpression.body.statements, in: method, context: context, bound: bound, depth: depth)
                var otherwise: [ImportedApp.Step] = []
                if let block = ifExpression.elseBody?.as(CodeBlockSyntax.self) {
                    otherwise = presenterSteps(block.statements, in: method, context: context, bound: bound, depth: depth)
                }
                steps.append(.conditional(said, then: then, otherwise: otherwise, location: reader.location(ifExpression)))
                continue
            }
            for call in CallCollector.calls(in: item) {
                steps += presenterStep(call, reader: reader, context: context, depth: depth)
            }
            // A write to a property whose `didSet` talks to the View, here or in a closure the statement hands on (the
            // Interactor's completion handler: `interactor.fetch { list in self.items = list }`): what the observer
            // does follows.
            if depth == 0 {
                for write in AssignmentCollector.assignments(in: item).compactMap({ BodyReader.ownField($0.target) }) {
                    guard let observer = context.observers[write] else { continue }
                    steps += presenterSteps(observer.statements, in: observer.method, context: context, bound: bound, depth: 1)
                }
            }
        }
        unmapped += reader.unmapped
        return steps
    }

    /// One call of a Presenter method, as steps (none when it is not a conversation the scenario has).
    mutating func presenterStep(_ call: FunctionCallExprSyntax, reader: BodyReader, context: PresenterContext, depth: Int) -> [ImportedApp.Step] {
        if let member = BodyReader.member(of: call) {
            if context.views.contains(member.base) {
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                let declared = context.viewMethods.first { $0.name == member.name && $0.parameters.map { $0.label ?? "_" } == labels }
                let signature = declared?.signature ?? "\(member.name)(" + labels.map { $0 + ":" }.joined() + ")"
                // A value the View is handed force-unwrapped (`post!`) is shown as it is: a label takes any value.
                let shown = zip(declared?.parameters.map(\.name) ?? labels, call.arguments).map { name, argument in
                    let expression = argument.expression.as(ForceUnwrapExprSyntax.self)?.expression ?? argument.expression
                    return ImportedApp.Assignment(field: name, expression: reader.translate(expression), location: reader.location(argument))
                }
                return [.display(signature, values: shown, location: reader.location(call))]
            }
            if context.interactors.contains(member.base) {
                // Arguments by position: the Interactor's parameters name the Request's fields.
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                // By name and labels; else by name alone (a call that leaves a label out, as Swift 2 wrote the first).
                let declared = context.interactorMethods.first { $0.name == member.name && $0.parameters.map { $0.label ?? "_" } == labels }
                    ?? context.interactorMethods.first { $0.name == member.name && $0.parameters.count == call.arguments.count }
                let declaredByName = declared ?? context.interactorMethods.first { $0.name == member.name }
                let arguments = declaredByName.map { method in
                    method.parameters.enumerated().compactMap { position, parameter -> ImportedApp.Assignment? in
                        // A completion handler is how the answer comes back, not a value asked with.
                        guard TypeMapping.closureResult(parameter.type) == nil else { return nil }
                        let arguments = Array(call.arguments)
                        guard position < arguments.count, !arguments[position].expression.is(ClosureExprSyntax.self) else {
                            // A value the call does not give (a default, or code that does not compile as written).
                            return ImportedApp.Assignment(field: parameter.name, expression: "todo", location: reader.location(call))
                        }
                        return ImportedApp.Assignment(field: parameter.name, expression: reader.translate(arguments[position].expression),
                                                      location: reader.location(arguments[position]))
                    }
                } ?? reader.assignments(call.arguments)
                return [.callInteractor(member.name, arguments: arguments, location: reader.location(call))]
            }
            if context.wireFrames.contains(member.base) {
                guard let route = context.routeNames[member.name] else {
                    // `router.inject(view: view)`: handing the WireFrame the View is wiring, not navigation.
                    let views: Set<String> = ["view", "viewController", "controller", "self.view", "self"]
                    if !call.arguments.isEmpty, call.arguments.allSatisfy({ views.contains($0.expression.trimmedDescription) }) { return [] }
                    unmapped.append(.init(message: "the WireFrame's '\(member.name)' leads to no module found in the code read", location: reader.location(call)))
                    return []
                }
                // Arguments that hand over the View (`from: view`) are how UIKit navigates, not data.
                let inputs = context.routeInputs[route] ?? [:]
                let arguments = call.arguments.compactMap { argument -> ImportedApp.Assignment? in
                    guard let field = inputs[argument.label?.text ?? "_"] else { return nil }
                    return ImportedApp.Assignment(field: field, expression: reader.translate(argument.expression), location: reader.location(argument))
                }
                return [.route(route, arguments: arguments, location: reader.location(call))]
            }
        }
        if depth == 0, let own = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? BodyReader.member(of: call).flatMap({ $0.base == "self" ? $0.name : nil }),
           let inner = context.ownMethods.first(where: { $0.name == own }), let body = inner.body {
            var innerBound: [String: String] = [:]
            for (parameter, argument) in zip(inner.parameters, call.arguments) {
                innerBound[parameter.name] = reader.translated(argument.expression)
            }
            return presenterSteps(body.statements, in: inner, context: context, bound: innerBound, depth: 1)
        }
        return []
    }
}

extension VIPReader {
    /// A parameter that hands over a View (`from view: PostListViewProtocol`, `UIViewController`).
    static func isViewType(_ type: String) -> Bool {
        ["ViewProtocol", "ViewInterface", "ViewController", "UIView", "View"].contains { type.replacingOccurrences(of: "?", with: "").hasSuffix($0) }
    }
}

/// `viewDidLoad` → `ViewDidLoad`.
enum SwiftSpellingForImport {
    static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
