import DioramaManifest
import DioramaModel

/// How serious a finding is: the scale the scene manifest reader already uses.
///
/// - `error`: the app cannot run as a resizable, scene-based iPad app (or the project
///   cannot be built) until this is fixed.
/// - `warning`: deprecated, ignored in a future release, or almost certainly a mistake.
/// - `info`: worth knowing; only `--strict` fails on it.
package typealias LintSeverity = ManifestDiagnostic.Severity

/// One check `diorama lint` performs, as listed in `Docs/lint.md` and in SARIF's
/// `tool.driver.rules`.
///
/// ``id`` is stable across releases: CI configurations, suppressions and tests match
/// on it, never on message text. Ids the scene manifest reader already defines (see
/// ``ManifestDiagnostic/ID``) are reused unchanged, so the runtime's warning and the
/// linter's finding for the same problem carry the same name.
package struct LintRule: Hashable, Sendable, Identifiable {
    package var id: String
    /// The severity every finding of this rule has.
    package var severity: LintSeverity
    /// What the rule finds, as a short phrase ("UIRequiresFullScreen is true").
    package var title: String
    /// What to do, in one line. Findings may give a more specific fix.
    package var fix: String
    /// The document that explains why: "TN3192", "TN3187", "Info.plist", "Xcode".
    package var reference: String
    /// Where that document lives.
    package var helpURI: String

    package init(id: String, severity: LintSeverity, title: String, fix: String, reference: String, helpURI: String) {
        self.id = id
        self.severity = severity
        self.title = title
        self.fix = fix
        self.reference = reference
        self.helpURI = helpURI
    }

    /// A finding of this rule, with the rule's severity and (unless given) its fix.
    func finding(at location: SourceLocation, _ message: String, fix: String? = nil) -> LintFinding {
        LintFinding(ruleID: id, severity: severity, location: location, message: message, fix: fix ?? self.fix)
    }
}
