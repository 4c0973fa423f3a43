/// The scene-manifest text that fixes paste into an Info.plist: the scene runtime's
/// diagnostics and `diorama lint` write it from here, so the two never differ in form.
package enum SceneManifestSnippet {
    /// A `UIWindowSceneSessionRoleApplication` role with one configuration naming
    /// `delegateClass`, at the indentation of the `<dict>` that holds it.
    package static func applicationRole(delegateClass: String) -> String {
        """
        <key>UIWindowSceneSessionRoleApplication</key>
        <array>
            <dict>
                <key>UISceneConfigurationName</key>
                <string>Default Configuration</string>
                <key>UISceneDelegateClassName</key>
                <string>\(delegateClass)</string>
            </dict>
        </array>
        """
    }

    /// A whole `UIApplicationSceneManifest` with that role.
    package static func manifest(delegateClass: String, supportsMultipleScenes: Bool) -> String {
        let role = applicationRole(delegateClass: delegateClass).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "        " + $0 }.joined(separator: "\n")
        return """
            <key>UIApplicationSceneManifest</key>
            <dict>
                <key>UIApplicationSupportsMultipleScenes</key>
                <\(supportsMultipleScenes ? "true" : "false")/>
                <key>UISceneConfigurations</key>
                <dict>
            \(role)
                </dict>
            </dict>
            """
    }
}
