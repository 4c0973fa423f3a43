import DioramaModel

// The window half's side of the wiring: the ``WindowOperations`` the
// surface, output and seat servers and the display and input commands call
// (a client's drag, a display change moving windows, a destroyed surface),
// forwarded to the ``WindowManager`` and the ``XdgShellServer``.

extension Simulator {
    /// See ``WindowManager/sendConfigure(_:initial:size:extraStates:interactive:)``.
    @discardableResult
    func sendConfigure(
        _ window: Window, initial: Bool = false, size: Size? = nil,
        extraStates: ToplevelStates = [], interactive: Bool = false
    ) -> UInt32? {
        windowManager.sendConfigure(window, initial: initial, size: size, extraStates: extraStates, interactive: interactive)
    }

    func clampToHints(_ size: Size, of window: Window, interactive: Bool) -> Size {
        windowManager.clampToHints(size, of: window, interactive: interactive)
    }

    func setMaximized(_ window: Window, _ maximized: Bool) { windowManager.setMaximized(window, maximized) }

    func setFullscreen(_ window: Window, on display: Display?, enable: Bool = true) {
        windowManager.setFullscreen(window, on: display, enable: enable)
    }

    func place(_ window: Window, at position: Point) { windowManager.place(window, at: position) }

    func relocate(_ window: Window, from source: Display?, to target: Display) {
        windowManager.relocate(window, from: source, to: target)
    }

    func windowFrameChanged(_ window: Window) { windowManager.windowFrameChanged(window) }

    func windowSurfaceDestroyed(_ window: Window) { windowManager.windowSurfaceDestroyed(window) }

    func reconstrainReactivePopups(of window: Window) { xdgShell.reconstrainReactivePopups(of: window) }
}
