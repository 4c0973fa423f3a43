// `import Diorama` is all an app writes. The value types an app must name
// (Size, Rect, TraitCollection, UserActivity, SceneSessionRole, …) live in
// DioramaModel, the scene manifest an `Application` exposes (SceneManifest,
// SceneConfigurationDescription) in DioramaManifest, and the drawing helpers
// (PixelCanvas, PixelColor, the bitmap font) in DioramaGraphics; all three are
// re-exported here so that an outside package depends on the one `Diorama`
// product and imports one module. The session store stays internal: the
// runtime saves and restores sessions itself. What the three modules share
// only with other targets of this package is `package`, so re-exporting
// them hands an app their app-facing types and nothing else
// (ARCHITECTURE.md, "Public API").
// Foundation is re-exported as UIKit re-exports it: touches, hovers and
// scrolls are in `CGPoint`s, drawing takes `CGRect`s, timestamps are
// `TimeInterval`s, and an app names them with `import Diorama` alone. Diorama's
// own `Point`, `Size` and `Rect` stay whole numbers for what Wayland sends as
// integers (window sizes, buffer pixels); `cgPoint`, `cgSize`, `cgRect` and
// `init(rounding:)` convert (the porting guide, "Geometry").
// EGL, OpenGL ES, Vulkan, Cairo and Pango are re-exported too: an app
// drawing with `DrawableLayer.Renderer.openGLES`, `.vulkan` or `.cairo`
// calls GL, Vulkan or Cairo directly, as a Metal app imports Metal.
@_exported import CEGL
@_exported import CGLES
@_exported import CPangoCairo
@_exported import CVulkan
@_exported import DioramaGraphics
@_exported import DioramaManifest
@_exported import DioramaModel
@_exported import Foundation
