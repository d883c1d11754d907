import Foundation
import ScenarioLoader
import ScenarioSpec
import SceneEngine
import Testing
import TestSupport
import TraceFormat

/// What real apps' data needs: records built in expressions, list mapping, enums with raw values, dates and money
/// formatted the same on every platform, `if let`, and workers the app shares, with state.
@Suite("Real data")
struct RealDataTests {
    static let orders = """
        scenario: Orders
        enums:
          ShippingSpeed: { Standard: 0, OneDay: 1, TwoDay: 2 }
        entities:
          Order: { id: String?, name: String, date: Date, total: Decimal, speed: ShippingSpeed = Standard }
          DisplayedOrder: { id: String, date: String, name: String, total: String }
        workers:
          OrdersWorker:
            state:
              orders:
                type: "[Order]"
                default:
                  - { id: abc123, name: Amy, date: 2016-06-30T09:30:00Z, total: 1.23, speed: OneDay }
                  - { id: def456, name: Bob, date: 2016-07-04, total: "1234.5" }
              nextID: Int = 1
            fetchOrders:
              output: "[Order]"
              returns: state.orders
            createOrder:
              input: { order: Order }
              output: Order
              update:
                orders: 'state.orders + [Order(id: "new-\\(state.nextID)", name: order.name, date: order.date, total: order.total, speed: order.speed)]'
                nextID: state.nextID + 1
              returns: 'Order(id: "new-\\(state.nextID)", name: order.name, date: order.date, total: order.total, speed: order.speed)'
        start: List
        scenes:
          List:
            useCases:
              Fetch:
                trigger: appear
                interactor:
                  - call: OrdersWorker.fetchOrders
                    as: orders
                  - respond: { orders: orders }
                response: { orders: "[Order]" }
                presenter:
                  displayed: 'response.orders.sorted { $0.date > $1.date }.map { DisplayedOrder(id: $0.id ?? "", date: $0.date.formatted("M/d/yy"), name: $0.name, total: $0.total.formatted(currency: "$")) }'
                  oneDay: 'response.orders.filter { o in o.speed == ShippingSpeed.OneDay }.count'
                  sum: 'response.orders.reduce(0) { $0 + $1.total }.formatted(currency: "$")'
                  firstSpeed: 'response.orders.first(where: { $0.name == "Amy" })?.speed.rawValue ?? -1'
                viewModel: { displayed: "[DisplayedOrder]", oneDay: Int, sum: String, firstSpeed: Int }
                view:
                  - show:
                      rows: 'viewModel.displayed.map { "\\($0.name) \\($0.total) \\($0.date)" }.joined(separator: "; ")'
                      oneDay: viewModel.oneDay
                      sum: viewModel.sum
                      firstSpeed: viewModel.firstSpeed
            routes:
              toCreate: { to: Create }
          Create:
            dataStore: { created: Order? }
            useCases:
              Save:
                request: { name: String, speed: Int }
                interactor:
                  - call: 'OrdersWorker.createOrder(order: Order(name: request.name, date: Date("2026-11-22T18:05:00Z"), total: Decimal("2.50"), speed: ShippingSpeed(rawValue: request.speed) ?? ShippingSpeed.Standard))'
                    as: created
                  - store: { created: created }
                  - if: let saved = dataStore.created
                    then: [ { respond: { note: '"saved \\(saved.id ?? "?") at \\(saved.date.formatted("EEE, MMM d, h:mm a")) as \\(saved.speed)"' } } ]
                    else: [ { respond: { note: '"not saved"' } } ]
                response: { note: String }
                presenter: { note: response.note }
                viewModel: { note: String }
                view: [ { show: { note: viewModel.note } }, { route: back } ]
            routes:
              back: { to: List, navigation: pop }
        story:
          - route: List.toCreate
          - do: Create.Save
            request: { name: Cy, speed: 2 }
        """

    func run(_ yaml: String) throws -> (trace: Trace, summary: RunSummary) {
        let loaded = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics.map(\.description))")
        let recorder = TraceRecorder()
        let summary = try Engine(scenario: scenario).run(into: recorder)
        return (try #require(recorder.trace), summary)
    }

    @Test("a shared worker keeps state across scenes; the Presenter maps, sorts, filters, sums and formats")
    func ordersRun() throws {
        let (trace, summary) = try run(Self.orders)
        #expect(summary.error == nil)
        let shown = trace.events.compactMap { event -> String? in
            guard case .show(let label, let value) = event.message else { return nil }
            return "\(label)=\(value)"
        }
        #expect(shown == [
            #"rows="Bob $1,234.50 7/4/16; Amy $1.23 6/30/16""#, "oneDay=1", #"sum="$1,235.73""#, "firstSpeed=1",
            #"note="saved new-1 at Sun, Nov 22, 6:05 PM as TwoDay""#,
            // Back on the list: it appears again and fetches what the other scene created.
            #"rows="Cy $2.50 11/22/26; Bob $1,234.50 7/4/16; Amy $1.23 6/30/16""#, "oneDay=1", #"sum="$1,238.23""#,
            "firstSpeed=1",
        ])
        // One participant for the app's worker, whichever scene calls it.
        let workers = Set(trace.events.flatMap { [$0.from, $0.to] }.filter { $0.role == ComponentRole.worker })
        #expect(workers.map(\.name) == ["OrdersWorker"])
        #expect(workers.first?.scene == nil)
        let created = trace.events.first { event in
            if case .workerResult(let answer) = event.message { return answer.operation.rawValue == "createOrder" }
            return false
        }
        var bytes: [UInt8] = []
        if case .workerResult(let answer)? = created?.message, let payload = answer.invocation.payload {
            TraceEncoder.value(payload, into: &bytes)
        }
        #expect(String(decoding: bytes, as: UTF8.self)
                == #"{"id":"new-1","name":"Cy","date":{"$date":"2026-11-22T18:05:00Z"},"total":{"$decimal":"2.50"},"speed":{"$enum":"ShippingSpeed.TwoDay"}}"#)
    }

    @Test("a story step's 'given:' answers for a shared worker, whichever scene calls it")
    func givenForSharedWorker() throws {
        let yaml = Self.orders + "\n    given:\n      OrdersWorker.createOrder: { error: Disk full }\n"
        let loaded = ScenarioLoader().load(yaml: yaml, file: "s.yml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (trace, summary) = try run(yaml)
        #expect(summary.error?.message == "'OrdersWorker.createOrder' failed with \"Disk full\", and the call has no 'onError'")
        let answers = trace.events.compactMap { event -> String? in
            if case .workerError(let answer, let error) = event.message { return "\(answer.operation) \(answer.answer) \(error)" }
            return nil
        }
        #expect(answers == ["createOrder given Disk full"])
        let misnamed = diagnostics(Self.orders + "\n    given:\n      List.OrdersWorker.createOrder: { error: x }\n")
        #expect(misnamed == ["s.yml:74:7: error: no scene has a worker 'OrdersWorker'\nnote: 'OrdersWorker' is shared by the app: write 'OrdersWorker.createOrder'"])
    }

    func diagnostics(_ yaml: String) -> [String] {
        ScenarioLoader().load(yaml: yaml, file: "s.yml").diagnostics.map(\.description)
    }

    /// The orders scenario with one line replaced.
    func variant(_ old: String, _ new: String) -> String {
        precondition(Self.orders.contains(old), old)
        return Self.orders.replacingOccurrences(of: old, with: new)
    }

    @Test("mistakes in the new forms are reported at their place, with the fix", arguments: [
        (#"$0.date.formatted("M/d/yy")"#, #"$0.date.formatted("M/d/yo")"#,
         #"s.yml:38:136: error: date format "M/d/yo": 'o' is not a date field here; fields are y M d E H h m s S a (quote text: 'at')"#),
        ("name: order.name, date: order.date, total: order.total, speed: order.speed)]'",
         "date: order.date, name: order.name, total: order.total, speed: order.speed)]'",
         "s.yml:23:91: error: 'name' must come before 'date', in the order 'Order' declares its fields"),
        ("o.speed == ShippingSpeed.OneDay", "o.speed == ShippingSpeed.OneDya",
         "s.yml:39:75: error: 'ShippingSpeed' has no case 'OneDya'\nnote: did you mean 'OneDay'?\nnote: cases of 'ShippingSpeed': Standard, OneDay, TwoDay"),
        ("filter { o in o.speed == ShippingSpeed.OneDay }", "filter { o in o.name }",
         "s.yml:39:43: error: this closure must return a Bool, not 'String'"),
        (#"total: Decimal("2.50")"#, "total: 2.5",
         "s.yml:57:121: error: cannot use 'Double' as 'Decimal' for 'Order.total'\nnote: write an exact amount as Decimal(\"2.50\")"),
        ("reduce(0) { $0 + $1.total }", "reduce(0) { $0 / $1.total }",
         "s.yml:40:48: error: '/' does not divide Decimals: the result would need rounding\nnote: multiply instead, or keep the amounts in smallest units (cents) as Ints"),
        ("nextID: state.nextID + 1", "nextId: state.nextID + 1",
         "s.yml:24:9: error: worker 'OrdersWorker' keeps no state 'nextId'\nnote: did you mean 'nextID'?"),
        ("if: let saved = dataStore.created", "if: let saved = request.name",
         "s.yml:60:29: warning: 'saved' is never nil ('String'), so 'if let' always runs 'then'\nnote: use 'let:' to name the value"),
        ("?.speed.rawValue ?? -1", "?.speed.raw ?? -1",
         "s.yml:41:82: error: 'ShippingSpeed' has no member 'raw'\nnote: an enum case has 'rawValue'"),
    ])
    func mistakes(_ old: String, _ new: String, _ expected: String) {
        let found = diagnostics(variant(old, new))
        #expect(found.contains(expected), "\(found)")
    }

    @Test("state belongs to shared workers; 'let' binds only in 'if:'; data is read by type")
    func structuralMistakes() {
        let stateInScene = diagnostics("""
            scenario: S
            scenes:
              A:
                workers:
                  W:
                    state: { n: Int = 0 }
                    op: { result: ~ }
            """)
        #expect(stateInScene == [
            "s.yml:6:9: error: only a shared worker keeps state; 'W' belongs to one scene\nnote: declare 'W' under the top-level 'workers:' to share it and its state between scenes",
        ])
        let badData = diagnostics("""
            scenario: S
            enums: { Speed: [slow, fast] }
            entities: { Order: { when: Date, total: Decimal, speed: Speed } }
            scenes:
              A:
                dataStore:
                  order: { type: Order, default: { when: "June 1st", total: 1.2.3, speed: medium } }
                  flag: { type: Bool, default: false }
                useCases:
                  U:
                    interactor: [ { let: { x: 'let y = 1' } } ]
            """)
        #expect(badData == [
            "s.yml:7:46: error: 'when' must be a value of type 'Date', found 'June 1st'\nnote: write an instant in UTC, '2026-11-22T09:30:00Z', or a day, '2026-11-22'",
            "s.yml:7:65: error: 'total' must be a value of type 'Decimal', found '1.2.3'\nnote: write the number with the places it keeps, '12.50'",
            "s.yml:7:79: error: 'Speed' has no case 'medium'\nnote: cases of 'Speed': slow, fast",
            "s.yml:11:40: error: 'let y = …' unwraps a value only as an 'if:' condition\nnote: use '?? default', or an 'if: let y = …' step",
        ])
    }

    @Test("mistakes in enums, shared workers, operations, methods, wiring and routes name their place and fix")
    func declarationMistakes() {
        let found = diagnostics("""
            scenario: M
            wiring: setuup
            enums:
              A: [x, x]
              B: { x: 0, y: "one" }
              C: { x: 0, y: 0 }
              D: []
            workers:
              Shared:
                op:
                  output: Int
                  style: later
                  update: { n: 1 }
                  error: broke
                op2:
                  output: Int
                  let: { k: 1 }
                  result: 3
            scenes:
              S:
                dataStore: { items: "[Int] = []" }
                workers:
                  Shared:
                    op: { result: ~ }
                useCases:
                  U:
                    interactor:
                      - respond: { n: 'dataStore.items.mapp { $0 }.count', m: 'dataStore.items.first(by: { $0 > 1 }) ?? 0', t: '"a".trim()' }
                    response: { n: Int, m: Int, t: String }
                routes:
                  toS: { to: S, passData: give(source:destination:) }
            """)
        #expect(found == [
            "s.yml:2:9: error: unknown wiring 'setuup'\nnote: did you mean 'setup'?\nnote: 'configurator': a Configurator object sets the references; 'setup': the View's setup() does (the current Clean Swift template)",
            "s.yml:4:10: error: enum 'A' has the case 'x' twice\ns.yml:4:7: note: 'x' is first declared here",
            "s.yml:5:17: error: the raw values of 'B' must all be 'Int', but 'y' has 'String'\nnote: write a whole number",
            "s.yml:6:14: error: raw value 0 of 'C.y' is also the raw value of 'x'\ns.yml:6:8: note: each case needs its own raw value",
            "s.yml:7:3: error: enum 'D' has no cases",
            "s.yml:12:14: error: unknown style 'later'\nnote: 'return': it returns; 'completion': it calls a completion handler; 'async': the caller awaits it",
            "s.yml:13:7: error: 'update' changes the worker's state when a case answers with 'result' or 'returns', not with 'error'",
            "s.yml:17:7: warning: 'let' names values for 'returns' and 'update', and this case has neither\nnote: remove 'let', or use the names",
            "s.yml:23:7: error: scene 'S' declares worker 'Shared', which the app already shares\ns.yml:9:3: note: the shared worker is declared here; remove one of them",
            "s.yml:28:44: error: a list has no method 'mapp'\nnote: did you mean 'map'?\nnote: methods: map, compactMap, filter, first(where:), last(where:), firstIndex(where:), contains(where:), contains(_:), allSatisfy, count(where:), sorted(by:), sorted(), reversed(), reduce(_:_:), joined(separator:)",
            "s.yml:28:84: error: 'first' is called as first(where:) or first { … }",
            "s.yml:28:121: error: a String has no method 'trim'\nnote: methods: uppercased(), lowercased(), contains(_:), hasPrefix(_:), hasSuffix(_:)",
            "s.yml:31:21: warning: route 'toS' passes no data, so 'passData' names a method that is never called\nnote: add 'pass:' fields, or remove 'passData'",
        ])
    }

    @Test("wiring is a choice only where the pattern has one; style has no effect beside callbacks")
    func viperMistakes() throws {
        let url = PackagePaths.scenarios.appendingPathComponent("PostList-VIPER.yml")
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: "pattern: viper\n", with: "pattern: viper\nwiring: setup\n")
        text = text.replacingOccurrences(of: "          latency: 450ms\n          callbacks:", with: "          latency: 450ms\n          style: async\n          callbacks:")
        let found = ScenarioLoader().load(yaml: text, file: "v.yml", baseDirectory: PackagePaths.scenarios).diagnostics.map(\.description)
        #expect(found == [
            "v.yml:8:9: error: 'wiring' chooses between a Configurator and the View's setup(); viper wires its scenes with wireFrame\nnote: remove 'wiring'",
            "v.yml:28:18: warning: operation 'RemoteDataManager.retrievePostList' answers through 'callbacks', so 'style' has no effect\nnote: remove 'style', or 'callbacks'",
        ])
    }

    @Test("dates and numbers format by fixed rules: UTC, English names, half-to-even rounding")
    func formats() throws {
        let date = try #require(DateValue(iso8601: "2024-02-29T00:07:09.045Z"))
        func format(_ pattern: String) throws -> String {
            ValueFormat.format(date, pieces: try ValueFormat.datePattern(pattern))
        }
        #expect(try format("yyyy-MM-dd HH:mm:ss.SSS") == "2024-02-29 00:07:09.045")
        #expect(try format("M/d/yy h:mm a") == "2/29/24 12:07 AM")
        #expect(try format("EEEE, d MMMM yyyy 'at' H'h'") == "Thursday, 29 February 2024 at 0h")
        #expect(try format("EEE MMM d ''yy") == "Thu Feb 29 '24")
        #expect(throws: ValueFormat.PatternError(message: "the quote opened here is not closed", offset: 2)) {
            try ValueFormat.datePattern("d 'of")
        }
        func money(_ text: String, _ places: Int = 2, _ symbol: String? = "$") -> String {
            ValueFormat.number(DecimalValue(text)!, fractionDigits: places, currency: symbol)
        }
        #expect(money("1234567.5") == "$1,234,567.50")
        #expect(money("-0.005") == "$0.00")  // no negative zero
        #expect(money("0.015") == "$0.02")
        #expect(money("0.025") == "$0.02")
        #expect(money("999.995") == "$1,000.00")
        #expect(money("12", 0, nil) == "12")
        #expect(money("-1234.5678", 3, nil) == "-1,234.568")
        #expect(DecimalValue("1.50") == DecimalValue("1.5"))
        #expect(DecimalValue("2.50")!.multiplying(by: DecimalValue("3")!)!.description == "7.50")
        #expect(DecimalValue("1.5")!.multiplying(by: DecimalValue("1.5")!)!.description == "2.25")
    }
}
