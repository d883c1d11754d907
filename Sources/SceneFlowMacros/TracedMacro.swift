import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Traced(role)` on a protocol: a peer class `Tracing<Protocol>` that forwards every requirement to the component
/// it wraps and records each method call as the message the role sends (see `SceneFlowTracing.Traced`).
public struct TracedMacro: PeerMacro {
    enum Role: String {
        case businessLogic, presentationLogic, displayLogic, routingLogic

        /// What the method's base name says: the use case (`login` → `Login`, `presentLogin` → `Login`) or the
        /// route (`routeToHome` → `toHome`).
        func subject(of base: String) -> String {
            func strip(_ prefix: String) -> String {
                base.hasPrefix(prefix) && base.count > prefix.count ? String(base.dropFirst(prefix.count)) : base
            }
            switch self {
            case .businessLogic: return upperFirst(base)
            case .presentationLogic: return upperFirst(strip("present"))
            case .displayLogic: return upperFirst(strip("display"))
            case .routingLogic: return lowerFirst(strip("route"))
            }
        }

        func message(subject: String, invocation: String) -> String {
            let name = literal(subject)
            switch self {
            case .businessLogic: return ".request(useCase: UseCaseName(\(name)), \(invocation))"
            case .presentationLogic: return ".response(useCase: UseCaseName(\(name)), output: nil, \(invocation))"
            case .displayLogic: return ".display(useCase: UseCaseName(\(name)), output: nil, \(invocation))"
            case .routingLogic: return ".route(RouteName(\(name)), \(invocation))"
            }
        }
    }

    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let proto = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: Problem.error("@Traced applies to a protocol")))
            return []
        }
        guard let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first?.expression,
              let role = Role(rawValue: argument.trimmedDescription.split(separator: ".").last.map(String.init) ?? "") else {
            context.diagnose(Diagnostic(node: node, message: Problem.error(
                "@Traced needs the protocol's role: .businessLogic, .presentationLogic, .displayLogic or .routingLogic")))
            return []
        }
        let name = proto.name.text
        let access = proto.modifiers.first { ["public", "package", "internal", "fileprivate", "private"].contains($0.name.text) }
            .map { $0.name.text == "private" ? "fileprivate " : "\($0.name.text) " } ?? ""
        // The templates hold the View weakly (a Presenter's `weak var viewController`): a class-bound DisplayLogic's
        // wrapper holds it weakly too, so wrapping adds no cycle. Whoever makes that wrapper keeps it.
        let weak = role == .displayLogic
            && proto.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "AnyObject" } == true
        var members: [String] = []
        var failed = false
        for item in proto.memberBlock.members {
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                guard let member = method(function, protocolName: name, role: role, access: access, weak: weak, context: context) else {
                    failed = true
                    continue
                }
                members.append(member)
            } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                members += property(variable, access: access, weak: weak)
            } else if item.decl.is(AssociatedTypeDeclSyntax.self) || item.decl.is(SubscriptDeclSyntax.self)
                        || item.decl.is(InitializerDeclSyntax.self) {
                context.diagnose(Diagnostic(node: item.decl, message: Problem.error(
                    "@Traced wraps methods and properties; record this requirement by hand")))
                failed = true
            }
        }
        if failed { return [] }
        let storage = weak ? "weak var wrapped: (any \(name))?" : "var wrapped: any \(name)"
        let note = weak ? "\n/// It holds the View weakly, as the Presenter does: keep the wrapper where the View keeps its parts." : ""
        let decl: DeclSyntax = """
            /// Records each call through `\(raw: name)` and forwards it to the component it wraps.\(raw: note)
            \(raw: access)final class Tracing\(raw: name): \(raw: name) {
                \(raw: access)\(raw: storage)
                \(raw: access)let sender: Participant
                \(raw: access)let receiver: Participant
                \(raw: access)let recorder: Recorder

                \(raw: access)init(_ wrapped: any \(raw: name), from sender: Participant, to receiver: Participant, recorder: Recorder = .shared) {
                    self.wrapped = wrapped
                    self.sender = sender
                    self.receiver = receiver
                    self.recorder = recorder
                }
            \(raw: members.joined(separator: "\n"))
            }
            """
        return [decl]
    }

    /// A method: the call recorded as the role's message, with the first argument as its payload.
    static func method(_ function: FunctionDeclSyntax, protocolName: String, role: Role, access: String, weak: Bool,
                       context: some MacroExpansionContext) -> String? {
        let signature = function.signature
        if signature.effectSpecifiers?.asyncSpecifier != nil {
            context.diagnose(Diagnostic(node: function, message: Problem.error(
                "@Traced records synchronous calls; '\(function.name.text)' is async")))
            return nil
        }
        if function.genericParameterClause != nil {
            context.diagnose(Diagnostic(node: function, message: Problem.error(
                "@Traced cannot forward the generic method '\(function.name.text)'")))
            return nil
        }
        let base = function.name.text
        let parameters = Array(signature.parameterClause.parameters)
        let labels = parameters.map { ($0.firstName.text) + ":" }.joined()
        let method = "\(base)(\(labels))"
        let arguments = parameters.enumerated().map { index, parameter in
            let local = localName(parameter, index)
            return parameter.firstName.text == "_" ? local : "\(parameter.firstName.text): \(local)"
        }.joined(separator: ", ")
        let declaredParameters = parameters.enumerated().map { index, parameter in
            var text = parameter.with(\.trailingComma, nil).trimmed
            text.secondName = .identifier(localName(parameter, index))
            if parameter.firstName.text == localName(parameter, index) { text.secondName = nil }
            return text.description
        }.joined(separator: ", ")
        let throwsText = signature.effectSpecifiers?.throwsClause != nil ? " throws" : ""
        let returns = signature.returnClause.map { " " + $0.trimmedDescription } ?? ""
        let payload: String
        let payloadType: String
        if let first = parameters.first {
            payload = "(\(localName(first, 0)) as Any as? TraceValueConvertible)?.traceValue"
            payloadType = literal(first.type.trimmedDescription)
        } else {
            payload = "nil"
            payloadType = "nil"
        }
        let invocation = "Invocation(protocolName: \(literal(protocolName)), method: \(literal(method)), payloadType: \(payloadType), payload: \(payload))"
        // A weakly held component that is gone answers nothing: a Void call does nothing, as `weak var`'s `?.` would.
        let target = weak ? (returns.isEmpty ? "wrapped?" : "wrapped!") : "wrapped"
        let call = "\(throwsText.isEmpty ? "" : "try ")\(target).\(base)(\(arguments))"
        return """

                \(access)func \(base)(\(declaredParameters))\(throwsText)\(returns) {
                    \(throwsText.isEmpty ? "" : "try ")recorder.send(\(role.message(subject: role.subject(of: base), invocation: invocation)), from: sender, to: receiver) {
                        \(call)
                    }
                }
            """
    }

    /// A property: forwarded, not recorded.
    static func property(_ variable: VariableDeclSyntax, access: String, weak: Bool) -> [String] {
        variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let type = binding.typeAnnotation?.type.trimmedDescription else { return nil }
            let settable = binding.accessorBlock?.description.contains("set") == true
            let target = weak ? "wrapped!" : "wrapped"
            let accessors = settable ? "get { \(target).\(name) } set { \(target).\(name) = newValue }" : "\(target).\(name)"
            return "\n    \(access)var \(name): \(type) { \(accessors) }"
        }
    }

    /// The name a parameter goes by inside the method: its second name, its first, or `argumentN` for `_`.
    static func localName(_ parameter: FunctionParameterSyntax, _ index: Int) -> String {
        if let second = parameter.secondName, second.text != "_" { return second.text }
        return parameter.firstName.text == "_" ? "argument\(index)" : parameter.firstName.text
    }
}

struct Problem: DiagnosticMessage {
    let message: String
    let severity: DiagnosticSeverity
    var diagnosticID: MessageID { MessageID(domain: "SceneFlowMacros", id: "traced") }

    static func error(_ message: String) -> Problem { Problem(message: message, severity: .error) }
}

func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }

/// A Swift string literal of `text`, escaped as swift-syntax escapes it.
func literal(_ text: String) -> String { StringLiteralExprSyntax(content: text).description }

@main
struct SceneFlowMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [TracedMacro.self]
}
