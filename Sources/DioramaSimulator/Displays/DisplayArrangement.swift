import DioramaModel
import WaylandServer

/// The displays and how they are arranged: which are plugged (in layout
/// order), which were unplugged, which display each bound `wl_output`
/// belongs to, the display new windows open on, the display focus was last
/// on, and which displays a rectangle lies on (what enter/leave and the
/// preferred scale are computed from).
///
/// The ``OutputServer`` owns it: it adds the displays at start, registers
/// wl_output binds here, and asks it which displays a window's surface is
/// on at every enter/leave update (`updateOutputs(of:)`); the display
/// commands (``DisplayCommands``: plug, unplug, move, rescale, rotate,
/// default display) change it. It sends no protocol events: the output
/// server does, from what it answers.
final class DisplayArrangement {
    /// The plugged displays, in layout order.
    private(set) var plugged: [Display] = []
    /// Unplugged displays: kept while clients may still hold their outputs,
    /// and so windows on no display know where they were last.
    private(set) var unplugged: [Display] = []
    /// How many displays were ever added (plugged at start or later): the
    /// ordinal of the next one, which names it under KWin's profile (`Virtual-N`).
    private(set) var displaysAdded = 0
    /// The display of each live `wl_output` object.
    private var outputDisplays: [ObjectIdentifier: Display] = [:]
    /// The display new toplevels open on.
    private(set) var defaultDisplayName: String
    /// The display focus was last on: the focused window's display when it
    /// took focus, kept when that window leaves for another display without
    /// focus (sway's focused output). Nil before anything had focus.
    var lastFocusedDisplayName: String?
    private let preferredScalePolicy: PreferredScalePolicy
    private let enterLeaveOrder: EnterLeaveOrder
    private let neighboursFollowResizedDisplay: Bool

    init(defaultDisplayName: String, preferredScalePolicy: PreferredScalePolicy, profile: CompositorProfile) {
        self.defaultDisplayName = defaultDisplayName
        self.preferredScalePolicy = preferredScalePolicy
        self.enterLeaveOrder = profile.enterLeaveOrder
        self.neighboursFollowResizedDisplay = profile.neighboursFollowResizedDisplay
    }

    // MARK: Finding displays

    /// The display called `name` among the plugged ones.
    func display(named name: String) -> Display? {
        plugged.first { $0.name == name }
    }

    /// The display new windows open on: the chosen default, else the first
    /// plugged display; nil when every display is unplugged.
    var defaultDisplay: Display? {
        plugged.first { $0.name == defaultDisplayName } ?? plugged.first
    }

    /// The display called `name`, plugged or, failing that, the most recently
    /// unplugged one of that name: where a window on no display was last.
    /// Windows keep their position relative to it until a display is plugged.
    func lastKnownDisplay(named name: String) -> Display? {
        display(named: name) ?? unplugged.last { $0.name == name }
    }

    /// The position of the plugged display called `name` in layout order.
    func index(ofDisplayNamed name: String) throws(SimulatorControlError) -> Int {
        guard let index = plugged.firstIndex(where: { $0.name == name }) else {
            throw .noSuchDisplay(name, known: plugged.map(\.name))
        }
        return index
    }

    /// The plugged display called `name`.
    func requireDisplay(_ name: String) throws(SimulatorControlError) -> Display {
        plugged[try index(ofDisplayNamed: name)]
    }

    // MARK: Plugging and the default display

    /// A display plugged (at start or by a hot-plug) goes last in layout order.
    func add(_ display: Display) {
        plugged.append(display)
        displaysAdded += 1
    }

    /// After a hot-plug: when the default display's name names no plugged
    /// display (every display had been unplugged), `display` becomes the default.
    func adoptAsDefaultIfMissing(_ display: Display) {
        if self.display(named: defaultDisplayName) == nil { defaultDisplayName = display.name }
    }

    /// Takes the display at `index` out of the layout and keeps it among the
    /// unplugged ones. When it was the default, the first remaining display
    /// becomes the default; with no display left the default keeps naming the
    /// unplugged one, so windows created now are placed relative to where it was.
    func unplug(at index: Int) -> Display {
        let removed = plugged.remove(at: index)
        removed.isPlugged = false
        unplugged.append(removed)
        if defaultDisplayName == removed.name, let first = plugged.first { defaultDisplayName = first.name }
        return removed
    }

    /// Makes the plugged display `name` the one new windows open on.
    func setDefaultDisplay(_ name: String) throws(SimulatorControlError) {
        _ = try index(ofDisplayNamed: name)
        defaultDisplayName = name
    }

    // MARK: Changing the layout

    /// The plugged displays' configurations, in layout order: what a display
    /// command edits and validates as a whole before applying it.
    var configurations: [DisplayConfiguration] { plugged.map(\.configuration) }

    /// Shifts displays right of / below the changed one by its edge's movement,
    /// unless the profile keeps every display where it is (sway 1.7: a
    /// shrunk output leaves a gap; one that grows into a neighbour is refused
    /// later as an overlap).
    func keepingNeighboursAdjacent(_ proposed: [DisplayConfiguration], changedIndex: Int) -> [DisplayConfiguration] {
        guard neighboursFollowResizedDisplay else { return proposed }
        let old = plugged[changedIndex].logicalRect
        let new = proposed[changedIndex].logicalRect
        let dx = new.maxX - old.maxX, dy = new.maxY - old.maxY
        var result = proposed
        for index in result.indices where index != changedIndex {
            let rect = plugged[index].logicalRect
            if rect.minX >= old.maxX { result[index].position.x += dx }
            if rect.minY >= old.maxY { result[index].position.y += dy }
        }
        return result
    }

    /// Gives each plugged display its configuration from `proposed` (one per
    /// display, in layout order, already validated). Returns the displays
    /// whose configuration changed, with the previous one, and those whose
    /// position changed, with how far they moved.
    func reconfigure(to proposed: [DisplayConfiguration])
        -> (changed: [(display: Display, previous: DisplayConfiguration)], moved: [(display: Display, dx: Int, dy: Int)])
    {
        var changed: [(display: Display, previous: DisplayConfiguration)] = []
        var moved: [(display: Display, dx: Int, dy: Int)] = []
        for (display, configuration) in zip(plugged, proposed) where display.configuration != configuration {
            let dx = configuration.position.x - display.configuration.position.x
            let dy = configuration.position.y - display.configuration.position.y
            if dx != 0 || dy != 0 { moved.append((display, dx, dy)) }
            changed.append((display, display.configuration))
            display.configuration = configuration
        }
        return (changed, moved)
    }

    // MARK: Output objects

    /// A client bound `display`'s wl_output.
    func outputBound(_ output: WlOutput, to display: Display) {
        display.outputs.append(output)
        outputDisplays[ObjectIdentifier(output)] = display
    }

    /// The wl_output object `key` was destroyed: forget it and its xdg_output.
    func outputDestroyed(_ key: ObjectIdentifier, of display: Display) {
        outputDisplays[key] = nil
        display.outputs.removeAll { ObjectIdentifier($0) == key }
        display.xdgOutputs.removeAll { ObjectIdentifier($0.output) == key }
    }

    /// The display a wl_output object belongs to.
    func display(for output: WlOutput) -> Display? {
        outputDisplays[ObjectIdentifier(output)]
    }

    // MARK: Which displays a surface is on

    /// The plugged displays `rect` (global logical) overlaps, in layout order.
    func displays(overlapping rect: Rect) -> [Display] {
        plugged.filter { $0.logicalRect.intersection(rect) != nil }
    }

    /// The preferred scale for a surface covering `rect`, by the configured
    /// policy; nil when it overlaps no display.
    func preferredScale(of rect: Rect, overlapping overlapped: [Display]) -> Scale? {
        switch preferredScalePolicy {
        case .max: overlapped.map(\.scale).max()
        case .largestOverlap: largestOverlap(of: rect, among: overlapped)?.scale
        }
    }

    /// The display holding the largest part of `rect`; ties go to the display
    /// listed first in the layout.
    func largestOverlap(of rect: Rect, among candidates: [Display]) -> Display? {
        var best: (display: Display, area: Int)?
        for display in candidates {
            guard let overlap = display.logicalRect.intersection(rect) else { continue }
            let area = overlap.width * overlap.height
            if best == nil || area > best!.area { best = (display, area) }
        }
        return best?.display
    }

    /// The leaves and enters that take a surface from the displays `old` to
    /// `new`, in the profile's order: every leave first, or one walk over
    /// the displays (unplugged ones the surface was on last) as wlroots does.
    func enterLeaveChanges(from old: [Display], to new: [Display]) -> [(display: Display, entering: Bool)] {
        let left = old.filter { display in !new.contains { $0 === display } }
        let entered = new.filter { display in !old.contains { $0 === display } }
        switch enterLeaveOrder {
        case .leavesFirst:
            return left.map { ($0, false) } + entered.map { ($0, true) }
        case .displayOrder:
            let walk = plugged + left.filter { display in !plugged.contains { $0 === display } }
            return walk.compactMap { display in
                if left.contains(where: { $0 === display }) { return (display, false) }
                if entered.contains(where: { $0 === display }) { return (display, true) }
                return nil
            }
        }
    }
}
