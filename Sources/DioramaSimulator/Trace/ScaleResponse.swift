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
        var measurement = Measurement(window: window, after: sequence, display: display, scale: scale)
        measurement.read(records)
        return measurement.response
    }

    /// ``ScaleResponse/measure(_:window:after:display:scale:)`` fed the
    /// trace as it grows: each record is read once, so a wait that looks
    /// again after every event (a client drawing every frame for seconds)
    /// costs the records that came since the last look, not the whole trace.
    package struct Measurement {
        package let window: UInt32
        package let sequence: UInt64
        package let display: String
        package let scale: Scale
        /// The measurement of the records read so far.
        package private(set) var response: ScaleResponse
        /// The sequence number of the last record read (0 before the first):
        /// where the next ``read(_:)`` should start.
        package private(set) var readThrough: UInt64 = 0
        /// The window's main surface, from its `window_created`.
        private var mainSurface: UInt32?
        /// Records read before the window's `window_created`: read again
        /// once it names the main surface (a surface's fractional-scale
        /// object or first commit may come before its window).
        private var beforeCreation: [TraceRecord] = []

        package init(window: UInt32, after sequence: UInt64, display: String, scale: Scale) {
            self.window = window
            self.sequence = sequence
            self.display = display
            self.scale = scale
            response = ScaleResponse(
                window: window, scale: scale, toldNanoseconds: nil, firstCommitAtScale: nil,
                answer: nil, answerNanoseconds: nil, staleCommits: 0, latestCommit: nil,
                usesFractionalScale: false)
        }

        /// Reads `records`, oldest first, all newer than those read before.
        /// A window's number is never reused, so its one `window_created`
        /// names its main surface for good.
        package mutating func read(_ records: some Sequence<TraceRecord>) {
            for record in records {
                readThrough = record.sequence
                if mainSurface == nil, case .windowCreated(window, _, let surface) = record.event {
                    mainSurface = surface
                    let earlier = beforeCreation
                    beforeCreation = []
                    for earlierRecord in earlier { measure(earlierRecord, mainSurface: surface) }
                }
                if let mainSurface {
                    measure(record, mainSurface: mainSurface)
                } else {
                    beforeCreation.append(record)
                }
            }
        }

        private mutating func measure(_ record: TraceRecord, mainSurface: UInt32) {
            if case .preferredScale(mainSurface, _, _) = record.event { response.usesFractionalScale = true }
            if case .commit(let fact) = record.event, fact.surface == mainSurface, fact.bufferSize != nil {
                response.latestCommit = fact
            }
            guard record.sequence > sequence else { return }
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
