/// How a script or `diorama ctl` names a window: by the simulator's id, by
/// app_id or by title (exact match).
public enum WindowSelector: Hashable, Sendable, CustomStringConvertible {
    /// The window with the simulator's number.
    case id(UInt32)
    /// The window whose app id is exactly this.
    case appID(String)
    /// The window whose title is exactly this.
    case title(String)

    /// Parses `id:3`, `app_id:org.example.App`, `title:Untitled`; a bare
    /// number is an id and any other bare text an app_id.
    public init(parsing text: String) {
        if let value = text.dropPrefix("id:"), let id = UInt32(value) {
            self = .id(id)
        } else if let value = text.dropPrefix("app_id:") {
            self = .appID(value)
        } else if let value = text.dropPrefix("title:") {
            self = .title(value)
        } else if let id = UInt32(text) {
            self = .id(id)
        } else {
            self = .appID(text)
        }
    }

    public var description: String {
        switch self {
        case .id(let id): "id:\(id)"
        case .appID(let appID): "app_id:\(appID)"
        case .title(let title): "title:\(title)"
        }
    }
}

private extension String {
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
