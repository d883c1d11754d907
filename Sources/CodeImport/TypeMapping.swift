import ScenarioSpec
import ScenarioWriting

/// Swift types as the scenario format's types: `String`, `Int`, `Double`, `Bool`, entities, optionals and lists.
/// Types it has no word for yet become `String` (or `Double` for money) with a note, never silently.
struct TypeMapping {
    let index: SwiftIndex
    /// Entities found so far, by scenario name.
    private(set) var entities: [String: ImportedApp.Entity] = [:]
    /// Entity names in the order they were first met (the scenario lists them so).
    private(set) var entityOrder: [String] = []
    /// Qualified Swift name → entity name.
    private var entityNames: [String: String] = [:]
    /// Types that are components or workers: never entities.
    var excluded: Set<String> = []
    /// The app's scenes: a model named `<Scene>Entity` (the name generated code gives an entity named like a scene,
    /// whose namespace holds the scene's models) is the entity `<Scene>`.
    var sceneNames: Set<String> = []

    init(index: SwiftIndex) { self.index = index }

    /// The scenario type for a Swift type, and a note when it is an approximation.
    mutating func map(_ swift: String, context: [String] = []) -> (type: String, note: String?) {
        var text = swift.trimmingCharacters(in: .whitespaces)
        for attribute in ["@escaping ", "inout ", "@MainActor ", "@Sendable "] where text.hasPrefix(attribute) {
            text.removeFirst(attribute.count)
        }
        if text.hasSuffix("?") || text.hasSuffix("!") {
            let inner = map(String(text.dropLast()), context: context)
            return (inner.type.hasSuffix("?") ? inner.type : inner.type + "?", inner.note)
        }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") {
            let inner = map(String(text.dropFirst(9).dropLast()), context: context)
            return (inner.type.hasSuffix("?") ? inner.type : inner.type + "?", inner.note)
        }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            if Self.topLevelColon(in: inner) {
                return ("String", "the dictionary '\(text)' in the code")
            }
            let element = map(inner, context: context)
            return ("[\(element.type)]", element.note)
        }
        if text.hasPrefix("Array<"), text.hasSuffix(">") {
            let element = map(String(text.dropFirst(6).dropLast()), context: context)
            return ("[\(element.type)]", element.note)
        }
        // The app's own type of a standard library's name (a Rick and Morty app's `struct Character`) is the app's.
        if index.type(named: text) != nil, let entity = entity(for: text, context: context) { return (entity, nil) }
        switch text {
        case "String", "Substring", "Character", "NSString": return ("String", nil)
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "NSInteger": return ("Int", nil)
        case "Double", "Float", "CGFloat", "Float32", "Float64", "TimeInterval": return ("Double", nil)
        case "Bool": return ("Bool", nil)
        case "Date": return ("Date", nil)
        case "NSDate": return ("Date", "NSDate in the code")
        case "Decimal": return ("Decimal", nil)
        case "NSDecimalNumber": return ("Decimal", "NSDecimalNumber in the code")
        case "URL", "NSURL", "UUID": return ("String", "\(text) in the code")
        default: break
        }
        if let entity = entity(for: text, context: context) { return (entity, nil) }
        if let enumName = enumType(for: text, context: context) { return (enumName, nil) }
        if let declaration = resolve(text, context: context), declaration.kind == .enum {
            return ("String", "the enum '\(declaration.qualifiedName)' in the code")
        }
        return ("String", "'\(text)' in the code")
    }

    /// The declaration a type name refers to from inside `context` (the path of the type that uses it).
    func resolve(_ name: String, context: [String]) -> SwiftIndex.TypeDecl? {
        var scope = context
        while true {
            if let found = index.type(qualified: (scope + [name]).joined(separator: ".")) { return found }
            if scope.isEmpty { break }
            scope.removeLast()
        }
        return index.type(named: name.split(separator: ".").last.map(String.init) ?? name)
    }

    /// A struct or class with stored properties, as an entity (its name: the type's own, or qualified when two
    /// types share it).
    /// Enums the scenario can say, by name, in the order first met.
    private(set) var enums: [String: ImportedApp.Enum] = [:]
    private(set) var enumOrder: [String] = []

    /// An enum whose cases carry no values, and whose raw values (if any) are whole numbers or text: the scenario's
    /// enum of that name.
    private mutating func enumType(for name: String, context: [String]) -> String? {
        guard let declaration = resolve(name, context: context), declaration.kind == .enum, !declaration.cases.isEmpty,
              !declaration.hasPayloads else {
            return nil
        }
        if enums[declaration.name] != nil { return declaration.name }
        var cases: [ImportedApp.Enum.Case] = []
        var inferred = 0
        let numeric = declaration.inherited.contains("Int")
        for item in declaration.cases {
            let raw: String?
            switch (item.rawValue, numeric, declaration.inherited.contains("String")) {
            case (nil, true, _):
                // Swift counts on from the last value written.
                raw = String(inferred)
            case (.integer(let value)?, true, _):
                inferred = value
                raw = String(value)
            case (nil, false, true):
                // A String enum's raw value is its name unless written.
                raw = YAMLText.quoted(item.name)
            case (.text(let text)?, false, true):
                raw = YAMLText.quoted(text)
            case (nil, false, false):
                raw = nil
            default:
                // A raw value the scenario cannot hold (a computed one, a Character or Double enum's).
                return nil
            }
            if numeric { (inferred, _) = inferred.addingReportingOverflow(1) }
            cases.append(.init(name: item.name, rawValue: raw))
        }
        enums[declaration.name] = ImportedApp.Enum(name: declaration.name, cases: cases, location: declaration.location)
        enumOrder.append(declaration.name)
        return declaration.name
    }

    private mutating func entity(for name: String, context: [String]) -> String? {
        guard let declaration = resolve(name, context: context), [.struct, .class].contains(declaration.kind),
              !excluded.contains(declaration.name) else { return nil }
        // A screen's class (a view, a controller) is what shows data, not data.
        if declaration.kind == .class, let superclass = declaration.inherited.first, superclass.hasPrefix("UI") || superclass.hasPrefix("NS") && superclass != "NSObject" {
            return nil
        }
        if let known = entityNames[declaration.qualifiedName] { return known }
        var entityName = declaration.name
        if entityName.hasSuffix("Entity"), sceneNames.contains(String(entityName.dropLast("Entity".count))) {
            entityName = String(entityName.dropLast("Entity".count))
        }
        if entities[entityName] != nil { entityName = declaration.path.joined() }
        entityNames[declaration.qualifiedName] = entityName
        // Registered before its fields, so a type that refers to itself through a list ends.
        entities[entityName] = ImportedApp.Entity(name: entityName, fields: [], location: declaration.location)
        entityOrder.append(entityName)
        let fields = storedFields(of: declaration)
        entities[entityName]?.fields = fields
        return entityName
    }

    /// A type's stored properties as fields.
    mutating func storedFields(of declaration: SwiftIndex.TypeDecl) -> [ImportedApp.Field] {
        index.members(of: declaration).properties.filter { !$0.isStatic && !$0.isComputed }.compactMap { property in
            guard let swift = property.type ?? property.initializerType else { return nil }
            let mapped = map(swift, context: declaration.path)
            return ImportedApp.Field(name: property.name, type: mapped.type, note: mapped.note, location: property.location, codeType: swift)
        }
    }

    static func topLevelColon(in text: String) -> Bool {
        var depth = 0
        for character in text {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            case ":" where depth == 0: return true
            default: break
            }
        }
        return false
    }

    /// The value type a completion handler delivers: `([Order]) -> Void` → `[Order]`, `(Result<User, Error>) -> Void`
    /// → `User`; nil for a type that is not a closure.
    static func closureResult(_ type: String) -> String?? {
        var text = type.trimmingCharacters(in: .whitespaces)
        for attribute in ["@escaping ", "@Sendable ", "@MainActor "] where text.hasPrefix(attribute) {
            text.removeFirst(attribute.count)
        }
        if text.hasPrefix("("), text.hasSuffix(")?") || text.hasSuffix(")!") { text = String(text.dropFirst().dropLast(2)) }
        guard text.hasPrefix("("), let arrow = text.range(of: ") ->") ?? text.range(of: ")->") else { return nil }
        let parameters = String(text[text.index(after: text.startIndex)..<arrow.lowerBound])
        let first = splitTopLevel(parameters).first?.trimmingCharacters(in: .whitespaces) ?? ""
        if first.isEmpty { return .some(nil) }
        // A labelled closure parameter (`_ orders: [Order]`) keeps its type.
        var value = first
        if let colon = first.firstIndex(of: ":"), !topLevelColon(in: String(first[..<colon])) && !first.hasPrefix("[") {
            value = String(first[first.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        if value.hasPrefix("Result<"), value.hasSuffix(">") {
            value = splitTopLevel(String(value.dropFirst(7).dropLast())).first ?? value
        }
        return .some(value.trimmingCharacters(in: .whitespaces))
    }

    /// `a, b<c, d>, e` → `[a, b<c, d>, e]`.
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            default: break
            }
            if character == "," && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
        return parts
    }
}
