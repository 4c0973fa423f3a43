import DioramaControlProtocol

extension WindowSelector {
    /// Whether `window` is the one this selector names (its id, app_id or
    /// title, matched exactly).
    public func matches(_ window: Window) -> Bool {
        switch self {
        case .id(let id): window.id == id
        case .appID(let appID): window.appID == appID
        case .title(let title): window.title == title
        }
    }
}
