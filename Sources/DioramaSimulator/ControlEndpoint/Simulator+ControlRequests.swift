import DioramaControlProtocol
import DioramaModel

// Control requests carried out on the simulator's thread. The control
// endpoint's connection threads reach this through RemoteControl; the
// requests that take time (screenshots to encode, a trace to follow, a
// window to wait for) are split so that only the quick part runs here
// (ControlConnection does the rest).

extension Simulator {
    /// Carries out a request that completes at once and describes the result.
    ///
    /// - Throws: ``ControlFailure/failed(_:)`` with a message saying what is
    ///   wrong and, for an unknown window, which windows there are.
    func handleControlRequest(_ request: ControlRequest) throws(ControlFailure) -> ControlResponse {
        var response = ControlResponse()
        do {
            switch request {
            case .listWindows:
                response.windows = windows.map(ControlWindowInfo.init)
            case .listDisplays:
                response.displays = displays.map { ControlDisplayInfo($0, isDefault: $0.name == defaultDisplayName) }
            case .moveWindow(let selector, .display(let name)):
                try moveWindow(selector, toDisplay: name)
            case .moveWindow(let selector, .position(let point)):
                try moveWindow(selector, to: point)
            case .resizeWindow(let selector, let size, let steps?):
                try resizeWindowInteractively(selector, to: size, steps: steps)
            case .resizeWindow(let selector, let size, nil):
                try resizeWindow(selector, to: size)
            case .focusWindow(let selector):
                try focusWindow(selector)
            case .maximizeWindow(let selector, let on):
                try maximizeWindow(selector, on)
            case .minimizeWindow(let selector, let on):
                try minimizeWindow(selector, on)
            case .fullscreenWindow(let selector, let display, let on):
                try fullscreenWindow(selector, on: display, on)
            case .closeWindow(let selector):
                try closeWindow(selector)
            case .typeText(let selector, let text):
                try typeText(text, into: selector)
            case .pressKeys(let selector, let keys):
                try pressKeys(keys, in: selector)
            case .pointer(let action):
                try carryOut(action)
            case .touch(let action):
                try carryOut(action)
            case .setDisplayScale(let name, let scale):
                try setScale(scale, ofDisplay: name)
            case .setDisplayTransform(let name, let transform):
                try setTransform(transform, ofDisplay: name)
            case .moveDisplay(let name, let point):
                try moveDisplay(name, to: point)
            case .plugDisplay(let configuration):
                try plugDisplay(configuration)
            case .unplugDisplay(let name):
                try unplugDisplay(name)
            case .screenshot, .trace, .wait:
                preconditionFailure("\(request) is carried out by the control connection, not in one step")
            }
        } catch {
            throw controlFailure(error)
        }
        return response
    }

    private func carryOut(_ action: PointerAction) throws(SimulatorControlError) {
        switch action {
        case .move(let location): try movePointer(to: location)
        case .press(let button, let location):
            if let location { try movePointer(to: location) }
            pressPointerButton(button)
        case .release(let button, let location):
            if let location { try movePointer(to: location) }
            releasePointerButton(button)
        case .click(let button, let location):
            if let location { try movePointer(to: location) }
            clickPointer(button)
        case .scroll(let dx, let dy): scrollPointer(dx: dx, dy: dy)
        }
    }

    private func carryOut(_ action: TouchAction) throws(SimulatorControlError) {
        switch action {
        case .down(let id, let location): try touchDown(id: id, at: location)
        case .move(let id, let location): try touchMove(id: id, to: location)
        case .up(let id): try touchUp(id: id)
        case .cancel: cancelTouches()
        }
    }

    /// Carries out `requests` in order and stops after the first that
    /// leaves a client behind on reading its events (``ClientBacklog``): the
    /// control connection waits for it before handing over the rest. The
    /// events go out when the event loop flushes after this job (or earlier,
    /// when libwayland's buffer for a client fills).
    ///
    /// A long batch is carried out in slices: this stops after
    /// ``controlSliceRequests`` requests or ``controlSliceDuration``,
    /// whichever comes first, and the connection hands over the rest as a new
    /// job, so the event loop serves every client in between (a batch of
    /// 1,000 display changes once held every other client for minutes).
    func handleControlRequests(_ requests: [ControlRequest]) -> ControlProgress {
        var progress = ControlProgress()
        let sliceEnd = ContinuousClock.now + Self.controlSliceDuration
        for request in requests.prefix(Self.controlSliceRequests) {
            if !progress.responses.isEmpty && ContinuousClock.now >= sliceEnd { break }
            do {
                progress.responses.append(try handleControlRequest(request))
            } catch {
                progress.responses.append(ControlResponse(error))
            }
            progress.backlog = findBackloggedClients()
            if !progress.backlog.isEmpty { break }
        }
        return progress
    }

    /// The most requests of a batch carried out in one turn of the event
    /// loop: a slice never holds the other clients up for long, even where
    /// the clock is coarse or each request is cheap but many.
    static let controlSliceRequests = 64
    /// How long one slice of a batch may hold the simulator's thread before
    /// the rest waits for the next turn (a request under way is finished).
    static let controlSliceDuration: Duration = .milliseconds(10)

    /// The picture a screenshot request asks for, with its memory taken from
    /// ``screenshotBudget`` (give it back once the picture is written); or,
    /// when the pictures in flight leave no room for it, nothing yet: the
    /// request waits on its own thread and asks again.
    func controlScreenshot(display: String?, scale: Scale?) throws(ControlFailure) -> ControlScreenshotAttempt {
        let plan: ScreenshotPlan
        do {
            if let display {
                plan = try screenshotPlan(ofDisplay: display, orientation: .upright)
            } else {
                plan = try layoutScreenshotPlan(scale: scale ?? .one)
            }
        } catch {
            throw controlFailure(error)
        }
        switch screenshotBudget.tryReserve(plan.bytes) {
        case .reserved(let reservation): return .taken(plan.take(), reservation)
        case .noRoom(let releasesSoFar): return .waitForRoom(screenshotBudget, releasesSoFar: releasesSoFar)
        }
    }

    /// A control error as the endpoint reports it. An unknown or ambiguous
    /// window lists the windows there are, so the user can pick one.
    func controlFailure(_ error: SimulatorControlError) -> ControlFailure {
        switch error {
        case .noSuchWindow, .ambiguousWindow, .windowNotMapped:
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

/// How far ``Simulator/handleControlRequests(_:)`` got: the answers to the
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
