/// When a scene draws its next frame: the one place frame pacing is decided.
///
/// A pure value. `SceneSurface` tells it what happened (a configure arrived,
/// the buffer geometry changed, the content asked for a frame, the frame
/// callback fired, a frame was committed) and asks `shouldDraw` at the end of
/// each dispatched batch of events, and when the content asks for a frame
/// outside a batch. The rules:
///
/// - until the scene has connected (`willConnectTo` ran) nothing is drawn:
///   the first frame draws what the delegate set up;
/// - a frame is drawn only when something wants one: the content asked
///   (`setNeedsDisplay`), a configure awaits its answer, or the buffer
///   geometry changed;
/// - with a frame in flight (its callback not yet fired) the content's own
///   requests wait for the callback, so a scene never draws faster than the
///   output shows;
/// - a configure is answered at once even with a frame in flight (the
///   compositor waits for the ack, not for our frame callback);
/// - a new buffer geometry (scale or size) supersedes the frame in flight —
///   it was drawn for a geometry that no longer holds, so waiting for its
///   callback would show a stale frame for a refresh — except during an
///   interactive resize with a kept drawable, where the compositor scales the
///   frame in flight and configures pace the redraws;
/// - a frame whose geometry no longer holds when it is done (events read
///   just before its commit changed it) is drawn again, at most
///   ``maximumRedrawsBeforeCommit`` times, then committed as it is;
/// - a frame committed after a display change (an output entered or left, a
///   preferred scale) arrived while it was drawn makes the pacer *outpaced*:
///   the compositor changes the displays faster than we draw. Then a new
///   geometry waits for the frame callback instead of superseding the frame
///   in flight, and a frame the geometry overtook is committed without a
///   redraw, so a storm of display changes (a window dragged back and forth
///   across a display edge, a script moving it thousands of times a second)
///   costs a frame a refresh instead of a core. A refresh with no display
///   change ends the storm (a frame callback with none since the last
///   commit), and so does a frame drawn when none arrived since the one
///   before: reactions are at once again. A change in every refresh keeps
///   it going, even when none lands while a frame is drawn (a script's
///   moves arriving in bursts between frames);
/// - nothing starts while a frame is being drawn: a request from inside
///   `draw` (a game asking for its next frame) is for the next frame.
struct FramePacer: Hashable, Sendable {
    enum State: Hashable, Sendable {
        /// The scene has not connected yet: configures are learned, not drawn.
        case connecting
        /// No frame in flight: the next wanted frame may be drawn at once.
        case idle
        /// The content is drawing a frame (between `willDraw` and `didCommit`)
        /// wanted for `reasons`, over a frame still in flight or not.
        case drawing(frameInFlight: Bool, reasons: Reasons)
        /// A committed frame's callback has not fired yet.
        case waitingForFrameCallback
    }

    /// Why a frame is wanted; empty when none is.
    struct Reasons: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        /// `setNeedsDisplay` (or the scene's state changed in a way the content shows).
        static let contentRequested = Reasons(rawValue: 1 << 0)
        /// A configure has not been acknowledged yet; the ack goes with the next commit.
        static let configurePending = Reasons(rawValue: 1 << 1)
        /// The buffer geometry is not the one the last frame was drawn for.
        static let geometryChanged = Reasons(rawValue: 1 << 2)
    }

    private(set) var state = State.connecting
    private(set) var reasons: Reasons = [.contentRequested]
    /// An interactive resize keeps the drawable (a viewport scales it), so
    /// size changes do not supersede the frame in flight.
    private(set) var isKeepingDrawableForResize = false
    /// How many frames were committed; the n-th commit's frame callback is
    /// number n, so a callback can be told apart from a superseded one's.
    private(set) var committedFrames = 0
    /// A display change arrived while the last committed frame was drawn:
    /// changes come faster than frames, so new geometries wait for the frame
    /// callback until a frame is drawn with no display change meanwhile.
    private(set) var isOutpaced = false
    /// A display change arrived while the frame being drawn was drawn.
    private var displayChangedWhileDrawing = false
    /// A display change arrived since the last commit, drawing or not.
    private var displayChangedSinceCommit = false

    /// How many times a frame overtaken by a geometry change (events read
    /// just before its commit) is drawn again before it is committed anyway,
    /// when the pacer is not outpaced.
    static let maximumRedrawsBeforeCommit = 3

    /// Whether a frame should be drawn now.
    var shouldDraw: Bool {
        switch state {
        case .connecting, .drawing(_, _):
            return false
        case .idle:
            return !reasons.isEmpty
        case .waitingForFrameCallback:
            if reasons.contains(.configurePending) { return true }
            return reasons.contains(.geometryChanged) && !isKeepingDrawableForResize && !isOutpaced
        }
    }

    /// Whether a frame that a geometry change overtook while it was drawn
    /// (after `redraws` redraws of it) is drawn again for the new geometry
    /// rather than committed as it is. Never while outpaced: in a storm of
    /// changes the redraw would be overtaken too.
    func redrawsOvertakenFrame(after redraws: Int) -> Bool {
        !isOutpaced && redraws < Self.maximumRedrawsBeforeCommit
    }

    /// `willConnectTo` (and any restoration) ran: the first frame is wanted.
    mutating func sceneConnected() {
        guard state == .connecting else { return }
        state = .idle
        reasons.insert(.contentRequested)
    }

    /// The content (or a state change it shows) asked for a frame.
    mutating func drawRequested() {
        reasons.insert(.contentRequested)
    }

    /// An xdg configure arrived; it is acknowledged by the next commit.
    mutating func configureReceived() {
        reasons.insert(.configurePending)
    }

    /// The scene's buffer geometry (pixels, buffer scale or viewport) changed.
    mutating func geometryChanged() {
        reasons.insert(.geometryChanged)
    }

    /// The scene's surface entered or left an output, or was told a
    /// preferred scale. While a frame is drawn (events read just before its
    /// commit), a sign that the displays change faster than we draw.
    mutating func displayChanged() {
        displayChangedSinceCommit = true
        if case .drawing = state { displayChangedWhileDrawing = true }
    }

    /// An interactive resize started (`keepsDrawable`: a viewport scales the
    /// kept drawable, so the frame in flight need not be superseded) or, with
    /// nil, ended — when the drawable goes back to the bounds' size, which the
    /// geometry change that comes with it supersedes as usual.
    mutating func interactiveResizeChanged(keepsDrawable: Bool) {
        isKeepingDrawableForResize = keepsDrawable
    }

    /// The frame callback of commit number `commit` fired: the output showed it.
    /// The last commit's can fire while a superseding frame is being drawn
    /// (events read just before its commit): that frame then no longer draws
    /// over one in flight. An older commit's is ignored: a superseded frame's
    /// callback that arrives after the superseding frame was committed (EGL
    /// swaps for milliseconds after the last look at the socket) does not
    /// mean the newer frame was shown, and taking it so drew the next frame
    /// at once, over the new one in flight — an extra frame that went out
    /// stale when the scale changed again during it.
    mutating func frameCallbackDone(ofCommit commit: Int) {
        guard commit == committedFrames else { return }
        // A whole refresh went by with no display change: the storm is over.
        if !displayChangedSinceCommit { isOutpaced = false }
        switch state {
        case .waitingForFrameCallback: state = .idle
        case .drawing(true, let wanted): state = .drawing(frameInFlight: false, reasons: wanted)
        default: break
        }
    }

    /// A frame is about to be drawn: everything asked for so far goes into it,
    /// so a request made while drawing is for the next frame.
    mutating func willDraw() {
        precondition(state == .idle || state == .waitingForFrameCallback, "a frame starts only from idle or over one in flight (\(state))")
        state = .drawing(frameInFlight: state == .waitingForFrameCallback, reasons: reasons)
        reasons = []
        displayChangedWhileDrawing = false
    }

    /// The frame drawn is not committed (no buffer, or events read just before
    /// the commit changed the geometry): what it was for is still wanted, and
    /// the frame in flight before it, if any, still is.
    mutating func drawAbandoned() {
        guard case .drawing(let frameInFlight, let wanted) = state else { return }
        state = frameInFlight ? .waitingForFrameCallback : .idle
        reasons.formUnion(wanted)
    }

    /// The frame was committed with a frame callback requested (number
    /// ``committedFrames`` after this). A display change that arrived while
    /// it was drawn (whether or not the frame still fits: a window moved away
    /// and back) makes the pacer outpaced; an outpaced pacer stays so when
    /// one arrived since the last commit (while it waited for the callback);
    /// a frame with neither ends the storm.
    mutating func didCommit() {
        committedFrames += 1
        guard case .drawing = state else { return }
        isOutpaced = displayChangedWhileDrawing || (isOutpaced && displayChangedSinceCommit)
        displayChangedSinceCommit = false
        state = .waitingForFrameCallback
    }

    /// The scene is in the background: nothing is drawn, but a pending
    /// configure was acknowledged with a commit that carries no buffer.
    mutating func committedWithoutFrame() {
        reasons.remove(.configurePending)
    }
}
