import DioramaModel

/// How a client answered a change of scale, read from the trace: when it was
/// told, how many frames it still drew for the old scale, and when its first
/// frame drawn for the new one arrived. Scenarios and the compatibility
/// table (`Docs/compatibility.md`) are built from it.
///
/// ## What counts
///
/// - The **scale event** is the first event after the change that tells the
///   window's surface about the new scale: `wl_surface.enter` of the target
///   display, `wp_fractional_scale_v1.preferred_scale` or
///   `wl_surface.preferred_buffer_scale`, whichever came first. When the
///   display under the window is rescaled (it enters nothing new), the
///   display's own change (`display_changed`, change `scale`: its
///   `wl_output.scale` and `done` go out then) tells it as well.
/// - The client **followed** the new scale S when a commit of the window's
///   main surface has a buffer (after the buffer transform) of the surface
///   size × S exactly, give or take one pixel per side: on a 1.5x display
///   that takes fractional-scale-v1 or a viewport. A finding for the
///   compatibility table, not a fault.
/// - **Stale commits** are the main surface's commits after the scale event
///   whose buffer was not drawn for the scale in effect (the trace's
///   `stale_scale`, defined once by ``ScaleInEffect``: a client without
///   fractional-scale-v1 drawing at the integer `wl_output.scale` is not
///   stale), up to the first commit that was (the **answer**), or to the
///   end of the records when none was.
public struct ScaleResponse: Hashable, Sendable {
    /// The window, by the simulator's number.
    public var window: UInt32
    /// The scale the client should now draw at.
    public var scale: Scale
    /// When the client was told (the scale event), nil if it never was.
    public var toldNanoseconds: UInt64?
    /// The first commit drawn for ``scale`` exactly after the scale event.
    public var firstCommitAtScale: CommitFact?
    /// The first commit after the scale event drawn for the scale in effect (not stale).
    public var answer: CommitFact?
    /// When ``answer`` was committed, nil when none was.
    public var answerNanoseconds: UInt64?
    /// Commits with a buffer after the scale event that were stale (drawn for a scale not in effect), before the answer.
    public var staleCommits: Int
    /// The main surface's latest commit with a buffer, up to the end of the
    /// records: what the screen shows when the measurement ends.
    public var latestCommit: CommitFact?
    /// Whether the surface received `preferred_scale` (it uses fractional-scale-v1).
    public var usesFractionalScale: Bool

    /// Whether the client drew for the new scale at all.
    public var followed: Bool { firstCommitAtScale != nil }

    /// From the scale event to the first commit drawn for the scale in effect.
    public var reactionNanoseconds: UInt64? {
        guard let told = toldNanoseconds, let done = answerNanoseconds else { return nil }
        return done >= told ? done - told : 0
    }

    /// Measures `window`'s answer to the change recorded after sequence
    /// number `sequence`, which should make it draw at `scale` on `display`
    /// (the display it is moved to, or the display under it that is rescaled).
    ///
    /// - Parameter records: the trace (it must include the window's
    ///   `window_created`, to know its main surface, and everything after `sequence`).
    public static func measure(
        _ records: [TraceRecord], window: UInt32, after sequence: UInt64,
        display: String, scale: Scale
    ) -> ScaleResponse {
        var mainSurface: UInt32?
        for record in records {
            if case .windowCreated(window, _, let surface) = record.event { mainSurface = surface }
        }
        var response = ScaleResponse(
            window: window, scale: scale, toldNanoseconds: nil, firstCommitAtScale: nil,
            answer: nil, answerNanoseconds: nil, staleCommits: 0, latestCommit: nil,
            usesFractionalScale: false)
        guard let mainSurface else { return response }
        for record in records {
            if case .preferredScale(mainSurface, _, _) = record.event { response.usesFractionalScale = true }
            if case .commit(let fact) = record.event, fact.surface == mainSurface, fact.bufferSize != nil {
                response.latestCommit = fact
            }
            guard record.sequence > sequence else { continue }
            switch record.event {
            case .enter(mainSurface, _, display), .preferredScale(mainSurface, _, scale.numerator120):
                if response.toldNanoseconds == nil { response.toldNanoseconds = record.nanoseconds }
            case .preferredBufferScale(mainSurface, _, let integer) where integer == scale.ceil():
                if response.toldNanoseconds == nil { response.toldNanoseconds = record.nanoseconds }
            case .displayChanged(let fact, "scale") where fact.display == display && fact.scale120 == scale.numerator120:
                if response.toldNanoseconds == nil { response.toldNanoseconds = record.nanoseconds }
            case .commit(let fact) where fact.surface == mainSurface && response.toldNanoseconds != nil && fact.bufferSize != nil:
                if !response.followed, isDrawn(fact, for: scale) { response.firstCommitAtScale = fact }
                if response.answer == nil {
                    if fact.staleScale {
                        response.staleCommits += 1
                    } else {
                        response.answer = fact
                        response.answerNanoseconds = record.nanoseconds
                    }
                }
            default:
                break
            }
        }
        return response
    }

    /// Whether a commit's buffer is the surface size × `scale` (±1 pixel per side).
    public static func isDrawn(_ commit: CommitFact, for scale: Scale) -> Bool {
        guard let buffer = commit.bufferSize, !commit.surfaceSize.isEmpty else { return false }
        let transformed = commit.bufferTransform.swapsAxes ? buffer.transposed : buffer
        return ScaleInEffect.matches(transformed, surface: commit.surfaceSize, scale: scale)
    }

    /// The scale a commit's buffer was drawn for, as a decimal (buffer width ÷
    /// surface width), nil without a buffer. `2`, `1.5`, `1`.
    public static func drawnScale(of commit: CommitFact) -> Double? {
        guard let buffer = commit.bufferSize, commit.surfaceSize.width > 0 else { return nil }
        let transformed = commit.bufferTransform.swapsAxes ? buffer.transposed : buffer
        return (Double(transformed.width) / Double(commit.surfaceSize.width) * 100).rounded() / 100
    }
}
