import DioramaModel
import DioramaScenarios
import DioramaSimulator

/// Fills the Wayland-level facts of a ``WindowObservation`` from the
/// simulator's view of a window (its snapshot) and the simulator's trace
/// records since the step: pure, so it is tested on recorded values.
enum ProtocolLevelObservation {
    /// - Parameter recordsSinceStep: the simulator's trace records about the
    ///   window after the step began, oldest first.
    static func fill(_ observation: inout WindowObservation, window: DioramaSimulator.WindowSnapshot, recordsSinceStep: [TraceRecord]) {
        observation.isMapped = .value(window.isMapped)
        observation.enteredDisplays = .value(window.displays)
        observation.frame = .value(window.frame)
        observation.bufferSize = window.bufferSize.map { .value($0) } ?? .unavailable("the window has not committed a buffer yet")
        observation.bufferScale = .value(window.bufferScale)
        observation.viewportDestination = .value(window.lastCommit?.viewportDestination)
        observation.preferredScale = .value(window.preferredScale)
        observation.minimumSize = .value(window.minimumSize)
        observation.maximumSize = .value(window.maximumSize)
        if let configure = window.lastConfigure {
            observation.lastConfigure = .value(ConfigureObservation(size: configure.size, states: toplevelStates(configure.states)))
        } else {
            observation.lastConfigure = .unavailable("the window has not been configured yet")
        }
        let (commits, stale) = commitsAndStaleCommits(of: window.id, in: recordsSinceStep)
        observation.commitsSinceStep = .value(commits)
        observation.staleCommitsSinceStep = .value(stale)
        if let commit = window.lastCommit, let scale = renderScale(of: commit) {
            observation.renderScale = .value(scale)
        } else {
            observation.renderScale = .unavailable("the window has not committed a buffer yet")
        }
    }

    /// The window's commits with a buffer among `records`, and those of them
    /// drawn for a scale other than the one in effect: the commit's own
    /// `stale_scale` (unless in flight), and the first frame that a
    /// `first_frame_stale` record judged against the displays it landed on.
    static func commitsAndStaleCommits(of window: UInt32, in records: [TraceRecord]) -> (commits: Int, stale: [StaleCommit]) {
        var commits = 0
        var stale: [StaleCommit] = []
        // The first commit after the preferred scale changed may have been
        // drawn before the client could read the change (a continuously
        // drawing app commits every frame): it is in flight, not stale.
        var inFlight = false
        // The commit that mapped the window comes just before its
        // `first_frame_stale`, which judges it against where it landed.
        var lastBufferCommit: CommitFact?
        for record in records {
            switch record.event {
            case .preferredScale, .preferredBufferScale:
                inFlight = true
                continue
            case .firstFrameStale(window, _, let landingScale120):
                if let first = lastBufferCommit, let rendered = renderScale(of: first) {
                    stale.append(StaleCommit(renderedScale: rendered, preferredScale: Scale(numerator120: landingScale120)))
                }
                continue
            default:
                break
            }
            guard case .commit(let fact) = record.event, fact.window == window, !fact.nullAttach else { continue }
            defer { inFlight = false }
            // Only the toplevel's own surface: subsurface commits are parts of a frame.
            guard fact.bufferSize != nil else { continue }
            commits += 1
            lastBufferCommit = fact
            if fact.staleScale, !inFlight, let preferred = fact.preferredScale120, let rendered = renderScale(of: fact) {
                stale.append(StaleCommit(renderedScale: rendered, preferredScale: Scale(numerator120: preferred)))
            }
        }
        return (commits, stale)
    }

    /// Buffer pixels per logical point of a commit: the buffer width over the
    /// viewport destination's when a viewport scales it, else the buffer scale.
    static func renderScale(of commit: CommitFact) -> Scale? {
        guard let buffer = commit.bufferSize else { return nil }
        if let destination = commit.viewportDestination, destination.width > 0 {
            let numerator = (buffer.width * Scale.denominator * 2 + destination.width) / (destination.width * 2)
            return Scale(numerator120: numerator)
        }
        return Scale(numerator120: commit.bufferScale * Scale.denominator)
    }

    static func toplevelStates(_ states: ToplevelStates) -> Set<ToplevelState> {
        var result = Set<ToplevelState>()
        let pairs: [(ToplevelStates, ToplevelState)] = [
            (.maximized, .maximized), (.fullscreen, .fullscreen), (.resizing, .resizing), (.activated, .activated),
            (.tiledLeft, .tiledLeft), (.tiledRight, .tiledRight), (.tiledTop, .tiledTop), (.tiledBottom, .tiledBottom),
            (.suspended, .suspended),
        ]
        for (state, name) in pairs where states.contains(state) { result.insert(name) }
        return result
    }
}
