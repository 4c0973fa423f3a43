/// `window main = timer title "Main"`: a name for one window of a client, found by
/// its xdg app_id and/or title (both must match when both are given; with neither,
/// the client's first toplevel).
public struct WindowDeclaration: Hashable, Sendable {
    public var name: NameReference
    public var client: NameReference
    public var appID: String?
    public var title: String?

    public init(name: NameReference, client: NameReference, appID: String? = nil, title: String? = nil) {
        self.name = name
        self.client = client
        self.appID = appID
        self.title = title
    }
}
