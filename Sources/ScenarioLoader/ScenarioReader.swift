import Foundation
import ScenarioSpec
import Yams

/// Reads the composed YAML tree of a scenario into the model, checking structure, keys and value types.
/// Names, references and expressions are checked afterwards by `ScenarioChecker`.
final class ScenarioReader {
    let source: SourceText
    let diagnostics: DiagnosticCollector
    private(set) var nodes: NodeReader
    /// Folder fixtures are read from; nil when the scenario did not come from a file.
    let baseDirectory: URL?

    /// Entities and worker result records read so far, by name.
    private(set) var recordTypes: [String: RecordType] = [:]
    /// Enums, by name.
    private(set) var enumTypes: [String: EnumType] = [:]
    /// The workers the app shares, once read.
    private(set) var sharedWorkers: [Worker] = []
    /// Worker results written as field lists get a record type of their own (`AuthWorker.login.Result`).
    private(set) var resultRecords: [RecordType] = []
    /// Fixture files read, as the scenario names them, and the SHA-256 of each.
    private(set) var fixtureSHA256: [String: String] = [:]
    /// The pattern the scenario says it is written in, once read: what a scene's `names:` may name.
    private var pattern = Pattern.default
    /// Every `accept:` read, at the top, in scenes and on steps, in file order.
    private(set) var acceptances: [RuleAcceptance] = []

    init(source: SourceText, diagnostics: DiagnosticCollector, baseDirectory: URL?) {
        self.source = source
        self.diagnostics = diagnostics
        self.nodes = NodeReader(source: source, diagnostics: diagnostics)
        self.baseDirectory = baseDirectory
    }

    var values: ValueReader {
        ValueReader(diagnostics: diagnostics, recordType: { [recordTypes] name in recordTypes[name] },
                    enumType: { [enumTypes] name in enumTypes[name] })
    }

    func location(_ node: Node) -> SourceLocation { source.location(of: node) }

    // MARK: - Scenario

    /// The draft read from the file, and the position of the `scenes` key for messages about the whole app.
    func readScenario(_ root: Node) -> ScenarioDraft? {
        guard case .mapping = root else {
            diagnostics.error("a scenario must be a mapping with 'scenario', 'scenes' and 'story', found \(NodeReader.describe(root))",
                              at: location(root), id: "scenario/shape")
            return nil
        }
        guard let top = nodes.mapping(root, "the scenario", allowed: Vocabulary.scenario) else { return nil }

        var name = ""
        if let entry = top["scenario"] {
            name = nodes.title(entry.value, "'scenario' (the scenario's title)") ?? ""
        } else {
            diagnostics.error("missing key 'scenario': give the scenario a title, e.g. 'scenario: Sign in'",
                              at: location(root), id: "scenario/missing")
        }

        if let entry = top["pattern"], let text = nodes.string(entry.value, "'pattern'") {
            if let p = Pattern(rawValue: text) {
                pattern = p
            } else {
                diagnostics.unknown("unknown pattern '\(text)'", name: text,
                                    candidates: Pattern.all.map(\.rawValue), at: location(entry.value),
                                    extraNotes: [Diagnostic.Note("patterns: " + Pattern.all.map(\.rawValue).joined(separator: ", "))], id: "scenario/unknown-name")
            }
        }

        let description = top["description"].flatMap { nodes.string($0.value, "'description'") }

        var wiring: PatternDefinition.Wiring.Style?
        if let entry = top["wiring"], let text = nodes.string(entry.value, "'wiring'") {
            let choices: [PatternDefinition.Wiring.Style] = [.configurator, .setup]
            if let style = PatternDefinition.Wiring.Style(rawValue: text), choices.contains(style) {
                if choices.contains(pattern.definition.wiring.style) {
                    wiring = style
                } else {
                    diagnostics.error("'wiring' chooses between a Configurator and the View's setup(); \(pattern.rawValue) wires its scenes with \(pattern.definition.wiring.style.rawValue)",
                                      at: location(entry.value), notes: [Diagnostic.Note("remove 'wiring'")], id: "scenario/conflicting-keys")
                }
            } else {
                diagnostics.unknown("unknown wiring '\(text)'", name: text, candidates: choices.map(\.rawValue), at: location(entry.value),
                                    extraNotes: [Diagnostic.Note("'configurator': a Configurator object sets the references; 'setup': the View's setup() does (the current Clean Swift template)")], id: "scenario/unknown-name")
            }
        }

        // Enums and entities first: every other part may use them as types.
        let enums = top["enums"].map { readEnums($0.value) } ?? []
        nodes.types = ExpressionParser.TypeVocabulary(records: [], enums: Set(enums.map(\.name)))
        var entities: [RecordType] = []
        if let entry = top["entities"], let list = nodes.mapping(entry.value, "'entities'") {
            let accepted = typeNamed(list, what: "entity").map(\.entry)
            for item in accepted {
                recordTypes[item.key] = RecordType(name: item.key, fields: [], location: location(item.keyNode))
            }
            // Fields second, so entities can refer to each other in any order.
            for item in accepted {
                let entity = RecordType(name: item.key, fields: readFields(item.value, "fields of entity '\(item.key)'"),
                                        location: location(item.keyNode))
                recordTypes[item.key] = entity
                entities.append(entity)
            }
        }
        nodes.types = ExpressionParser.TypeVocabulary(records: Set(entities.map(\.name)), enums: Set(enums.map(\.name)))

        if let entry = top["workers"], let list = nodes.mapping(entry.value, "the app's shared 'workers'") {
            for (item, at) in typeNamed(list, what: "worker") {
                sharedWorkers.append(readWorker(named: item.key, at: at, item.value, shared: true))
            }
        }

        let appState = top["appState"].map { readFields($0.value, "'appState'") } ?? []
        if let entry = top["accept"] { readAcceptances(entry.value, scope: .scenario) }

        var scenes: [Scene] = []
        if let entry = top["scenes"] {
            if let list = nodes.mapping(entry.value, "'scenes'") {
                if list.isEmpty {
                    diagnostics.error("'scenes' is empty; declare at least one scene", at: location(entry.value), id: "scenario/missing")
                }
                for (item, at) in typeNamed(list, what: "scene") {
                    if let scene = readScene(named: item.key, at: at, item.value) { scenes.append(scene) }
                }
            }
        } else {
            diagnostics.error("missing key 'scenes': declare the app's scenes", at: location(root), id: "scenario/missing")
        }

        var start: Located<SceneName>?
        if let entry = top["start"], let text = nodes.located(entry.value, "'start'") {
            start = Located(SceneName(text.value), at: text.location)
        }

        var story: [StoryStep] = []
        if let entry = top["story"], let items = nodes.sequence(entry.value, "'story'") {
            let lookup = SceneLookup(scenes)
            story = items.compactMap { readStoryStep($0, scenes: lookup) }
        }
        var storyRepeats = 1
        if let entry = top["repeat"], let text = nodes.string(entry.value, "'repeat'") {
            if let count = ValueReader.integer(text), (1...Scenario.maxStoryRepeats).contains(count) {
                storyRepeats = count
                if count > 1 && story.isEmpty {
                    diagnostics.error("'repeat' plays the story \(count) times, but the story has no steps",
                                      at: location(entry.value),
                                      notes: [Diagnostic.Note("add steps under 'story:', or remove 'repeat'")], id: "scenario/missing")
                }
            } else {
                diagnostics.error("'repeat' must be a whole number from 1 to \(Scenario.maxStoryRepeats), found '\(text)'",
                                  at: location(entry.value),
                                  notes: [Diagnostic.Note("'repeat: 100' plays the story 100 times in a row")], id: "scenario/malformed-value")
            }
        }

        return ScenarioDraft(
            name: name, description: description, pattern: pattern, wiring: wiring, start: start, entities: entities, enums: enums,
            sharedWorkers: sharedWorkers, appState: appState, scenes: scenes, story: story, storyRepeats: storyRepeats, resultRecords: resultRecords,
            acceptances: acceptances.sorted { $0.location < $1.location }, rootLocation: location(root))
    }

    /// `true` or `false`.
    func readFlag(_ node: Node, _ what: String) -> Bool? {
        guard let text = nodes.string(node, what) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default:
            diagnostics.error("\(what) is 'true' or 'false', not '\(text)'", at: location(node), id: "scenario/malformed-value")
            return nil
        }
    }

    /// `names:` — the scene's parts (`view: GendreListViewController`) and, under `protocols:`, its protocols
    /// (`presenterInput: GendreListViewToPresenterProtocol`) as the app names them: only parts and protocols the
    /// pattern has, each a Swift type name.
    func readNames(_ node: Node, scene what: String) -> PartNames {
        let definition = pattern.definition
        let roles = definition.roles.map(\.role).filter { $0 != .worker } + [.configurator]
        let slots = ProtocolSlot.allCases.filter { $0 != .workerInput && $0 != .workerOutput && definition.naming.protocols[$0] != nil }
        var names = PartNames()
        guard let keys = nodes.mapping(node, "'names' of \(what)", allowed: roles.map(\.rawValue) + (slots.isEmpty ? [] : ["protocols"])
                                        + (definition.naming.appearMethod == nil ? [] : ["appear"])) else {
            return names
        }
        if let entry = keys["appear"] { names.appear = readSignature(entry.value) }
        func typeName(_ entry: MappingEntry, _ role: String) -> Located<String>? {
            guard let name = nodes.located(entry.value, "the name of the \(role)") else { return nil }
            // What wires a scene may be a type or a type's method: `HomeTabRoute.makeHomeTab()`.
            if role == ComponentRole.configurator.rawValue, name.value.firstMatch(of: #/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\([A-Za-z0-9_:]*\))?$/#) != nil {
                return name
            }
            guard SwiftIdentifier.isValid(name.value) else {
                diagnostics.error("'\(name.value)' is no Swift type name; the \(role) of \(what) needs one", at: name.location,
                                  notes: NodeReader.whyNotIdentifier(name.value), id: "scenario/invalid-name")
                return nil
            }
            return name
        }
        for role in roles {
            guard let entry = keys[role.rawValue], let name = typeName(entry, role.rawValue) else { continue }
            names.components[role] = name
        }
        if let entry = keys["protocols"] {
            let allowed = slots.map(\.rawValue)
            if let protocols = nodes.mapping(entry.value, "'protocols' of \(what)", allowed: allowed) {
                for slot in slots {
                    guard let entry = protocols[slot.rawValue], let name = typeName(entry, "\(slot.rawValue) protocol") else { continue }
                    names.protocols[slot] = name
                }
            }
        }
        return names
    }

    /// `accept:` one `{ rule, reason }` or a list of them: rules the app breaks on purpose, within `scope`. A reason
    /// is required: it is what a reviewer reads.
    func readAcceptances(_ node: Node, scope: RuleAcceptance.Scope) {
        guard let items = nodes.sequence(node, "'accept'", single: true) else { return }
        for item in items {
            let what = "an acceptance"
            guard case .mapping = item else {
                diagnostics.error("an acceptance is '{ rule: …, reason: … }', found \(NodeReader.describe(item))", at: location(item),
                                  notes: [Diagnostic.Note("accept: { rule: clean-swift/workers-serve-interactor, reason: \"the app caches in the Presenter\" }")], id: "scenario/shape")
                continue
            }
            guard let keys = nodes.mapping(item, what, allowed: Vocabulary.acceptance) else { continue }
            guard let ruleEntry = keys["rule"] else {
                diagnostics.error("an acceptance needs 'rule:' (the id a finding names, such as 'clean-swift/one-way')", at: location(item), id: "scenario/missing")
                continue
            }
            guard let rule = nodes.located(ruleEntry.value, "'rule'") else { continue }
            guard let reasonEntry = keys["reason"] else {
                diagnostics.error("the acceptance of \(rule.value) needs 'reason:': why the app breaks the rule", at: rule.location, id: "scenario/missing")
                continue
            }
            guard let reason = nodes.string(reasonEntry.value, "'reason'") else { continue }
            if reason.allSatisfy(\.isWhitespace) {
                diagnostics.error("the acceptance of \(rule.value) gives no reason", at: location(reasonEntry.value),
                                  notes: [Diagnostic.Note("say why the app breaks the rule: a reviewer reads it")], id: "scenario/inconsistent")
                continue
            }
            acceptances.append(RuleAcceptance(rule: rule.value, reason: reason, scope: scope, at: rule.location))
        }
    }

    /// The entries of a mapping of named things (scenes, workers, enums…) whose names are valid type names, each
    /// name once: an invalid name and a repeated one are reported and left out.
    func typeNamed(_ list: [MappingEntry], what: String) -> [(entry: MappingEntry, at: SourceLocation)] {
        var seen: [String: SourceLocation] = [:]
        var accepted: [(entry: MappingEntry, at: SourceLocation)] = []
        for item in list {
            let at = location(item.keyNode)
            guard checkTypeName(item.key, at: at, what: what) else { continue }
            if let first = seen[item.key] {
                duplicate(what, item.key, at: at, first: first)
                continue
            }
            seen[item.key] = at
            accepted.append((item, at))
        }
        return accepted
    }

    func duplicate(_ what: String, _ name: String, at location: SourceLocation, first: SourceLocation) {
        diagnostics.error("duplicate \(what) '\(name)'", at: location,
                          notes: [Diagnostic.Note("'\(name)' is first declared here", at: first)], id: "scenario/duplicate")
    }

    /// Scene and entity names become Swift type names: letters, digits and '_', starting with a letter.
    func checkTypeName(_ name: String, at location: SourceLocation, what: String) -> Bool {
        guard NodeReader.isIdentifier(name) else {
            diagnostics.error("\(what) name '\(name)' is not a valid Swift name; use letters, digits and '_'",
                              at: location, id: "scenario/invalid-name")
            return false
        }
        if TypeRef.builtinNames.contains(name) {
            diagnostics.error("\(what) name '\(name)' is a built-in type; choose another name", at: location, id: "scenario/invalid-name")
            return false
        }
        return true
    }

    // MARK: - Fields and types

    /// Field declarations: `name: Type`, `name: Type = default`, `name: [Type]` or `name: {type:, default:}`.
    func readFields(_ node: Node, _ what: String) -> [FieldDecl] {
        guard let entries = nodes.mapping(node, what) else { return [] }
        var fields: [FieldDecl] = []
        var seen: [String: SourceLocation] = [:]
        for entry in entries {
            let at = location(entry.keyNode)
            guard NodeReader.isIdentifier(entry.key) else {
                if entry.key == "<<" {
                    diagnostics.error("YAML merge keys ('<<') are not supported in \(what)", at: at,
                                      notes: [Diagnostic.Note("write the fields out (merge keys can multiply a document)")], id: "yaml/unsupported")
                } else {
                    diagnostics.error("field name '\(entry.key)' is not a valid name; use letters, digits and '_'", at: at,
                                      notes: NodeReader.whyNotIdentifier(entry.key), id: "scenario/invalid-name")
                }
                continue
            }
            if let first = seen[entry.key] {
                duplicate("field", entry.key, at: at, first: first)
                continue
            }
            seen[entry.key] = at
            if let field = readField(named: entry.key, at: at, entry.value) { fields.append(field) }
        }
        return fields
    }

    private func readField(named name: String, at nameLocation: SourceLocation, _ node: Node) -> FieldDecl? {
        let typeLocation = location(node)
        switch node {
        case .sequence:
            guard let type = readType(node) else { return nil }
            return FieldDecl(name: name, type: type, location: nameLocation, typeLocation: typeLocation)
        case .mapping:
            guard let keys = nodes.mapping(node, "field '\(name)'", allowed: Vocabulary.field) else { return nil }
            guard let typeEntry = keys["type"] else {
                diagnostics.error("field '\(name)' is missing 'type'", at: typeLocation, id: "scenario/missing")
                return nil
            }
            guard let type = readType(typeEntry.value) else { return nil }
            var defaultValue: Value?
            if let entry = keys["default"], let raw = ValueReader.raw(entry.value, source: source, diagnostics: diagnostics) {
                defaultValue = values.value(raw, as: type, what: "the default of '\(name)'")
                if defaultValue == nil { return nil }
            }
            return FieldDecl(name: name, type: type, defaultValue: defaultValue, location: nameLocation,
                             typeLocation: location(typeEntry.value))
        case .scalar(let scalar):
            guard !NodeReader.isNull(node) else {
                diagnostics.error("field '\(name)' has no type; write e.g. '\(name): String'", at: nameLocation, id: "scenario/malformed-value")
                return nil
            }
            let text = scalar.string
            guard let equals = text.firstIndex(of: "=") else {
                guard let type = parseType(text, at: typeLocation) else { return nil }
                return FieldDecl(name: name, type: type, location: nameLocation, typeLocation: typeLocation)
            }
            guard let type = parseType(String(text[..<equals]), at: typeLocation) else { return nil }
            let positions = source.positions(of: scalar)
            let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex,
                                                      to: equals.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.startIndex) + 1
            let defaultText = String(text[text.index(after: equals)...])
            let defaultPositions = offset < positions.count ? Array(positions[offset...]) : []
            let fallback = typeLocation.advanced(byColumns: offset)
            do {
                let expression = try ExpressionParser.parse(defaultText, positions: defaultPositions, fallback: fallback,
                                                            types: nodes.types)
                guard let value = constant(expression.root, as: type, what: "the default of '\(name)'") else { return nil }
                return FieldDecl(name: name, type: type, defaultValue: value, location: nameLocation,
                                 typeLocation: typeLocation)
            } catch {
                diagnostics.append(error.diagnostic)
                return nil
            }
        case .alias:
            return nil
        }
    }

    /// A type written as text (`[String]?`) or as a YAML list of one type (`[String]` unquoted in a flow mapping).
    func readType(_ node: Node) -> TypeRef? {
        switch node {
        case .sequence(let sequence):
            guard sequence.count == 1, let element = readType(sequence[0]) else {
                diagnostics.error("a list type names one element type, e.g. '[String]'", at: location(node), id: "scenario/malformed-value")
                return nil
            }
            return .list(element)
        case .scalar(let scalar) where !NodeReader.isNull(node):
            return parseType(scalar.string, at: location(node))
        default:
            diagnostics.error("expected a type such as 'String', 'Int?', '[Post]', found \(NodeReader.describe(node))",
                              at: location(node), id: "scenario/shape")
            return nil
        }
    }

    func parseType(_ text: String, at location: SourceLocation) -> TypeRef? {
        guard let type = TypeRef(parsing: text) else {
            diagnostics.error("'\(text.trimmingSpaces())' is not a type; write e.g. 'String', 'Int?', '[Post]'",
                              at: location, id: "scenario/malformed-value")
            return nil
        }
        return type
    }

    /// A default written after `=`: a literal, `nil`, a negative number or a list of those.
    func constant(_ expr: ExprNode, as type: TypeRef, what: String) -> Value? {
        func fail(_ message: String) -> Value? {
            diagnostics.error(message, at: expr.location, id: "scenario/malformed-value")
            return nil
        }
        switch (expr.kind, type) {
        case (.literal(.null), .optional): return .null
        case (.literal(.null), _): return fail("\(what) is nil, but '\(type)' is not optional; declare '\(type)?'")
        case (_, .optional(let wrapped)): return constant(expr, as: wrapped, what: what)
        case (.literal(.string(let s)), .string): return .string(s)
        case (.literal(.int(let i)), .int): return .int(i)
        case (.literal(.int(let i)), .double): return .double(Double(i))
        case (.literal(.double(let d)), .double): return .double(d)
        case (.literal(.bool(let b)), .bool): return .bool(b)
        case (.literal(.date(let d)), .date): return .date(d)
        case (.literal(.decimal(let d)), .decimal): return .decimal(d)
        case (.literal(.int(let i)), .decimal): return .decimal(DecimalValue(significand: i, scale: 0))
        case (.identifier(let name), .named(let enumName)), (.enumCase(_, let name), .named(let enumName)):
            // `speed: ShippingSpeed = standard`, or `= ShippingSpeed.standard`.
            guard let enumType = enumTypes[enumName] else { return fail("\(what) must be a literal value of type '\(type)'") }
            if case .enumCase(let written, _) = expr.kind, written != enumName {
                return fail("\(what) is a '\(enumName)', not a '\(written)'")
            }
            guard enumType.case(name) != nil else {
                diagnostics.unknown("'\(enumName)' has no case '\(name)'", name: name, candidates: enumType.cases.map(\.name),
                                    at: expr.location, id: "scenario/unknown-name")
                return nil
            }
            return .enumCase(EnumCaseValue(type: enumName, name: name))
        case (.unary(.negate, let inner), .int), (.unary(.negate, let inner), .double):
            switch constant(inner, as: type, what: what) {
            case .int(let i)?: return i == Int.min ? nil : .int(-i)
            case .double(let d)?: return .double(-d)
            default: return nil
            }
        case (.list(let items), .list(let element)):
            var values: [Value] = []
            for item in items {
                guard let v = constant(item, as: element, what: what) else { return nil }
                values.append(v)
            }
            return .list(values)
        case (.literal(let v), _): return fail("\(what) must be of type '\(type)', found \(v)")
        default: return fail("\(what) must be a literal value of type '\(type)'")
        }
    }

    // MARK: - Enums

    /// `enums: { ShippingSpeed: { standard: 0, oneDay: 1 } }` (raw values: all Ints or all Strings), or a list of
    /// case names for an enum without raw values.
    func readEnums(_ node: Node) -> [EnumType] {
        guard let list = nodes.mapping(node, "'enums'") else { return [] }
        var enums: [EnumType] = []
        for (item, at) in typeNamed(list, what: "enum") {
            var cases: [EnumType.Case] = []
            var rawType: TypeRef?
            var caseSeen: [String: SourceLocation] = [:]
            func add(_ name: String, _ raw: Value?, at caseAt: SourceLocation) {
                guard NodeReader.isIdentifier(name) else {
                    diagnostics.error("enum case '\(name)' is not a valid Swift name; use letters, digits and '_'", at: caseAt, id: "scenario/invalid-name")
                    return
                }
                if let first = caseSeen[name] {
                    diagnostics.error("enum '\(item.key)' has the case '\(name)' twice", at: caseAt,
                                      notes: [Diagnostic.Note("'\(name)' is first declared here", at: first)], id: "scenario/duplicate")
                    return
                }
                if let raw, let other = cases.first(where: { $0.rawValue == raw }) {
                    diagnostics.error("raw value \(raw) of '\(item.key).\(name)' is also the raw value of '\(other.name)'",
                                      at: caseAt, notes: [Diagnostic.Note("each case needs its own raw value", at: other.location)], id: "scenario/duplicate")
                    return
                }
                caseSeen[name] = caseAt
                cases.append(EnumType.Case(name: name, rawValue: raw, location: caseAt))
            }
            switch item.value {
            case .sequence(let sequence):
                for caseNode in sequence {
                    guard case .scalar(let scalar) = caseNode else {
                        diagnostics.error("an enum case is a name, found \(NodeReader.describe(caseNode))", at: location(caseNode), id: "scenario/shape")
                        continue
                    }
                    add(scalar.string, nil, at: location(caseNode))
                }
            case .mapping:
                for entry in nodes.mapping(item.value, "the cases of enum '\(item.key)'") ?? [] {
                    let caseAt = location(entry.keyNode)
                    guard case .scalar(let scalar) = entry.value, !NodeReader.isNull(entry.value) else {
                        diagnostics.error("the raw value of '\(item.key).\(entry.key)' must be a whole number or text",
                                          at: location(entry.value), id: "scenario/malformed-value")
                        continue
                    }
                    let raw: Value, type: TypeRef
                    if scalar.style == .plain, let number = ValueReader.integer(scalar.string) {
                        (raw, type) = (.int(number), .int)
                    } else {
                        (raw, type) = (.string(scalar.string), .string)
                    }
                    if let rawType, rawType != type {
                        diagnostics.error("the raw values of '\(item.key)' must all be '\(rawType)', but '\(entry.key)' has '\(type)'",
                                          at: location(entry.value),
                                          notes: [Diagnostic.Note(type == .string ? "write a whole number" : "quote it to make it text")], id: "scenario/malformed-value")
                        continue
                    }
                    rawType = type
                    add(entry.key, raw, at: caseAt)
                }
            default:
                diagnostics.error("enum '\(item.key)' needs cases: a list of names, or a mapping of names to raw values",
                                  at: location(item.value), id: "scenario/missing")
                continue
            }
            if cases.isEmpty {
                diagnostics.error("enum '\(item.key)' has no cases", at: at, id: "scenario/missing")
                continue
            }
            let type = EnumType(name: item.key, cases: cases, rawType: rawType, location: at)
            enumTypes[item.key] = type
            enums.append(type)
        }
        return enums
    }

    // MARK: - Scenes

    func readScene(named name: String, at nameLocation: SourceLocation, _ node: Node) -> Scene? {
        let what = "scene '\(name)'"
        guard let keys = nodes.mapping(node, what, allowed: Vocabulary.scene) else { return nil }
        let dataStore = keys["dataStore"].map { readFields($0.value, "the DataStore of \(what)") } ?? []
        if let entry = keys["accept"] { readAcceptances(entry.value, scope: .scene(SceneName(name))) }
        let names = keys["names"].map { readNames($0.value, scene: what) } ?? PartNames()
        var view = ViewSpec()
        if let entry = keys["view"], let viewKeys = nodes.mapping(entry.value, "the View of \(what)", allowed: Vocabulary.view) {
            view.state = viewKeys["state"].map { readFields($0.value, "the View state of \(what)") } ?? []
            view.shows = viewKeys["shows"].map { readAssignments($0.value, "'shows' of the View of \(what)") } ?? []
        }

        var workers: [Worker] = []
        if let entry = keys["workers"], let list = nodes.mapping(entry.value, "the workers of \(what)") {
            for (item, at) in typeNamed(list, what: "worker") {
                workers.append(readWorker(named: item.key, at: at, item.value))
            }
        }

        var useCases: [UseCase] = []
        if let entry = keys["useCases"], let list = nodes.mapping(entry.value, "the use cases of \(what)") {
            for (item, at) in typeNamed(list, what: "use case") {
                if let useCase = readUseCase(named: item.key, at: at, item.value, scene: name) {
                    useCases.append(useCase)
                }
            }
        }

        var routes: [Route] = []
        if let entry = keys["routes"], let list = nodes.mapping(entry.value, "the routes of \(what)") {
            var seen: [String: SourceLocation] = [:]
            for item in list {
                let at = location(item.keyNode)
                guard NodeReader.isIdentifier(item.key) else {
                    diagnostics.error("route name '\(item.key)' is not a valid name; use letters, digits and '_'", at: at,
                                      notes: NodeReader.whyNotIdentifier(item.key), id: "scenario/invalid-name")
                    continue
                }
                if let first = seen[item.key] {
                    duplicate("route", item.key, at: at, first: first)
                    continue
                }
                seen[item.key] = at
                if let route = readRoute(named: item.key, at: at, item.value) { routes.append(route) }
            }
        }

        var scene = Scene(name: SceneName(name), location: nameLocation,
                          description: keys["description"].flatMap { nodes.string($0.value, "'description'") },
                          dataStore: dataStore, view: view, workers: workers, useCases: useCases, routes: routes)
        scene.names = names
        if let entry = keys["without"], let items = nodes.sequence(entry.value, "'without'", single: true) {
            for item in items {
                guard let text = nodes.located(item, "a part the scene is without") else { continue }
                guard text.value == ComponentRole.router.rawValue else {
                    diagnostics.error("a scene may be without its 'router', not '\(text.value)'", at: text.location,
                                      notes: [Diagnostic.Note("a pattern without a part is another pattern: see 'pattern:'")], id: "scenario/malformed-value")
                    continue
                }
                scene.without.insert(.router)
                if !scene.routes.isEmpty {
                    diagnostics.error("scene '\(name)' is without its router, so it has no routes", at: scene.routes[0].location,
                                      notes: [Diagnostic.Note("remove the routes, or 'without: [router]'")], id: "scenario/misplaced-key")
                }
            }
        }
        if let entry = keys["external"], let flag = readFlag(entry.value, "'external'") {
            scene.isExternal = flag
            if flag {
                // A screen outside the pattern has none of its parts: nothing of them can be declared.
                for key in ["dataStore", "view", "workers", "useCases", "routes"] where keys[key] != nil {
                    diagnostics.error("scene '\(name)' is external, a screen with none of the pattern's parts, so it has no '\(key)'",
                                      at: location(keys[key]!.keyNode),
                                      notes: [Diagnostic.Note("remove '\(key)', or 'external: true' if the app builds this scene with the pattern's parts")], id: "scenario/misplaced-key")
                }
            }
        }
        if let entry = keys["tabs"], let items = nodes.sequence(entry.value, "'tabs' (the scenes of the tab bar's tabs)") {
            var seen: [String: SourceLocation] = [:]
            for item in items {
                guard let tab = nodes.identifier(item, "a tab (a scene)") else { continue }
                if let first = seen[tab.value] {
                    diagnostics.error("scene '\(tab.value)' is a tab of '\(name)' twice", at: tab.location,
                                      notes: [Diagnostic.Note("'\(tab.value)' is first listed here", at: first)], id: "scenario/duplicate")
                    continue
                }
                seen[tab.value] = tab.location
                scene.tabs.append(Located(SceneName(tab.value), at: tab.location))
            }
            if items.isEmpty {
                diagnostics.error("a tab bar needs at least one tab", at: location(entry.value),
                                  notes: [Diagnostic.Note("list the scenes of its tabs: 'tabs: [Home, Search]'")], id: "scenario/missing")
            }
            if scene.isExternal {
                diagnostics.error("scene '\(name)' is a tab bar ('tabs'), so it is not also 'external'", at: location(entry.keyNode),
                                  notes: [Diagnostic.Note("a tab bar is already a screen outside the pattern; remove 'external'")], id: "scenario/conflicting-keys")
            }
            // A tab bar has none of the pattern's parts: its tabs have them.
            for key in ["dataStore", "view", "workers", "useCases", "routes", "without"] where keys[key] != nil {
                diagnostics.error("scene '\(name)' is a tab bar, a screen with none of the pattern's parts, so it has no '\(key)'",
                                  at: location(keys[key]!.keyNode),
                                  notes: [Diagnostic.Note("give '\(key)' to the scenes of its tabs")], id: "scenario/misplaced-key")
            }
        }
        return scene
    }

    // MARK: - Workers

    func readWorker(named name: String, at nameLocation: SourceLocation, _ node: Node, shared: Bool = false) -> Worker {
        var operations: [WorkerOperation] = []
        var state: [FieldDecl] = []
        var protocolName: Located<String>?
        var made: Located<Worker.Making>?
        if let list = nodes.mapping(node, "worker '\(name)' (a mapping of operation names to operations)") {
            var seen: [String: SourceLocation] = [:]
            for item in list {
                let at = location(item.keyNode)
                if item.key == "state" {
                    guard shared else {
                        diagnostics.error("only a shared worker keeps state; '\(name)' belongs to one scene",
                                          at: at, notes: [Diagnostic.Note("declare '\(name)' under the top-level 'workers:' to share it and its state between scenes")], id: "scenario/inconsistent")
                        continue
                    }
                    state = readFields(item.value, "the state of worker '\(name)'")
                    continue
                }
                if item.key == "made" {
                    guard let text = nodes.located(item.value, "'made' (who makes the worker)") else { continue }
                    guard let making = Worker.Making(rawValue: text.value) else {
                        diagnostics.error("'made' is 'wiring' (what wires the scene sets it) or 'byHolder' (the part that calls it makes it itself), not '\(text.value)'",
                                          at: text.location, id: "scenario/malformed-value")
                        continue
                    }
                    guard !shared else {
                        diagnostics.error("a shared worker is made once, by the app; 'made' belongs to a scene's worker", at: at,
                                          notes: [Diagnostic.Note("remove 'made', or declare '\(name)' under a scene's 'workers:'")], id: "scenario/misplaced-key")
                        continue
                    }
                    made = Located(making, at: text.location)
                    continue
                }
                if item.key == "protocol" {
                    // The protocol its callers hold it as (`LoginWorkerProtocol`): a Swift type name.
                    protocolName = nodes.identifier(item.value, "'protocol' (the Swift protocol the worker's callers hold it as)")
                    continue
                }
                guard NodeReader.isIdentifier(item.key) else {
                    diagnostics.error("operation name '\(item.key)' is not a valid name; use letters, digits and '_'", at: at,
                                      notes: NodeReader.whyNotIdentifier(item.key), id: "scenario/invalid-name")
                    continue
                }
                if let first = seen[item.key] {
                    duplicate("operation", item.key, at: at, first: first)
                    continue
                }
                seen[item.key] = at
                if let op = readOperation(named: item.key, worker: name, at: at, item.value) { operations.append(op) }
            }
        }
        var worker = Worker(name: WorkerName(name), location: nameLocation, operations: operations, state: state)
        worker.protocolName = protocolName
        worker.made = made
        return worker
    }

    func readOperation(named name: String, worker: String, at nameLocation: SourceLocation, _ node: Node) -> WorkerOperation? {
        let what = "operation '\(worker).\(name)'"
        guard let keys = nodes.mapping(node, what, allowed: Vocabulary.operation) else { return nil }
        let input = keys["input"].map { readFields($0.value, "the input of \(what)") } ?? []

        var output: TypeRef?
        if let entry = keys["output"] {
            if case .mapping = entry.value {
                let recordName = "\(worker).\(name).Result"
                let record = RecordType(name: recordName, fields: readFields(entry.value, "the output of \(what)"),
                                        location: location(entry.value))
                recordTypes[recordName] = record
                resultRecords.append(record)
                output = .named(recordName)
            } else {
                output = readType(entry.value)
            }
        }

        var latency = 0
        if let entry = keys["latency"] { latency = readLatency(entry.value) ?? 0 }

        var cases: [WorkerCase] = []
        let shorthand = ["result", "returns", "error", "fixture", "update", "let"].filter { keys[$0] != nil }
        if let entry = keys["cases"] {
            if let first = shorthand.first, let other = keys[first] {
                diagnostics.error("\(what) has both 'cases' and '\(first)'; put '\(first)' inside a case",
                                  at: location(other.keyNode), id: "scenario/conflicting-keys")
            }
            for item in nodes.sequence(entry.value, "'cases' of \(what)") ?? [] {
                if let c = readCase(item, output: output, what: what) { cases.append(c) }
            }
            if cases.isEmpty, nodes.sequence(entry.value, "'cases'")?.isEmpty == true {
                diagnostics.error("'cases' of \(what) is empty; add at least one case", at: location(entry.value), id: "scenario/missing")
            }
        } else if !shorthand.isEmpty {
            if let c = readOutcome(keys, condition: nil, latency: nil, output: output, what: what, at: nameLocation) {
                cases.append(c)
            }
        } else if output == nil {
            cases.append(WorkerCase(condition: nil, outcome: .result(.null), latency: nil, location: nameLocation))
        } else {
            diagnostics.error("\(what) returns '\(output!)' but says nothing about what; add 'result', 'fixture', 'error' or 'cases'",
                              at: nameLocation, id: "fixture/unreadable")
        }

        var callbacks: WorkerOperation.Callbacks?
        if let entry = keys["callbacks"],
           let callbackKeys = nodes.mapping(entry.value, "'callbacks' of \(what)", allowed: Vocabulary.callbacks) {
            callbacks = WorkerOperation.Callbacks(
                result: callbackKeys["result"].flatMap { readSignature($0.value)?.value },
                error: callbackKeys["error"].flatMap { readSignature($0.value)?.value })
        }
        var operation = WorkerOperation(name: OperationName(name), location: nameLocation,
                         description: keys["description"].flatMap { nodes.string($0.value, "'description'") },
                         input: input, output: output, cases: cases, latency: latency,
                         signature: keys["method"].flatMap { readSignature($0.value)?.value },
                         callbacks: callbacks)
        if let entry = keys["style"], let text = nodes.string(entry.value, "'style'") {
            if let style = WorkerOperation.Style(rawValue: text) {
                operation.style = style
                if callbacks != nil {
                    diagnostics.warning("\(what) answers through 'callbacks', so 'style' has no effect", at: location(entry.value),
                                        notes: [Diagnostic.Note("remove 'style', or 'callbacks'")], id: "scenario/no-effect")
                }
            } else {
                diagnostics.unknown("unknown style '\(text)'", name: text, candidates: WorkerOperation.Style.allCases.map(\.rawValue),
                                    at: location(entry.value),
                                    extraNotes: [Diagnostic.Note("'return': it returns; 'completion': it calls a completion handler; 'async': the caller awaits it")], id: "scenario/unknown-name")
            }
        }
        return operation
    }

    func readCase(_ node: Node, output: TypeRef?, what: String) -> WorkerCase? {
        guard let keys = nodes.mapping(node, "a case of \(what)", allowed: Vocabulary.workerCase) else { return nil }
        let condition = keys["when"].flatMap { nodes.expression($0.value, "the 'when' condition") }
        if keys["when"] != nil && condition == nil { return nil }
        let latency = keys["latency"].flatMap { readLatency($0.value) }
        return readOutcome(keys, condition: condition, latency: latency, output: output, what: what, at: location(node))
    }

    /// The outcome of a case (or of an operation written without `cases`): exactly one of result, error, fixture.
    func readOutcome(_ keys: [String: MappingEntry], condition: Expr?, latency: Int?, output: TypeRef?,
                     what: String, at location: SourceLocation) -> WorkerCase? {
        var result = readOutcomeOnly(keys, condition: condition, latency: latency, output: output, what: what, at: location)
        if let entry = keys["let"] {
            result?.bindings = readAssignments(entry.value, "'let' of \(what)")
            if keys["update"] == nil, keys["returns"] == nil {
                diagnostics.warning("'let' names values for 'returns' and 'update', and this case has neither",
                                    at: self.location(entry.keyNode), notes: [Diagnostic.Note("remove 'let', or use the names")], id: "scenario/no-effect")
            }
        }
        return result
    }

    private func readOutcomeOnly(_ keys: [String: MappingEntry], condition: Expr?, latency: Int?, output: TypeRef?,
                                 what: String, at location: SourceLocation) -> WorkerCase? {
        let given = ["result", "returns", "error", "fixture"].filter { keys[$0] != nil }
        let updates = keys["update"].map { readAssignments($0.value, "'update' of \(what)") } ?? []

        if given.count > 1, let second = keys[given[1]] {
            diagnostics.error("a case has one outcome, but this one has both '\(given[0])' and '\(given[1])'",
                              at: self.location(second.keyNode), id: "scenario/conflicting-keys")
            return nil
        }
        if !updates.isEmpty, given.first == "error" || given.first == "fixture" {
            diagnostics.error("'update' changes the worker's state when a case answers with 'result' or 'returns', not with '\(given.first!)'",
                              at: self.location(keys["update"]!.keyNode), id: "scenario/inconsistent")
        }
        switch given.first {
        case "error":
            guard let message = nodes.string(keys["error"]!.value, "'error' (the failure's message)") else { return nil }
            return WorkerCase(condition: condition, outcome: .error(message), latency: latency, location: location)
        case "returns":
            guard let expr = nodes.expression(keys["returns"]!.value, "'returns'") else { return nil }
            return WorkerCase(condition: condition, outcome: .returns(expr), latency: latency, location: location,
                              updates: updates)
        case "result":
            let node = keys["result"]!.value
            if case .scalar(let scalar) = node, scalar.style == .plain, scalar.string == "todo" {
                diagnostics.warning("the result of \(what) is a placeholder ('todo'); a run that calls it stops there",
                                    at: self.location(node),
                                    notes: [Diagnostic.Note("write the result, or give it in the story with 'given:'")], id: "scenario/placeholder")
                return WorkerCase(condition: condition, outcome: .todo, latency: latency, location: location)
            }
            guard let output else {
                if NodeReader.isNull(node) {
                    return WorkerCase(condition: condition, outcome: .result(.null), latency: latency, location: location, updates: updates)
                }
                diagnostics.error("\(what) has no 'output' type, so its result must be empty", at: self.location(node),
                                  notes: [Diagnostic.Note("declare the result type, e.g. 'output: { userID: String }'")], id: "scenario/inconsistent")
                return nil
            }
            // A result that does not fit is reported; the case stays so its condition is still checked.
            let value = ValueReader.raw(node, source: source, diagnostics: diagnostics)
                .flatMap { values.value($0, as: output, what: "the result of \(what)") } ?? .null
            return WorkerCase(condition: condition, outcome: .result(value), latency: latency, location: location, updates: updates)
        case "fixture":
            let entry = keys["fixture"]!
            guard let path = nodes.string(entry.value, "'fixture' (a JSON file next to the scenario)") else { return nil }
            guard let output else {
                diagnostics.error("\(what) reads a fixture but has no 'output' type to read it as",
                                  at: self.location(entry.value), id: "fixture/unreadable")
                return nil
            }
            guard let value = readFixture(path, as: output, at: self.location(entry.value)) else { return nil }
            return WorkerCase(condition: condition, outcome: .fixture(path: path, value: value), latency: latency,
                              location: location)
        default:
            if output == nil {
                return WorkerCase(condition: condition, outcome: .result(.null), latency: latency, location: location,
                                  updates: updates)
            }
            diagnostics.error("a case of \(what) needs an outcome: 'result', 'returns', 'error' or 'fixture'", at: location, id: "fixture/unreadable")
            return nil
        }
    }

    /// The largest fixture read, in bytes.
    static let maxFixtureSize = 16 << 20

    /// Reads a JSON fixture from the scenario's folder (never outside it) and types it by the operation's output.
    func readFixture(_ path: String, as type: TypeRef, at location: SourceLocation) -> Value? {
        guard let baseDirectory else {
            diagnostics.error("fixture '\(path)' cannot be read: this scenario did not come from a file", at: location, id: "fixture/unreadable")
            return nil
        }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0"),
              !components.contains(where: { $0 == ".." || $0.isEmpty })
        else {
            diagnostics.error("fixture path '\(path)' must be relative and stay inside the scenario's folder",
                              at: location, id: "fixture/unreadable")
            return nil
        }
        let url = baseDirectory.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            diagnostics.error("fixture '\(path)' not found next to the scenario", at: location,
                              notes: [Diagnostic.Note("looked for \(fixtureDisplayPath(path))")], id: "fixture/unreadable")
            return nil
        }
        let displayPath = fixtureDisplayPath(path)
        let fixtureLocation = SourceLocation(file: displayPath, line: 1, column: 1)
        // A link may not lead out of the scenario's folder, nor to anything but a regular file.
        let resolved = url.resolvingSymlinksInPath()
        let folder = baseDirectory.resolvingSymlinksInPath().path
        guard resolved.path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            diagnostics.error("fixture '\(path)' leads outside the scenario's folder", at: location,
                              notes: [Diagnostic.Note("fixtures are read from the scenario's folder and its subfolders; copy the file there")], id: "fixture/unreadable")
            return nil
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved.path)
        guard let kind = attributes?[.type] as? FileAttributeType, kind == .typeRegular else {
            diagnostics.error("fixture '\(path)' is not a regular file", at: location, id: "fixture/unreadable")
            return nil
        }
        // The size is checked before reading: a huge file is never read whole.
        if let size = attributes?[.size] as? Int, size > Self.maxFixtureSize {
            diagnostics.error("fixture '\(path)' is larger than 16 MiB", at: location, id: "fixture/unreadable")
            return nil
        }
        guard let data = try? Data(contentsOf: resolved) else {
            diagnostics.error("fixture '\(path)' cannot be read", at: location, id: "fixture/unreadable")
            return nil
        }
        guard data.count <= Self.maxFixtureSize else {
            diagnostics.error("fixture '\(path)' is larger than 16 MiB", at: location, id: "fixture/unreadable")
            return nil
        }
        fixtureSHA256[path] = Fingerprint.sha256(data)
        do {
            let raw = try ValueReader.raw(json: data, location: fixtureLocation)
            return ValueReader(diagnostics: diagnostics, recordType: { [recordTypes] in recordTypes[$0] }, strictStrings: true)
                .value(raw, as: type, what: "fixture '\(path)'")
        } catch is ValueReader.TooManyNodes {
            diagnostics.error("fixture '\(path)' holds more than \(ValueReader.nodeBudget) values", at: location,
                              notes: [Diagnostic.Note("a fixture is a value of the scenario, and values are limited to \(ValueReader.nodeBudget) nodes")], id: "fixture/unreadable")
            return nil
        } catch {
            diagnostics.error("fixture '\(path)' is not valid JSON", at: location,
                              notes: [Self.jsonProblem(in: data, file: displayPath)], id: "fixture/unreadable")
            return nil
        }
    }

    /// Where and what the JSON syntax error is, from Foundation's "around character N" message.
    static func jsonProblem(in data: Data, file: String) -> Diagnostic.Note {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return Diagnostic.Note("the JSON does not match the expected shape")
        } catch {
            let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "invalid JSON"
            guard let range = message.range(of: #"character (\d+)"#, options: .regularExpression),
                  let offset = Int(message[range].dropFirst("character ".count)) else {
                return Diagnostic.Note(message)
            }
            let text = String(decoding: data, as: UTF8.self)
            var line = 1, column = 1
            for (index, character) in text.unicodeScalars.enumerated() {
                if index >= offset { break }
                if character == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            let problem = message.replacingOccurrences(of: #" around character \d+\.?"#, with: "", options: .regularExpression)
            return Diagnostic.Note(problem.prefix(1).lowercased() + problem.dropFirst(),
                                   at: SourceLocation(file: file, line: line, column: column))
        }
    }

    private func fixtureDisplayPath(_ path: String) -> String {
        let folder = (source.file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : folder + "/" + path
    }

    /// `120ms`, `1.5s`, `2s` or a bare number of milliseconds.
    func readLatency(_ node: Node, what: String = "'latency'") -> Int? {
        guard let text = nodes.string(node, what)?.trimmingSpaces() else { return nil }
        var number = text
        var scale = 1.0
        if text.hasSuffix("ms") {
            number = String(text.dropLast(2))
        } else if text.hasSuffix("s") {
            number = String(text.dropLast())
            scale = 1000
        }
        guard let value = Double(number.trimmingSpaces()), value >= 0, value * scale <= 86_400_000 else {
            diagnostics.error("\(what == "'latency'" ? "latency '\(text)'" : "'\(what.dropFirst().dropLast()): \(text)'") is not a duration; write e.g. '120ms' or '1.5s' (at most a day)",
                              at: location(node), id: "scenario/malformed-value")
            return nil
        }
        return Int((value * scale).rounded())
    }
}

/// What the reader produced, before name resolution and type checking.
struct ScenarioDraft {
    var name: String
    var description: String?
    var pattern: Pattern
    var wiring: PatternDefinition.Wiring.Style?
    var start: Located<SceneName>?
    var entities: [RecordType]
    var enums: [EnumType]
    var sharedWorkers: [Worker]
    var appState: [FieldDecl]
    var scenes: [Scene]
    var story: [StoryStep]
    var storyRepeats: Int
    var resultRecords: [RecordType]
    var acceptances: [RuleAcceptance]
    var rootLocation: SourceLocation
}
