extension CheckReport {
    /// The reports of several runs of one battery (`--repeat N`, each on a
    /// fresh compositor and client) as one report: a check whose verdict
    /// was the same every time keeps its first run's result; one whose
    /// verdict changed is ``CheckVerdict/unstable``, its reason saying what
    /// each run found. Durations add up; the client's exit is the last run's.
    package static func merging(_ runs: [CheckReport]) -> CheckReport {
        guard var merged = runs.first else { preconditionFailure("merging needs at least one run") }
        guard runs.count > 1 else { return merged }
        merged.repeats = runs.count
        merged.durationSeconds = runs.map(\.durationSeconds).reduce(0, +)
        merged.clientExit = runs.last!.clientExit
        merged.checks = merged.checks.map { first in
            let results = runs.map { run in run.checks.first { $0.name == first.name } }
            let verdicts = Set(results.map { $0?.verdict })
            guard verdicts.count > 1 else { return first }
            var unstable = first
            unstable.verdict = .unstable
            unstable.reactionMilliseconds = nil
            unstable.staleFrames = nil
            unstable.reason =
                "the verdict changed over \(runs.count) runs: "
                + results.enumerated().map { index, result in
                    "run \(index + 1) \(result.map { "\($0.verdict.rawValue) (\($0.reason))" } ?? "did not run it")"
                }.joined(separator: "; ")
            unstable.crash = results.lazy.compactMap { $0?.crash }.first
            unstable.durationSeconds = results.compactMap { $0?.durationSeconds }.reduce(0, +)
            return unstable
        }
        return merged
    }
}
