import DioramaLogging
import Foundation
import Synchronization
import Glibc
import DioramaModel

/// One app-level fact, as the runtime trace records it.
public enum RuntimeTraceEvent: Sendable {
    /// The app started, before any scene connects.
    case launched(appID: String)
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
    case screenConnected(name: String, scale: Int, bounds: Rect)
    /// An output went away.
    case screenDisconnected(name: String)
    /// The app is quitting, and why.
    case terminated(reason: String)
    /// The scene's toplevel exists: its wl_surface protocol id lets a
    /// compositor-side trace (the simulator's) be matched with this scene.
    case toplevel(scene: String, surfaceID: UInt32, appID: String, title: String, fullscreenOn: String?)
    /// The toplevel's title changed.
    case title(scene: String, title: String)
    /// The renderer the scene draws with from now on, and why it is not the one asked for.
    case renderer(scene: String, renderer: String, fallbackReason: String?)
    /// A `registerForTraitChanges` handler is about to be called with `previous`.
    case traitHandlerCalled(scene: String, changed: Set<Trait>, previous: TraitCollection)
    /// Input delivered to the scene's content (`InputRecord` documents the fields).
    case input(scene: String, event: String, touch: Touch?, location: CGPoint?, text: String?, isRepeat: Bool?)
}

/// The runtime's structured trace: JSON lines with monotonic timestamps,
/// written to the file or fd named by `DIORAMA_TRACE` (a path, or `fd:N`).
///
/// Scenarios read it to check app-level expectations, so its format is
/// stable and documented in Docs/runtime.md ("Runtime trace"). Each line is one
/// object with `t` (CLOCK_MONOTONIC nanoseconds), `kind`, and the fields of
/// that kind; `scene` is the session's persistent identifier.
public final class RuntimeTrace: Sendable {
    /// The descriptor this trace opened itself (a path), closed on deinit.
    private let ownedDescriptor: Int32?
    /// Every record also kept in memory when true (tests).
    private let keepsRecords: Bool
    private struct State {
        /// Where records go and what the user called it (`DIORAMA_TRACE`'s
        /// value), for the one message a failed write gets; nil after a failure.
        var destination: (writer: DescriptorWriter, name: String)?
        var records: [[String: Any]] = []
    }
    /// Held while a record is written, so lines from different threads never mix.
    private let state: Mutex<State>

    /// A trace that writes to `descriptor` (named `name` in messages); nil
    /// records nothing. `ownsDescriptor`: close it when the trace goes away.
    public init(descriptor: Int32?, name: String = "", ownsDescriptor: Bool = false, keepsRecords: Bool = false) {
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
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RuntimeTrace {
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

    /// Writes `event` as one line with its timestamp; does nothing when the
    /// trace records nothing. After a failed write the trace reports once and stops.
    public func record(_ event: RuntimeTraceEvent) {
        state.withLock { state in
            guard state.destination != nil || keepsRecords else { return }
            var object = Self.fields(of: event)
            object["t"] = Self.monotonicNanoseconds()
            if keepsRecords { state.records.append(object) }
            if let destination = state.destination,
               let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                do {
                    try destination.writer.write(data + [0x0A])
                } catch {
                    // The disk filled up, or the reader went away: say so once and
                    // stop tracing; the app itself goes on (Docs/runtime.md).
                    state.destination = nil
                    runtimeLog.warning("\(destination.name): cannot write the trace (\(error)); tracing stopped, the app goes on")
                }
            }
        }
    }

    /// The records kept in memory (only with `keepsRecords`), as JSON objects.
    public func recordedObjects() -> [[String: Any]] {
        state.withLock { $0.records }
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    private static func size(_ size: Size) -> [Int] { [size.width, size.height] }

    /// User info as the session files write it (`{"key": {"string": "v"}}`),
    /// so one reader serves both.
    private static func taggedJSON(_ userInfo: [String: UserInfoValue]) -> Any {
        guard let data = try? JSONEncoder().encode(userInfo),
              let object = try? JSONSerialization.jsonObject(with: data) else { return [String: Any]() }
        return object
    }

    static func fields(of event: RuntimeTraceEvent) -> [String: Any] {
        switch event {
        case .launched(let appID):
            return ["kind": "launched", "appID": appID]
        case .sessionConnected(let scene, let configuration, let role, let restored):
            return ["kind": "sessionConnected", "scene": scene, "configuration": configuration ?? NSNull(),
                    "role": role.rawValue, "restored": restored]
        case .sessionDiscarded(let scene):
            return ["kind": "sessionDiscarded", "scene": scene]
        case .restored(let scene, let activity):
            return ["kind": "restored", "scene": scene, "activityType": activity.activityType,
                    "userInfo": taggedJSON(activity.userInfo)]
        case .lifecycle(let scene, let event, let state):
            return ["kind": "lifecycle", "scene": scene, "event": event.rawValue, "state": state.rawValue]
        case .screen(let scene, let name, let scale):
            return ["kind": "screen", "scene": scene, "screen": name, "scale": scale]
        case .geometry(let scene, let geometry):
            return ["kind": "geometry", "scene": scene, "bounds": size(geometry.coordinateSpaceBounds.size),
                    "orientation": geometry.interfaceOrientation.rawValue,
                    "interactivelyResizing": geometry.isInteractivelyResizing,
                    "orientationLocked": geometry.isInterfaceOrientationLocked,
                    "belowMinimumSize": geometry.isBelowMinimumSize]
        case .traits(let scene, let changed, let traits):
            return ["kind": "traits", "scene": scene, "changed": changed.map(\.rawValue).sorted(),
                    "displayScale": traits.displayScale,
                    "horizontalSizeClass": traits.horizontalSizeClass.rawValue,
                    "verticalSizeClass": traits.verticalSizeClass.rawValue,
                    "activeAppearance": traits.activeAppearance.rawValue,
                    "userInterfaceStyle": traits.userInterfaceStyle.rawValue]
        case .drawableSize(let scene, let drawable, let contentsScale):
            return ["kind": "drawableSize", "scene": scene, "size": size(drawable), "contentsScale": contentsScale]
        case .sizeRestrictions(let scene, let minimum, let maximum):
            return ["kind": "sizeRestrictions", "scene": scene, "minimum": size(minimum), "maximum": size(maximum)]
        case .commit(let scene, let bufferSize, let bufferScale, let viewport, let logicalSize, let scale):
            return ["kind": "commit", "scene": scene, "buffer": size(bufferSize), "bufferScale": bufferScale,
                    "viewport": viewport.map(size) ?? NSNull(), "logical": size(logicalSize),
                    "scale": scale.doubleValue, "scale120": scale.numerator120]
        case .screenConnected(let name, let scale, let bounds):
            return ["kind": "screenConnected", "screen": name, "scale": scale,
                    "bounds": [bounds.minX, bounds.minY, bounds.width, bounds.height]]
        case .screenDisconnected(let name):
            return ["kind": "screenDisconnected", "screen": name]
        case .terminated(let reason):
            return ["kind": "terminated", "reason": reason]
        case .toplevel(let scene, let surfaceID, let appID, let title, let output):
            return ["kind": "toplevel", "scene": scene, "surface": surfaceID, "appID": appID, "title": title,
                    "fullscreenOn": output ?? NSNull()]
        case .title(let scene, let title):
            return ["kind": "title", "scene": scene, "title": title]
        case .renderer(let scene, let renderer, let fallbackReason):
            return ["kind": "renderer", "scene": scene, "renderer": renderer, "fallbackReason": fallbackReason ?? NSNull()]
        case .traitHandlerCalled(let scene, let changed, let previous):
            return ["kind": "traitHandlerCalled", "scene": scene, "changed": changed.map(\.rawValue).sorted(),
                    "previousDisplayScale": previous.displayScale]
        case .input(let scene, let event, let touch, let location, let text, let isRepeat):
            var fields: [String: Any] = ["kind": "input", "scene": scene, "event": event]
            if let touch { fields["id"] = touch.id; fields["touch"] = touch.kind.rawValue }
            if let location { fields["x"] = Double(location.x); fields["y"] = Double(location.y) }
            if let text { fields["text"] = text }
            if let isRepeat { fields["isRepeat"] = isRepeat }
            return fields
        }
    }
}

/// `DIORAMA_TRACE` names something the trace cannot write to; the message says what to change.
public struct RuntimeTraceError: Error, CustomStringConvertible {
    /// The message, naming the variable's value and the fix.
    public var description: String
    init(_ description: String) { self.description = description }
}
