import DioramaModel

/// The words of the scenario language, in one place: the parser matches against
/// them, and hints ("did you mean …?") search them.
enum Vocabulary {
    /// Header directives, each written `NAME: value`.
    static let directives = ["displays", "profile", "timeout", "backend", "vary"]

    /// Words that start a body statement.
    static let statements = [
        "launch", "window", "move", "resize", "focus", "maximize", "fullscreen", "minimize", "tile", "untile",
        "close", "type", "click", "drag", "touch", "press", "release", "hold", "scroll", "rescale", "rotate", "plug", "unplug", "screenshot", "quit",
        "relaunch", "wait", "expect",
    ]

    /// Everything a line may start with (`display` is an inline display in the header).
    static let lineStarts = directives + ["display"] + statements

    /// The single-word `xdg_toplevel` states that are clauses on their own.
    static let stateShorthands: [String] = ["activated", "maximized", "fullscreen", "resizing"]

    /// Words that start a clause (callbacks aside: `NAME fired …`).
    static let clauseStarts =
        [
            "on", "entered", "buffer", "viewport", "preferred", "minimum", "maximum", "configure",
            "states", "not", "no", "commits", "width", "height", "crisp", "screen", "scale",
            "traits.displayScale", "traits.horizontalSizeClass", "traits.verticalSizeClass",
            "bounds", "drawable", "orientation", "state", "role", "renderer", "disconnected", "restored", "connection", "title",
        ]
        + stateShorthands

    /// Words that may start a clause, callbacks included, for hints.
    static var clauseHints: [String] { clauseStarts + SceneCallback.allCases.map(\.rawValue) }

    static let traits = ["traits.displayScale", "traits.horizontalSizeClass", "traits.verticalSizeClass"]

    static let sizeClasses = [SizeClass.compact, .regular, .unspecified].map(\.rawValue)

    /// `role …` spellings: the short forms and UIKit's constant names.
    static let roles: [(spelling: String, role: SceneSessionRole)] = [
        ("application", .windowApplication),
        ("external-display-non-interactive", .windowExternalDisplayNonInteractive),
        (SceneSessionRole.windowApplication.rawValue, .windowApplication),
        (SceneSessionRole.windowExternalDisplayNonInteractive.rawValue, .windowExternalDisplayNonInteractive),
    ]

    /// The short spelling of a role, for messages (`application`).
    static func spelling(of role: SceneSessionRole) -> String {
        roles.first { $0.role == role }?.spelling ?? role.rawValue
    }

    /// Names a display may not have: they mean something else where a display name
    /// can stand (`screenshot all as …`, `move display …`, `on DP-1, scale 2`).
    static let reservedDisplayNames: Set<String> = Set(["all", "display"] + clauseStarts)

    /// Names a window or client alias may not have
    /// (`move display …`, `move pointer …`).
    static let reservedWindowNames: Set<String> = ["display", "all", "pointer"]

    /// The comparison symbols `width >= 500` accepts (`==` is the same as `=`).
    static func comparisonOperator(_ symbol: String) -> Comparison.Operator? {
        symbol == "==" ? .equal : Comparison.Operator(rawValue: symbol)
    }
}
