import DioramaModel
import Testing

@Suite("Effective geometry changes")
struct EffectiveGeometryTests {
    @Test("the tracker fires once per real change and never for repeats")
    func firesOncePerChange() {
        var tracker = ChangeTracker<EffectiveGeometry>()
        let initial = EffectiveGeometry(
            coordinateSpaceBounds: Rect(x: 0, y: 0, width: 1180, height: 820),
            interfaceOrientation: .landscapeRight)
        let configures = [
            initial, initial, initial,  // repeated configures
            EffectiveGeometry(
                coordinateSpaceBounds: Rect(x: 0, y: 0, width: 1000, height: 820),
                interfaceOrientation: .landscapeRight, isInteractivelyResizing: true),
            EffectiveGeometry(
                coordinateSpaceBounds: Rect(x: 0, y: 0, width: 1000, height: 820),
                interfaceOrientation: .landscapeRight, isInteractivelyResizing: true),
            EffectiveGeometry(
                coordinateSpaceBounds: Rect(x: 0, y: 0, width: 1000, height: 820),
                interfaceOrientation: .landscapeRight, isInteractivelyResizing: false),
            EffectiveGeometry(
                coordinateSpaceBounds: Rect(x: 0, y: 0, width: 1000, height: 820),
                interfaceOrientation: .landscapeRight, isBelowMinimumSize: true),
        ]
        var fired: [EffectiveGeometry?] = []
        for geometry in configures {
            if let change = tracker.update(to: geometry) { fired.append(change.previous) }
        }
        #expect(fired.count == 4)
        #expect(fired[0] == nil)
        #expect(fired[1] == initial)
        #expect(tracker.current == configures.last)
    }

    @Test("every field takes part in equality")
    func equality() {
        let base = EffectiveGeometry(coordinateSpaceBounds: Rect(x: 0, y: 0, width: 10, height: 10))
        var variants = [base, base, base, base, base]
        variants[0].coordinateSpaceBounds.size.width = 11
        variants[1].interfaceOrientation = .portrait
        variants[2].isInteractivelyResizing = true
        variants[3].isInterfaceOrientationLocked = true
        variants[4].isBelowMinimumSize = true
        for variant in variants { #expect(variant != base) }
    }
}
