import DioramaLogging
import DioramaModel
import DioramaPOSIX
import Foundation
import Glibc
import Synchronization

/// One app-level fact, as the runtime trace records it.
package enum RuntimeTraceEvent: Sendable {
    /// The app started, before any scene connects; `sessionsPersisted` is
    /// false when another instance holds `stateDirectory`.
    case launched(appID: String, stateDirectory: String, sessionsPersisted: Bool)
    /// A session's scene is connecting (`restored`: saved by the last launch).
    case sessionConnected(scene: String, configuration: String?, role: SceneSessionRole, restored: Bool)
    /// A session was discarded (closed by the user or destroyed by the app).
    case sessionDiscarded(scene: String)
    /// `restoreInteractionStateWith` is about to be called with the activity
    /// saved by the last launch.
    case restored(scene: String, activity: UserActivityRecord)
    /// A life-cycle callback fired; `state` is the state it leaves the scene in.
    case lifecycle(scene: String, event: SceneLifecycleEvent, state: SceneActivationState)
    /// The scene is on another screen, or its screen's scale changed.
    case screen(scene: String, name: String, scale: Int)
    /// The effective geometry changed (`didUpdateEffectiveGeometry` fires).
    case geometry(scene: String, geometry: EffectiveGeometry)
    /// Traits changed; `traits` is the new collection.
    case traits(scene: String, changed: Set<Trait>, traits: TraitCollection)
    /// The drawable size changed (`drawableSizeWillChange` fires).
    case drawableSize(scene: String, size: Size, contentsScale: Double)
    /// The app set new size restrictions.
    case sizeRestrictions(scene: String, minimum: Size, maximum: Size)
    /// A frame was committed: its buffer, buffer scale, viewport and scale.
    case commit(scene: String, bufferSize: Size, bufferScale: Int, viewport: Size?, logicalSize: Size, scale: Scale)
    /// An output appeared.
    case screenConnected(name: String, scale: Int, nativeScale: Double?, bounds: Rect)
    /// An output went away.
    case screenDisconnected(name: String)
    /// The app is quitting, and why.
    case terminated(reason: String)
    /// A batch of compositor events was handled; the socket was found empty
    /// at `socketEmpty` (CLOCK_MONOTONIC ns, nil when never looked at).
    case idle(socketEmpty: UInt64?)
    /// The scene's toplevel exists: its wl_surface protocol id lets a
    /// compositor-side trace (the simulator's) be matched with this scene.
    case toplevel(scene: String, surfaceID: UInt32, appID: String, title: String, fullscreenOn: String?)
    /// The toplevel's title changed.
    case title(scene: String, title: String)
    /// The renderer the scene draws with from now on, how OpenGL ES frames
    /// are presented, and why the renderer is not the one asked for.
    case renderer(scene: String, renderer: String, presentation: String?, fallbackReason: String?)
    /// A `registerForTraitChanges` handler is about to be called with `previous`.
    case traitHandlerCalled(scene: String, changed: Set<Trait>, previous: TraitCollection)
    /// Input delivered to the scene's content (`InputRecord` documents the
    /// fields): a touch, a press, or a hover or scroll at `location`, with the
    /// modifiers in effect for presses, hovers and scrolls.
    case input(scene: String, event: String, touch: Touch?, location: CGPoint?, press: Press?, modifiers: KeyModifierFlags?)
}

/// The runtime's structured trace: JSON lines with monotonic timestamps,
/// written to the file or fd named by `DIORAMA_TRACE` (a path, or `fd:N`).
///
/// Scenarios read it to check app-level expectations, so its format is
/// stable, versioned and documented in Docs/trace-format.md ("Runtime
/// trace"). Each line is a `RuntimeTraceLine` (DioramaModel): `v`, `t_ns`
/// (CLOCK_MONOTONIC nanoseconds), `type`, then the fields of that record kind,
/// whose Codable schema the readers share; `scene` is the session's persistent
/// identifier.
package final class RuntimeTrace: Sendable {
    /// The descriptor this trace opened itself (a path), closed on deinit.
    private let ownedDescriptor: Int32?
    /// Every record also kept in memory when true (tests).
    private let keepsRecords: Bool
    private struct State {
        /// Where records go and what the user called it (`DIORAMA_TRACE`'s
        /// value), for the one message a failed write gets; nil after a failure.
        var destination: (writer: DescriptorWriter, name: String)?
        var records: [any TraceRecordKind] = []
    }
    /// Held while a record is written, so lines from different threads never mix.
    private let state: Mutex<State>

    /// A trace that writes to `descriptor` (named `name` in messages); nil
    /// records nothing. `ownsDescriptor`: close it when the trace goes away.
    package init(descriptor: Int32?, name: String = "", ownsDescriptor: Bool = false, keepsRecords: Bool = false) {
        state = Mutex(State(destination: descriptor.map { (DescriptorWriter(descriptor: $0), name) }))
        ownedDescriptor = ownsDescriptor ? descriptor : nil
        self.keepsRecords = keepsRecords
    }

    deinit {
        if let ownedDescriptor { close(ownedDescriptor) }
    }

    /// The trace `DIORAMA_TRACE` asks for, or one that records nothing.
    ///
    /// - Throws: `RuntimeTraceError` when the target cannot be written at
    ///   all (a missing folder, `fd:N` not open for writing): the app exits
    ///   with 2 before any scene connects (Docs/runtime.md).
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RuntimeTrace {
        guard let target = environment["DIORAMA_TRACE"], !target.isEmpty else { return RuntimeTrace(descriptor: nil) }
        let variable = "DIORAMA_TRACE=\(target)"
        if target.hasPrefix("fd:") {
            guard let fd = Int32(target.dropFirst(3)), case let flags = fcntl(fd, F_GETFL), flags != -1 else {
                throw RuntimeTraceError("\(variable): not an open file descriptor; pass fd:N for an fd the parent opened, or a file path")
            }
            guard flags & O_ACCMODE != O_RDONLY else {
                throw RuntimeTraceError("\(variable): the descriptor is open for reading only; open it for writing in the parent, or pass a file path")
            }
            return RuntimeTrace(descriptor: fd, name: variable)
        }
        do {
            let writer = try DescriptorWriter.openForWriting(target, appending: true)
            return RuntimeTrace(descriptor: writer.descriptor, name: variable, ownsDescriptor: true)
        } catch {
            throw RuntimeTraceError("\(variable): cannot open for writing (\(error)); check the directory exists (a FIFO needs its reader first)")
        }
    }

    /// Writes one line for `event`, stamped with the monotonic clock now.
    package func record(_ event: RuntimeTraceEvent) {
        state.withLock { state in
            guard state.destination != nil || keepsRecords else { return }
            let record = event.record
            if keepsRecords { state.records.append(record) }
            guard let destination = state.destination else { return }
            do {
                try destination.writer.write(Self.line(record, time: MonotonicTime.nanoseconds()))
            } catch {
                // The disk filled up, or the reader went away: say so once and
                // stop tracing; the app itself goes on (Docs/runtime.md).
                state.destination = nil
                runtimeLog.warning("\(destination.name): cannot write the trace (\(error)); tracing stopped, the app goes on")
            }
        }
    }

    /// The records kept in memory (only with `keepsRecords`), oldest first.
    package func recordedRecords() -> [any TraceRecordKind] {
        state.withLock { $0.records }
    }

    private static func line<Record: TraceRecordKind>(_ record: Record, time: UInt64) throws -> [UInt8] {
        try JSONLineEncoder().line(RuntimeTraceLine(time: time, record: record))
    }
}

extension RuntimeTraceEvent {
    /// The trace record this event is written as (the schema lives with the
    /// records in DioramaModel, where the readers find it too).
    var record: any TraceRecordKind {
        switch self {
        case .launched(let appID, let stateDirectory, let sessionsPersisted):
            return LaunchedRecord(appID: appID, stateDirectory: stateDirectory, sessionsPersisted: sessionsPersisted)
        case .sessionConnected(let scene, let configuration, let role, let restored):
            return SessionConnectedRecord(scene: scene, configuration: configuration, role: role.rawValue, restored: restored)
        case .sessionDiscarded(let scene):
            return SessionDiscardedRecord(scene: scene)
        case .restored(let scene, let activity):
            return RestoredRecord(scene: scene, activityType: activity.activityType, userInfo: activity.userInfo)
        case .lifecycle(let scene, let event, let state):
            return LifecycleRecord(scene: scene, event: event.rawValue, state: state.rawValue)
        case .screen(let scene, let name, let scale):
            return ScreenRecord(scene: scene, screen: name, scale: scale)
        case .geometry(let scene, let geometry):
            return GeometryRecord(scene: scene, geometry: geometry)
        case .traits(let scene, let changed, let traits):
            return TraitsRecord(scene: scene, changed: changed, traits: traits)
        case .drawableSize(let scene, let drawable, let contentsScale):
            return DrawableSizeRecord(scene: scene, size: drawable, contentsScale: contentsScale)
        case .sizeRestrictions(let scene, let minimum, let maximum):
            return SizeRestrictionsRecord(scene: scene, minimum: minimum, maximum: maximum)
        case .commit(let scene, let bufferSize, let bufferScale, let viewport, let logicalSize, let scale):
            return CommitRecord(
                scene: scene, buffer: bufferSize, bufferScale: bufferScale, viewport: viewport,
                logical: logicalSize, scale: scale)
        case .screenConnected(let name, let scale, let nativeScale, let bounds):
            return ScreenConnectedRecord(screen: name, scale: scale, nativeScale: nativeScale, bounds: bounds)
        case .screenDisconnected(let name):
            return ScreenDisconnectedRecord(screen: name)
        case .terminated(let reason):
            return TerminatedRecord(reason: reason)
        case .idle(let socketEmpty):
            return IdleRecord(socketEmpty: socketEmpty)
        case .toplevel(let scene, let surfaceID, let appID, let title, let output):
            return ToplevelRecord(scene: scene, surface: surfaceID, appID: appID, title: title, fullscreenOn: output)
        case .title(let scene, let title):
            return TitleRecord(scene: scene, title: title)
        case .renderer(let scene, let renderer, let presentation, let fallbackReason):
            return RendererRecord(
                scene: scene, renderer: renderer, presentation: presentation, fallbackReason: fallbackReason)
        case .traitHandlerCalled(let scene, let changed, let previous):
            return TraitHandlerCalledRecord(scene: scene, changed: changed, previous: previous)
        case .input(let scene, let event, let touch, let location, let press, let modifiers):
            return InputRecord(
                scene: scene, event: event, id: touch?.id, touch: touch?.kind.rawValue, tapCount: touch?.tapCount,
                x: location.map { Double($0.x) }, y: location.map { Double($0.y) },
                key: press?.key.keyCode.description, text: press?.key.characters, isRepeat: press?.isRepeat,
                modifiers: modifiers.flatMap { $0.isEmpty ? nil : $0.names })
        }
    }
}

/// `DIORAMA_TRACE` names something the trace cannot write to; the message says what to change.
package struct RuntimeTraceError: Error, CustomStringConvertible {
    /// The message, naming the variable's value and the fix.
    package var description: String
    init(_ description: String) { self.description = description }
}
