/// The kind of scene a session hosts, as written under `UISceneConfigurations`.
///
/// Mirrors `UISceneSession.Role`. A struct over the Info.plist string rather than a
/// closed enum, so that manifests naming roles Diorama does not host (CarPlay, visionOS
/// volumes) still load: the loader reports those as `unhosted-scene-role` (and names it
/// does not recognise at all as `unknown-scene-role`) and skips them.
public struct SceneSessionRole: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `UIWindowSceneSessionRoleApplication`: an ordinary, interactive app window.
    public static let windowApplication = SceneSessionRole(rawValue: "UIWindowSceneSessionRoleApplication")

    /// `UIWindowSceneSessionRoleExternalDisplayNonInteractive`: content shown on a
    /// second display without input (a presentation or mirrored screen).
    public static let windowExternalDisplayNonInteractive =
        SceneSessionRole(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")

    /// The roles the Diorama scene runtime can host.
    public static let supported: [SceneSessionRole] = [.windowApplication, .windowExternalDisplayNonInteractive]

    /// Whether Diorama runs scenes of this role (it is in ``supported``).
    public var isSupported: Bool { Self.supported.contains(self) }

    /// Every role UIKit and its sibling frameworks define for `UISceneConfigurations`,
    /// hosted by Diorama or not: the window roles, the deprecated interactive external
    /// display role, visionOS volumes and immersive spaces, and CarPlay's template roles.
    /// A role outside this list is most likely a typo.
    public static let definedByApple: [SceneSessionRole] =
        supported + [
            SceneSessionRole(rawValue: "UIWindowSceneSessionRoleExternalDisplay"),
            SceneSessionRole(rawValue: "UIWindowSceneSessionRoleVolumetricApplication"),
            SceneSessionRole(rawValue: "UISceneSessionRoleImmersiveSpaceApplication"),
            SceneSessionRole(rawValue: "CPTemplateApplicationSceneSessionRoleApplication"),
            SceneSessionRole(rawValue: "CPTemplateApplicationDashboardSceneSessionRoleApplication"),
            SceneSessionRole(rawValue: "CPTemplateApplicationInstrumentClusterSceneSessionRoleApplication"),
        ]

    /// Whether Apple's frameworks know this role (see ``definedByApple``).
    public var isDefinedByApple: Bool { Self.definedByApple.contains(self) }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
