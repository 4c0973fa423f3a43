import DioramaModel

/// One line of a scenario's body, in file order: a client launch, a window
/// declaration, an action, a wait or an expectation.
package struct Step: Hashable, Sendable, CustomStringConvertible {
    package var action: StepAction
    /// The line as written, without its comment and surrounding spaces.
    package var text: String
    /// The start of the line's first word.
    package var location: SourceLocation

    package init(_ action: StepAction, text: String, location: SourceLocation) {
        self.action = action
        self.text = text
        self.location = location
    }

    package var description: String { text }
}

/// Which displays a screenshot captures.
package enum ScreenshotTarget: Hashable, Sendable, CustomStringConvertible {
    /// Every display, composited as laid out.
    case all
    case display(NameReference)

    package var description: String {
        switch self {
        case .all: "all"
        case .display(let name): name.name
        }
    }
}

/// What a ``Step`` does. Window, display and client names are references the
/// validator has checked against the declarations before anything runs.
package enum StepAction: Hashable, Sendable {
    /// `launch TimerApp as timer [with K=V …]`.
    case launch(ClientLaunch)
    /// `window main = timer title "Main"`: wait for the window and name it.
    case declareWindow(WindowDeclaration)
    /// `move main to DP-2`: put the window on the display (centred, keeping its size
    /// where it fits).
    case moveToDisplay(window: NameReference, display: NameReference)
    /// `move main to 1800,200`: put the window's top-left corner at a global
    /// logical position (which may span displays).
    case moveToPosition(window: NameReference, position: Point)
    /// `resize main 900x700 [interactively in 10 steps]`: one configure, or an
    /// interactive resize (the `resizing` state) through `steps` evenly spaced
    /// sizes ending at the target, then a final configure without `resizing`.
    case resize(window: NameReference, size: Size, interactiveSteps: Int?)
    case focus(window: NameReference)
    case maximize(window: NameReference)
    /// `fullscreen tv [on TV]`: fullscreen, on the named display or the current one.
    case fullscreen(window: NameReference, display: NameReference?)
    case minimize(window: NameReference)
    /// `tile main left` / `right`: the window fills that half of its display,
    /// as KWin's and Mutter's quick-tile keys do; `untile main` (half nil)
    /// gives it back the frame it had.
    case tile(window: NameReference, half: HalfTile?)
    /// `close main`: the compositor asks the window to close (`xdg_toplevel.close`).
    case close(window: NameReference)
    /// `type main "hello"`: focus the window and type the text on the keyboard.
    case type(window: NameReference, text: String)
    /// `click main at 20,20`: the pointer moves to that point of the window
    /// (points from its top-left) and clicks the left button.
    case click(window: NameReference, at: Point)
    /// `click main at 20,20 twice`: two clicks there in one batch of events,
    /// as quick as a double-click can be (the app sees tap counts 1 and 2).
    case doubleClick(window: NameReference, at: Point)
    /// `drag main by 100,10 [to DP-2]`: as a user dragging the window by its
    /// top strip — press 10 points below the middle of its top edge, wait for
    /// the app to start a drag-move (`xdg_toplevel.move`), move the pointer
    /// by DX,DY (from the same place on DISPLAY when given), release.
    case drag(window: NameReference, by: Point, display: NameReference?)
    /// `touch main at 20,20 [to 80,20]`: a finger goes down on that point of
    /// the window, moves to the second point when given, and lifts.
    case touch(window: NameReference, at: Point, to: Point?)
    /// `press main at 20,20`: the pointer moves to that point of the window
    /// and the left button goes down, and stays down (a drag inside the window begins).
    case pointerPress(window: NameReference, at: Point)
    /// `move pointer main to 80,40`: the pointer moves to that point of the
    /// window (with the button held, the app sees its touch move).
    case pointerMove(window: NameReference, to: Point)
    /// `release main`: the left button comes up where the pointer is.
    case pointerRelease(window: NameReference)
    /// `press main key Right`: the window gets focus and the key (an xkb
    /// keysym name) goes down and stays down; the app repeats it.
    case keyPress(window: NameReference, key: String)
    /// `release main key Right`: a key `press … key` held comes up.
    case keyRelease(window: NameReference, key: String)
    /// `hold main key Right for 1s`: the key goes down, stays down for the
    /// duration (real time: the app's repeat timer runs on it), and comes up.
    case holdKey(window: NameReference, key: String, duration: ScenarioDuration)
    /// `scroll main at 100,100 by 0,40`: the pointer moves to that point of
    /// the window and scrolls by DX,DY points (positive: right, down).
    case scroll(window: NameReference, at: Point, by: Point)
    /// `rescale DP-1 to 1.5`.
    case rescaleDisplay(display: NameReference, scale: Scale)
    /// `rotate DP-1 to 90`.
    case rotateDisplay(display: NameReference, transform: OutputTransform)
    /// `move display DP-2 to 1920,0`.
    case moveDisplay(display: NameReference, position: Point)
    /// `plug display TV 1920x1080 scale 1 at 0,1080`.
    case plugDisplay(DisplaySpec)
    /// `unplug TV`.
    case unplugDisplay(display: NameReference)
    /// `screenshot [DISPLAY|all] as NAME`: a PNG called `NAME.png`.
    case screenshot(target: ScreenshotTarget, name: NameReference)
    /// `quit timer`: ask the client to exit (SIGTERM), then wait for it.
    case quit(client: NameReference)
    /// `relaunch timer`: start a quit client again with the same command and
    /// environment (and its saved state).
    case relaunch(client: NameReference)
    /// `wait 200ms`.
    case wait(ScenarioDuration)
    case waitUntil(WaitCondition)
    case expect(Expectation)

    /// The window the step acts on or checks, if any.
    package var window: NameReference? {
        switch self {
        case .declareWindow(let declaration): declaration.name
        case .moveToDisplay(let window, _), .moveToPosition(let window, _), .resize(let window, _, _),
            .focus(let window), .maximize(let window), .fullscreen(let window, _), .minimize(let window),
            .tile(let window, _), .close(let window), .type(let window, _), .click(let window, _), .drag(let window, _, _),
            .touch(let window, _, _), .doubleClick(let window, _), .pointerPress(let window, _), .pointerMove(let window, _),
            .pointerRelease(let window), .keyPress(let window, _), .keyRelease(let window, _),
            .holdKey(let window, _, _), .scroll(let window, _, _):
            window
        case .waitUntil(let condition): condition.window
        case .expect(let expectation): expectation.window
        case .launch, .rescaleDisplay, .rotateDisplay, .moveDisplay, .plugDisplay, .unplugDisplay,
            .screenshot, .quit, .relaunch, .wait:
            nil
        }
    }

    /// Whether this changes the scene (and so starts a new "since the step" period for
    /// commit and callback counts). Waits, expectations and window declarations only
    /// look; launches start the period for the windows they create.
    package var isAction: Bool {
        switch self {
        case .declareWindow, .wait, .waitUntil, .expect: false
        default: true
        }
    }

    /// Whether the step changes the displays (so a report re-reads their geometry).
    package var changesDisplays: Bool {
        switch self {
        case .rescaleDisplay, .rotateDisplay, .moveDisplay, .plugDisplay, .unplugDisplay: true
        default: false
        }
    }

    /// The step's first word, as the docs list it (`move`, `plug`, `expect`…).
    package var keyword: String {
        switch self {
        case .launch: "launch"
        case .declareWindow: "window"
        case .moveToDisplay, .moveToPosition: "move"
        case .resize: "resize"
        case .focus: "focus"
        case .maximize: "maximize"
        case .fullscreen: "fullscreen"
        case .minimize: "minimize"
        case .tile(_, let half): half == nil ? "untile" : "tile"
        case .close: "close"
        case .type: "type"
        case .click, .doubleClick: "click"
        case .drag: "drag"
        case .touch: "touch"
        case .pointerPress, .keyPress: "press"
        case .pointerMove: "move pointer"
        case .pointerRelease, .keyRelease: "release"
        case .holdKey: "hold"
        case .scroll: "scroll"
        case .rescaleDisplay: "rescale"
        case .rotateDisplay: "rotate"
        case .moveDisplay: "move display"
        case .plugDisplay: "plug display"
        case .unplugDisplay: "unplug"
        case .screenshot: "screenshot"
        case .quit: "quit"
        case .relaunch: "relaunch"
        case .wait: "wait"
        case .waitUntil: "wait until"
        case .expect: "expect"
        }
    }
}
