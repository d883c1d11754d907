import Foundation
import ScenarioSpec
import SwiftParser
import SwiftSyntax

/// What one pass over the syntax trees finds: every type, protocol and extension with its members, by name, with
/// where it is written. Conventions (Clean Swift, VIPER) are recognised on this index, never on text.
struct SwiftIndex {
    enum Kind: String { case `class`, `struct`, `enum`, `protocol`, actor, `extension` }

    struct Property {
        var name: String
        /// The declared type as written (`[Order]?`), or nil when only an initializer gives it.
        var type: String?
        /// The initializer's called type, for `var worker = OrdersWorker(…)`.
        var initializerType: String?
        var isStatic: Bool
        var isComputed: Bool
        /// Declared `weak` (or `unowned`): a back reference.
        var isWeak: Bool
        var location: SourceLocation
    }

    struct Parameter {
        var label: String?
        var name: String
        var type: String
    }

    struct Method {
        var name: String
        var parameters: [Parameter]
        var returnType: String?
        var body: CodeBlockSyntax?
        var isStatic: Bool
        var location: SourceLocation
        /// Positions inside the body.
        var converter: SourceLocationConverter

        /// `fetchOrders(request:)`, as Swift writes a method's name.
        var signature: String {
            name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
        }
    }

    struct TypeDecl {
        var kind: Kind
        /// `ListOrders.FetchOrders.Request` for a type nested in enums; the extended type for an extension.
        var path: [String]
        var inherited: [String]
        var properties: [Property] = []
        var methods: [Method] = []
        var location: SourceLocation

        var name: String { path.last ?? "" }
        var qualifiedName: String { path.joined(separator: ".") }
    }

    private(set) var declarations: [TypeDecl] = []
    /// `typealias OrdersRouting = OrdersRoutingLogic & OrdersDataPassing`: name → what it stands for.
    private(set) var typealiases: [String: String] = [:]
    /// Files that did not parse cleanly: they are read as far as the parser recovered, and said.
    private(set) var filesWithErrors: [String] = []

    /// Adds one file's declarations.
    mutating func add(source: String, file: String) {
        let tree = Parser.parse(source: source)
        if tree.hasError { filesWithErrors.append(file) }
        let collector = Collector(converter: SourceLocationConverter(fileName: file, tree: tree), file: file)
        collector.walk(tree)
        declarations += collector.declarations
        for (name, value) in collector.typealiases where typealiases[name] == nil { typealiases[name] = value }
    }

    /// Types (not extensions, not protocols) by their simple name; a name declared twice keeps the first.
    func type(named name: String) -> TypeDecl? {
        declarations.first { $0.kind != .extension && $0.kind != .protocol && $0.name == name }
    }

    /// A type or protocol by qualified name (`ListOrders.FetchOrders.Request`) or simple name.
    func declaration(_ name: String) -> TypeDecl? {
        declarations.first { $0.kind != .extension && $0.qualifiedName == name }
            ?? declarations.first { $0.kind != .extension && $0.name == name }
    }

    func `protocol`(named name: String) -> TypeDecl? {
        declarations.first { $0.kind == .protocol && $0.name == name }
    }

    /// The members of a type with those its extensions add.
    func members(of type: TypeDecl) -> (properties: [Property], methods: [Method], inherited: [String]) {
        var properties = type.properties, methods = type.methods, inherited = type.inherited
        for ext in declarations where ext.kind == .extension && ext.name == type.name {
            properties += ext.properties
            methods += ext.methods
            inherited += ext.inherited
        }
        return (properties, methods, inherited)
    }

    /// Types (classes, structs, actors) that conform to `protocolName`, directly or through an extension, or through
    /// a protocol-composition typealias.
    func conformers(to protocolName: String) -> [TypeDecl] {
        declarations.filter { declaration in
            guard [.class, .struct, .actor].contains(declaration.kind) else { return false }
            return members(of: declaration).inherited.contains { expandedNames($0).contains(protocolName) }
        }
    }

    /// The protocol names in an inheritance entry or composition (`NSObjectProtocol & ListOrdersRoutingLogic`).
    static func names(_ type: String) -> [String] {
        type.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Like `names`, with typealiases expanded (a composition hidden behind a name).
    func expandedNames(_ type: String) -> [String] {
        var result: [String] = []
        var pending = Self.names(type)
        var seen = Set<String>()
        while let name = pending.first {
            pending.removeFirst()
            guard seen.insert(name).inserted else { continue }
            if let value = typealiases[name] { pending += Self.names(value) } else { result.append(name) }
        }
        return result
    }
}

/// Walks one file, keeping the path of enclosing types.
private final class Collector: SyntaxVisitor {
    let converter: SourceLocationConverter
    let file: String
    var declarations: [SwiftIndex.TypeDecl] = []
    var typealiases: [String: String] = [:]
    /// Indexes into `declarations` of the types enclosing the current node.
    var stack: [Int] = []

    init(converter: SourceLocationConverter, file: String) {
        self.converter = converter
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let place = node.startLocation(converter: converter)
        return SourceLocation(file: file, line: place.line, column: place.column)
    }

    func open(_ kind: SwiftIndex.Kind, name: String, inherited: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
        let outer = stack.last.map { declarations[$0].path } ?? []
        let path = kind == .extension ? name.split(separator: ".").map(String.init) : outer + [name]
        declarations.append(SwiftIndex.TypeDecl(
            kind: kind, path: path,
            inherited: inherited?.inheritedTypes.map { $0.type.trimmedDescription } ?? [],
            location: location(node)))
        stack.append(declarations.count - 1)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        open(.class, name: node.name.text, inherited: node.inheritanceClause, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        open(.struct, name: node.name.text, inherited: node.inheritanceClause, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        open(.enum, name: node.name.text, inherited: node.inheritanceClause, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        open(.actor, name: node.name.text, inherited: node.inheritanceClause, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        open(.protocol, name: node.name.text, inherited: node.inheritanceClause, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        open(.extension, name: node.extendedType.trimmedDescription, inherited: node.inheritanceClause, at: node)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

    /// Members only: locals inside function bodies are not the type's.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        typealiases[node.name.text] = node.initializer.value.trimmedDescription
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else { return .skipChildren }
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let isWeak = node.modifiers.contains { ["weak", "unowned"].contains($0.name.text) }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var initializerType: String?
            if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
                initializerType = call.calledExpression.trimmedDescription
            }
            declarations[owner].properties.append(SwiftIndex.Property(
                name: name, type: binding.typeAnnotation?.type.trimmedDescription, initializerType: initializerType,
                isStatic: isStatic, isComputed: binding.accessorBlock != nil, isWeak: isWeak, location: location(binding)))
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = stack.last else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            let first = parameter.firstName.text
            return SwiftIndex.Parameter(label: first == "_" ? nil : first,
                                        name: parameter.secondName?.text ?? first,
                                        type: parameter.type.trimmedDescription)
        }
        declarations[owner].methods.append(SwiftIndex.Method(
            name: node.name.text, parameters: parameters,
            returnType: node.signature.returnClause?.type.trimmedDescription, body: node.body,
            isStatic: node.modifiers.contains { ["static", "class"].contains($0.name.text) },
            location: location(node.name), converter: converter))
        return .skipChildren
    }
}
