/// One kind of runtime-trace line: the schema of its fields, used by the
/// runtime to write the line (`RuntimeTrace` in the Diorama target) and by
/// every reader (``RuntimeTraceLog``) to decode it. The kinds and fields are
/// documented in `Docs/trace-format.md` ("Runtime trace"). Keys are snake_case,
/// as in the simulator's trace and the control protocol; decoding is strict (a
/// missing or mistyped field is an error), so a test that reads a trace also
/// checks that the runtime still writes the documented format.
public protocol TraceRecordKind: Codable, Sendable {
    /// The line's `type` value.
    static var kind: String { get }
}

/// A record about one scene (its `scene` field is the session's persistent id).
public protocol SceneTraceRecord: TraceRecordKind {
    var scene: String { get }
}

/// A `[width, height]` pair (points or pixels, as the field says).
public struct TraceSize: Codable, Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(size.width, size.height)
    }

    public init(from decoder: any Decoder) throws {
        var pair = try decoder.unkeyedContainer()
        width = try pair.decode(Int.self)
        height = try pair.decode(Int.self)
        guard pair.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a size is exactly [width, height]")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var pair = encoder.unkeyedContainer()
        try pair.encode(width)
        try pair.encode(height)
    }

    public var description: String { "\(width)x\(height)" }
    public func scaled(by factor: Int) -> TraceSize { TraceSize(width * factor, height * factor) }
    /// The pair as the model's size.
    public var size: Size { Size(width: width, height: height) }
}

public struct LaunchedRecord: TraceRecordKind, Hashable {
    public static let kind = "launched"
    public var appID: String
    /// The state directory the sessions are kept in (`$XDG_STATE_HOME/<app-id>/`).
    /// Nil only in lines written before the field existed.
    public var stateDirectory: String?
    /// Whether this launch restored and saves sessions: false when another
    /// instance of the app holds the state directory. Nil only in lines
    /// written before the field existed.
    public var sessionsPersisted: Bool?

    public init(appID: String, stateDirectory: String?, sessionsPersisted: Bool?) {
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

public struct SessionConnectedRecord: SceneTraceRecord, Hashable {
    public static let kind = "session_connected"
    public var scene: String
    /// The scene configuration's name, nil when it has none.
    public var configuration: String?
    /// `UIWindowSceneSessionRoleApplication` or `UIWindowSceneSessionRoleExternalDisplayNonInteractive`.
    public var role: String
    /// The session was restored from the saved sessions rather than made new.
    public var restored: Bool

    public init(scene: String, configuration: String?, role: String, restored: Bool) {
        self.scene = scene
        self.configuration = configuration
        self.role = role
        self.restored = restored
    }
}

public struct SessionDiscardedRecord: SceneTraceRecord, Hashable {
    public static let kind = "session_discarded"
    public var scene: String

    public init(scene: String) {
        self.scene = scene
    }
}

/// `restoreInteractionStateWith` is about to be called with the activity the
/// last launch saved; `user_info` in the session file's tagged form
/// (`{"key": {"string": "value"}}`).
public struct RestoredRecord: SceneTraceRecord, Hashable {
    public static let kind = "restored"
    public var scene: String
    public var activityType: String
    public var userInfo: [String: UserInfoValue]

    public init(scene: String, activityType: String, userInfo: [String: UserInfoValue]) {
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

public struct LifecycleRecord: SceneTraceRecord, Hashable {
    public static let kind = "lifecycle"
    public var scene: String
    /// willEnterForeground, didBecomeActive, willResignActive, didEnterBackground, didDisconnect.
    public var event: String
    /// The activation state the event leads to.
    public var state: String

    public init(scene: String, event: String, state: String) {
        self.scene = scene
        self.event = event
        self.state = state
    }
}

public struct ScreenRecord: SceneTraceRecord, Hashable {
    public static let kind = "screen"
    public var scene: String
    public var screen: String
    /// The screen's integer scale.
    public var scale: Int

    public init(scene: String, screen: String, scale: Int) {
        self.scene = scene
        self.screen = screen
        self.scale = scale
    }
}

public struct GeometryRecord: SceneTraceRecord, Hashable {
    public static let kind = "geometry"
    public var scene: String
    /// The coordinate space's size in points.
    public var bounds: TraceSize
    public var orientation: String
    public var interactivelyResizing: Bool
    public var orientationLocked: Bool
    public var belowMinimumSize: Bool

    public init(scene: String, geometry: EffectiveGeometry) {
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

public struct TraitsRecord: SceneTraceRecord, Hashable {
    public static let kind = "traits"
    public var scene: String
    /// The traits that changed (all of them on the first record), by their
    /// UIKit property names (`displayScale`), sorted.
    public var changed: [String]
    public var displayScale: Double
    public var horizontalSizeClass: String
    public var verticalSizeClass: String
    public var activeAppearance: String
    public var userInterfaceStyle: String

    public init(scene: String, changed: Set<Trait>, traits: TraitCollection) {
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

public struct DrawableSizeRecord: SceneTraceRecord, Hashable {
    public static let kind = "drawable_size"
    public var scene: String
    /// The drawable in pixels.
    public var size: TraceSize
    public var contentsScale: Double

    public init(scene: String, size: Size, contentsScale: Double) {
        self.scene = scene
        self.size = TraceSize(size)
        self.contentsScale = contentsScale
    }

    enum CodingKeys: String, CodingKey {
        case scene, size
        case contentsScale = "contents_scale"
    }
}

public struct SizeRestrictionsRecord: SceneTraceRecord, Hashable {
    public static let kind = "size_restrictions"
    public var scene: String
    /// In points; 0 is no limit.
    public var minimum: TraceSize
    public var maximum: TraceSize

    public init(scene: String, minimum: Size, maximum: Size) {
        self.scene = scene
        self.minimum = TraceSize(minimum)
        self.maximum = TraceSize(maximum)
    }
}

public struct CommitRecord: SceneTraceRecord, Hashable, CustomStringConvertible {
    public static let kind = "commit"
    public var scene: String
    /// The wl_buffer's size in pixels.
    public var buffer: TraceSize
    public var bufferScale: Int
    /// wp_viewport's destination in points, nil when no viewport was set.
    public var viewport: TraceSize?
    /// The scene's size in points.
    public var logical: TraceSize
    /// The scale drawn for, as a number (1.5).
    public var scale: Double
    /// The same scale in 120ths (180), as fractional-scale-v1 sends it.
    public var scale120: Int

    public init(scene: String, buffer: Size, bufferScale: Int, viewport: Size?, logical: Size, scale: Scale) {
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

    public var description: String {
        "commit buffer \(buffer) buffer_scale \(bufferScale) logical \(logical) scale \(scale)"
            + (viewport.map { " viewport \($0)" } ?? "")
    }
}

public struct ScreenConnectedRecord: TraceRecordKind, Hashable {
    public static let kind = "screen_connected"
    public var screen: String
    public var scale: Int
    /// The display's fractional scale as the app sees it (`Screen.nativeScale`,
    /// from xdg-output's logical size); nil without xdg-output.
    public var nativeScale: Double?
    /// `[x, y, width, height]` in points.
    public var bounds: [Int]

    public init(screen: String, scale: Int, nativeScale: Double? = nil, bounds: Rect) {
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

public struct ScreenDisconnectedRecord: TraceRecordKind, Hashable {
    public static let kind = "screen_disconnected"
    public var screen: String

    public init(screen: String) {
        self.screen = screen
    }
}

public struct TerminatedRecord: TraceRecordKind, Hashable {
    public static let kind = "terminated"
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// The app handled a batch of compositor events (and drew what they asked
/// for) and found no more waiting on its socket: what it was sent up to now
/// has had its effect. A scenario's settling waits for one written after the
/// compositor last sent the app events.
public struct IdleRecord: TraceRecordKind, Hashable {
    public static let kind = "idle"

    public init() {}
}

/// The scene's toplevel exists: its wl_surface protocol id lets a
/// compositor-side trace (the simulator's) be matched with this scene.
public struct ToplevelRecord: SceneTraceRecord, Hashable {
    public static let kind = "toplevel"
    public var scene: String
    public var surface: UInt32
    public var appID: String
    public var title: String
    /// The screen the scene asked to be fullscreen on, nil when none.
    public var fullscreenOn: String?

    public init(scene: String, surface: UInt32, appID: String, title: String, fullscreenOn: String?) {
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

public struct TitleRecord: SceneTraceRecord, Hashable {
    public static let kind = "title"
    public var scene: String
    public var title: String

    public init(scene: String, title: String) {
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
public struct RendererRecord: SceneTraceRecord, Hashable {
    public static let kind = "renderer"
    public var scene: String
    public var renderer: String
    public var presentation: String?
    public var fallbackReason: String?

    public init(scene: String, renderer: String, presentation: String? = nil, fallbackReason: String?) {
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
public struct TraitHandlerCalledRecord: SceneTraceRecord, Hashable {
    public static let kind = "trait_handler_called"
    public var scene: String
    public var changed: [String]
    public var previousDisplayScale: Double

    public init(scene: String, changed: Set<Trait>, previous: TraitCollection) {
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
public struct InputRecord: SceneTraceRecord, Hashable {
    public static let kind = "input"
    public var scene: String
    public var event: String
    /// The touch's id (finger id, or pointer button code).
    public var id: Int?
    /// `direct` (a finger) or `indirectPointer` (a pointer button), for touches.
    public var touch: String?
    /// The touch's tap count (2 for the second tap of a double-tap).
    public var tapCount: Int?
    public var x: Double?
    public var y: Double?
    /// For presses: the key's code name (`rightArrow`, `a`), what it typed,
    /// and whether it was a repeat.
    public var key: String?
    public var text: String?
    public var isRepeat: Bool?
    /// The modifier keys in effect (`shift`, `control`, `alternate`,
    /// `command`, `capsLock`, `numLock`, in that order), for presses,
    /// hovers and scrolls; null when none.
    public var modifiers: [String]?

    public init(
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
