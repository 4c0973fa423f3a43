import DioramaModel

// What each window rule of a ``CompositorProfile`` means, as the window
// manager applies it. The profile table (`Profiles/CompositorProfile.swift`)
// holds the data; these small strategies are the one place each value's
// behaviour is written, so a new profile picks values here and adds a case
// only when it needs a behaviour no profile had.

extension NewWindowDisplay {
    /// The display a new window opens on: the default one, the one focus
    /// is on (`focused`, else the last focused), or the one under the
    /// pointer (`underPointer`); `exists` rules out a display that is gone.
    func displayName(
        default defaultName: String, focused: String?, underPointer: String? = nil, exists: (String) -> Bool
    ) -> String {
        let chosen: String?
        switch self {
        case .defaultDisplay: return defaultName
        case .focusedDisplay: chosen = focused
        case .pointerDisplay: chosen = underPointer
        }
        return chosen.flatMap { exists($0) ? $0 : nil } ?? defaultName
    }
}

extension SizeHintsPolicy {
    /// Whether min/max hints clamp a configure (`interactive`: one of an
    /// interactive resize).
    func clamps(interactive: Bool) -> Bool {
        switch self {
        case .always: return true
        case .interactiveResizeOnly: return interactive
        }
    }
}

extension WindowsOnResizedDisplay {
    /// Whether `configure_bounds` follow the display after the first
    /// configure (when they changed, or with every configure).
    var boundsFollowDisplay: Bool { self != .fitToDisplay }

    /// Whether every configure carries the bounds, changed or not.
    var boundsInEveryConfigure: Bool { self == .boundsWithEveryConfigure }

    /// Whether a change of the display's area alone sends a configure with
    /// the new bounds.
    var boundsChangeSendsConfigure: Bool { self == .newBounds }

    /// The size a floating window of `size` is configured to once its
    /// display's usable area is `area` and all displays' usable areas
    /// together span `extent` (their bounding box); nil when it gets no
    /// configure for it. KWin fits the window to its display; Mutter only
    /// keeps it within the monitors' extent (a 1600×1000 window on a
    /// monitor shrunk to 960×600, beside another 960×600 one, is told
    /// 1600×600 and spans both).
    func fittedSize(_ size: Size, in area: Size, extent: Size) -> Size? {
        let limit: Size
        switch self {
        case .newBounds: return nil
        case .fitToDisplay: limit = area
        case .boundsWithEveryConfigure: limit = extent
        }
        guard size.width > limit.width || size.height > limit.height else { return nil }
        return Size(width: min(size.width, limit.width), height: min(size.height, limit.height))
    }
}

extension CompositorProfile.StatesOfMaximized {
    /// The states a configure tells a window whose states are `states`.
    func told(_ states: ToplevelStates) -> ToplevelStates {
        switch self {
        case .maximizedOnly: return states
        case .alsoTiled: return states.contains(.maximized) ? states.union(.tiled) : states
        }
    }
}

extension WindowPlacement {
    /// Whether a window about to map (and not fullscreen) fills its display's
    /// usable area with the four `tiled_*` states.
    var tilesOnMap: Bool {
        switch self {
        case .floating, .centered: return false
        case .tiled: return true
        }
    }

    /// Where a floating window of `size` goes when it maps on a display whose
    /// usable area is `area`, or nil to keep the position it was given when
    /// it was created (the cascade). `occupied` says whether another window
    /// on that display already has a top-left.
    ///
    /// Centring divides and truncates toward zero, as KWin does: 742×427 on
    /// 1280×800 lands at 269,186, and 1405 wide at x = -62 (a window wider
    /// than the area is not pulled back into it).
    func positionOnMap(size: Size, in area: Rect, occupied: (Point) -> Bool) -> Point? {
        switch self {
        case .floating, .tiled:
            return nil
        case .centered:
            let step = (x: area.width / 48, y: area.height / 48)
            var position = Point(x: area.minX + (area.width - size.width) / 2, y: area.minY + (area.height - size.height) / 2)
            // Bounded: a step of 0 (an area under 48 points) must not loop.
            for _ in 0..<48 where occupied(position) {
                position = Point(x: position.x + step.x, y: position.y + step.y)
            }
            return position
        }
    }
}

extension CompositorProfile.HalfTiling {
    /// The frame of `half` of a display whose usable area is `area`, nil
    /// when the profile's compositor has no half tiling.
    func frame(of half: HalfTile, in area: Rect) -> Rect? {
        let width: Int
        let leftWidth = (area.width + 1) / 2
        switch self {
        case .unsupported: return nil
        case .leftTakesOddPoint: width = half == .left ? leftWidth : area.width - leftWidth
        case .halvesRoundUp: width = leftWidth
        }
        let x = half == .left ? area.minX : area.minX + area.width - width
        return Rect(x: x, y: area.minY, width: width, height: area.height)
    }
}

extension CompositorProfile.HalfTileMinimumSize {
    /// Whether a window whose minimum size is `minimum` is tiled to a half
    /// of `size` (a zero side of the minimum is no minimum).
    func admits(minimum: Size, into size: Size) -> Bool {
        self != .refused || (minimum.width <= size.width && minimum.height <= size.height)
    }

    /// Whether a half-tiled window's configure is clamped to its minimum.
    var clampsConfigure: Bool { self == .clamped }
}

extension CompositorProfile {
    /// The frame a tiled window fills on a display whose usable area is
    /// `area`: the whole area when it is maximized or tiled against all four
    /// edges, its half when it is half-tiled; nil when it floats (or is
    /// fullscreen, which covers the display's whole logical rectangle).
    func tileFrame(of window: Window, in area: Rect) -> Rect? {
        guard window.isTiledOrMaximized else { return nil }
        return window.halfTile.flatMap { halfTiling.frame(of: $0, in: area) } ?? area
    }
}
