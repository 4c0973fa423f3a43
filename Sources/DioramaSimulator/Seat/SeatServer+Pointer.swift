import DioramaControlProtocol
import DioramaModel
import WaylandServer

// The seat's pointer: focus by position, enter/leave/motion/button/axis
// events (each batch closed by `frame` from wl_pointer version 5), and the
// moves and resizes clients start with a button held. Scripts drive it
// through the commands in Control/InputCommands.swift.
//
// Input goes to the surface under the pointer: a window's main surface, one
// of its subsurfaces (a client-drawn title bar) or a popup (a menu)
// (ShellRegistry.inputTarget(at:)). Surface-local coordinates are logical
// points from the top-left of that wl_surface (shadows included), which is
// what wl_pointer sends whatever the surface's buffer scale.

extension SeatServer {
    /// The cursor image the last `wl_pointer.set_cursor` chose: nil when no
    /// client has set one, or the last one hid the cursor (null surface).
    var cursorImage: CursorImage? {
        guard let surface = pointerDevice.cursorSurface, surface.resource.isAlive else { return nil }
        return CursorImage(
            surface: surface.id, bufferSize: surface.current.buffer?.size,
            bufferScale: surface.current.bufferScale, hotspot: pointerDevice.cursorHotspot)
    }

    /// The live wl_pointers of the client that owns `window`.
    private func pointers(of window: Window) -> [WlPointer] {
        guard let surface = window.surface, let record = clients.record(surface.resource.client) else { return [] }
        return record.pointers.filter(\.isAlive)
    }

    /// `point` relative to the top-left of `surface`, one of `window`'s (its
    /// main surface when nil or no longer shown), as wl_pointer and wl_touch send it.
    func surfaceLocal(_ point: Point, on surface: Surface?, of window: Window) -> (x: Double, y: Double) {
        let origin = surface.flatMap { window.origin(of: $0) } ?? window.surfaceRect.origin
        return (Double(point.x - origin.x), Double(point.y - origin.y))
    }

    var inputTime: UInt32 { UInt32(truncatingIfNeeded: clock.nanoseconds / 1_000_000) }

    /// Ends each event batch on pointers that know `frame` (version 5).
    private func sendFrame(_ pointers: [WlPointer]) {
        for pointer in pointers where pointer.version >= 5 { pointer.sendFrame() }
    }

    /// Puts the pointer at `point` and tells clients what that changed: a
    /// motion to the focused surface, or leave/enter when the pointer crossed
    /// onto another surface (of the same window or another). While a button
    /// is held the surface that got the press keeps the pointer. During a
    /// client's move or resize the window follows instead, and the client
    /// gets no motion (its grab owns the pointer, as on a desktop).
    func pointerMoved(to point: Point) {
        let device = pointerDevice
        device.position = point
        if let grab = device.grab {
            pointerGrabMoved(grab, to: point)
            return
        }
        guard device.pressedButtons.isEmpty else {
            if let window = device.focus { sendPointerMotion(to: window, point: point) }
            return
        }
        let target = shell.pointerTarget(at: point)
        if target?.surface !== device.focusSurface || target?.window !== device.focus {
            setPointerFocus(target)
        } else if let window = target?.window {
            sendPointerMotion(to: window, point: point)
        }
    }

    /// `motion` at `point` to the focused surface of `window`.
    private func sendPointerMotion(to window: Window, point: Point) {
        let local = surfaceLocal(point, on: pointerDevice.focusSurface, of: window)
        let pointers = pointers(of: window)
        for pointer in pointers { pointer.sendMotion(time: inputTime, surfaceX: local.x, surfaceY: local.y) }
        sendFrame(pointers)
        trace.record(.pointerInput(window: window.id, action: "motion", x: Int(local.x), y: Int(local.y)))
    }

    /// Moves pointer focus: leave to the surface that had it, enter (at the
    /// pointer's surface-local position) to the new one. Also called when
    /// a grab ends, to give the pointer back to what is under it.
    func setPointerFocus(_ target: InputTarget?) {
        let device = pointerDevice
        // Only the surface that got enter gets leave (none when it is gone).
        if let old = device.focus, let surface = device.focusSurface, surface.resource.isAlive {
            let pointers = pointers(of: old)
            for pointer in pointers { pointer.sendLeave(serial: nextSerial(), surface: surface.resource) }
            sendFrame(pointers)
            trace.record(.pointerInput(window: old.id, action: "leave", x: 0, y: 0))
        }
        device.focus = target?.window
        device.focusSurface = target?.surface
        if let target {
            let local = surfaceLocal(device.position, on: target.surface, of: target.window)
            let pointers = pointers(of: target.window)
            for pointer in pointers {
                pointer.sendEnter(serial: nextSerial(), surface: target.surface.resource, surfaceX: local.x, surfaceY: local.y)
            }
            sendFrame(pointers)
            trace.record(.pointerInput(window: target.window.id, action: "enter", x: Int(local.x), y: Int(local.y)))
        }
    }

    /// Presses or releases a button over the focused window. A press's serial
    /// is what `xdg_toplevel.move`/`resize` must quote; releasing the last
    /// button ends a grab, and focus then follows the pointer again.
    ///
    /// A first press outside the client whose popups hold a grab breaks the
    /// grab instead (``breaksPopupGrab(pressingOn:)``): no client gets that
    /// press, nor its release.
    func pointerButtonChanged(_ button: PointerButton, pressed: Bool) {
        let device = pointerDevice
        if pressed {
            guard !device.pressedButtons.contains(button) else { return }
            device.pressBrokePopupGrabOf = nil
            if device.pressedButtons.isEmpty, device.grab == nil, let holder = breaksPopupGrab(pressingOn: device.focus) {
                device.pressBrokePopupGrabOf = holder
                setPointerFocus(shell.pointerTarget(at: device.position))
                return
            }
            device.pressedButtons.append(button)
        } else {
            guard device.pressedButtons.contains(button) else { return }
            device.pressedButtons.removeAll { $0 == button }
        }
        if let window = device.focus {
            let serial = nextSerial()
            let pointers = pointers(of: window)
            for pointer in pointers {
                pointer.sendButton(serial: serial, time: inputTime, button: button.code, state: pressed ? .pressed : .released)
            }
            sendFrame(pointers)
            let local = surfaceLocal(device.position, on: device.focusSurface, of: window)
            trace.record(
                .pointerInput(
                    window: window.id, action: pressed ? "press \(button)" : "release \(button)",
                    x: Int(local.x), y: Int(local.y)))
            if pressed {
                device.pressSerial = serial
                device.pressedWindow = window
            }
        }
        if device.pressedButtons.isEmpty {
            device.pressSerial = nil
            device.pressedWindow = nil
            if let grab = device.grab { endPointerGrab(grab) }
            let under = shell.pointerTarget(at: device.position)
            if under?.surface !== device.focusSurface || under?.window !== device.focus { setPointerFocus(under) }
        }
    }

    /// Scrolls by `dx`, `dy` logical points over the focused window, as a
    /// mouse wheel does (one wheel notch is 15 points, 120 in value120).
    func pointerScrolled(dx: Int, dy: Int) {
        guard let window = pointerDevice.focus else { return }
        let pointers = pointers(of: window)
        for pointer in pointers {
            if pointer.version >= 5 { pointer.sendAxisSource(axisSource: .wheel) }
            for (axis, distance) in [(WlPointer.Axis.verticalScroll, dy), (.horizontalScroll, dx)] where distance != 0 {
                if pointer.version >= 8 {
                    pointer.sendAxisValue120(axis: axis, value120: Int32(clamping: distance * 8))
                } else if pointer.version >= 5, distance % 15 == 0 {
                    pointer.sendAxisDiscrete(axis: axis, discrete: Int32(clamping: distance / 15))
                }
                pointer.sendAxis(time: inputTime, axis: axis, value: Double(distance))
            }
        }
        sendFrame(pointers)
        trace.record(.pointerInput(window: window.id, action: "scroll", x: dx, y: dy))
    }

    /// A press or touch lands on `target` (nil: the bare desktop). When
    /// another client's popups hold a grab, that is xdg-shell's user action
    /// that breaks it: every grabbing popup gets `popup_done` (the window
    /// manager dismisses them), and the press or touch itself reaches no
    /// client, as under wlroots and Mutter. Returns the window whose popups
    /// were dismissed, nil when there was no grab to break.
    func breaksPopupGrab(pressingOn target: Window?) -> Window? {
        guard let holder = shell.windowHoldingPopupGrab, target?.toplevel.client != holder.toplevel.client else { return nil }
        windowOperations?.breakPopupGrab(of: holder)
        return holder
    }

    // MARK: Moves and resizes the client starts

    /// `xdg_toplevel.move` or `resize` named `serial`: honoured only when it
    /// is the serial of a press still held on this very window (anything
    /// else is ignored, as real compositors ignore a stale serial).
    func pointerGrabRequested(_ window: Window, serial: UInt32, edges: XdgResizeEdges?) {
        let device = pointerDevice
        guard device.grab == nil, let held = device.pressSerial, held == serial, device.pressedWindow === window,
            window.isMapped
        else {
            trace.record(.interactiveGrabIgnored(window: window.id, serial: serial))
            return
        }
        if window.states.contains(.fullscreen) || window.states.contains(.maximized) {
            guard edges == nil else { return }  // a maximized window has no edge to drag
            if window.states.contains(.fullscreen) { windowOperations?.setFullscreen(window, on: nil, enable: false) }
            if window.states.contains(.maximized) { windowOperations?.setMaximized(window, false) }
        }
        if let edges {
            device.grab = .resize(window, edges: edges, startSize: window.size, startPointer: device.position)
            trace.record(.interactiveGrab(window: window.id, kind: "resize", ended: false))
        } else {
            device.grab = .move(
                window,
                offset: Point(
                    x: window.position.x - device.position.x,
                    y: window.position.y - device.position.y))
            trace.record(.interactiveGrab(window: window.id, kind: "move", ended: false))
        }
        // The grab owns the pointer: the client sees it leave until the grab ends.
        setPointerFocus(nil)
    }

    /// The pointer moved during a grab: a move places the window (the same
    /// path as a scripted move, so enter/leave and the preferred scale follow
    /// across displays); a resize asks for the new size with `resizing`.
    private func pointerGrabMoved(_ grab: PointerGrab, to point: Point) {
        switch grab {
        case .move(let window, let offset):
            guard window.isMapped, !window.isSurfaceDestroyed else { return }
            windowOperations?.place(window, at: Point(x: point.x + offset.x, y: point.y + offset.y))
        case .resize(let window, let edges, let startSize, let startPointer):
            guard window.isMapped, !window.isSurfaceDestroyed else { return }
            let dx = point.x - startPointer.x, dy = point.y - startPointer.y
            var size = startSize
            if edges.contains(.right) { size.width += dx }
            if edges.contains(.left) { size.width -= dx }
            if edges.contains(.bottom) { size.height += dy }
            if edges.contains(.top) { size.height -= dy }
            size = Size(width: max(1, size.width), height: max(1, size.height))
            windowOperations?.sendConfigure(window, initial: false, size: size, extraStates: .resizing, interactive: true)
        }
    }

    /// The last button went up: a move is over; a resize gets its final
    /// configure without `resizing`.
    private func endPointerGrab(_ grab: PointerGrab) {
        pointerDevice.grab = nil
        switch grab {
        case .move(let window, _):
            trace.record(.interactiveGrab(window: window.id, kind: "move", ended: true))
        case .resize(let window, _, _, _):
            trace.record(.interactiveGrab(window: window.id, kind: "resize", ended: true))
            guard window.toplevel.isAlive, let size = window.lastConfigure?.size else { return }
            guard let windowOperations else { return }
            window.requestedSize = windowOperations.clampToHints(size, of: window, interactive: true)
            windowOperations.sendConfigure(window, initial: false, size: size, extraStates: [], interactive: true)
        }
    }

    /// A window unmapped or went away: it loses pointer focus and any grab on it.
    func pointerWindowGone(_ window: Window) {
        let device = pointerDevice
        if device.grab?.window === window { device.grab = nil }
        if device.pressedWindow === window { device.pressedWindow = nil; device.pressSerial = nil }
        if device.focus === window {
            device.focus = nil
            device.focusSurface = nil
        }
    }
}
