/// An `xdg_toplevel` state a configure can carry, as `states …` clauses name it.
/// (The bindings' `XdgToplevel.State` lives in the client module, which scenarios do
/// not import; backends translate.)
package enum ToplevelState: String, Hashable, Sendable, Codable, CaseIterable {
    case maximized
    case fullscreen
    case resizing
    case activated
    case tiledLeft = "tiled-left"
    case tiledRight = "tiled-right"
    case tiledTop = "tiled-top"
    case tiledBottom = "tiled-bottom"
    case suspended
}
