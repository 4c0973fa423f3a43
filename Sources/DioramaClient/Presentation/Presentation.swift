import WaylandClient

/// Binds `wp_presentation` (presentation-time) when offered, and asks for
/// feedback on when a commit's content actually reached the screen.
package final class Presentation {
    package let registry: Registry
    package let wpPresentation: WpPresentation
    /// The clock the timestamps use (a `clockid_t`: 1 CLOCK_MONOTONIC, 4
    /// CLOCK_MONOTONIC_RAW); nil until the compositor sent it (right after binding).
    package private(set) var clockID: UInt32?

    /// - Throws: `RegistryError` when the compositor has no presentation-time.
    package init(registry: Registry) throws(RegistryError) {
        self.registry = registry
        wpPresentation = try registry.bind(WpPresentation.self, min: 1, max: 1)
        wpPresentation.onEvent = { [weak self] event in
            guard case let .clockId(clock) = event else { return }
            self?.clockID = clock
        }
    }

    deinit {
        wpPresentation.onEvent = nil
        wpPresentation.destroy()
    }

    /// Requests feedback for the surface's *next* commit; `completion` runs
    /// once with the outcome.
    package func requestFeedback(for surface: Surface, completion: @escaping (PresentationFeedback) -> Void) {
        let feedback = wpPresentation.feedback(surface: surface.wlSurface)
        var syncOutputs: [WlOutput] = []
        feedback.onEvent = { event in
            switch event {
            case let .syncOutput(output):
                if let output { syncOutputs.append(output) }
            case let .presented(secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, flags):
                let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
                completion(
                    .presented(
                        timestampNanoseconds: seconds * 1_000_000_000 + UInt64(nanoseconds),
                        refreshNanoseconds: refresh,
                        sequence: UInt64(sequenceHigh) << 32 | UInt64(sequenceLow),
                        flags: flags, outputs: syncOutputs))
            case .discarded:
                completion(.discarded)
            }
        }
    }
}

/// What became of a commit that asked for presentation feedback.
package enum PresentationFeedback {
    /// Shown at `timestampNanoseconds` (on the presentation clock), on a
    /// display refreshing every `refreshNanoseconds` (0 if unknown).
    case presented(
        timestampNanoseconds: UInt64, refreshNanoseconds: UInt32, sequence: UInt64,
        flags: WpPresentationFeedback.Kind, outputs: [WlOutput])
    /// Never shown (replaced before it could be, or the surface was hidden).
    case discarded
}
