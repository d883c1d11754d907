import ScenarioSpec

/// Constructions (`Order(id: …)`, `ShippingSpeed(rawValue: 1)`) and methods of values (`orders.map { … }`,
/// `date.formatted("M/d/yy")`), with closures typed by what they are given.
extension ExpressionChecker {
    /// `Entity(field: value, …)` with the fields in declaration order, or `Enum(rawValue: value)`.
    func construct(_ name: String, _ arguments: [ExprArgument], at location: SourceLocation, _ scope: Scope) -> CheckedType {
        if let type = enumType(name) {
            guard let rawType = type.rawType else {
                for argument in arguments { _ = check(argument.value, scope) }
                diagnostics.error("'\(name)' has no raw values, so it cannot be made from one", at: location,
                                  notes: [Diagnostic.Note("name a case: '\(name).\(type.cases[0].name)'")], id: "expression/unknown-member")
                return .invalid
            }
            guard arguments.count == 1, arguments[0].label == "rawValue" else {
                for argument in arguments { _ = check(argument.value, scope) }
                diagnostics.error("'\(name)' is made from its raw value: '\(name)(rawValue: …)'", at: location, id: "expression/invalid")
                return .invalid
            }
            let given = check(arguments[0].value, scope).type
            if !Self.isAssignable(given, to: rawType) {
                diagnostics.error("the raw value of '\(name)' is '\(rawType)', not '\(given)'", at: arguments[0].value.startLocation, id: "expression/type")
            }
            return .type(.optional(.named(name)))
        }
        guard let record = recordType(name) else { return .invalid }
        var next = 0
        var given = Set<String>()
        for argument in arguments {
            guard let label = argument.label else {
                _ = check(argument.value, scope)
                diagnostics.error("'\(name)(…)' names each field: write 'field: value'", at: argument.value.startLocation,
                                  notes: [Diagnostic.Note("fields of '\(name)': " + DiagnosticCollector.list(record.fields.lazy.map(\.name)))], id: "expression/invalid")
                continue
            }
            guard let position = record.fields.firstIndex(where: { $0.name == label }) else {
                _ = check(argument.value, scope)
                diagnostics.unknown("'\(name)' has no field '\(label)'", name: label, candidates: record.fields.map(\.name),
                                    at: argument.value.startLocation, id: "expression/unknown-name")
                continue
            }
            if !given.insert(label).inserted {
                diagnostics.error("field '\(label)' is given twice", at: argument.value.startLocation, id: "expression/invalid")
            } else if position < next {
                diagnostics.error("'\(label)' must come before '\(record.fields[next - 1].name)', in the order '\(name)' declares its fields",
                                  at: argument.value.startLocation, id: "expression/invalid")
            }
            next = max(next, position + 1)
            checkAssignment(argument.value, to: record.fields[position].type, scope, what: "'\(name).\(label)'")
        }
        let missing = record.fields.filter { $0.initialValue == nil && !given.contains($0.name) }
        if !missing.isEmpty {
            diagnostics.error("'\(name)(…)' needs " + missing.map { "'\($0.name): \($0.type)'" }.joined(separator: ", "),
                              at: location, id: "expression/invalid")
        }
        return .type(.named(name))
    }

    private func checkAssignment(_ node: ExprNode, to target: TypeRef, _ scope: Scope, what: String) {
        let type = check(node, scope).type
        if !Self.isAssignable(type, to: target) {
            diagnostics.error("cannot use '\(type)' as '\(target)' for \(what)", at: node.startLocation,
                              notes: Self.literalHints(type, target), id: "expression/type")
        }
    }

    /// The type a method of a value returns; nil (with an error) when the value has no such method or the
    /// arguments do not fit.
    func method(_ name: String, of type: TypeRef, _ arguments: [ExprArgument], at location: SourceLocation,
                _ scope: Scope) -> TypeRef? {
        let call = MethodCall(name: name, arguments: arguments, location: location)
        switch type {
        case .list(let element): return listMethod(call, element: element, scope)
        case .string:
            switch name {
            case "uppercased", "lowercased":
                guard match(call, [[]]) != nil else { return nil }
                return .string
            case "contains", "hasPrefix", "hasSuffix":
                guard let values = match(call, [[nil]]) else { return nil }
                checkAssignment(values[0], to: .string, scope, what: "'\(name)'")
                return .bool
            default:
                return unknownMethod(call, on: "a String", ["uppercased()", "lowercased()", "contains(_:)", "hasPrefix(_:)", "hasSuffix(_:)"])
            }
        case .date:
            guard name == "formatted" else { return unknownMethod(call, on: "a Date", ["formatted(\"yyyy-MM-dd\")"]) }
            guard let values = match(call, [[nil]]) else { return nil }
            guard case .literal(.string(let pattern)) = values[0].kind else {
                _ = check(values[0], scope)
                diagnostics.error("a date's format is written as text: formatted(\"M/d/yy\")", at: values[0].startLocation, id: "expression/invalid")
                return nil
            }
            do throws(ValueFormat.PatternError) {
                _ = try ValueFormat.datePattern(pattern)
            } catch {
                diagnostics.error("date format \(Value.quote(pattern)): \(error.message)", at: values[0].startLocation.advanced(byColumns: 1 + error.offset), id: "expression/invalid")
                return nil
            }
            return .string
        case .int, .double, .decimal:
            guard name == "formatted" else {
                return unknownMethod(call, on: "a number", ["formatted(currency: \"$\")", "formatted(fractionDigits: 2)"])
            }
            guard let values = match(call, [["currency"], ["fractionDigits"]]) else { return nil }
            if arguments[0].label == "currency" {
                guard case .literal(.string) = values[0].kind else {
                    _ = check(values[0], scope)
                    diagnostics.error("the currency symbol is written as text: formatted(currency: \"$\")", at: values[0].startLocation, id: "expression/invalid")
                    return nil
                }
            } else {
                guard case .literal(.int(let places)) = values[0].kind, (0...9).contains(places) else {
                    _ = check(values[0], scope)
                    diagnostics.error("the number of places is a whole number from 0 to 9: formatted(fractionDigits: 2)",
                                      at: values[0].startLocation, id: "expression/invalid")
                    return nil
                }
            }
            return .string
        default:
            for argument in arguments where !argument.value.isClosure { _ = check(argument.value, scope) }
            diagnostics.error("'\(type)' has no method '\(name)'", at: location, id: "expression/unknown-member")
            return nil
        }
    }

    private func listMethod(_ call: MethodCall, element: TypeRef, _ scope: Scope) -> TypeRef? {
        switch call.name {
        case "map", "compactMap":
            guard let values = match(call, [[nil]]), let body = closure(values[0], [element], scope) else { return nil }
            guard case .type(let result) = body else {
                if body != .invalid {
                    diagnostics.error("the closure's result has no type of its own ('\(body)')", at: values[0].location,
                                      notes: [Diagnostic.Note("return a value of a known type; 'nil' or '[]' alone has none")], id: "expression/invalid")
                }
                return nil
            }
            if call.name == "compactMap" {
                guard result.isOptional else {
                    diagnostics.warning("the closure never returns nil, so 'compactMap' is 'map'", at: call.location, id: "expression/redundant")
                    return .list(result)
                }
                return .list(result.unwrapped)
            }
            return .list(result)
        case "filter":
            guard let values = match(call, [[nil]]), condition(values[0], [element], scope) else { return nil }
            return .list(element)
        case "first", "last", "firstIndex", "contains", "allSatisfy", "count":
            let labels: [[String?]] = call.name == "allSatisfy" ? [[nil]] : [["where"], [nil]]
            guard let values = match(call, labels) else { return nil }
            if call.name == "contains", call.arguments[0].label == nil, !values[0].isClosure {
                checkAssignment(values[0], to: element, scope, what: "'contains'")
                return .bool
            }
            guard condition(values[0], [element], scope) else { return nil }
            switch call.name {
            case "first", "last": return element.asOptional
            case "firstIndex": return .optional(.int)
            case "count": return .int
            default: return .bool
            }
        case "sorted":
            guard let values = match(call, [[], ["by"], [nil]]) else { return nil }
            if values.isEmpty {
                guard [TypeRef.int, .double, .string, .date, .decimal].contains(element) else {
                    diagnostics.error("'\(element)' has no order of its own; sort it by a field: 'sorted { $0.date < $1.date }'",
                                      at: call.location, id: "expression/invalid")
                    return nil
                }
                return .list(element)
            }
            guard condition(values[0], [element, element], scope) else { return nil }
            return .list(element)
        case "reversed":
            guard match(call, [[]]) != nil else { return nil }
            return .list(element)
        case "reduce":
            guard let values = match(call, [[nil, nil]]) else { return nil }
            guard case .type(var initial) = check(values[0], scope).type else {
                diagnostics.error("'reduce' needs a start value of a known type, such as 0 or \"\"", at: values[0].startLocation, id: "expression/invalid")
                return nil
            }
            guard var body = closure(values[1], [initial, element], scope) else { return nil }
            // `reduce(0) { $0 + $1.total }` sums Decimals (or Doubles): the literal takes the sum's type, as in Swift.
            if case .literal(.int) = values[0].kind, initial == .int, case .type(let sum) = body, sum == .decimal || sum == .double,
               let again = closure(values[1], [sum, element], scope) {
                initial = sum
                body = again
            }
            if !Self.isAssignable(body, to: initial) {
                diagnostics.error("the closure of 'reduce' must return '\(initial)', the start value's type, not '\(body)'",
                                  at: values[1].location, id: "expression/type")
                return nil
            }
            return initial
        case "joined":
            guard let values = match(call, [[], ["separator"]]) else { return nil }
            guard element == .string else {
                diagnostics.error("'joined' joins a list of Strings, not '[\(element)]'", at: call.location,
                                  notes: [Diagnostic.Note("map it to text first: '.map { \"\\($0)\" }.joined(separator: \", \")'")], id: "expression/invalid")
                return nil
            }
            if let separator = values.first { checkAssignment(separator, to: .string, scope, what: "the separator") }
            return .string
        default:
            return unknownMethod(call, on: "a list", ["map", "compactMap", "filter", "first(where:)", "last(where:)", "firstIndex(where:)",
                                                       "contains(where:)", "contains(_:)", "allSatisfy", "count(where:)", "sorted(by:)",
                                                       "sorted()", "reversed()", "reduce(_:_:)", "joined(separator:)"])
        }
    }

    private struct MethodCall {
        var name: String
        var arguments: [ExprArgument]
        var location: SourceLocation
    }

    /// The argument values when the labels are one of `forms`; an error naming the forms otherwise.
    private func match(_ call: MethodCall, _ forms: [[String?]]) -> [ExprNode]? {
        let labels = call.arguments.map(\.label)
        if forms.contains(labels) { return call.arguments.map(\.value) }
        let spelled = forms.map { form in
            form.isEmpty ? "\(call.name)()" : (form == [nil] ? "\(call.name) { … }" : "\(call.name)(" + form.map { ($0 ?? "_") + ":" }.joined() + ")")
        }
        diagnostics.error("'\(call.name)' is called as " + spelled.joined(separator: " or "), at: call.location, id: "expression/invalid")
        return nil
    }

    private func unknownMethod(_ call: MethodCall, on what: String, _ known: [String]) -> TypeRef? {
        let names = known.map { String($0.prefix { $0 != "(" && $0 != " " }) }
        diagnostics.unknown("\(what) has no method '\(call.name)'", name: call.name, candidates: names, at: call.location,
                            extraNotes: [Diagnostic.Note("methods: " + DiagnosticCollector.list(known))], id: "expression/unknown-name")
        return nil
    }

    /// A closure given `parameters`; its body's type, or nil (with an error).
    private func closure(_ node: ExprNode, _ parameters: [TypeRef], _ scope: Scope) -> CheckedType? {
        guard case .closure(let names, let body) = node.kind else {
            _ = check(node, scope)
            diagnostics.error("expected a closure here: '{ $0 … }'", at: node.startLocation, id: "expression/invalid")
            return nil
        }
        var inner = scope
        if names.isEmpty {
            for (offset, type) in parameters.enumerated() { inner.add("$\(offset)", type) }
        } else {
            guard names.count == parameters.count else {
                diagnostics.error("this closure is given \(parameters.count) value\(parameters.count == 1 ? "" : "s") (\(parameters.map(\.description).joined(separator: ", "))), but names \(names.count)",
                                  at: node.location, id: "expression/invalid")
                return nil
            }
            for (name, type) in zip(names, parameters) {
                if PatternDefinition.Scopes.Name(rawValue: name) != nil || StateRoot(rawValue: name) != nil {
                    diagnostics.error("'\(name)' is a name the pattern gives; call the closure's value something else", at: node.location, id: "expression/invalid")
                    return nil
                }
                inner.add(name, type)
            }
        }
        return check(body, inner).type
    }

    /// A closure that must return a Bool.
    private func condition(_ node: ExprNode, _ parameters: [TypeRef], _ scope: Scope) -> Bool {
        guard let type = closure(node, parameters, scope) else { return false }
        switch type {
        case .type(.bool), .invalid: return true
        default:
            diagnostics.error("this closure must return a Bool, not '\(type)'", at: node.location, id: "expression/type")
            return false
        }
    }
}

extension ExprNode {
    var isClosure: Bool {
        if case .closure = kind { return true }
        return false
    }
}
