import DioramaScenarios

/// How a `window NAME = CLIENT [app_id V] [title V]` declaration picks a toplevel.
///
/// - `app_id` must be equal.
/// - `title` matches a title that is equal, or that starts with it followed by a
///   space: apps decorate titles (TimerApp's main scene is `Main (24h)`, and
///   the part in brackets changes as the user switches formats), so
///   `title "Main"` finds `Main (24h)` and keeps finding it, but not `Mainframe`.
/// - With both, both must match; with neither, the client's first toplevel.
enum WindowMatch {
    static func matches(_ declaration: WindowDeclaration, appID: String, title: String) -> Bool {
        if let wanted = declaration.appID, wanted != appID { return false }
        if let wanted = declaration.title, !titleMatches(wanted, title) { return false }
        return true
    }

    static func titleMatches(_ wanted: String, _ title: String) -> Bool {
        title == wanted || title.hasPrefix(wanted + " ")
    }
}
