import DioramaModel
import Foundation

/// One `XCBuildConfiguration` of a project or target: its name, the settings written in
/// `project.pbxproj`, and the `.xcconfig` file it is based on.
struct XcodeBuildConfiguration: Sendable {
    /// Where a configuration's `.xcconfig` is, as far as the project file says.
    enum BaseConfiguration: Sendable {
        /// A file on disk, named at `reference` in `project.pbxproj`.
        case file(URL, reference: SourceLocation)
        /// A file whose place the linter cannot work out (a source tree such as
        /// `BUILT_PRODUCTS_DIR`, or a dangling object id).
        case unresolved(String, reference: SourceLocation)
    }

    var name: String
    /// The `buildSettings` entries in file order, conditions split off the names.
    var settings: [BuildSettingAssignment]
    var baseConfiguration: BaseConfiguration?
}
