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
    /// The display as configured now: name, mode, scale, transform, position.
    public internal(set) var configuration: DisplayConfiguration
    /// False once unplugged.
    public internal(set) var isPlugged = true
    let outputScaleRounding: OutputScaleRounding
    /// How its wl_output and xdg_output events are laid out.
    let rules: OutputEventRules
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
        self.rules = eventStyle.rules
        self.identity = identity
        self.ordinal = ordinal
        self.factVariation = factVariation
    }

    /// The connector name (`DP-1`), as `wl_output.name` sends it.
    public var name: String { configuration.name }
    /// Position and size in the global logical space, in points.
    public var logicalRect: Rect { configuration.logicalRect }
    /// The logical rectangle windows are placed in: ``logicalRect`` less the usable insets.
    public var usableArea: Rect { configuration.usableArea }
    /// The display's (possibly fractional) scale.
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
    /// geometry, mode, scale (v2), name and description (v4), in the order of
    /// the profile's ``OutputEventRules``, then `done` (v2). `beforeDone`
    /// runs between the properties and the `done`, for events a variation
    /// sends inside the bind's batch.
    func sendInitialState(to output: WlOutput, beforeDone: () -> Void = {}) {
        for property in rules.bindOrder { send(property, to: output) }
        beforeDone()
        if output.version >= 2 { output.sendDone() }
    }

    /// The properties a change from `previous` sends, in bind order: what
    /// the rules' ``OutputEventRules/ChangeEvents`` say. `name` never: the
    /// protocol says it is sent once and never changes for a global.
    private func changedProperties(from previous: DisplayConfiguration) -> [OutputEventRules.Property] {
        let modeChanged = previous.mode != configuration.mode || previous.transform != configuration.transform
        let scaleChanged = previous.scale != configuration.scale
        let positionChanged = previous.position != configuration.position
        return rules.bindOrder.filter { property in
            switch (rules.changeEvents, property) {
            case (_, .name): false
            case (.all, _): true
            case (.geometryAndWhatChanged, .geometry): true
            case (.whatChanged, .geometry): modeChanged || (positionChanged && rules.geometryCarriesPosition)
            case (.modeOrScaleIfChanged, .geometry): false
            case (_, .mode): modeChanged
            case (_, .scale): scaleChanged
            case (.geometryAndWhatChanged, .description), (.whatChanged, .description),
                (.modeOrScaleIfChanged, .description):
                false
            }
        }
    }

    /// One property event, if `output`'s version has it.
    private func send(_ property: OutputEventRules.Property, to output: WlOutput) {
        let configuration = configuration
        let identity = identityFacts
        switch property {
        case .geometry:
            let position = rules.geometryCarriesPosition ? configuration.position : .zero
            output.sendGeometry(
                x: Int32(clamping: position.x), y: Int32(clamping: position.y),
                physicalWidth: Int32(clamping: identity.physicalSizeMM.width),
                physicalHeight: Int32(clamping: identity.physicalSizeMM.height),
                subpixel: .unknown, make: identity.make, model: identity.model,
                transform: WlOutput.Transform(rawValue: UInt32(configuration.transform.rawValue)))
        case .mode:
            output.sendMode(
                flags: factVariation.modeFlags, width: Int32(clamping: configuration.mode.width),
                height: Int32(clamping: configuration.mode.height),
                refresh: Int32(clamping: configuration.mode.refreshMilliHz))
        case .scale:
            if output.version >= 2 { output.sendScale(factor: Int32(outputScale)) }
        case .name:
            if output.version >= 4 { output.sendName(name: identity.name) }
        case .description:
            if output.version >= 4 { output.sendDescription(description: identity.description) }
        }
    }

    /// Sends the logical position and size (and, on creation, name and
    /// description) to an xdg_output, then the `done` its version calls for:
    /// since version 3 xdg_output.done is deprecated and wl_output.done ends
    /// the batch instead. On a change from `previous` under rules that send
    /// only what changed, an unchanged position or size is left out.
    func sendState(
        to xdgOutput: ZxdgOutputV1, of output: WlOutput, isCreation: Bool, sendDone: Bool,
        changedFrom previous: DisplayConfiguration? = nil
    ) {
        let rect = logicalRect
        let before = rules.changeEvents == .whatChanged ? previous?.logicalRect : nil
        let sendsNames = xdgOutput.version >= 2 && isCreation
        if sendsNames && rules.xdgNamesFirst { sendNames(to: xdgOutput) }
        if before.map({ $0.origin != rect.origin }) ?? true {
            xdgOutput.sendLogicalPosition(x: Int32(clamping: rect.minX), y: Int32(clamping: rect.minY))
        }
        if before.map({ $0.size != rect.size }) ?? true {
            xdgOutput.sendLogicalSize(width: Int32(clamping: rect.width), height: Int32(clamping: rect.height))
        }
        if sendsNames && !rules.xdgNamesFirst { sendNames(to: xdgOutput) }
        guard sendDone else { return }
        if xdgOutput.version >= 3 {
            if output.isAlive && output.version >= 2 { output.sendDone() }
        } else {
            xdgOutput.sendDone()
            if isCreation && rules.wlOutputDoneAfterXdgDone && output.isAlive && output.version >= 2 { output.sendDone() }
        }
    }

    /// The name, and the description where the rules send one.
    private func sendNames(to xdgOutput: ZxdgOutputV1) {
        let identity = identityFacts
        xdgOutput.sendName(name: identity.name)
        if rules.xdgDescription { xdgOutput.sendDescription(description: identity.description) }
    }

    /// After a move, rescale or rotation: every bound output gets its new
    /// state, xdg_output updates in the same batch, then one `done` per output.
    /// With `sendingDone` false the `done` waits for ``broadcastDone()``.
    func broadcastState(changedFrom previous: DisplayConfiguration, sendingDone: Bool = true) {
        let properties = changedProperties(from: previous)
        for output in outputs where output.isAlive {
            let boundXdgOutputs = xdgOutputs.filter { $0.output === output && $0.xdgOutput.isAlive }.map(\.xdgOutput)
            if !rules.xdgFirstOnChange { for property in properties { send(property, to: output) } }
            for xdgOutput in boundXdgOutputs {
                sendState(
                    to: xdgOutput, of: output, isCreation: false,
                    sendDone: xdgOutput.version < 3 && !rules.xdgDoneLastOnChange, changedFrom: previous)
            }
            if rules.xdgFirstOnChange { for property in properties { send(property, to: output) } }
            let toldSomething = !properties.isEmpty || !boundXdgOutputs.isEmpty
            if sendingDone && output.version >= 2 && (toldSomething || !rules.doneOnlyAfterEvents) { output.sendDone() }
            if rules.xdgDoneLastOnChange {
                for xdgOutput in boundXdgOutputs where xdgOutput.version < 3 { xdgOutput.sendDone() }
            }
        }
    }

    /// Ends a change's batch on every bound output (see ``broadcastState(changedFrom:sendingDone:)``).
    func broadcastDone() {
        for output in outputs where output.isAlive && output.version >= 2 { output.sendDone() }
    }
}
