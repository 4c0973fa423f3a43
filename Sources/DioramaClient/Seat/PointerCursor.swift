import CWaylandClient
import CWaylandCursor
import DioramaLogging
import DioramaModel
import Foundation
import WaylandClient

/// The image a pointer shows over our surfaces, as the surface's scene chose
/// it (`SceneCursor`): the arrow — the `left_ptr` (or `default`) cursor of
/// the XCursor theme named by `XCURSOR_THEME` at `XCURSOR_SIZE` points (24
/// when unset) — another cursor of that theme by name, or none. Themes load
/// through libwayland-cursor at the scale of the output under the pointer.
/// When no theme has an arrow, a small arrow is drawn into a shared-memory
/// buffer instead, so a pointer always has an image unless hidden.
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
    /// Cursor names the theme lacked, each warned about once.
    private var missingNames: Set<String> = []

    init(shm: ShmState, compositor: CompositorState, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.shm = shm
        surface = compositor.createSurface()
        themeName = environment["XCURSOR_THEME"].flatMap { $0.isEmpty ? nil : $0 }
        size = environment["XCURSOR_SIZE"].flatMap(Int.init).flatMap { (1...256).contains($0) ? $0 : nil } ?? Self.defaultSize
    }

    deinit {
        for case let theme? in themes.values { wl_cursor_theme_destroy(theme) }
    }

    /// Fires on each `wl_pointer.enter`, and when the entered surface's scene
    /// changes its cursor: puts `choice`'s image for `scale` on the cursor
    /// surface, commits it, and names it with `set_cursor` (which gives the
    /// surface its cursor role); `.hidden` sends `set_cursor` with no
    /// surface. The hotspot is in logical points.
    func show(_ choice: SceneCursor, on wlPointer: WlPointer, serial: UInt32, scale: Int) {
        let scale = max(1, scale)
        let names: [String]
        switch choice {
        case .hidden:
            wlPointer.setCursor(serial: serial, surface: nil, hotspotX: 0, hotspotY: 0)
            return
        case .arrow:
            names = Self.arrowNames
        case .named(let name):
            names = themeHasCursor(named: name, scale: scale) ? [name] : Self.arrowNames
        }
        let hotspot: (x: Int, y: Int)
        if let image = themeImage(names: names, scale: scale) ?? themeImage(names: Self.arrowNames, scale: scale),
            let buffer = wl_cursor_image_get_buffer(image)
        {
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
        wlPointer.setCursor(
            serial: serial, surface: surface.wlSurface,
            hotspotX: Int32(clamping: hotspot.x), hotspotY: Int32(clamping: hotspot.y))
    }

    /// Where a missing cursor name is reported (swift-log; an app that
    /// bootstraps nothing sees it on stderr as `warning: …`).
    private static let log = DioramaLog.logger("diorama.client.cursor")

    /// The theme's names for the arrow, the first the theme has wins.
    static let arrowNames = ["left_ptr", "default"]

    /// Whether the theme has a cursor called `name`; the first time it does
    /// not, warns that the arrow stands in (a typo, or a theme without it).
    private func themeHasCursor(named name: String, scale: Int) -> Bool {
        if let theme = theme(scale: scale), wl_cursor_theme_get_cursor(theme, name) != nil { return true }
        if missingNames.insert(name).inserted {
            let theme = themeName.map { "'\($0)'" } ?? "(XCURSOR_THEME unset: the default)"
            Self.log.warning(
                """
                the cursor theme \(theme) has no cursor named '\(name)'; the pointer shows the arrow instead. \
                Use a name from the theme's cursors folder (text, crosshair, pointer, …) or set XCURSOR_THEME
                """)
        }
        return false
    }

    /// A hotspot coordinate in pixels as the nearest point: a theme's larger
    /// sizes are drawn separately, so 7 pixels at 2× is the 4 points of 1×.
    private static func points(_ pixels: UInt32, scale: Int) -> Int {
        Int((Double(pixels) / Double(scale)).rounded())
    }

    /// The theme loaded at `scale` (once per scale), or nil when no theme loads.
    private func theme(scale: Int) -> OpaquePointer? {
        if themes[scale] == nil {
            themes[scale] = wl_cursor_theme_load(themeName, Int32(size * scale), shm.wlShm.wireObject)
        }
        return themes[scale] ?? nil
    }

    /// The first image of the first of `names` the theme has at `scale`, or
    /// nil when it has none of them or that image does not divide into whole
    /// points at that scale.
    private func themeImage(names: [String], scale: Int) -> UnsafeMutablePointer<wl_cursor_image>? {
        guard let theme = theme(scale: scale),
            let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first,
            cursor.pointee.image_count > 0, let image = cursor.pointee.images[0]
        else { return nil }
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
