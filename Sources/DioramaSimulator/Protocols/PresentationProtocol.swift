import Glibc
import WaylandServer

extension Simulator {
    /// A client bound wp_presentation: it learns the clock (CLOCK_MONOTONIC,
    /// which is also what a ManualClock stands in for) and may ask for
    /// feedback on commits.
    func presentationBound(_ presentation: WpPresentation) {
        presentation.sendClockId(clkId: UInt32(CLOCK_MONOTONIC))
        presentation.onRequest = { [unowned self] request in
            guard case .feedback(let surfaceResource, let feedback) = request else { return }
            guard let surface = self.surfaceRegistry.surface(for: surfaceResource) else { return }
            surface.pendingFeedbacks.append(feedback)
        }
    }
}
