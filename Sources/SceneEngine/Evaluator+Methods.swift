import ScenarioSpec

/// Constructions and methods of values, as the loader type-checked them (`ExpressionChecker+Methods`).
extension Evaluator {
    /// `Order(id: …)` with every field in declaration order (defaults for those left out), or
    /// `ShippingSpeed(rawValue: 1)`: the case with that raw value, or nil.
    static func construct(_ name: String, _ arguments: [ExprArgument], _ env: Environment,
                          at location: SourceLocation) throws(RuntimeError) -> Value {
        if let type = env.world.enums[name] {
            let raw = try evaluate(arguments[0].value, env).value
            return type.case(rawValue: raw).map { .enumCase(EnumCaseValue(type: name, name: $0.name)) } ?? .null
        }
        guard let record = env.world.records[name] else {
            throw RuntimeError("'\(name)' is not an entity of this scenario", at: location)
        }
        var fields: [(String, Value)] = []
        fields.reserveCapacity(record.fields.count)
        var size = 0
        for field in record.fields {
            let value: Value
            if let argument = arguments.first(where: { $0.label == field.name }) {
                value = Coercion.coerce(try evaluate(argument.value, env).value, to: field.type)
            } else {
                value = field.initialValue ?? .null
            }
            size += 1 + value.size(upTo: env.world.maxValueSize)
            fields.append((field.name, value))
        }
        try limitList(size, env, at: location)
        return .record(Record(fields))
    }

    static func method(_ name: String, of base: Value, _ arguments: [ExprArgument], _ env: Environment,
                       at location: SourceLocation) throws(RuntimeError) -> Value {
        switch base {
        case .list(let items): return try listMethod(name, items, arguments, env, at: location)
        case .string(let text):
            switch name {
            case "uppercased": return .string(text.uppercased())
            case "lowercased": return .string(text.lowercased())
            default:
                guard case .string(let other) = try evaluate(arguments[0].value, env).value else { break }
                switch name {
                case "contains": return .bool(other.isEmpty || text.contains(other))
                case "hasPrefix": return .bool(text.hasPrefix(other))
                case "hasSuffix": return .bool(text.hasSuffix(other))
                default: break
                }
            }
        case .date(let date):
            if name == "formatted", case .literal(.string(let pattern)) = arguments[0].value.kind,
               let pieces = try? ValueFormat.datePattern(pattern) {
                return .string(ValueFormat.format(date, pieces: pieces))
            }
        case .int, .double, .decimal:
            if name == "formatted", let argument = arguments.first {
                let places: Int, symbol: String?
                switch (argument.label, argument.value.kind) {
                case ("currency"?, .literal(.string(let text))): (places, symbol) = (2, text)
                case ("fractionDigits"?, .literal(.int(let count))): (places, symbol) = (count, nil)
                default: throw RuntimeError("unknown format", at: location)
                }
                let exact: DecimalValue?
                switch base {
                case .int(let i): exact = DecimalValue(significand: i, scale: 0)
                case .double(let d): exact = ValueFormat.decimal(d, places: places)
                case .decimal(let d): exact = d
                default: exact = nil
                }
                guard let exact else { throw RuntimeError("\(base) is too large to format", at: location) }
                return .string(ValueFormat.number(exact, fractionDigits: places, currency: symbol))
            }
        default: break
        }
        throw RuntimeError("\(base) has no method '\(name)'", at: location)
    }

    private static func listMethod(_ name: String, _ items: [Value], _ arguments: [ExprArgument], _ env: Environment,
                                   at location: SourceLocation) throws(RuntimeError) -> Value {
        let closure = arguments.last.flatMap { argument -> (params: [String], body: ExprNode)? in
            if case .closure(let params, let body) = argument.value.kind { return (params, body) }
            return nil
        }
        var env = env
        /// Calls the closure with `values` bound to its parameters (or `$0`, `$1`).
        func call(_ values: Value...) throws(RuntimeError) -> Value {
            guard let closure else { throw RuntimeError("'\(name)' needs a closure", at: location) }
            for (offset, value) in values.enumerated() {
                env.bind(closure.params.isEmpty ? "$\(offset)" : closure.params[offset], value)
            }
            defer { env.unbind(values.count) }
            return try evaluate(closure.body, env).value
        }
        func test(_ value: Value) throws(RuntimeError) -> Bool {
            guard case .bool(let flag) = try call(value) else { throw RuntimeError("the closure did not return a Bool", at: location) }
            return flag
        }
        switch name {
        case "map", "compactMap":
            var result: [Value] = []
            result.reserveCapacity(items.count)
            var size = 0
            for item in items {
                let value = try call(item)
                if name == "compactMap", value.isNull { continue }
                size += 1 + value.size(upTo: env.world.maxValueSize)
                result.append(value)
            }
            try limitList(size, env, at: location)
            return .list(result)
        case "filter":
            var result: [Value] = []
            for item in items where try test(item) { result.append(item) }
            return .list(result)
        case "first":
            for item in items where try test(item) { return item }
            return .null
        case "last":
            for item in items.reversed() where try test(item) { return item }
            return .null
        case "firstIndex":
            for (offset, item) in items.enumerated() where try test(item) { return .int(offset) }
            return .null
        case "contains":
            if closure == nil {
                let wanted = try evaluate(arguments[0].value, env).value
                return .bool(items.contains { equal($0, wanted) })
            }
            for item in items where try test(item) { return .bool(true) }
            return .bool(false)
        case "allSatisfy":
            for item in items where try !test(item) { return .bool(false) }
            return .bool(true)
        case "count":
            var count = 0
            for item in items where try test(item) { count += 1 }
            return .int(count)
        case "sorted":
            // A stable merge sort, so equal elements keep their order on every platform.
            func ordered(_ a: Value, _ b: Value) throws(RuntimeError) -> Bool {
                if closure != nil {
                    guard case .bool(let flag) = try call(a, b) else { throw RuntimeError("the closure did not return a Bool", at: location) }
                    return flag
                }
                return try naturallyOrdered(a, b, at: location)
            }
            var values = items
            var buffer = items
            var width = 1
            while width < values.count {
                var start = 0
                while start < values.count {
                    let middle = min(start + width, values.count), end = min(start + 2 * width, values.count)
                    var (i, j, k) = (start, middle, start)
                    while i < middle && j < end {
                        if try ordered(values[j], values[i]) {
                            buffer[k] = values[j]
                            j += 1
                        } else {
                            buffer[k] = values[i]
                            i += 1
                        }
                        k += 1
                    }
                    while i < middle { buffer[k] = values[i]; i += 1; k += 1 }
                    while j < end { buffer[k] = values[j]; j += 1; k += 1 }
                    start = end
                }
                swap(&values, &buffer)
                width *= 2
            }
            return .list(values)
        case "reversed":
            return .list(items.reversed())
        case "reduce":
            var accumulated = try evaluate(arguments[0].value, env).value
            for item in items {
                accumulated = try call(accumulated, item)
                if accumulated.size(upTo: env.world.maxValueSize) > env.world.maxValueSize {
                    try limitList(env.world.maxValueSize + 1, env, at: location)
                }
            }
            return accumulated
        case "joined":
            var separator = ""
            if let argument = arguments.first, case .string(let text) = try evaluate(argument.value, env).value {
                separator = text
            }
            let text = items.map(\.displayText).joined(separator: separator)
            try limitText(text.utf8.count, env, at: location)
            return .string(text)
        default:
            throw RuntimeError("a list has no method '\(name)'", at: location)
        }
    }

    /// `sorted()` without a closure: numbers, strings, dates and decimals in ascending order.
    private static func naturallyOrdered(_ a: Value, _ b: Value, at location: SourceLocation) throws(RuntimeError) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.double(let x), .double(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        case (.date(let x), .date(let y)): return x < y
        case (.decimal(let x), .decimal(let y)): return x < y
        default: throw RuntimeError("\(a) and \(b) have no order", at: location)
        }
    }
}
