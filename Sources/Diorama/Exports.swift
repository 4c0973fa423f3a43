// `import Diorama` is all an app writes. The value types an app must name
// (Size, Rect, TraitCollection, UserActivity, SceneSessionRole, …) live in
// DioramaModel, and the drawing helpers (PixelCanvas, PixelColor, the bitmap
// font) in DioramaGraphics; both are re-exported here so that an outside
// package depends on the one `Diorama` product and imports one module.
@_exported import DioramaGraphics
@_exported import DioramaModel
