import DioramaModel
import WaylandClient

/// One output (monitor) of the compositor: the bound `wl_output`, its
/// optional `zxdg_output_v1`, and the description last completed.
///
/// Identity matters: the same `Output` object stands for the output as long
/// as its global exists, so surfaces can keep sets of the outputs they are on.
///
/// ## When an update is complete
/// Events about an output come in batches, and `info` is replaced only when a
/// batch is complete, so readers never see half an update:
/// - `wl_output` v2+: a batch ends with `wl_output.done`. (v1 has no `done`;
///   each event is its own batch.)
/// - `zxdg_output_manager_v1` v1/v2: the xdg-output's events end with their
///   own `zxdg_output_v1.done`.
/// - `zxdg_output_manager_v1` v3: `zxdg_output_v1.done` is deprecated and the
///   xdg-output's events are followed by a `wl_output.done` instead.
/// The first description is published only once both halves are complete:
/// the `wl_output` batch, and — when the compositor has xdg-output — the first
/// xdg batch (for v3: a `wl_output.done` after xdg events arrived).
package final class Output {
    /// The bound `wl_output` (for `xdg_toplevel.set_fullscreen`, …).
    package let wlOutput: WlOutput
    /// The registry name of the output's global.
    package let globalName: UInt32
    /// The description at the last completed update (see the type's comment).
    package private(set) var info: OutputInfo
    /// True once `info` has been published; outputs that are not ready are
    /// not listed by `OutputState.outputs`.
    package private(set) var isReady = false

    private(set) var xdgOutput: ZxdgOutputV1?
    private var xdgManagerVersion: UInt32 = 0
    private var pending: OutputInfo
    private var wlName: String?
    private var wlDescription: String?
    private var xdgName: String?
    private var xdgDescription: String?
    private var xdgLogicalPosition: Point?
    private var xdgLogicalSize: Size?
    private var wlBatchSeen = false
    private var xdgEventSeen = false
    private var xdgBatchComplete = false

    /// Called after each published update: (output, previous info or nil for the first).
    var published: ((Output, OutputInfo?) -> Void)?

    init(wlOutput: WlOutput, globalName: UInt32) {
        self.wlOutput = wlOutput
        self.globalName = globalName
        info = OutputInfo(globalName: globalName)
        pending = info
        wlOutput.onEvent = { [weak self] event in self?.outputEventArrived(event) }
    }

    /// Starts following the xdg-output of this output.
    func attachXdgOutput(manager: ZxdgOutputManagerV1) {
        guard xdgOutput == nil else { return }
        xdgManagerVersion = manager.version
        let xdg = manager.getXdgOutput(output: wlOutput)
        xdg.onEvent = { [weak self] event in self?.xdgOutputEventArrived(event) }
        xdgOutput = xdg
    }

    /// Destroys the protocol objects after the global was withdrawn.
    func destroy() {
        published = nil
        if let xdgOutput {
            xdgOutput.onEvent = nil
            xdgOutput.destroy()
        }
        xdgOutput = nil
        wlOutput.onEvent = nil
        // wl_output.release exists from version 3; older ones can only be forgotten.
        if wlOutput.version >= 3 { wlOutput.release() } else { wlOutput.destroyLocally() }
    }

    // MARK: Events

    /// Fires at bind time with the output's full description, and again with
    /// whatever changes later (a mode switch, a new scale or transform).
    private func outputEventArrived(_ event: WlOutput.Event) {
        switch event {
        case let .geometry(x, y, physicalWidth, physicalHeight, subpixel, make, model, transform):
            pending.position = Point(x: Int(x), y: Int(y))
            pending.physicalSizeMM = Size(width: Int(physicalWidth), height: Int(physicalHeight))
            pending.subpixel = subpixel
            pending.make = make
            pending.model = model
            pending.transform = OutputTransform(rawValue: Int(transform.rawValue)) ?? .normal
        case let .mode(flags, width, height, refresh):
            let mode = OutputMode(
                pixels: Size(width: Int(width), height: Int(height)),
                refreshMilliHz: Int(refresh),
                isCurrent: flags.contains(.current), isPreferred: flags.contains(.preferred))
            if mode.isCurrent {
                for index in pending.modes.indices { pending.modes[index].isCurrent = false }
            }
            if let index = pending.modes.firstIndex(where: { $0.pixels == mode.pixels && $0.refreshMilliHz == mode.refreshMilliHz }) {
                pending.modes[index] = mode
            } else {
                pending.modes.append(mode)
            }
        case let .scale(factor):
            pending.scale = Int(factor)
        case let .name(name):
            wlName = name
        case let .description(description):
            wlDescription = description
        case .done:
            wlBatchSeen = true
            if xdgManagerVersion >= 3 && xdgEventSeen { xdgBatchComplete = true }
            publishIfComplete()
            return
        }
        if wlOutput.version < 2 {
            // wl_output v1 has no `done`: every event stands alone.
            wlBatchSeen = true
            publishIfComplete()
        }
    }

    /// Fires after `get_xdg_output` with the logical geometry (and name and
    /// description from manager v2), and again when the layout changes.
    private func xdgOutputEventArrived(_ event: ZxdgOutputV1.Event) {
        switch event {
        case let .logicalPosition(x, y):
            xdgLogicalPosition = Point(x: Int(x), y: Int(y))
        case let .logicalSize(width, height):
            xdgLogicalSize = Size(width: Int(width), height: Int(height))
        case let .name(name):
            xdgName = name
        case let .description(description):
            xdgDescription = description
        case .done:
            // Managers v1/v2 end an xdg batch here; v3 compositors do not send it
            // (and if one does, the following wl_output.done publishes anyway).
            xdgBatchComplete = true
            publishIfComplete()
            return
        }
        xdgEventSeen = true
    }

    private func publishIfComplete() {
        guard wlBatchSeen, xdgOutput == nil || xdgBatchComplete else { return }
        var next = pending
        next.name = wlName ?? xdgName
        next.description = wlDescription ?? xdgDescription
        if let xdgLogicalPosition, let xdgLogicalSize {
            next.logicalPosition = xdgLogicalPosition
            next.logicalSize = xdgLogicalSize
            next.hasXdgOutputGeometry = true
        } else {
            next.logicalPosition = next.position
            next.logicalSize = next.derivedLogicalSize
            next.hasXdgOutputGeometry = false
        }
        let first = !isReady
        guard first || next != info else { return }
        let previous = info
        info = next
        isReady = true
        published?(self, first ? nil : previous)
    }
}

extension Output: Hashable {
    package static func == (lhs: Output, rhs: Output) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Output: CustomStringConvertible {
    package var description: String {
        "Output(\(info.name ?? "global \(globalName)"), \(info.modePixels) @\(info.scale)x, logical \(info.logicalSize) at \(info.logicalPosition))"
    }
}
