import MetalKit

/// Turns automatic resizing off and never handles a size change.
final class FixedMetalView: MTKView {
    func setUp() {
        autoResizeDrawable = false
        self.autoResizeDrawable = false
    }
}
