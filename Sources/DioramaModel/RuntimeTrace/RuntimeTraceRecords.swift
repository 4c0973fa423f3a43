/// One kind of runtime-trace line: the schema of its fields, used by the
/// runtime to write the line (`RuntimeTrace` in the Diorama target) and by
/// every reader (``RuntimeTraceLog``) to decode it. The kinds and fields are
/// documented in `Docs/trace-format.md` ("Runtime trace"). Keys are snake_case,
/// as in the simulator's trace and the control protocol; decoding is strict (a
/// missing or mistyped field is an error), so a test that reads a trace also
/// checks that the runtime still writes the documented format.
package protocol TraceRecordKind: Codable, Sendable {
    /// The line's `type` value.
    static var kind: String { get }
}

/// A record about one scene (its `scene` field is the session's persistent id).
package protocol SceneTraceRecord: TraceRecordKind {
    var scene: String { get }
}

/// A `[width, height]` pair (points or pixels, as the field says).
package struct TraceSize: Codable, Sendable, Hashable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    package init(_ size: Size) {
        self.init(size.width, size.height)
    }

    package init(from decoder: any Decoder) throws {
        var pair = try decoder.unkeyedContainer()
        width = try pair.decode(Int.self)
        height = try pair.decode(Int.self)
        guard pair.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a size is exactly [width, height]")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var pair = encoder.unkeyedContainer()
        try pair.encode(width)
        try pair.encode(height)
    }

    package var description: String { "\(width)x\(height)" }
    package func scaled(by factor: Int) -> TraceSize { TraceSize(width * factor, height * factor) }
    /// The pair as the model's size.
    package var size: Size { Size(width: width, height: height) }
}

package struct LaunchedRecord: TraceRecordKind, Hashable {
    package static let kind = "launched"
    package var appID: String
    /// The state directory the sessions are kept in (`$XDG_STATE_HOME/<app-id>/`).
    /// Nil only in lines written before the field existed.
    package var stateDirectory: String?
    /// Whether this launch restored and saves sessions: false when another
    /// instance of the app holds the state directory. Nil only in lines
    /// written before the field existed.
    package var sessionsPersisted: Bool?

    package init(appID: String, stateDirectory: String?, sessionsPersisted: Bool?) {
        self.appID = appID
        self.stateDirectory = stateDirectory
        self.sessionsPersisted = sessionsPersisted
    }

    enum CodingKeys: String, CodingKey {
        case appID = "app_id"
        case stateDirectory = "state_directory"
        case sessionsPersisted = "sessions_persisted"
    }
}

package struct SessionConnectedRecord: SceneTraceRecord, Hashable {
    package static let kind = "session_connected"
    package var scene: String
    /// The scene configuration's name, nil when it has none.
    package var configuration: String?
    /// `UIWindowSceneSessionRoleApplication` or `UIWindowSceneSessionRoleExternalDisplayNonInteractive`.
    package var role: String
    /// The session was restored from the saved sessions rather than made new.
    package var restored: Bool

    package init(scene: String, configuration: String?, role: String, restored: Bool) {
        self.scene = scene
        self.configuration = configuration
        self.role = role
        self.restored = restored
    }
}

package struct SessionDiscardedRecord: SceneTraceRecord, Hashable {
    package static let kind = "session_discarded"
    package var scene: String

    package init(scene: String) {
        self.scene = scene
    }
}

/// `restoreInteractionStateWith` is about to be called with the activity the
/// last launch saved; `user_info` in the session file's tagged form
/// (`{"key": {"string": "value"}}`).
package struct RestoredRecord: SceneTraceRecord, Hashable {
    package static let kind = "restored"
    package var scene: String
    package var activityType: String
    package var userInfo: [String: UserInfoValue]

    package init(scene: String, activityType: String, userInfo: [String: UserInfoValue]) {
        self.scene = scene
        self.activityType = activityType
        self.userInfo = userInfo
    }

    enum CodingKeys: String, CodingKey {
        case scene
        case activityType = "activity_type"
        case userInfo = "user_info"
    }
}

package struct LifecycleRecord: SceneTraceRecord, Hashable {
    package static let kind = "lifecycle"
    package var scene: String
    /// willEnterForeground, didBecomeActive, willResignActive, didEnterBackground, didDisconnect.
    package var event: String
    /// The activation state the event leads to.
    package var state: String

    package init(scene: String, event: String, state: String) {
        self.scene = scene
        self.event = event
        self.state = state
    }
}

package struct ScreenRecord: SceneTraceRecord, Hashable {
    package static let kind = "screen"
    package var scene: String
    package var screen: String
    /// The screen's integer scale.
    package var scale: Int

    package init(scene: String, screen: String, scale: Int) {
        self.scene = scene
        self.screen = screen
        self.scale = scale
    }
}

package struct GeometryRecord: SceneTraceRecord, Hashable {
    package static let kind = "geometry"
    package var scene: String
    /// The coordinate space's size in points.
    package var bounds: TraceSize
    package var orientation: String
    package var interactivelyResizing: Bool
    package var orientationLocked: Bool
    package var belowMinimumSize: Bool

    package init(scene: String, geometry: EffectiveGeometry) {
        self.scene = scene
        bounds = TraceSize(geometry.coordinateSpaceBounds.size)
        orientation = geometry.interfaceOrientation.rawValue
        interactivelyResizing = geometry.isInteractivelyResizing
        orientationLocked = geometry.isInterfaceOrientationLocked
        belowMinimumSize = geometry.isBelowMinimumSize
    }

    enum CodingKeys: String, CodingKey {
        case scene, bounds, orientation
        case interactivelyResizing = "interactively_resizing"
        case orientationLocked = "orientation_locked"
        case belowMinimumSize = "below_minimum_size"
    }
}

package struct TraitsRecord: SceneTraceRecord, Hashable {
    package static let kind = "traits"
    package var scene: String
    /// The traits that changed (all of them on the first record), by their
    /// UIKit property names (`displayScale`), sorted.
    package var changed: [String]
    package var displayScale: Double
    package var horizontalSizeClass: String
    package var verticalSizeClass: String
    package var activeAppearance: String
    package var userInterfaceStyle: String

    package init(scene: String, changed: Set<Trait>, traits: TraitCollection) {
        self.scene = scene
        self.changed = changed.map(\.rawValue).sorted()
        displayScale = traits.displayScale
        horizontalSizeClass = traits.horizontalSizeClass.rawValue
        verticalSizeClass = traits.verticalSizeClass.rawValue
        activeAppearance = traits.activeAppearance.rawValue
        userInterfaceStyle = traits.userInterfaceStyle.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case scene, changed
        case displayScale = "display_scale"
        case horizontalSizeClass = "horizontal_size_class"
        case verticalSizeClass = "vertical_size_class"
        case activeAppearance = "active_appearance"
        case userInterfaceStyle = "user_interface_style"
    }
}

package struct DrawableSizeRecord: SceneTraceRecord, Hashable {
    package static let kind = "drawable_size"
    package var scene: String
    /// The drawable in pixels.
    package var size: TraceSize
    package var contentsScale: Double

    package init(scene: String, size: Size, contentsScale: Double) {
        self.scene = scene
        self.size = TraceSize(size)
        self.contentsScale = contentsScale
    }

    enum CodingKeys: String, CodingKey {
        case scene, size
        case contentsScale = "contents_scale"
    }
}

package struct SizeRestrictionsRecord: SceneTraceRecord, Hashable {
    package static let kind = "size_restrictions"
    package var scene: String
    /// In points; 0 is no limit.
    package var minimum: TraceSize
    package var maximum: TraceSize

    package init(scene: String, minimum: Size, maximum: Size) {
        self.scene = scene
        self.minimum = TraceSize(minimum)
        self.maximum = TraceSize(maximum)
    }
}

package struct CommitRecord: SceneTraceRecord, Hashable, CustomStringConvertible {
    package static let kind = "commit"
    package var scene: String
    /// The wl_buffer's size in pixels.
    package var buffer: TraceSize
    package var bufferScale: Int
    /// wp_viewport's destination in points, nil when no viewport was set.
    package var viewport: TraceSize?
    /// The scene's size in points.
    package var logical: TraceSize
    /// The scale drawn for, as a number (1.5).
    package var scale: Double
    /// The same scale in 120ths (180), as fractional-scale-v1 sends it.
    package var scale120: Int

    package init(scene: String, buffer: Size, bufferScale: Int, viewport: Size?, logical: Size, scale: Scale) {
        self.scene = scene
        self.buffer = TraceSize(buffer)
        self.bufferScale = bufferScale
        self.viewport = viewport.map(TraceSize.init)
        self.logical = TraceSize(logical)
        self.scale = scale.doubleValue
        scale120 = scale.numerator120
    }

    enum CodingKeys: String, CodingKey {
        case scene, buffer
        case bufferScale = "buffer_scale"
        case viewport, logical, scale, scale120
    }

    package var description: String {
        "commit buffer \(buffer) buffer_scale \(bufferScale) logical \(logical) scale \(scale)"
            + (viewport.map { " viewport \($0)" } ?? "")
    }
}

package struct ScreenConnectedRecord: TraceRecordKind, Hashable {
    package static let kind = "screen_connected"
    package var screen: String
    package var scale: Int
    /// The display's fractional scale as the app sees it (`Screen.nativeScale`,
    /// from xdg-output's logical size); nil without xdg-output.
    package var nativeScale: Double?
    /// `[x, y, width, height]` in points.
    package var bounds: [Int]

    package init(screen: String, scale: Int, nativeScale: Double? = nil, bounds: Rect) {
        self.screen = screen
        self.scale = scale
        self.nativeScale = nativeScale
        self.bounds = [bounds.minX, bounds.minY, bounds.width, bounds.height]
    }

    enum CodingKeys: String, CodingKey {
        case screen, scale, bounds
        case nativeScale = "native_scale"
    }
}

package struct ScreenDisconnectedRecord: TraceRecordKind, Hashable {
    package static let kind = "screen_disconnected"
    package var screen: String

    package init(screen: String) {
        self.screen = screen
    }
}

package struct TerminatedRecord: TraceRecordKind, Hashable {
    package static let kind = "terminated"
    package var reason: String

    package init(reason: String) {
        self.reason = reason
    }
}

/// The app handled a batch of compositor events (and drew what they asked
/// for), having found no more waiting on its socket at `socketEmpty`: what
/// it was sent before then has had its effect. A scenario's settling waits
/// for one whose `socketEmpty` is later than the compositor last sent the
/// app events.
package struct IdleRecord: TraceRecordKind, Hashable {
    package static let kind = "idle"
    /// When (CLOCK_MONOTONIC ns) the app last looked at its socket and found
    /// it empty; nil in traces of runtimes from before the field. Earlier
    /// than the line's own time by however long the handling took, or the
    /// app was kept off the CPU: events sent in between are not covered.
    package var socketEmpty: UInt64?

    package init(socketEmpty: UInt64?) {
        self.socketEmpty = socketEmpty
    }

    /// The time the record vouches for: events sent to the app before it
    /// have been handled. `time` is the line's `t_ns`, used for traces
    /// without `socket_empty_ns`.
    package func handledEventsSentBefore(lineTime time: UInt64) -> UInt64 {
        socketEmpty ?? time
    }

    enum CodingKeys: String, CodingKey {
        case socketEmpty = "socket_empty_ns"
    }
}

/// The scene's toplevel exists: its wl_surface protocol id lets a
/// compositor-side trace (the simulator's) be matched with this scene.
package struct ToplevelRecord: SceneTraceRecord, Hashable {
    package static let kind = "toplevel"
    package var scene: String
    package var surface: UInt32
    package var appID: String
    package var title: String
    /// The screen the scene asked to be fullscreen on, nil when none.
    package var fullscreenOn: String?

    package init(scene: String, surface: UInt32, appID: String, title: String, fullscreenOn: String?) {
        self.scene = scene
        self.surface = surface
        self.appID = appID
        self.title = title
        self.fullscreenOn = fullscreenOn
    }

    enum CodingKeys: String, CodingKey {
        case scene, surface
        case appID = "app_id"
        case title
        case fullscreenOn = "fullscreen_on"
    }
}

package struct TitleRecord: SceneTraceRecord, Hashable {
    package static let kind = "title"
    package var scene: String
    package var title: String

    package init(scene: String, title: String) {
        self.scene = scene
        self.title = title
    }
}

/// The renderer a scene draws with from now on: `software` (wl_shm) or
/// `openGLES` (EGL); for `openGLES`, `presentation` says how its frames
/// reach the compositor (`windowSurface`: eglSwapBuffers on a
/// `wl_egl_window`; `sharedMemory`: read into the scene's own `wl_shm`
/// buffers). `fallback_reason` says why a scene that asked for `openGLES`
/// draws in software (EGL could not initialise).
package struct RendererRecord: SceneTraceRecord, Hashable {
    package static let kind = "renderer"
    package var scene: String
    package var renderer: String
    package var presentation: String?
    package var fallbackReason: String?

    package init(scene: String, renderer: String, presentation: String? = nil, fallbackReason: String?) {
        self.scene = scene
        self.renderer = renderer
        self.presentation = presentation
        self.fallbackReason = fallbackReason
    }

    enum CodingKeys: String, CodingKey {
        case scene, renderer, presentation
        case fallbackReason = "fallback_reason"
    }
}

/// A `registerForTraitChanges` handler was called: `previous_display_scale`
/// is the displayScale of the collection it received (UIKit hands handlers
/// the previous traits).
package struct TraitHandlerCalledRecord: SceneTraceRecord, Hashable {
    package static let kind = "trait_handler_called"
    package var scene: String
    package var changed: [String]
    package var previousDisplayScale: Double

    package init(scene: String, changed: Set<Trait>, previous: TraitCollection) {
        self.scene = scene
        self.changed = changed.map(\.rawValue).sorted()
        previousDisplayScale = previous.displayScale
    }

    enum CodingKeys: String, CodingKey {
        case scene, changed
        case previousDisplayScale = "previous_display_scale"
    }
}

/// Input that reached a scene's content: `event` is the `RootContent`
/// callback (`touchesBegan`, `touchesMoved`, `touchesEnded`,
/// `touchesCancelled`, `pointerHovered`, `pointerExited`, `scrolled`; for
/// `pressesBegan`, `pressesEnded` and `pressesCancelled` the older names
/// `keyPressed`, `keyReleased`, `keyCancelled`), one record per touch
/// or press; `x`, `y` are points from the scene's top-left (for `scrolled`,
/// the distance). Fields that do not apply to the event are null.
package struct InputRecord: SceneTraceRecord, Hashable {
    package static let kind = "input"
    package var scene: String
    package var event: String
    /// The touch's id (finger id, or pointer button code).
    package var id: Int?
    /// `direct` (a finger) or `indirectPointer` (a pointer button), for touches.
    package var touch: String?
    /// The touch's tap count (2 for the second tap of a double-tap).
    package var tapCount: Int?
    package var x: Double?
    package var y: Double?
    /// For presses: the key's code name (`rightArrow`, `a`), what it typed,
    /// and whether it was a repeat.
    package var key: String?
    package var text: String?
    package var isRepeat: Bool?
    /// The modifier keys in effect (`shift`, `control`, `alternate`,
    /// `command`, `capsLock`, `numLock`, in that order), for presses,
    /// hovers and scrolls; null when none.
    package var modifiers: [String]?

    package init(
        scene: String, event: String, id: Int? = nil, touch: String? = nil, tapCount: Int? = nil, x: Double? = nil,
        y: Double? = nil, key: String? = nil, text: String? = nil, isRepeat: Bool? = nil, modifiers: [String]? = nil
    ) {
        self.scene = scene
        self.event = event
        self.id = id
        self.touch = touch
        self.tapCount = tapCount
        self.x = x
        self.y = y
        self.key = key
        self.text = text
        self.isRepeat = isRepeat
        self.modifiers = modifiers
    }

    enum CodingKeys: String, CodingKey {
        case scene, event, id, touch, x, y, key, text, modifiers
        case tapCount = "tap_count"
        case isRepeat = "is_repeat"
    }
}

/// Every kind the runtime writes, by its `type` value.
let knownTraceRecordKinds: [String: any TraceRecordKind.Type] = {
    let kinds: [any TraceRecordKind.Type] = [
        LaunchedRecord.self, SessionConnectedRecord.self, SessionDiscardedRecord.self, RestoredRecord.self,
        LifecycleRecord.self, ScreenRecord.self, GeometryRecord.self, TraitsRecord.self, DrawableSizeRecord.self,
        SizeRestrictionsRecord.self, CommitRecord.self, ScreenConnectedRecord.self, ScreenDisconnectedRecord.self,
        TerminatedRecord.self, ToplevelRecord.self, TitleRecord.self, InputRecord.self, TraitHandlerCalledRecord.self,
        RendererRecord.self, IdleRecord.self,
    ]
    return Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0) })
}()
