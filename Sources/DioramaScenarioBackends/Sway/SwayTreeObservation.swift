import DioramaModel
import DioramaScenarios
import HeadlessCompositors
import SwayIPC

/// Fills the Wayland-level facts sway's tree shows about a window: pure, so it
/// is tested on recorded trees.
///
/// - displays entered: the active outputs the window's rectangle overlaps,
///   which is where sway sends `wl_surface.enter` (a fullscreen window is on
///   its output; a scratchpad window on none);
/// - frame (so width and height): the container's rectangle; windows float
///   with no border, so it is the window geometry;
/// - states: `fullscreen` from the fullscreen mode, `activated` from focus.
///   The tree does not say what size sway last configured, so `configure WxH`
///   is unavailable.
enum SwayTreeObservation {
    static let noConfigureSize = "sway's tree does not report the size it last configured"

    /// - Parameters:
    ///   - node: the window's container; `output`: the output its workspace is on.
    static func fill(
        _ observation: inout WindowObservation, node: SwayNode, output: String?, outputs: [SwayOutput],
        names: SwayOutputNames
    ) {
        observation.isMapped = .value(node.visible ?? true)
        let frame = Rect(x: node.rect.x, y: node.rect.y, width: node.rect.width, height: node.rect.height)
        observation.frame = .value(frame)
        let fullscreen = (node.fullscreenMode ?? 0) > 0
        let entered: [String]
        if output == "__i3" {
            entered = []
        } else if fullscreen, let output {
            entered = [names.display(for: output)]
        } else {
            entered = outputs.filter(\.active).filter { output in
                let rect = Rect(x: output.rect.x, y: output.rect.y, width: output.rect.width, height: output.rect.height)
                return rect.intersection(frame).map { !$0.isEmpty } ?? false
            }.map { names.display(for: $0.name) }
        }
        observation.enteredDisplays = .value(entered)
        var states: Set<ToplevelState> = []
        if fullscreen { states.insert(.fullscreen) }
        if node.focused { states.insert(.activated) }
        observation.lastConfigure = .value(ConfigureObservation(states: states, sizeUnavailableBecause: noConfigureSize))
    }
}
