import Glibc
import WaylandServer

/// `wp_presentation`: the clock, and the feedback a surface asks for on its
/// next commit (delivered by the ``FrameScheduler`` when the frame is shown
/// or discarded).
final class PresentationServer {
    let surfaces: SurfaceRegistry

    init(surfaces: SurfaceRegistry) {
        self.surfaces = surfaces
    }

    /// A client bound wp_presentation: it learns the clock (CLOCK_MONOTONIC,
    /// which is also what a ManualClock stands in for) and may ask for
    /// feedback on commits.
    func presentationBound(_ presentation: WpPresentation) {
        presentation.sendClockId(clkId: UInt32(CLOCK_MONOTONIC))
        presentation.onRequest = { [unowned self] request in
            guard case .feedback(let surfaceResource, let feedback) = request else { return }
            guard let surface = self.surfaces.surface(for: surfaceResource) else { return }
            surface.pendingFeedbacks.append(feedback)
        }
    }
}
