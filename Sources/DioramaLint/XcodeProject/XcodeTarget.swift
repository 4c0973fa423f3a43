import DioramaModel
import Foundation

/// A `PBXNativeTarget`: what it builds and how each configuration sets it up.
struct XcodeTarget: Sendable {
    var name: String
    /// `com.apple.product-type.application` and friends; `nil` when the file omits it.
    var productType: String?
    /// Where the target's object starts in `project.pbxproj`: findings about something
    /// the target lacks point here when it has no Info.plist file.
    var location: SourceLocation
    var configurations: [XcodeBuildConfiguration]
    /// The Swift and Objective-C files the target compiles (`.swift`, `.m`, `.mm`): its
    /// sources build phase's files, and those under its synchronized folders (Xcode 16),
    /// in project order.
    var sourceFiles: [URL] = []
    /// The target's Run Script build phases, in build order.
    var scriptPhases: [ScriptPhase] = []

    /// A `PBXShellScriptBuildPhase`: a build step that may edit the built Info.plist.
    struct ScriptPhase: Sendable {
        var name: String
        var script: String
        /// Where its `shellScript` is written in `project.pbxproj`.
        var location: SourceLocation
    }

    /// Product types that install as an app on iPad: ordinary apps and App Clips.
    /// (Watch apps, extensions, frameworks and tests are not checked.)
    static let applicationProductTypes: Set<String> = [
        "com.apple.product-type.application",
        "com.apple.product-type.application.on-demand-install-capable",
    ]

    var isApplication: Bool {
        productType.map(Self.applicationProductTypes.contains) ?? false
    }
}
