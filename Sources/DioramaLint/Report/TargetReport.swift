/// What `diorama lint` found for one app target (or one Info.plist, or one project file
/// that could not be read far enough to find targets).
package struct TargetReport: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
        /// An application target of an Xcode project.
        case appTarget = "target"
        /// An Info.plist checked on its own, without a project.
        case infoPlist = "info-plist"
        /// Problems of a project file that belong to no target (it cannot be parsed,
        /// or refers to objects it does not have).
        case project
    }

    package var kind: Kind
    /// The target's name; the Info.plist's or project's display path for the other kinds.
    package var name: String
    /// The `.xcodeproj`'s display path, for targets and projects.
    package var project: String?
    /// Display paths of the Info.plist files the target uses (one per distinct
    /// `INFOPLIST_FILE` across configurations); empty when fully generated.
    package var infoPlists: [String]
    /// Whether any configuration has `GENERATE_INFOPLIST_FILE = YES`.
    package var generatesInfoPlist: Bool
    /// The build configurations checked, in project order.
    package var configurations: [String]
    /// The app's life cycle as found in its sources ("SwiftUI App (App/MyApp.swift:3)"),
    /// which decides the scene checks; `nil` when there were no sources to read.
    package var lifeCycle: String?
    /// Why the app is judged iPhone-only (it then runs on iPad in compatibility mode and
    /// the iPad checks are not applied); `nil` when it installs on iPad as itself.
    package var iPhoneOnly: String?
    /// In reading order.
    package var findings: [LintFinding]

    package init(
        kind: Kind, name: String, project: String? = nil, infoPlists: [String] = [],
        generatesInfoPlist: Bool = false, configurations: [String] = [], lifeCycle: String? = nil,
        iPhoneOnly: String? = nil, findings: [LintFinding]
    ) {
        self.kind = kind
        self.name = name
        self.project = project
        self.infoPlists = infoPlists
        self.generatesInfoPlist = generatesInfoPlist
        self.configurations = configurations
        self.lifeCycle = lifeCycle
        self.iPhoneOnly = iPhoneOnly
        self.findings = findings
    }

    /// No errors or warnings remain (with `strict`, no findings at all).
    package func isReady(strict: Bool) -> Bool {
        strict ? findings.isEmpty : findings.allSatisfy { $0.severity == .info }
    }

    package func count(_ severity: LintSeverity) -> Int {
        findings.count { $0.severity == severity }
    }
}

/// An application target that is not an iOS app (a macOS, watchOS, tvOS or visionOS
/// app in the same project), listed so the report says why it was not checked.
package struct SkippedTarget: Hashable, Sendable {
    package var name: String
    package var project: String
    package var reason: String

    package init(name: String, project: String, reason: String) {
        self.name = name
        self.project = project
        self.reason = reason
    }
}
