import DioramaModel
import DioramaScenarios
import Foundation

/// The runtime traces of a scenario's Diorama apps, for the backends that
/// see the protocol only through them (sway, weston): following each run's
/// trace, the "since the step" mark, finding a window's scene, and filling a
/// ``WindowObservation`` from the scene's records.
///
/// A real compositor does not tell us what a client committed, so the
/// Wayland-level facts a Diorama app reports about itself (`commit` and
/// `sizeRestrictions` records: buffer, buffer scale, viewport, rendered scale,
/// min/max) stand in for them. A command client writes no trace: those facts
/// are then unavailable, never guessed.
final class RuntimeTraces {
    private var followers: [String: RuntimeTraceFollower] = [:]
    /// Per trace file, its entry count when the current step began.
    private var stepStart: [String: Int] = [:]
    /// Per scene of a trace file, what ``settleLook(_:scene:window:)`` has
    /// gathered from its entries so far.
    private var settleFacts: [SceneKey: SceneSettleFacts] = [:]

    /// Starts following a new run's trace; everything in it is "since the step".
    func follow(_ file: URL) {
        followers[file.path] = RuntimeTraceFollower(file: file)
        stepStart[file.path] = 0
        settleFacts = settleFacts.filter { $0.key.path != file.path }
    }

    /// Fires when an action step begins: later records count as "since the step".
    func beginStep() {
        for (path, follower) in followers {
            follower.refresh()
            stepStart[path] = follower.log.entries.count
        }
    }

    /// The trace read so far (refreshed), nil when it is not followed.
    func log(_ path: String) -> RuntimeTraceLog? {
        guard let follower = followers[path] else { return nil }
        follower.refresh()
        return follower.log
    }

    /// Every trace file followed, for a wait that wakes when one is written to.
    var followedPaths: [String] { Array(followers.keys) }

    /// What the app's last `idle` record vouches for (CLOCK_MONOTONIC
    /// nanoseconds): it has handled every event it was sent before then —
    /// when it last found its socket empty, not when it wrote the line (a
    /// move sent while the app was still handling an earlier batch is not
    /// covered by that batch's `idle`). Nil before the first.
    func eventsHandledBefore(_ path: String) -> UInt64? {
        guard let entry = log(path)?.entries.last(where: { $0.kind == IdleRecord.kind }) else { return nil }
        return entry.as(IdleRecord.self)?.handledEventsSentBefore(lineTime: entry.time) ?? entry.time
    }

    /// Where the current step began in the trace: records from this index on
    /// are "since the step".
    func stepStartIndex(_ path: String) -> Int { stepStart[path] ?? 0 }

    /// What settling on a real compositor looks at in the scene's trace, in
    /// one pass:
    /// - `records`: its records other than `commit` and key repeats, which
    ///   must stop changing (commits are left out, since GameScene draws
    ///   every frame; repeats, since a key held across steps repeats until it
    ///   is released);
    /// - `pending`: why window `name` cannot count as settled whatever the
    ///   records do, or nil: its scene has not committed a frame yet, or, in
    ///   the foreground, not since its drawable last changed (a move to
    ///   another scale, a resize). The window is still on its way to the
    ///   screen, and a GL app compiling its shaders or drawing with Mesa's
    ///   software GL on a loaded machine can take longer to draw it than the
    ///   quiet period lasts. A scene in the background draws nothing, so
    ///   there only the first frame is waited for; a disconnected scene
    ///   (`unattached`) never draws again, so nothing is.
    ///
    /// Each look reads only the entries appended since the last look at the
    /// same scene (``SceneSettleFacts``): a settle looks at every write, and
    /// GameScene writes a commit record every frame.
    func settleLook(_ path: String, scene: String, window name: String) -> (records: Int, pending: String?) {
        guard let log = log(path) else { return (0, nil) }
        let key = SceneKey(path: path, scene: scene)
        var facts = settleFacts[key] ?? SceneSettleFacts()
        for entry in log.entries[min(facts.entriesRead, log.entries.count)...] where entry.scene == scene {
            facts.add(entry.record)
        }
        facts.entriesRead = log.entries.count
        settleFacts[key] = facts
        let records = facts.records
        if facts.state == .unattached { return (records, nil) }
        guard facts.hasCommitted else { return (records, "`\(name)` has not drawn its first frame") }
        if let drawable = facts.drawableSinceLastCommit, facts.state != .background {
            return (records, "`\(name)` has not drawn a frame since its drawable became \(drawable)")
        }
        return (records, nil)
    }

    /// The scene whose toplevel has this app_id and title now (its latest
    /// `title` record, else the `toplevel` record's), skipping `taken` scenes.
    /// `title` is matched as a window declaration matches titles when
    /// `declaration` is given (weston, where the compositor tells nothing),
    /// else exactly (sway reports the real title).
    ///
    /// A connected scene comes before a disconnected one (its last
    /// `lifecycle` record `unattached`): Mutter turns every monitor on for a
    /// moment when one is plugged, and TimerApp's external scene for a
    /// monitor gone 30 ms later has the title of the plugged display's.
    static func scene(
        in log: RuntimeTraceLog, appID: String?, title: String?, declaration: WindowDeclaration?,
        excluding taken: Set<String>
    ) -> String? {
        var toplevels: [(scene: String, appID: String, title: String)] = []
        var disconnected: Set<String> = []
        for entry in log.entries {
            switch entry.record {
            case let record as LifecycleRecord:
                if ActivationStateName(rawValue: record.state) == .unattached {
                    disconnected.insert(record.scene)
                } else {
                    disconnected.remove(record.scene)
                }
            case let record as ToplevelRecord:
                toplevels.removeAll { $0.scene == record.scene }
                toplevels.append((record.scene, record.appID, record.title))
            case let record as TitleRecord:
                if let index = toplevels.firstIndex(where: { $0.scene == record.scene }) {
                    toplevels[index].title = record.title
                }
            default:
                break
            }
        }
        let matching = toplevels.filter { candidate in
            guard !taken.contains(candidate.scene) else { return false }
            if let declaration {
                return WindowMatch.matches(declaration, appID: candidate.appID, title: candidate.title)
            }
            if let appID, appID != candidate.appID { return false }
            if let title, title != candidate.title { return false }
            return true
        }
        return (matching.first { !disconnected.contains($0.scene) } ?? matching.first)?.scene
    }

    /// Fills the app-level facts, and the Wayland-level facts the app reports
    /// about its own commits. `noPreferredScale` says why the compositor's
    /// preferred scale (and so stale frames) cannot be known.
    func fill(
        _ observation: inout WindowObservation, traceFile path: String, scene: String,
        noPreferredScale: String
    ) {
        guard let log = log(path) else {
            observation.markAppLevelUnavailable("the app's trace is not followed")
            return
        }
        let since = stepStartIndex(path)
        AppLevelObservation.fill(&observation, from: log, scene: scene, stepStartIndex: since)
        Self.fillProtocolFacts(
            &observation, from: log, scene: scene, stepStartIndex: since,
            noPreferredScale: noPreferredScale)
    }

    /// The Wayland-level facts from the scene's own `commit` and
    /// `sizeRestrictions` records: pure, for recorded traces.
    static func fillProtocolFacts(
        _ observation: inout WindowObservation, from log: RuntimeTraceLog, scene: String,
        stepStartIndex: Int, noPreferredScale: String
    ) {
        var commits = 0
        var last: CommitRecord?
        var restrictions: SizeRestrictionsRecord?
        for (index, entry) in log.entries.enumerated() where entry.scene == scene {
            switch entry.record {
            case let record as CommitRecord:
                last = record
                if index >= stepStartIndex { commits += 1 }
            case let record as SizeRestrictionsRecord:
                restrictions = record
            default:
                break
            }
        }
        observation.commitsSinceStep = .value(commits)
        observation.preferredScale = .unavailable(noPreferredScale)
        observation.staleCommitsSinceStep = .unavailable(noPreferredScale)
        if let last {
            observation.bufferSize = .value(last.buffer.size)
            observation.bufferScale = .value(last.bufferScale)
            observation.viewportDestination = .value(last.viewport?.size)
            observation.renderScale = .value(Scale(numerator120: max(1, last.scale120)))
        } else {
            let reason = "the scene has not committed a frame yet"
            observation.bufferSize = .unavailable(reason)
            observation.bufferScale = .unavailable(reason)
            observation.viewportDestination = .unavailable(reason)
            observation.renderScale = .unavailable(reason)
        }
        if let restrictions {
            observation.minimumSize = .value(restrictions.minimum.size)
            observation.maximumSize = .value(restrictions.maximum.size)
        } else {
            observation.minimumSize = .unavailable("the scene has not reported size restrictions yet")
            observation.maximumSize = .unavailable("the scene has not reported size restrictions yet")
        }
    }
}

extension ScenarioClients {
    /// Launches a client for a backend whose app-level facts all come from the
    /// client's runtime trace (sway, weston): the trace is followed from the
    /// first line, and a new "since the step" period starts.
    func launch(
        _ client: ClientLaunch, compositorEnvironment: [String: String],
        followedBy traces: RuntimeTraces
    ) throws -> ClientHandle {
        traces.beginStep()
        let process = try launch(client, compositorEnvironment: compositorEnvironment)
        traces.follow(process.traceFile)
        return ClientHandle(
            alias: client.alias.name, processID: process.processID,
            description: "\(client.program) pid \(process.processID)")
    }
}

/// A scene of one trace file.
private struct SceneKey: Hashable {
    var path: String
    var scene: String
}

/// What settling needs to know of one scene, gathered entry by entry.
private struct SceneSettleFacts {
    /// How many of the trace's entries (of every scene) have been read.
    var entriesRead = 0
    /// Its records other than `commit` and key repeats.
    var records = 0
    var hasCommitted = false
    /// The drawable size recorded after its last commit, if any.
    var drawableSinceLastCommit: TraceSize?
    /// Its last lifecycle record's state.
    var state: ActivationStateName?

    mutating func add(_ record: any TraceRecordKind) {
        switch record {
        case is CommitRecord:
            hasCommitted = true
            drawableSinceLastCommit = nil
        case let drawable as DrawableSizeRecord:
            drawableSinceLastCommit = drawable.size
            records += 1
        case let lifecycle as LifecycleRecord:
            state = ActivationStateName(rawValue: lifecycle.state)
            records += 1
        case let input as InputRecord where input.isRepeat == true:
            break
        default:
            records += 1
        }
    }
}
