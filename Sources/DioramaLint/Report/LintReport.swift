/// The result of one `diorama lint` run: a report per target, and the verdict.
package struct LintReport: Hashable, Sendable {
    package var targets: [TargetReport]
    package var skipped: [SkippedTarget]
    /// Symbolic links to folders inside a linted folder, not followed
    /// (``ProjectDiscovery``), as the report shows paths.
    package var linksNotFollowed: [String] = []
    /// Whether info findings also count against readiness (`--strict`).
    package var strict: Bool

    package init(targets: [TargetReport], skipped: [SkippedTarget] = [], strict: Bool = false) {
        self.targets = targets
        self.skipped = skipped
        self.strict = strict
    }

    /// Targets and Info.plists checked (project-level entries are not targets).
    package var checkedTargets: [TargetReport] {
        targets.filter { $0.kind != .project }
    }

    package var readyCount: Int {
        checkedTargets.count { $0.isReady(strict: strict) }
    }

    /// Some file could not be read or parsed, so the verdict is incomplete.
    package var hasUnusableInput: Bool {
        targets.contains { target in
            target.findings.contains { $0.ruleID == LintRules.malformedFile.id || $0.ruleID == LintRules.missingFile.id }
        }
    }

    package var outcome: LintOutcome {
        if hasUnusableInput { return .unusableInput }
        return targets.allSatisfy { $0.isReady(strict: strict) } ? .ready : .notReady
    }

    package func count(_ severity: LintSeverity) -> Int {
        targets.reduce(0) { $0 + $1.count(severity) }
    }

    /// `Checked 3 targets: 1 ready, 2 not ready.`, plus a note when files could not be read.
    package var summaryLine: String {
        let checked = checkedTargets.count
        var line = "Checked \(checked) \(checked == 1 ? "target" : "targets"): \(readyCount) ready, \(checked - readyCount) not ready"
        if hasUnusableInput { line += "; some files could not be read, so the result is incomplete" }
        return line + "."
    }
}

/// The verdict of a run, which the CLI turns into its exit code.
package enum LintOutcome: Hashable, Sendable {
    /// Every target is ready: exit 0.
    case ready
    /// A warning or error remains (with `--strict`, any finding): exit 1.
    case notReady
    /// A file could not be read or parsed: exit 2.
    case unusableInput
}
