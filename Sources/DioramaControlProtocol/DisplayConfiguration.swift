import DioramaModel

/// A display mode: the panel's size in pixels (before any rotation) and its refresh rate.
public struct DisplayMode: Hashable, Sendable, Codable {
    /// The panel's width in pixels, before rotation.
    public var width: Int
    /// The panel's height in pixels, before rotation.
    public var height: Int
    /// Refresh rate in millihertz, as `wl_output.mode` sends it (60 Hz is 60000).
    public var refreshMilliHz: Int

    /// A mode of `width` × `height` pixels, at 60 Hz unless given.
    public init(width: Int, height: Int, refreshMilliHz: Int = 60_000) {
        self.width = width
        self.height = height
        self.refreshMilliHz = refreshMilliHz
    }

    /// The panel's size in pixels.
    public var pixelSize: Size { Size(width: width, height: height) }

    /// The time between two vertical blanks, in nanoseconds (16 666 666 at 60 Hz).
    public var refreshPeriodNanoseconds: UInt64 {
        UInt64(1_000_000_000_000 / max(1, refreshMilliHz))
    }
}

/// Logical points at a display's edges that windows should not cover (panels, a
/// notch), as `configure_bounds` and maximized windows see them.
public struct DisplayInsets: Hashable, Sendable, Codable {
    /// Points kept free at the top edge.
    public var top: Int
    /// Points kept free at the left edge.
    public var left: Int
    /// Points kept free at the bottom edge.
    public var bottom: Int
    /// Points kept free at the right edge.
    public var right: Int

    /// Insets of the given points at each edge.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets: windows may cover the whole display.
    public static let zero = DisplayInsets()
}

/// How a display's logical size is rounded when its pixels do not divide by its scale.
public enum LogicalSizeRounding: String, Hashable, Sendable {
    /// The nearest whole point, halves up.
    case nearest
    /// Toward zero, as wlroots (`wlr_output_effective_resolution`) and
    /// weston (integer division by the output scale) do.
    case truncate
}

/// One display of a `DisplayLayout` (DioramaSimulator): what a monitor is (name, make, model,
/// mode, physical size) and how it is set up (scale, transform, position).
///
/// All positions are in the global logical coordinate space windows live in;
/// a display covers `position` to `position + logicalSize`.
public struct DisplayConfiguration: Hashable, Sendable {
    /// The connector name clients see in `wl_output.name` and `xdg_output.name`
    /// (`eDP-1`, `DP-2`); unique in a layout.
    public var name: String
    /// The manufacturer clients see in `wl_output.geometry`.
    public var make: String
    /// The model clients see in `wl_output.geometry`.
    public var model: String
    /// The panel's mode.
    public var mode: DisplayMode
    /// The fractional scale; the integer `wl_output.scale` is derived from it
    /// (see `OutputScaleRounding` in DioramaSimulator).
    public var scale: Scale
    /// How the display is rotated or flipped.
    public var transform: OutputTransform
    /// The logical position of the top-left corner.
    public var position: Point
    /// The panel's physical size in millimetres.
    public var physicalSizeMM: Size
    /// Points at the edges windows should not cover.
    public var usableInsets: DisplayInsets
    /// How a logical size that is not a whole number of points is rounded;
    /// the simulator sets it from its profile when it adds the display.
    public var logicalSizeRounding: LogicalSizeRounding = .nearest

    /// A display named `name` with `mode`; by default a 1× unrotated "Diorama Virtual Display" at the origin, with no physical size and no insets.
    public init(
        name: String, make: String = "Diorama", model: String = "Virtual Display",
        mode: DisplayMode, scale: Scale = .one, transform: OutputTransform = .normal,
        position: Point = .zero, physicalSizeMM: Size = .zero, usableInsets: DisplayInsets = .zero
    ) {
        self.name = name
        self.make = make
        self.model = model
        self.mode = mode
        self.scale = scale
        self.transform = transform
        self.position = position
        self.physicalSizeMM = physicalSizeMM
        self.usableInsets = usableInsets
    }

    /// The mode's pixels as the compositor lays them out: width and height swap
    /// for 90° and 270° transforms.
    public var transformedPixelSize: Size {
        transform.swapsAxes ? mode.pixelSize.transposed : mode.pixelSize
    }

    /// The size in logical points: transformed pixels divided by the scale,
    /// rounded by ``logicalSizeRounding``. 2880 px at 1.5 is exactly 1920;
    /// 1600 px at 1.5 is 1066.7, so 1067 to the nearest point and 1066
    /// truncated (what wlroots and weston give).
    public var logicalSize: Size {
        let pixels = transformedPixelSize
        let numerator = scale.numerator120
        func points(_ value: Int) -> Int {
            switch logicalSizeRounding {
            case .nearest: (value * Scale.denominator + numerator / 2) / numerator
            case .truncate: value * Scale.denominator / numerator
            }
        }
        return Size(width: points(pixels.width), height: points(pixels.height))
    }

    /// Where the display sits in the global logical space.
    public var logicalRect: Rect { Rect(origin: position, size: logicalSize) }

    /// The logical rectangle minus the insets: what a maximized window fills and
    /// what `xdg_toplevel.configure_bounds` reports.
    public var usableArea: Rect {
        let full = logicalRect
        return Rect(
            x: full.minX + usableInsets.left, y: full.minY + usableInsets.top,
            width: max(0, full.width - usableInsets.left - usableInsets.right),
            height: max(0, full.height - usableInsets.top - usableInsets.bottom))
    }

    /// `wl_output.description` / `xdg_output.description`: make, model and name.
    public var outputDescription: String { "\(make) \(model) (\(name))" }
}

extension DisplayConfiguration {
    /// The most UTF-8 bytes a display's name, make or model may have. Each
    /// travels in `wl_output` and `xdg_output` events, and libwayland
    /// disconnects a client whose event does not fit its 4096-byte buffer;
    /// 63 stays far below that (with room for the other fields) and is longer
    /// than real connector names and EDID strings get.
    public static let maximumTextBytes = 63

    /// Why `text` cannot be the display's `field` (name, make or model), or
    /// nil when it can: it must be 1 to ``maximumTextBytes`` bytes of
    /// printable characters. Control characters (NUL, newline), bidi
    /// overrides and other invisible format characters are refused: a name
    /// is shown in clients' menus, logs and reports, where they would cut it
    /// short or make it read as something else. The message never repeats
    /// the text itself, for the same reason.
    public static func textProblem(_ text: String, field: String) -> String? {
        if text.isEmpty {
            return field == "name" ? "the name is empty; use a connector name such as \"DP-1\"" : "the \(field) is empty; leave it out for the default"
        }
        let bytes = text.utf8.count
        if bytes > maximumTextBytes {
            return "the \(field) is \(bytes) bytes long; use at most \(maximumTextBytes) (it is sent to every client in wl_output events)"
        }
        let refused: Set<Unicode.GeneralCategory> = [
            .control, .format, .lineSeparator, .paragraphSeparator,
            .surrogate, .privateUse, .unassigned,
        ]
        if let index = text.unicodeScalars.firstIndex(where: { refused.contains($0.properties.generalCategory) }) {
            let scalar = text.unicodeScalars[index]
            let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return
                "character \(position) of the \(field) is \(code), a control or invisible formatting character (newline, NUL, bidi override, …); use printable characters only"
        }
        return nil
    }
}
