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
    ///
    /// Under Mutter a window whose minimum size cannot fit the extent is
    /// told nothing: Mutter gives up a constraint it cannot satisfy
    /// (gtk4-widget-factory, at least 1391×757, stays 1666×881 when the
    /// monitors shrink to 1920×600).
    func fittedSize(_ size: Size, in area: Size, extent: Size, minimumSize: Size = .zero) -> Size? {
        let limit: Size
        switch self {
        case .newBounds: return nil
        case .fitToDisplay: limit = area
        case .boundsWithEveryConfigure:
            guard minimumSize.width <= extent.width && minimumSize.height <= extent.height else { return nil }
            limit = extent
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
        case .floating, .centered, .firstFit: return false
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
    ///
    /// `firstFit` takes the first of Mutter's candidates that lies inside
    /// the area and overlaps none of `others` (the frames of the windows
    /// already on that display), or keeps the cascade when none does.
    func positionOnMap(size: Size, in area: Rect, others: [Rect] = [], occupied: (Point) -> Bool) -> Point? {
        switch self {
        case .floating, .tiled:
            return nil
        case .firstFit:
            return Self.firstFitCandidates(size: size, in: area, others: others).first { candidate in
                let frame = Rect(origin: candidate, size: size)
                return frame.intersection(area) == frame && !others.contains { $0.intersection(frame) != nil }
            }
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

extension WindowPlacement {
    /// Mutter 43's candidates for a new window, in the order it tries them
    /// (measured on real Mutter with gtk4-widget-factory and foot windows,
    /// `Docs/fidelity.md`):
    /// 1. the top-left cell of a grid of windows this size over the area,
    ///    the grid centred: the area's leftover (its size modulo the window's
    ///    plus one) halved horizontally and divided by three vertically (a
    ///    1666×881 window on 1920×1200 lands at 126,106; 700×500 at 259,66);
    /// 2. right below each window on the display, topmost first;
    /// 3. right of each window, leftmost first.
    static func firstFitCandidates(size: Size, in area: Rect, others: [Rect]) -> [Point] {
        let slot = Point(
            x: area.minX + area.width % (size.width + 1) / 2, y: area.minY + area.height % (size.height + 1) / 3)
        let below = others.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }.map { Point(x: $0.minX, y: $0.maxY) }
        let beside = others.sorted { ($0.minX, $0.minY) < ($1.minX, $1.minY) }.map { Point(x: $0.maxX, y: $0.minY) }
        return [slot] + below + beside
    }
}

extension WindowMoveToDisplay {
    /// Where a window whose frame is `frame` goes when a script moves it
    /// from `source` (the usable area of the display it is on) to `target`,
    /// with `areas` the usable areas of all displays; nil keeps the
    /// simulator's own move (the offset from the area's corner, clamped).
    ///
    /// `scaledIntoLayout` is Mutter's move to the neighbouring monitor: the
    /// offset is scaled by the ratio of the two areas, then the window is
    /// pushed the shortest way into the layout (``pushedIntoLayout(_:minimumSize:areas:)``).
    /// `unpushed` is where the scaling alone put it.
    func destination(
        of frame: Rect, minimumSize: Size, from source: Rect, to target: Rect, areas: [Rect]
    ) -> (unpushed: Point, position: Point)? {
        switch self {
        case .keepOffset:
            return nil
        case .scaledIntoLayout:
            let scaled = Point(
                x: target.minX + (frame.minX - source.minX) * target.width / max(1, source.width),
                y: target.minY + (frame.minY - source.minY) * target.height / max(1, source.height))
            return (scaled, Self.pushedIntoLayout(Rect(origin: scaled, size: frame.size), minimumSize: minimumSize, areas: areas))
        }
    }

    /// `frame` moved the shortest distance into one of the rectangles the
    /// displays' areas cover together, along each axis on which it fits
    /// that rectangle (an axis on which it does not fit is left alone), as
    /// Mutter keeps a window on screen. gtk4-widget-factory (1666×881),
    /// moved from Meta-0 (1920×1200 at 1x) to Meta-1 (960×600 to its right),
    /// lands at 1983,53 and is pushed left to 1214,53 by the 2880×600 band
    /// both monitors cover: it then overlaps both. Left alone when even the
    /// window's minimum size fits no such rectangle (Mutter gives up).
    static func pushedIntoLayout(_ frame: Rect, minimumSize: Size, areas: [Rect]) -> Point {
        let covered = coveredRectangles(of: areas)
        guard covered.contains(where: { minimumSize.width <= $0.width && minimumSize.height <= $0.height }) else {
            return frame.origin
        }
        func pushed(_ start: Int, _ length: Int, into low: Int, _ high: Int) -> Int {
            length <= high - low ? min(max(start, low), high - length) : start
        }
        let candidates = covered.filter { frame.width <= $0.width || frame.height <= $0.height }.map { area in
            Point(
                x: pushed(frame.minX, frame.width, into: area.minX, area.maxX),
                y: pushed(frame.minY, frame.height, into: area.minY, area.maxY))
        }
        return candidates.min {
            abs($0.x - frame.minX) + abs($0.y - frame.minY) < abs($1.x - frame.minX) + abs($1.y - frame.minY)
        } ?? frame.origin
    }

    /// Every rectangle that `areas` together cover, spanning whole columns
    /// between display edges: for each pair of vertical edges, the vertical
    /// runs covered across all of that span. (With two monitors side by
    /// side, 1920×1200 and 960×600: 1920×1200, 960×600 and the 2880×600 band.)
    static func coveredRectangles(of areas: [Rect]) -> [Rect] {
        let edges = Set(areas.flatMap { [$0.minX, $0.maxX] }).sorted()
        var rectangles: [Rect] = []
        for (startIndex, left) in edges.enumerated() {
            var runs: [(low: Int, high: Int)]? = nil
            for endIndex in (startIndex + 1)..<edges.count {
                // The runs of y covered in the column between this edge and the one before.
                let (columnLeft, right) = (edges[endIndex - 1], edges[endIndex])
                let column = areas.filter { $0.minX < right && $0.maxX > columnLeft }.map { (low: $0.minY, high: $0.maxY) }
                runs = runs.map { intersect($0, column) } ?? merged(column)
                guard let current = runs, !current.isEmpty else { break }
                rectangles += current.map { Rect(x: left, y: $0.low, width: right - left, height: $0.high - $0.low) }
            }
        }
        return rectangles
    }

    /// `runs` as disjoint runs, sorted.
    private static func merged(_ runs: [(low: Int, high: Int)]) -> [(low: Int, high: Int)] {
        var result: [(low: Int, high: Int)] = []
        for run in runs.sorted(by: { $0.low < $1.low }) {
            if let last = result.last, run.low <= last.high {
                result[result.count - 1].high = max(last.high, run.high)
            } else {
                result.append(run)
            }
        }
        return result
    }

    /// The parts of `runs` that `others` also cover.
    private static func intersect(_ runs: [(low: Int, high: Int)], _ others: [(low: Int, high: Int)]) -> [(low: Int, high: Int)] {
        merged(others).flatMap { other in
            runs.compactMap { run in
                let low = max(run.low, other.low)
                let high = min(run.high, other.high)
                return low < high ? (low, high) : nil
            }
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
