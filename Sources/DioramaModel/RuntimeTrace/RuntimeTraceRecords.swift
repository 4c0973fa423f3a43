/// One kind of runtime-trace line, decoded from its JSON object. The kinds
/// and fields mirror `Docs/runtime.md` ("Runtime trace"); decoding is strict
/// (a missing or mistyped field is an error), so a test that reads a trace
/// also checks that the runtime still writes the documented format.
public protocol TraceRecordKind: Decodable, Sendable {
    /// The line's `kind` value.
    static var kind: String { get }
}

/// A record about one scene (its `scene` field is the session's persistent id).
public protocol SceneTraceRecord: TraceRecordKind {
    var scene: String { get }
}

/// A `[width, height]` pair (points or pixels, as the field says).
public struct TraceSize: Decodable, Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public init(from decoder: any Decoder) throws {
        var pair = try decoder.unkeyedContainer()
        width = try pair.decode(Int.self)
        height = try pair.decode(Int.self)
        guard pair.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a size is exactly [width, height]")
        }
    }

    public var description: String { "\(width)x\(height)" }
    public func scaled(by factor: Int) -> TraceSize { TraceSize(width * factor, height * factor) }
    /// The pair as the model's size.
    public var size: Size { Size(width: width, height: height) }
}

public struct LaunchedRecord: TraceRecordKind, Hashable {
    public static let kind = "launched"
    public var appID: String
}

public struct SessionConnectedRecord: SceneTraceRecord, Hashable {
    public static let kind = "sessionConnected"
    public var scene: String
    public var configuration: String?
    public var role: String
    public var restored: Bool
}

public struct SessionDiscardedRecord: SceneTraceRecord, Hashable {
    public static let kind = "sessionDiscarded"
    public var scene: String
}

/// `restoreInteractionStateWith` was called; `userInfo` as the session file
/// writes it (`{"key": {"string": "value"}}`).
public struct RestoredRecord: SceneTraceRecord, Hashable {
    public static let kind = "restored"
    public var scene: String
    public var activityType: String
    public var userInfo: [String: TaggedValue]

    /// One user-info value in the session file's tagged form; only strings,
    /// integers and booleans are looked at by tests.
    public struct TaggedValue: Decodable, Sendable, Hashable {
        public var string: String?
        public var integer: Int?
        public var bool: Bool?
    }
}

public struct LifecycleRecord: SceneTraceRecord, Hashable {
    public static let kind = "lifecycle"
    public var scene: String
    /// willEnterForeground, didBecomeActive, willResignActive, didEnterBackground, didDisconnect.
    public var event: String
    public var state: String
}

public struct ScreenRecord: SceneTraceRecord, Hashable {
    public static let kind = "screen"
    public var scene: String
    public var screen: String
    public var scale: Int
}

public struct GeometryRecord: SceneTraceRecord, Hashable {
    public static let kind = "geometry"
    public var scene: String
    public var bounds: TraceSize
    public var orientation: String
    public var interactivelyResizing: Bool
    public var orientationLocked: Bool
    public var belowMinimumSize: Bool
}

public struct TraitsRecord: SceneTraceRecord, Hashable {
    public static let kind = "traits"
    public var scene: String
    public var changed: [String]
    public var displayScale: Double
    public var horizontalSizeClass: String
    public var verticalSizeClass: String
    public var activeAppearance: String
    public var userInterfaceStyle: String
}

public struct DrawableSizeRecord: SceneTraceRecord, Hashable {
    public static let kind = "drawableSize"
    public var scene: String
    public var size: TraceSize
    public var contentsScale: Double
}

public struct SizeRestrictionsRecord: SceneTraceRecord, Hashable {
    public static let kind = "sizeRestrictions"
    public var scene: String
    public var minimum: TraceSize
    public var maximum: TraceSize
}

public struct CommitRecord: SceneTraceRecord, Hashable, CustomStringConvertible {
    public static let kind = "commit"
    public var scene: String
    /// The wl_buffer's size in pixels.
    public var buffer: TraceSize
    public var bufferScale: Int
    /// wp_viewport's destination, nil when no viewport was set.
    public var viewport: TraceSize?
    /// The scene's size in points.
    public var logical: TraceSize
    public var scale: Double
    public var scale120: Int

    public var description: String {
        "commit buffer \(buffer) bufferScale \(bufferScale) logical \(logical) scale \(scale)"
            + (viewport.map { " viewport \($0)" } ?? "")
    }
}

public struct ScreenConnectedRecord: TraceRecordKind, Hashable {
    public static let kind = "screenConnected"
    public var screen: String
    public var scale: Int
    /// `[x, y, width, height]` in points.
    public var bounds: [Int]
}

public struct ScreenDisconnectedRecord: TraceRecordKind, Hashable {
    public static let kind = "screenDisconnected"
    public var screen: String
}

public struct TerminatedRecord: TraceRecordKind, Hashable {
    public static let kind = "terminated"
    public var reason: String
}

public struct ToplevelRecord: SceneTraceRecord, Hashable {
    public static let kind = "toplevel"
    public var scene: String
    public var surface: UInt32
    public var appID: String
    public var title: String
    public var fullscreenOn: String?
}

public struct TitleRecord: SceneTraceRecord, Hashable {
    public static let kind = "title"
    public var scene: String
    public var title: String
}

/// The renderer a scene draws with from now on: `software` (wl_shm) or
/// `openGLES` (EGL); `fallbackReason` says why a scene that asked for
/// `openGLES` draws in software (EGL could not initialise).
public struct RendererRecord: SceneTraceRecord, Hashable {
    public static let kind = "renderer"
    public var scene: String
    public var renderer: String
    public var fallbackReason: String?
}

/// A `registerForTraitChanges` handler was called: `previousDisplayScale`
/// is the displayScale of the collection it received (UIKit hands handlers
/// the previous traits).
public struct TraitHandlerCalledRecord: SceneTraceRecord, Hashable {
    public static let kind = "traitHandlerCalled"
    public var scene: String
    public var changed: [String]
    public var previousDisplayScale: Double
}

/// Input that reached a scene's content: `event` is the `RootContent`
/// callback (`touchesBegan`, `touchesMoved`, `touchesEnded`,
/// `touchesCancelled`, `pointerHovered`, `pointerExited`, `scrolled`,
/// `keyPressed`), one record per touch; `x`, `y` are points from the scene's
/// top-left (for `scrolled`, the distance).
public struct InputRecord: SceneTraceRecord, Hashable {
    public static let kind = "input"
    public var scene: String
    public var event: String
    /// The touch's id (finger id, or pointer button code).
    public var id: Int?
    /// `direct` (a finger) or `indirectPointer` (a pointer button), for touches.
    public var touch: String?
    public var x: Double?
    public var y: Double?
    /// What a key typed, and whether it was a repeat.
    public var text: String?
    public var isRepeat: Bool?
}

/// Every kind the runtime writes, by its `kind` value.
let knownTraceRecordKinds: [String: any TraceRecordKind.Type] = {
    let kinds: [any TraceRecordKind.Type] = [
        LaunchedRecord.self, SessionConnectedRecord.self, SessionDiscardedRecord.self, RestoredRecord.self,
        LifecycleRecord.self, ScreenRecord.self, GeometryRecord.self, TraitsRecord.self, DrawableSizeRecord.self,
        SizeRestrictionsRecord.self, CommitRecord.self, ScreenConnectedRecord.self, ScreenDisconnectedRecord.self,
        TerminatedRecord.self, ToplevelRecord.self, TitleRecord.self, InputRecord.self, TraitHandlerCalledRecord.self,
        RendererRecord.self,
    ]
    return Dictionary(uniqueKeysWithValues: kinds.map { ($0.kind, $0) })
}()
