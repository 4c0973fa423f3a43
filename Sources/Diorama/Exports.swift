// `import Diorama` is all an app writes. The value types an app must name
// (Size, Rect, TraitCollection, UserActivity, SceneSessionRole, …) live in
// DioramaModel, and the drawing helpers (PixelCanvas, PixelColor, the bitmap
// font) in DioramaGraphics; both are re-exported here so that an outside
// package depends on the one `Diorama` product and imports one module.
// EGL and OpenGL ES are re-exported too: an app drawing with
// `DrawableLayer.Renderer.openGLES` calls GL directly, as a Metal app imports Metal.
@_exported import CEGL
@_exported import CGLES
@_exported import DioramaGraphics
@_exported import DioramaModel
