import DioramaModel
import WaylandClient

/// A `wl_surface` with the state a client needs to follow: the outputs it is
/// on, pending frame callbacks, its buffer scale and transform, and the
/// compositor's preferred scale and transform (wl_surface v6).
///
/// Requests are double-buffered by Wayland: `attach`, `damageBuffer`,
/// `setBufferScale`, `setBufferTransform` and `frame` take effect together at
/// the next `commit()`. When the surface has a role whose configure events
/// must be acknowledged (a `Toplevel`), `commit()` sends the pending
/// acknowledgement first — see `Toplevel` for why that order matters.
package final class Surface {
    package let wlSurface: WlSurface
    package let compositor: CompositorState
    /// The `wl_surface`'s protocol object id, as WAYLAND_DEBUG and compositor
    /// traces print it (`wl_surface#12`).
    package var objectID: UInt32 { wlSurface.id }
    /// Told about enter/leave and preferred scale/transform.
    package weak var handler: SurfaceHandler?

    /// The outputs the surface is on, in the order it entered them.
    package private(set) var outputs: [Output] = []
    /// The buffer scale sent with `setBufferScale` (takes effect at commit).
    package private(set) var bufferScale = 1
    /// The buffer transform sent with `setBufferTransform`.
    package private(set) var bufferTransform: OutputTransform = .normal
    /// The compositor's recommended integer scale; nil until it sends one
    /// (only compositors with wl_surface v6 do).
    package private(set) var preferredBufferScale: Int?
    /// The compositor's recommended buffer transform (wl_surface v6).
    package private(set) var preferredBufferTransform: OutputTransform?

    /// Run by `commit()` just before `wl_surface.commit`: the role's hook
    /// (the toplevel acknowledges its latest configure there).
    var beforeCommit: (() -> Void)?
    private var frameCallbacks: [ObjectIdentifier: WlCallback] = [:]

    init(wlSurface: WlSurface, compositor: CompositorState) {
        self.wlSurface = wlSurface
        self.compositor = compositor
        wlSurface.onEvent = { [weak self] event in self?.surfaceEventArrived(event) }
    }

    deinit {
        // Pending frame callbacks would never fire once the surface is gone.
        for callback in frameCallbacks.values {
            callback.onEvent = nil
            callback.destroyLocally()
        }
        compositor.surfaceDestroyed(wlSurface)
        wlSurface.onEvent = nil
        wlSurface.destroy()
    }

    /// The largest integer scale of the outputs the surface is on (1 when on
    /// none): the usual choice of buffer scale without wl_surface v6.
    package var maxOutputScale: Int {
        outputs.map(\.info.scale).max() ?? 1
    }

    // MARK: Double-buffered state

    /// Attaches `buffer` (nil to unmap). The buffer counts as busy until the
    /// compositor releases it; a `BufferPool` will not hand it out meanwhile.
    package func attach(_ buffer: Buffer?) {
        buffer?.markBusy()
        wlSurface.attach(buffer: buffer?.wlBuffer, x: 0, y: 0)
    }

    /// Attaches a buffer that is not from a `BufferPool`.
    package func attach(wlBuffer: WlBuffer?) {
        wlSurface.attach(buffer: wlBuffer, x: 0, y: 0)
    }

    /// Marks a rectangle of the buffer (in buffer pixels) as changed. Before
    /// wl_surface v4 there is only surface-coordinate damage, so the whole
    /// surface is damaged instead.
    package func damageBuffer(_ rect: Rect) {
        if wlSurface.version >= 4 {
            wlSurface.damageBuffer(
                x: Int32(clamping: rect.minX), y: Int32(clamping: rect.minY),
                width: Int32(clamping: rect.width), height: Int32(clamping: rect.height))
        } else {
            damageAll()
        }
    }

    /// Marks the whole surface as changed.
    package func damageAll() {
        if wlSurface.version >= 4 {
            wlSurface.damageBuffer(x: 0, y: 0, width: Int32.max, height: Int32.max)
        } else {
            wlSurface.damage(x: 0, y: 0, width: Int32.max, height: Int32.max)
        }
    }

    /// Sets the buffer scale: buffer pixels per surface unit (wl_surface v3+).
    /// - Precondition: `scale >= 1` (0 and below are a protocol error).
    package func setBufferScale(_ scale: Int) {
        precondition(scale >= 1, "Surface.setBufferScale: the scale must be at least 1, got \(scale)")
        bufferScale = scale
        wlSurface.setBufferScale(scale: Int32(clamping: scale))
    }

    /// Sets how the buffer's content is transformed for display (wl_surface v2+).
    package func setBufferTransform(_ transform: OutputTransform) {
        bufferTransform = transform
        wlSurface.setBufferTransform(transform: WlOutput.Transform(rawValue: UInt32(transform.rawValue)))
    }

    /// Asks to be told when the compositor is ready for a new frame: `done`
    /// runs with the compositor's timestamp in milliseconds after the
    /// content of the next commit was presented (or would have been, when
    /// the surface is hidden — then it may never run). Takes effect at commit.
    package func frame(_ done: @escaping (_ timeMillis: UInt32) -> Void) {
        let callback = wlSurface.frame()
        let key = ObjectIdentifier(callback)
        frameCallbacks[key] = callback
        callback.onEvent = { [weak self] event in
            guard case let .done(time) = event else { return }
            self?.frameCallbacks.removeValue(forKey: key)
            done(time)
        }
    }

    /// Applies the pending state (after the role's acknowledgement, if any).
    package func commit() {
        beforeCommit?()
        wlSurface.commit()
    }

    /// Applies the pending state through a commit another library sends:
    /// the role's acknowledgement goes first, then `commitRequest` must
    /// commit this surface (`eglSwapBuffers` attaches, damages and commits
    /// the EGL window's buffer itself).
    package func commit<Failure: Error>(performedBy commitRequest: () throws(Failure) -> Void) throws(Failure) {
        beforeCommit?()
        try commitRequest()
    }

    // MARK: Events

    /// Fires when the compositor shows the surface on an output or stops,
    /// and (wl_surface v6) when it recommends a scale or transform.
    private func surfaceEventArrived(_ event: WlSurface.Event) {
        if case let .enter(wlOutput) = event {
            guard let wlOutput, let output = compositor.output(for: wlOutput),
                !outputs.contains(output)
            else { return }
            outputs.append(output)
            handler?.surfaceEnteredOutput(self, output: output)
        } else if case let .leave(wlOutput) = event {
            guard let wlOutput, let output = compositor.output(for: wlOutput),
                let index = outputs.firstIndex(of: output)
            else { return }
            outputs.remove(at: index)
            handler?.surfaceLeftOutput(self, output: output)
        } else if let factor = event.preferredBufferScaleArguments {
            let scale = Int(factor)
            guard scale >= 1, scale != preferredBufferScale else { return }
            preferredBufferScale = scale
            handler?.preferredBufferScaleChanged(self, scale: scale)
        } else if let wireTransform = event.preferredBufferTransformArguments {
            let transform = OutputTransform(rawValue: Int(wireTransform.rawValue)) ?? .normal
            guard transform != preferredBufferTransform else { return }
            preferredBufferTransform = transform
            handler?.preferredBufferTransformChanged(self, transform: transform)
        }
    }

    /// Called by the compositor state when an output the surface may be on
    /// was removed; the compositor sends no leave for it.
    func outputWasRemoved(_ output: Output) {
        guard let index = outputs.firstIndex(of: output) else { return }
        outputs.remove(at: index)
        handler?.surfaceLeftOutput(self, output: output)
    }
}

extension Surface: Hashable {
    package static func == (lhs: Surface, rhs: Surface) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
