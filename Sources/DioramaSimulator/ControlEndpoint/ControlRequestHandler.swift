import DioramaControlProtocol
import DioramaModel

extension Simulator {
    /// The control endpoint's requests, carried out on this simulator.
    var controlRequests: ControlRequestHandler { ControlRequestHandler(simulator: self) }
}

/// Control requests carried out on the simulator's thread, through the
/// simulator's public control API. The control endpoint's connection
/// threads reach this through ``RemoteControl``; the requests that take
/// time (screenshots to encode, a trace to follow, a window to wait for) are
/// split so that only the quick part runs here (``ControlConnection`` does
/// the rest).
struct ControlRequestHandler {
    let simulator: Simulator

    /// Carries out a request that completes at once and describes the result.
    ///
    /// - Throws: ``ControlFailure/failed(_:)`` with a message saying what is
    ///   wrong and, for an unknown window, which windows there are.
    func handle(_ request: ControlRequest) throws(ControlFailure) -> ControlResponse {
        let simulator = simulator
        var response = ControlResponse()
        do {
            switch request {
            case .listWindows:
                response.windows = simulator.windows.map(ControlWindowInfo.init)
            case .listDisplays:
                response.displays = simulator.displays.map { ControlDisplayInfo($0, isDefault: $0.name == simulator.defaultDisplayName) }
            case .moveWindow(let selector, .display(let name)):
                try simulator.moveWindow(selector, toDisplay: name)
            case .moveWindow(let selector, .position(let point)):
                try simulator.moveWindow(selector, to: point)
            case .resizeWindow(let selector, let size, let steps?):
                try simulator.resizeWindowInteractively(selector, to: size, steps: steps)
            case .resizeWindow(let selector, let size, nil):
                try simulator.resizeWindow(selector, to: size)
            case .focusWindow(let selector):
                try simulator.focusWindow(selector)
            case .maximizeWindow(let selector, let on):
                try simulator.maximizeWindow(selector, on)
            case .minimizeWindow(let selector, let on):
                try simulator.minimizeWindow(selector, on)
            case .halfTileWindow(let selector, let half):
                try simulator.halfTileWindow(selector, half)
            case .fullscreenWindow(let selector, let display, let on):
                try simulator.fullscreenWindow(selector, on: display, on)
            case .closeWindow(let selector):
                try simulator.closeWindow(selector)
            case .typeText(let selector, let text):
                try simulator.typeText(text, into: selector)
            case .pressKeys(let selector, let keys):
                try simulator.pressKeys(keys, in: selector)
            case .pointer(let action):
                try carryOut(action)
                response.warning = reachedNoWindow(action)
            case .touch(let action):
                try carryOut(action)
            case .setDisplayScale(let name, let scale):
                try simulator.setScale(scale, ofDisplay: name)
            case .setDisplayTransform(let name, let transform):
                try simulator.setTransform(transform, ofDisplay: name)
            case .moveDisplay(let name, let point):
                try simulator.moveDisplay(name, to: point)
            case .plugDisplay(let configuration):
                try simulator.plugDisplay(configuration)
            case .unplugDisplay(let name):
                try simulator.unplugDisplay(name)
            case .screenshot, .trace, .wait:
                preconditionFailure("\(request) is carried out by the control connection, not in one step")
            }
        } catch {
            throw failure(error)
        }
        return response
    }

    private func carryOut(_ action: PointerAction) throws(SimulatorControlError) {
        switch action {
        case .move(let location): try simulator.movePointer(to: location)
        case .press(let button, let location):
            if let location { try simulator.movePointer(to: location) }
            simulator.pressPointerButton(button)
        case .release(let button, let location):
            if let location { try simulator.movePointer(to: location) }
            simulator.releasePointerButton(button)
        case .click(let button, let location):
            if let location { try simulator.movePointer(to: location) }
            simulator.clickPointer(button)
        case .scroll(let dx, let dy): simulator.scrollPointer(dx: dx, dy: dy)
        }
    }

    /// For a button or scroll that no window got (nothing under the
    /// pointer, no button held on a window, or a press that broke a popup
    /// grab): a warning saying so, since the request itself succeeded (a
    /// click on the bare desktop is legal).
    private func reachedNoWindow(_ action: PointerAction) -> String? {
        let what: String
        switch action {
        case .move: return nil
        case .press: what = "press"
        case .release: what = "release"
        case .click: what = "click"
        case .scroll: what = "scroll"
        }
        if what == "press" || what == "click", let holder = simulator.seat.pointerDevice.pressBrokePopupGrabOf {
            return
                "the \(what) landed outside the client of window \(holder.id), whose popups held a grab: they were dismissed (popup_done), and no client got the \(what)"
        }
        guard simulator.seat.pointerDevice.focus == nil else { return nil }
        let at = simulator.pointerPosition
        return "no window is under the pointer at \(at.x),\(at.y): the \(what) reached no client (`diorama ctl windows` lists where the windows are)"
    }

    private func carryOut(_ action: TouchAction) throws(SimulatorControlError) {
        switch action {
        case .down(let id, let location): try simulator.touchDown(id: id, at: location)
        case .move(let id, let location): try simulator.touchMove(id: id, to: location)
        case .up(let id): try simulator.touchUp(id: id)
        case .cancel: simulator.cancelTouches()
        }
    }

    /// Carries out `requests` in order and stops after the first that
    /// leaves a client behind on reading its events (``ClientBacklog``): the
    /// control connection waits for it before handing over the rest. The
    /// events go out when the event loop flushes after this job (or earlier,
    /// when libwayland's buffer for a client fills).
    ///
    /// A long batch is carried out in slices: this stops after
    /// ``sliceRequests`` requests or ``sliceDuration``,
    /// whichever comes first, and the connection hands over the rest as a new
    /// job, so the event loop serves every client in between (a batch of
    /// 1,000 display changes once held every other client for minutes).
    func handle(_ requests: [ControlRequest]) -> ControlProgress {
        var progress = ControlProgress()
        let sliceEnd = ContinuousClock.now + Self.sliceDuration
        for request in requests.prefix(Self.sliceRequests) {
            if !progress.responses.isEmpty && ContinuousClock.now >= sliceEnd { break }
            do {
                progress.responses.append(try handle(request))
            } catch {
                progress.responses.append(ControlResponse(error))
            }
            progress.backlog = simulator.clientBacklog.find()  // between requests of a batch: no flush
            if !progress.backlog.isEmpty { break }
        }
        return progress
    }

    /// The most requests of a batch carried out in one turn of the event
    /// loop: a slice never holds the other clients up for long, even where
    /// the clock is coarse or each request is cheap but many.
    static let sliceRequests = 64
    /// How long one slice of a batch may hold the simulator's thread before
    /// the rest waits for the next turn (a request under way is finished).
    static let sliceDuration: Duration = .milliseconds(10)

    /// The picture a screenshot request asks for, with its memory taken from
    /// the simulator's `screenshotBudget` (give it back once the picture is written); or,
    /// when the pictures in flight leave no room for it, nothing yet: the
    /// request waits on its own thread and asks again.
    func screenshot(display: String?, scale: Scale?) throws(ControlFailure) -> ControlScreenshotAttempt {
        let plan: ScreenshotPlan
        do {
            if let display {
                plan = try simulator.screenshots.screenshotPlan(ofDisplay: display, orientation: .upright)
            } else {
                plan = try simulator.screenshots.layoutScreenshotPlan(scale: scale ?? .one)
            }
        } catch {
            throw failure(error)
        }
        let budget = simulator.screenshotBudget
        switch budget.tryReserve(plan.bytes) {
        case .reserved(let reservation): return .taken(plan.take(), reservation)
        case .noRoom(let releasesSoFar): return .waitForRoom(budget, releasesSoFar: releasesSoFar)
        }
    }

    /// A control error as the endpoint reports it. An unknown or ambiguous
    /// window lists the windows there are, so the user can pick one.
    func failure(_ error: SimulatorControlError) -> ControlFailure {
        switch error {
        case .noSuchWindow, .ambiguousWindow, .windowNotMapped:
            let windows = simulator.windows
            let known =
                windows.isEmpty
                ? "there are no windows"
                : "the windows are: " + windows.map { "id:\($0.id) app_id:\($0.appID) title:\($0.title)" }.joined(separator: "; ")
            return .failed("\(error); \(known)")
        default:
            return .failed(error.description)
        }
    }
}

/// How far a batch (`ControlRequestHandler.handle(_:)`) got: the answers to the
/// requests it carried out, and the clients left behind by the last one.
struct ControlProgress: Sendable {
    var responses: [ControlResponse] = []
    var backlog: [ClientBacklog] = []
}

/// What a screenshot request got on the simulator's thread.
enum ControlScreenshotAttempt: Sendable {
    /// The picture, and its bytes in the screenshot budget.
    case taken(Screenshot, ScreenshotMemoryBudget.Reservation)
    /// No room in the budget: wait for a release after this many, then ask again.
    case waitForRoom(ScreenshotMemoryBudget, releasesSoFar: Int)
}
