import CWaylandClient
import CWaylandCursor
import DioramaModel
import Foundation
import WaylandClient

/// The arrow a pointer shows over our surfaces: the `left_ptr` (or
/// `default`) cursor of the XCursor theme named by `XCURSOR_THEME` at
/// `XCURSOR_SIZE` points (24 when unset), loaded through libwayland-cursor at
/// the scale of the output under the pointer. When no theme has an arrow, a
/// small arrow is drawn into a shared-memory buffer instead, so a pointer
/// always has an image.
///
/// One cursor surface serves every enter; themes stay loaded per scale, so
/// moving between a 1× and a 2× display loads each once.
final class PointerCursor {
    /// The image's size in logical points when XCURSOR_SIZE is unset or not a number in 1...256.
    static let defaultSize = 24

    private let shm: ShmState
    private let surface: Surface
    private let themeName: String?
    private let size: Int
    /// Loaded themes by buffer scale (nil: the theme has no arrow at that scale).
    private var themes: [Int: OpaquePointer?] = [:]
    /// Buffers for the drawn arrow, made on first need.
    private var fallbackPool: BufferPool?

    init(shm: ShmState, compositor: CompositorState, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.shm = shm
        surface = compositor.createSurface()
        themeName = environment["XCURSOR_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        size = environment["XCURSOR_SIZE"].flatMap(Int.init).flatMap { (1...256).contains($0) ? $0 : nil } ?? Self.defaultSize
    }

    deinit {
        for case let theme? in themes.values { wl_cursor_theme_destroy(theme) }
    }

    /// Fires on each `wl_pointer.enter`: puts the arrow for `scale` on the
    /// cursor surface, commits it, and names it with `set_cursor` (which
    /// gives the surface its cursor role). The hotspot is in logical points.
    func show(on wlPointer: WlPointer, serial: UInt32, scale: Int) {
        let scale = max(1, scale)
        let hotspot: (x: Int, y: Int)
        if let image = themeImage(scale: scale), let buffer = wl_cursor_image_get_buffer(image) {
            attachThemeBuffer(buffer)
            surface.setBufferScale(scale)
            hotspot = (Self.points(image.pointee.hotspot_x, scale: scale), Self.points(image.pointee.hotspot_y, scale: scale))
        } else if let drawn = drawnArrow(scale: scale) {
            surface.attach(drawn)
            surface.setBufferScale(scale)
            hotspot = (0, 0)
        } else {
            // Not even shared memory for a small arrow: leave the compositor's cursor.
            return
        }
        surface.damageAll()
        surface.commit()
        wlPointer.setCursor(serial: serial, surface: surface.wlSurface,
                            hotspotX: Int32(clamping: hotspot.x), hotspotY: Int32(clamping: hotspot.y))
    }

    /// A hotspot coordinate in pixels as the nearest point: a theme's larger
    /// sizes are drawn separately, so 7 pixels at 2× is the 4 points of 1×.
    private static func points(_ pixels: UInt32, scale: Int) -> Int {
        Int((Double(pixels) / Double(scale)).rounded())
    }

    /// The theme's first arrow image at `scale`, or nil when no theme has an
    /// arrow or its image does not divide into whole points at that scale.
    private func themeImage(scale: Int) -> UnsafeMutablePointer<wl_cursor_image>? {
        if themes[scale] == nil {
            themes[scale] = wl_cursor_theme_load(themeName, Int32(size * scale), shm.wlShm.wireObject)
        }
        guard let theme = themes[scale] ?? nil else { return nil }
        guard let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr") ?? wl_cursor_theme_get_cursor(theme, "default"),
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0] else { return nil }
        guard image.pointee.width % UInt32(scale) == 0, image.pointee.height % UInt32(scale) == 0 else { return nil }
        return image
    }

    /// Attaches a buffer libwayland-cursor made. The theme owns it (and
    /// destroys it with the theme), so it is not adopted by a `WlBuffer`:
    /// `wl_surface.attach` is sent with the raw proxy.
    private func attachThemeBuffer(_ buffer: OpaquePointer) {
        /// `attach` is request 1 of wl_surface in wayland.xml.
        let attachOpcode: UInt32 = 1
        withUnsafeTemporaryAllocation(of: wl_argument.self, capacity: 3) { arguments in
            arguments[0] = wl_argument(o: buffer)
            arguments[1] = wl_argument(i: 0)
            arguments[2] = wl_argument(i: 0)
            surface.wlSurface.marshal(opcode: attachOpcode, arguments: arguments.baseAddress)
        }
    }

    /// A black-edged white arrow, `size` points tall, hotspot at its tip
    /// (top-left), drawn at `scale` pixels per point.
    private func drawnArrow(scale: Int) -> Buffer? {
        if fallbackPool == nil { fallbackPool = try? BufferPool(shm: shm) }
        let height = size * scale
        let width = (size * 2 / 3) * scale
        guard let buffer = try? fallbackPool?.nextBuffer(size: Size(width: width, height: height)) else { return nil }
        Self.drawArrow(into: buffer, scale: scale)
        return buffer
    }

    /// The arrow's pixels: in points, row `y` covers columns 0 through
    /// `2y/3`; the left edge, the slanted edge and the bottom row are black.
    static func drawArrow(into buffer: Buffer, scale: Int) {
        let width = buffer.size.width
        let heightPoints = buffer.size.height / scale
        buffer.withPixels { pixels in
            for row in 0..<buffer.size.height {
                let y = row / scale
                let last = y * 2 / 3
                for column in 0..<width {
                    let x = column / scale
                    let pixel: UInt32
                    if x > last {
                        pixel = 0
                    } else if x == 0 || x == last || y == heightPoints - 1 {
                        pixel = 0xFF00_0000
                    } else {
                        pixel = 0xFFFF_FFFF
                    }
                    pixels[row * buffer.stride / 4 + column] = pixel
                }
            }
        }
    }
}
