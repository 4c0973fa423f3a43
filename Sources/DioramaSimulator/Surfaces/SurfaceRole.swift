/// The role a `wl_surface` was given. A surface gets at most one role for its
/// whole life; asking for another is the protocol error of the interface that
/// would assign it (xdg_wm_base.role, wl_subcompositor.bad_surface,
/// wl_pointer.role).
enum SurfaceRole: Equatable {
    case none
    case xdgToplevel
    case xdgPopup
    case subsurface
    case cursor

    /// The role's name in error messages.
    var name: String {
        switch self {
        case .none: "no role"
        case .xdgToplevel: "xdg_toplevel"
        case .xdgPopup: "xdg_popup"
        case .subsurface: "wl_subsurface"
        case .cursor: "cursor"
        }
    }

    /// Whether xdg_wm_base.get_xdg_surface may be used on a surface with this
    /// role: no role yet, or an xdg role (a surface whose xdg_surface was
    /// destroyed may get a new one of the same kind).
    var allowsXdgSurface: Bool {
        self == .none || self == .xdgToplevel || self == .xdgPopup
    }
}

/// The object that gives a surface its role and needs to hear about commits:
/// the xdg_surface of a toplevel or popup, or a subsurface.
protocol SurfaceRoleHandler: AnyObject {
    /// Runs before a commit is applied, after the surface's own checks; returns
    /// false when it sent a protocol error and the commit must be dropped.
    func surfaceWillCommit(_ surface: Surface, newBuffer: ShmBuffer?) -> Bool
    /// Runs after the commit was applied and traced.
    func surfaceDidCommit(_ surface: Surface, nullAttach: Bool)
}
