import DioramaControlProtocol
import DioramaModel
import WaylandServer

/// One display of the running simulator: its configuration, its `wl_output`
/// global, and the output objects clients bound to it.
///
/// A display is created from a ``DisplayConfiguration`` when the simulator
/// starts or a display is plugged, and changes when a script moves, rescales
/// or rotates it. Unplugging removes its global (clients get
/// `wl_registry.global_remove`); objects clients already bound stay usable
/// until they release them, as with real hot-unplug.
public final class Display {
    public internal(set) var configuration: DisplayConfiguration
    /// False once unplugged.
    public internal(set) var isPlugged = true
    let outputScaleRounding: OutputScaleRounding
    let eventStyle: OutputEventStyle
    /// Whose name, make, model and physical size clients see.
    let identity: OutputIdentity
    /// This display's place among all displays added so far, from 0 (KWin's `Virtual-N`).
    let ordinal: Int
    /// What an explore variation changes in the facts this display reports.
    let factVariation: OutputFactVariation
    var global: Global<WlOutput>?
    /// Every `wl_output` bound to this display and still alive.
    var outputs: [WlOutput] = []
    /// Every `zxdg_output_v1` made for one of `outputs`.
    var xdgOutputs: [(xdgOutput: ZxdgOutputV1, output: WlOutput)] = []

    init(
        configuration: DisplayConfiguration, outputScaleRounding: OutputScaleRounding,
        eventStyle: OutputEventStyle = .complete, identity: OutputIdentity = .layout, ordinal: Int = 0,
        factVariation: OutputFactVariation = OutputFactVariation()
    ) {
        self.configuration = configuration
        self.outputScaleRounding = outputScaleRounding
        self.eventStyle = eventStyle
        self.identity = identity
        self.ordinal = ordinal
        self.factVariation = factVariation
    }

    public var name: String { configuration.name }
    public var logicalRect: Rect { configuration.logicalRect }
    public var usableArea: Rect { configuration.usableArea }
    public var scale: Scale { configuration.scale }

    /// The integer `wl_output.scale`: the fractional scale rounded by the
    /// simulator's rule (ceil by default, so 1.25 and 1.5 both give 2).
    public var outputScale: Int {
        switch outputScaleRounding {
        case .ceil: configuration.scale.ceil()
        case .round: configuration.scale.round()
        }
    }

    /// The name, description, make, model and physical size clients are told.
    var identityFacts: OutputIdentityFacts { factVariation.applied(to: identity.facts(of: configuration, ordinal: ordinal)) }

    var fact: DisplayFact {
        DisplayFact(
            display: name, logicalRect: logicalRect, scale120: scale.numerator120,
            outputScale: outputScale, transform: configuration.transform)
    }

    /// The live output objects `client` bound to this display.
    func outputs(of client: OpaquePointer) -> [WlOutput] {
        outputs.filter { $0.client == client && $0.isAlive }
    }

    // MARK: Sending output state

    /// Sends everything a client learns about an output when it binds it:
    /// geometry, mode, scale (v2), name and description (v4), then `done` (v2).
    func sendInitialState(to output: WlOutput) {
        sendProperties(to: output, includingName: true)
        if output.version >= 2 { output.sendDone() }
    }

    /// geometry, mode, scale and description; `name` only when asked, because
    /// the protocol says it is sent once and never changes for a global.
    /// `changedFrom` (the configuration before a change) limits a wlroots-style
    /// update to geometry plus the mode or scale that changed.
    private func sendProperties(to output: WlOutput, includingName: Bool, changedFrom previous: DisplayConfiguration? = nil) {
        let configuration = configuration
        let identity = identityFacts
        let partial = eventStyle == .wlroots ? previous : nil
        let position = eventStyle == .wlroots ? Point.zero : configuration.position
        output.sendGeometry(
            x: Int32(clamping: position.x), y: Int32(clamping: position.y),
            physicalWidth: Int32(clamping: identity.physicalSizeMM.width),
            physicalHeight: Int32(clamping: identity.physicalSizeMM.height),
            subpixel: .unknown, make: identity.make, model: identity.model,
            transform: WlOutput.Transform(rawValue: UInt32(configuration.transform.rawValue)))
        let sendsMode = partial == nil || partial?.mode != configuration.mode || partial?.transform != configuration.transform
        let sendsScale = output.version >= 2 && (partial == nil || partial?.scale != configuration.scale)
        // weston sends the scale first; everyone else the mode.
        if sendsScale && eventStyle == .weston { output.sendScale(factor: Int32(outputScale)) }
        if sendsMode {
            output.sendMode(
                flags: factVariation.modeFlags, width: Int32(clamping: configuration.mode.width),
                height: Int32(clamping: configuration.mode.height),
                refresh: Int32(clamping: configuration.mode.refreshMilliHz))
        }
        if sendsScale && eventStyle != .weston { output.sendScale(factor: Int32(outputScale)) }
        if output.version >= 4 && partial == nil {
            if includingName { output.sendName(name: identity.name) }
            output.sendDescription(description: identity.description)
        }
    }

    /// Sends the logical position and size (and, on creation, name and
    /// description) to an xdg_output, then the `done` its version calls for:
    /// since version 3 xdg_output.done is deprecated and wl_output.done ends
    /// the batch instead.
    ///
    /// wlroots-style: name and description come first, and on creation an
    /// xdg_output.done (before version 3) is followed by a wl_output.done.
    func sendState(to xdgOutput: ZxdgOutputV1, of output: WlOutput, isCreation: Bool, sendDone: Bool) {
        let rect = logicalRect
        let sendsNames = xdgOutput.version >= 2 && isCreation
        if sendsNames && eventStyle == .wlroots { sendNames(to: xdgOutput) }
        xdgOutput.sendLogicalPosition(x: Int32(clamping: rect.minX), y: Int32(clamping: rect.minY))
        xdgOutput.sendLogicalSize(width: Int32(clamping: rect.width), height: Int32(clamping: rect.height))
        if sendsNames && eventStyle != .wlroots { sendNames(to: xdgOutput) }
        guard sendDone else { return }
        if xdgOutput.version >= 3 {
            if output.isAlive && output.version >= 2 { output.sendDone() }
        } else {
            xdgOutput.sendDone()
            if isCreation && eventStyle == .wlroots && output.isAlive && output.version >= 2 { output.sendDone() }
        }
    }

    /// The name, and the description except weston's (it sends none).
    private func sendNames(to xdgOutput: ZxdgOutputV1) {
        let identity = identityFacts
        xdgOutput.sendName(name: identity.name)
        if eventStyle != .weston { xdgOutput.sendDescription(description: identity.description) }
    }

    /// After a move, rescale or rotation: every bound output gets its new
    /// state, xdg_output updates in the same batch, then one `done` per output.
    func broadcastState(changedFrom previous: DisplayConfiguration) {
        for output in outputs where output.isAlive {
            sendProperties(to: output, includingName: false, changedFrom: previous)
            for entry in xdgOutputs where entry.output === output && entry.xdgOutput.isAlive {
                sendState(to: entry.xdgOutput, of: output, isCreation: false, sendDone: entry.xdgOutput.version < 3)
            }
            if output.version >= 2 { output.sendDone() }
        }
    }
}
