import Foundation
import Testing
import TestSupport
import TraceFormat
import TraceReading

/// `Scenarios/CleanStore.yml` is written from the official Clean Swift sample app's code: its run may only send
/// messages the app really has.
@Suite("A real app: CleanStore")
struct RealAppTests {
    static let scenario = PackagePaths.root.appendingPathComponent("Scenarios/CleanStore.yml")
    static let methodList = PackagePaths.root.appendingPathComponent("Tests/SceneFlowCLITests/Fixtures/cleanstore-methods.txt")

    func runTrace(environment: [String: String] = [:]) throws -> (trace: Trace, bytes: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-cleanstore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", Self.scenario.path, "--out", folder.path, "--image-format", "dot"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let url = folder.appendingPathComponent("CleanStore/trace.jsonl")
        let bytes = try Data(contentsOf: url)
        return (try TraceReader.read(bytes), bytes)
    }

    /// The app's API, `Type.member`, without comments.
    func appMembers() throws -> Set<String> {
        let text = try String(contentsOf: Self.methodList, encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }

    /// Who declares the method a message calls, as `Type.method(labels:)` (or `Type.property` for wiring).
    static func declaration(of event: TraceEvent) -> [String] {
        switch event.message {
        case .request, .response, .display, .route:
            return [event.signature]
        case .dataPassing(let pass):
            return ["\(event.from.name).\(pass.method)"]
        case .navigation(let navigation):
            return event.from.role == .user ? ["UINavigationController.\(navigation.method)"]
                : ["\(event.from.name).\(navigation.method)"]
        case .workerCall(_, _, let call): return ["\(event.to.name).\(call.method)"]
        case .workerResult(let answer): return ["\(event.from.name).\(answer.invocation.method)"]
        case .load(let method), .appear(let method):
            return ["\(event.to.name).\(method)", "UIViewController.\(method)"]
        case .configure(let property, _, _): return ["\(event.to.name).\(property)"]
        default: return []
        }
    }

    @Test("every message the run sends is a method (or wired property) the app declares")
    func noInventedMessages() throws {
        let members = try appMembers()
        #expect(members.count > 250)
        let (trace, _) = try runTrace()
        var checked = 0
        var missing: [String] = []
        for event in trace.events {
            let candidates = Self.declaration(of: event)
            guard !candidates.isEmpty else { continue }
            checked += 1
            if !candidates.contains(where: members.contains) { missing.append("#\(event.sequence) \(candidates[0])") }
        }
        #expect(missing == [])
        #expect(checked == 83)  // all but the user's 3 actions, 19 values shown and 5 DataStore writes
        #expect(trace.events.count == 110)
    }

    @Test("the story's facts: shared state, pop-back with data, segues carrying the selection")
    func storyFacts() throws {
        let result = try CLI.run(["check", Self.scenario.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("1 scenario: 22 checks passed, 0 failed\n"))
        let (trace, _) = try runTrace()
        let shown = trace.events.compactMap { event -> String? in
            guard case .show(let label, let value) = event.message, ["rows", "orderNameLabel", "orderTotalLabel"].contains(label) else { return nil }
            return "\(label)=\(value)"
        }
        #expect(shown == [
            #"rows=["11/2/26  $1.23", "11/20/26  $4.56"]"#,
            #"orderNameLabel="Bob Battery""#, #"orderTotalLabel="$4.56""#,
            #"orderNameLabel="Bob Brown""#, #"orderTotalLabel="$4.56""#,
            #"rows=["11/2/26  $1.23", "11/20/26  $4.56"]"#,
            #"rows=["11/2/26  $1.23", "11/20/26  $4.56", "11/23/26  $1.00"]"#,
        ])
        // Going back reuses the instances below: three ShowOrder/ListOrders views in all, not one per visit.
        let views = Set(trace.events.flatMap { [$0.from, $0.to] }.filter { $0.role == .view }.map { "\($0.name)#\($0.instance ?? 0)" })
        #expect(views.sorted() == ["CreateOrderViewController#1", "CreateOrderViewController#2", "ListOrdersViewController#1",
                                   "ShowOrderViewController#1"])
    }

    @Test("traces are byte-identical whatever the time zone and locale")
    func independentOfTimeZoneAndLocale() throws {
        let (_, utc) = try runTrace(environment: ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"])
        let (_, elsewhere) = try runTrace(environment: ["TZ": "Pacific/Kiritimati", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
        let (_, west) = try runTrace(environment: ["TZ": "America/Los_Angeles", "LANG": "ar_EG.UTF-8", "LC_ALL": "ar_EG.UTF-8"])
        #expect(utc == elsewhere)
        #expect(utc == west)
        let text = String(decoding: utc, as: UTF8.self)
        #expect(text.contains(#""value":"1/31/28""#))
        #expect(text.contains(#"{"$decimal":"4.56"}"#))
    }
}
