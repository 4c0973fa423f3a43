/// `window main = timer title "Main"`: a name for one window of a client, found by
/// its xdg app_id and/or title (both must match when both are given; with neither,
/// the client's first toplevel).
package struct WindowDeclaration: Hashable, Sendable {
    package var name: NameReference
    package var client: NameReference
    package var appID: String?
    package var title: String?

    package init(name: NameReference, client: NameReference, appID: String? = nil, title: String? = nil) {
        self.name = name
        self.client = client
        self.appID = appID
        self.title = title
    }
}
