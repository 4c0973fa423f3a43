import DioramaModel
import Testing
import WaylandClient

@testable import DioramaClient

/// wl_surface v6 events are matched by case name, because the generated
/// enum has them only when the system XML does (Debian bookworm's does not).
/// A stand-in enum shaped like the generated one checks the matching.
@Suite("wl_surface v6 events by reflection")
struct SurfaceEventReflectionTests {
    enum GeneratedLookalike {
        case enter(output: WlOutput?)
        case preferredBufferScale(factor: Int32)
        case preferredBufferTransform(transform: WlOutput.Transform)
    }

    @Test("preferred_buffer_scale and preferred_buffer_transform are recognised; others are not")
    func matching() {
        #expect(
            SurfaceEventNewerThanBindings(reflecting: GeneratedLookalike.preferredBufferScale(factor: 3))
                == .preferredBufferScale(3))
        #expect(
            SurfaceEventNewerThanBindings(reflecting: GeneratedLookalike.preferredBufferTransform(transform: ._270))
                == .preferredBufferTransform(.rotated270))
        #expect(SurfaceEventNewerThanBindings(reflecting: GeneratedLookalike.enter(output: nil)) == nil)
        #expect(SurfaceEventNewerThanBindings(WlSurface.Event.leave(output: nil)) == nil)
    }

    @Test("the bindings' wl_surface version decides whether v6 can be bound at all")
    func versionCap() {
        let known = Registry.bindingsVersion(of: WlSurface.self)
        #expect(known == WlSurface.maxVersion)
        #expect(CompositorState.maxVersion == min(6, WlCompositor.maxVersion))
    }
}
