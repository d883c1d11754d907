@testable import Diagrams
import Testing

/// A dependency link that would run straight through another part of its scene bends around it.
@Suite("Dependency links clear of other boxes")
struct LinkBendTests {
    let box = DependencyLayout.Box(x: 100, y: 100, width: 60, height: 40)

    @Test("a segment crosses a box it passes through, margin included, and not one it passes by")
    func crossing() {
        #expect(DependencyDOT.crosses((0, 100), (200, 100), box))
        #expect(DependencyDOT.crosses((0, 0), (200, 200), box))
        #expect(DependencyDOT.crosses((0, 123), (200, 123), box), "within the 4-point margin")
        #expect(!DependencyDOT.crosses((0, 125), (200, 125), box))
        #expect(!DependencyDOT.crosses((0, 0), (60, 60), box), "ends before the box")
        #expect(!DependencyDOT.crosses((100, 0), (100, 70), box))
        #expect(DependencyDOT.crosses((100, 0), (100, 90), box))
    }
}
