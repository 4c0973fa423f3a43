import DioramaModel
import WaylandServer

/// The simulator's state for one `wl_surface`: pending and committed state,
/// its role, its viewport and fractional-scale objects, the outputs it was
/// told it entered, and its subsurfaces.
final class Surface {
    /// The simulator's number for the surface, used in the trace.
    let id: UInt32
    let resource: WlSurface
    unowned let compositor: CompositorServer
    let clientID: UInt32

    var role = SurfaceRole.none
    weak var roleHandler: (any SurfaceRoleHandler)?
    var pending = PendingSurfaceState()
    private(set) var current = CommittedSurfaceState()
    var pendingFrameCallbacks: [WlCallback] = []
    /// Replaced buffers whose release waits for the replacing frame's `done`
    /// (``BufferReleaseTiming/afterReplacingFrame``).
    var buffersReleasedAfterFrame: [ShmBuffer] = []
    var pendingFeedbacks: [WpPresentationFeedback] = []

    var viewport: Viewport?
    var fractionalScale: WpFractionalScaleV1?
    /// The last scale sent with `wp_fractional_scale_v1.preferred_scale`.
    var lastPreferredScaleSent: Scale?
    /// The last integer sent with `wl_surface.preferred_buffer_scale` (v6).
    var lastPreferredBufferScaleSent: Int?
    /// The displays this surface was sent `enter` for (through every output
    /// object of its client bound to them), in layout order.
    var enteredDisplays: [Display] = []

    /// Set when this surface is a subsurface.
    var subsurface: Subsurface?
    /// Subsurfaces whose parent is this surface, bottom to top.
    var children: [Subsurface] = []
    /// The toplevel window this surface belongs to (its root or a descendant).
    weak var window: Window?

    init(id: UInt32, resource: WlSurface, compositor: CompositorServer, clientID: UInt32) {
        self.id = id
        self.resource = resource
        self.compositor = compositor
        self.clientID = clientID
    }

    /// This surface and every subsurface below it, depth first (a parent
    /// before its children, children bottom to top).
    var tree: [Surface] {
        var result: [Surface] = []
        forEachInTree { surface, _, _ in result.append(surface) }
        return result
    }

    /// The bounds of this surface and the subsurfaces below it, in this
    /// surface's coordinates (logical points): what an xdg_surface's window
    /// geometry is clamped to, and what it is when the client set none.
    /// Surfaces without content count for nothing. A surface without
    /// subsurfaces is not walked.
    var treeBounds: Rect {
        guard !children.isEmpty else { return Rect(origin: .zero, size: current.size) }
        var bounds: Rect?
        forEachInTree { surface, offset, _ in
            guard !surface.current.size.isEmpty else { return }
            let rect = Rect(origin: offset, size: surface.current.size)
            bounds = bounds?.union(rect) ?? rect
        }
        return bounds ?? Rect(origin: .zero, size: .zero)
    }

    /// How many subsurface levels are below this surface: 0 without subsurfaces.
    var subtreeHeight: Int {
        var height = 0
        forEachInTree { _, _, depth in height = max(height, depth) }
        return height
    }

    /// Calls `visit` with this surface and every subsurface below it, in the
    /// order of ``tree``, each with its offset from this surface (the sum of
    /// the subsurface positions on the way down) and its depth below it.
    ///
    /// The walk keeps its own stack instead of recursing, so no tree a client
    /// builds can exhaust the simulator thread's stack, and it visits each
    /// surface once: a walk costs the tree's size (the surfaces visited are
    /// counted in ``SurfaceRegistry/surfacesWalked``).
    func forEachInTree(_ visit: (_ surface: Surface, _ offset: Point, _ depth: Int) -> Void) {
        var stack: [(surface: Surface, offset: Point, depth: Int)] = [(self, .zero, 0)]
        while let entry = stack.popLast() {
            let (surface, offset, depth) = entry
            compositor.surfaces.surfacesWalked += 1
            visit(surface, offset, depth)
            for child in surface.children.reversed() {
                guard let childSurface = child.surface else { continue }
                stack.append((childSurface, Point(x: offset.x + child.position.x, y: offset.y + child.position.y), depth + 1))
            }
        }
    }

    /// The surfaces this one is a subsurface of: its parent, the parent's
    /// parent, … up to the main surface. Empty for a surface that is no
    /// subsurface (or whose parent is gone).
    var subsurfaceAncestors: [Surface] {
        parentChain(above: self) { $0.subsurface?.parent }
    }

    var hasContent: Bool { current.buffer != nil }

    // MARK: Commit

    /// `wl_surface.commit`: checks the pending state against the rules the
    /// protocols set, then applies it atomically.
    ///
    /// Order of the checks (the first failure wins and drops the commit):
    /// the role's rules (xdg_surface.unconfigured_buffer), the buffer size
    /// against the buffer scale (wl_surface.invalid_size), then the viewport
    /// (wp_viewport.bad_size and out_of_buffer, which the viewporter spec
    /// checks at commit because source and buffer only meet there).
    func commit() {
        let nullAttach: Bool
        let newBuffer: ShmBuffer?
        switch pending.attach {
        case nil:
            nullAttach = false
            newBuffer = current.buffer
        case .null?:
            nullAttach = true
            newBuffer = nil
        case .buffer(let buffer)?:
            nullAttach = false
            newBuffer = buffer
        }
        let bufferScale = pending.bufferScale ?? current.bufferScale
        let bufferTransform = pending.bufferTransform ?? current.bufferTransform

        if let roleHandler, !roleHandler.surfaceWillCommit(self, newBuffer: newBuffer) {
            return
        }
        var transformedSize: Size?
        var bufferNotMultipleOfScale = false
        if let newBuffer {
            let size = bufferTransform.swapsAxes ? newBuffer.size.transposed : newBuffer.size
            transformedSize = size
            bufferNotMultipleOfScale = size.width % bufferScale != 0 || size.height % bufferScale != 0
            if bufferNotMultipleOfScale && compositor.profile.bufferSizeScaleRule == .enforced {
                compositor.errors.post(
                    resource, code: WlSurface.Error.invalidSize.rawValue, name: "invalid_size",
                    "wl_surface@\(resource.id).commit: the buffer is \(newBuffer.size) pixels, not a multiple of the buffer scale \(bufferScale); make both sides divisible by the scale"
                )
                return
            }
        }
        let source = viewport?.source
        let destination = viewport?.destination
        if let viewport, let source {
            if let transformedSize {
                let bufferLogical = Size(width: transformedSize.width / bufferScale, height: transformedSize.height / bufferScale)
                if source.x + source.width > Double(bufferLogical.width) || source.y + source.height > Double(bufferLogical.height) {
                    compositor.errors.post(
                        viewport.resource, code: WpViewport.Error.outOfBuffer.rawValue, name: "out_of_buffer",
                        "wp_viewport@\(viewport.resource.id): the source rectangle \(source.x),\(source.y) \(source.width)x\(source.height) reaches outside the \(bufferLogical) buffer (in surface coordinates at buffer scale \(bufferScale)); shrink the source or attach a larger buffer"
                    )
                    return
                }
            }
            if destination == nil && (source.width != source.width.rounded() || source.height != source.height.rounded()) {
                compositor.errors.post(
                    viewport.resource, code: WpViewport.Error.badSize.rawValue, name: "bad_size",
                    "wp_viewport@\(viewport.resource.id): without a destination the source size \(source.width)x\(source.height) must be whole numbers; set a destination or use an integer source size"
                )
                return
            }
        }

        // Apply. The buffer that was on screen is released once another
        // buffer (or none) replaces it: at once, or under sway's profile
        // after this commit's frame callbacks got `done` (FrameScheduler).
        // Under Mutter's profile every attached buffer is copied and
        // released by the commit that attached it, so none waits here.
        let releaseTiming = compositor.profile.bufferRelease
        if case .buffer(let attached)? = pending.attach, releaseTiming == .copiedAtCommit {
            attached.copyAndRelease()
        } else if pending.attach != nil, let old = current.buffer, old !== newBuffer, releaseTiming != .copiedAtCommit {
            if releaseTiming == .afterReplacingFrame && !pendingFrameCallbacks.isEmpty {
                buffersReleasedAfterFrame.append(old)
            } else {
                old.release()
            }
        }
        current.buffer = newBuffer
        current.bufferScale = bufferScale
        current.bufferTransform = bufferTransform
        current.viewportSource = source
        current.viewportDestination = destination
        current.size = Self.surfaceSize(
            bufferSize: transformedSize, bufferScale: bufferScale,
            source: source, destination: destination)
        let damageRects = pending.damageRects
        pending = PendingSurfaceState()
        let callbacks = pendingFrameCallbacks
        pendingFrameCallbacks = []
        let feedbacks = pendingFeedbacks
        pendingFeedbacks = []
        compositor.frameScheduler.surfaceCommitted(self, callbacks: callbacks, feedbacks: feedbacks)

        let scale = scaleInEffect
        let fact = CommitFact(
            surface: id, window: window?.id, bufferSize: newBuffer?.size, bufferScale: bufferScale,
            bufferTransform: bufferTransform, viewportSource: source, viewportDestination: destination,
            surfaceSize: current.size, damageRects: damageRects, nullAttach: nullAttach,
            preferredScale120: scale.expected?.numerator120,
            staleScale: !scale.isDrawn(
                transformedBufferSize: transformedSize, surfaceSize: current.size,
                viewportDestination: destination), bufferNotMultipleOfScale: bufferNotMultipleOfScale)
        compositor.trace.record(.commit(fact))
        if let window, window.surface === self { window.lastCommit = fact }
        roleHandler?.surfaceDidCommit(self, nullAttach: nullAttach)
    }

    /// The surface's logical size: the viewport destination when set, else the
    /// viewport source size, else the buffer divided by its scale.
    static func surfaceSize(bufferSize: Size?, bufferScale: Int, source: ViewportSource?, destination: Size?) -> Size {
        guard let bufferSize else { return .zero }
        if let destination { return destination }
        if let source { return Size(width: Int(source.width), height: Int(source.height)) }
        return Size(width: bufferSize.width / bufferScale, height: bufferSize.height / bufferScale)
    }

    /// What this surface was told about its scale (see ``ScaleInEffect``):
    /// the fractional preferred scale (as sent to its fractional-scale
    /// object, or the window's when it has none) and the largest integer
    /// `wl_output.scale` of the displays it entered.
    var scaleInEffect: ScaleInEffect {
        let usesFractionalScale = fractionalScale != nil
        return ScaleInEffect(
            preferred: usesFractionalScale ? lastPreferredScaleSent : window?.preferredScale,
            outputScale: enteredDisplays.map(\.outputScale).max(),
            usesFractionalScale: usesFractionalScale)
    }
}
