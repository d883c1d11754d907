@testable import Diagrams
import Testing

/// A legend is only useful if no two of its entries look alike.
@Suite("Legends")
struct LegendTests {
    @Test("every entry of the dependency legend has its own colour, and its own stroke and head", arguments: Example.names)
    func distinct(name: String) throws {
        let (scenario, trace) = try Example.run(name)
        for observed in [true, false] {
            let diagram = DependencyDiagramBuilder.build(scenario: scenario, trace: observed ? trace : nil)
            let entries = DependencyDOT(diagram: diagram).legend
            #expect(Set(entries.map(\.look.color)).count == entries.count, "\(entries.map(\.text))")
            #expect(Set(entries.map { "\($0.look.style) \($0.look.arrowhead)" }).count == entries.count, "\(entries.map(\.text))")
        }
    }

    @Test("a weak reference and an unused link differ in colour, stroke and head")
    func weakIsNotUnused() {
        let weak = DependencyDOT.look(.weak), unused = DependencyDOT.unused
        #expect(weak.color != unused.color && weak.style != unused.style && weak.arrowhead != unused.arrowhead)
    }
}
