import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import Foundation

/// What `diorama check --explore` runs: the battery's configuration (the
/// client, layout, base profile, waits), the seed and how long to go on.
package struct ExploreConfiguration: Sendable {
    /// The battery without variations; its `outputDirectory` receives one
    /// folder per run (the client's logs, screenshots of failures).
    package var check: CheckConfiguration
    /// Picks the random combinations: the same seed, the same combinations in the same order.
    package var seed: UInt64
    /// How many random combinations to try after the single variations (nil: no limit but ``timeLimit``).
    package var combinationBudget: Int?
    /// When to stop starting new battery runs; nil: no limit but ``combinationBudget``.
    package var timeLimit: Duration?
    /// Where each finding's scenario is written.
    package var findingsDirectory: String
    /// The variations tried, each alone and in combinations.
    package var variations: [ExplorationVariation]

    package init(
        check: CheckConfiguration, seed: UInt64 = 1, combinationBudget: Int? = 8, timeLimit: Duration? = nil,
        findingsDirectory: String, variations: [ExplorationVariation] = ExplorationVariation.allCases
    ) {
        self.check = check
        self.seed = seed
        self.combinationBudget = combinationBudget
        self.timeLimit = timeLimit
        self.findingsDirectory = findingsDirectory
        self.variations = variations
    }
}

/// `diorama check --explore`: runs the battery without variations (the
/// baseline), then under each variation alone, then under seeded random
/// combinations of the variations that changed nothing alone. A run whose
/// outcome differs from the baseline (a check that passed there
/// fails) is a candidate; a combination is shrunk to its smallest failing
/// subset. Each candidate is run again, and its scenario written and run
/// with and without the variations: only a candidate that fails both times
/// with the variations, and passes without them, is a finding.
///
/// Under variations only the checks that passed in the baseline run, so a
/// check the client always fails costs its wait once, and a client that
/// dies in the baseline is not blamed on a variation.
package enum ExploreCampaign {
    package static func run(_ configuration: ExploreConfiguration) async throws(CheckError) -> ExploreReport {
        let started = Date()
        let clock = ContinuousClock()
        let deadline = configuration.timeLimit.map { clock.now + $0 }
        do {
            try FileManager.default.createDirectory(atPath: configuration.findingsDirectory, withIntermediateDirectories: true)
        } catch {
            throw .findingsDirectory(configuration.findingsDirectory, reason: error.localizedDescription)
        }
        var campaign = Campaign(configuration: configuration)
        let baseline = try await campaign.battery([], phase: .baseline)
        campaign.baseline = baseline
        var stoppedEarly: String?
        func outOfTime() -> Bool {
            guard let deadline, clock.now >= deadline else { return false }
            stoppedEarly = "the time limit of \(configuration.timeLimit!.components.seconds) s was reached"
            return true
        }

        var candidates: [Candidate] = []
        for variation in configuration.variations {
            if outOfTime() { break }
            if let candidate = try await campaign.candidate([variation], phase: .single) { candidates.append(candidate) }
        }

        // Combinations of the variations that changed nothing alone.
        let quiet = configuration.variations.filter { variation in !candidates.contains { $0.variations == [variation] } }
        var draws = CombinationDraws(of: quiet, seed: configuration.seed)
        var combinations = 0
        while stoppedEarly == nil, combinations < configuration.combinationBudget ?? .max {
            if outOfTime() { break }
            guard let set = draws.next() else { break }
            combinations += 1
            guard var candidate = try await campaign.candidate(set, phase: .combination) else { continue }
            candidate = try await campaign.shrink(candidate)
            if !candidates.contains(where: { $0.variations == candidate.variations }) { candidates.append(candidate) }
        }

        var findings: [ExploreFinding] = []
        var unconfirmed: [ExploreFinding] = []
        for candidate in candidates {
            let (finding, confirmed) = try await campaign.confirm(candidate)
            if confirmed { findings.append(finding) } else { unconfirmed.append(finding) }
        }
        let base = configuration.check
        return ExploreReport(
            command: base.command, layout: base.layoutName, profile: base.profile.name, seed: configuration.seed,
            baseline: ExploreRun(baseline, phase: .baseline, variations: []), runs: campaign.runs, findings: findings, unconfirmed: unconfirmed,
            stoppedEarly: stoppedEarly, startedAt: started.formatted(.iso8601),
            durationSeconds: Date().timeIntervalSince(started))
    }

    /// The random combinations a campaign tries, in order: each of two or three
    /// of `quiet` (the variations that changed nothing alone), drawn by a
    /// generator seeded with `seed`, so the same seed and variations give the
    /// same sequence whatever the batteries found. A set drawn before, or
    /// with two scale variations of one display (only the last would apply),
    /// is skipped; the sequence ends after 10,000 draws, or at once with fewer
    /// than two quiet variations.
    package struct CombinationDraws: Sequence, IteratorProtocol {
        private let quiet: [ExplorationVariation]
        private var generator: SplitMix64
        private var tried = Set<[ExplorationVariation]>()
        private var draws = 0
        static let maximumDraws = 10_000

        package init(of quiet: [ExplorationVariation], seed: UInt64) {
            self.quiet = quiet
            generator = SplitMix64(seed: seed)
        }

        package mutating func next() -> [ExplorationVariation]? {
            while quiet.count >= 2, draws < Self.maximumDraws {
                draws += 1
                let size = Int.random(in: 2...Swift.min(3, quiet.count), using: &generator)
                let set = ExplorationVariation.allCases.filter(Set(quiet.shuffled(using: &generator).prefix(size)).contains)
                if set.filter({ $0.fractionalScale != nil }).count <= 1, tried.insert(set).inserted { return set }
            }
            return nil
        }
    }

    /// A run whose outcome differed from the baseline's.
    struct Candidate {
        var variations: [ExplorationVariation]
        /// The first check that failed under them (it passed in the baseline).
        var failure: CheckResult
        /// The checks that ran up to it, in battery order.
        var checksRun: [String]
    }

    /// The runs of one campaign and the baseline they are compared with.
    struct Campaign {
        let configuration: ExploreConfiguration
        var baseline: CheckReport?
        var runs: [ExploreRun] = []
        private var runCount = 0

        init(configuration: ExploreConfiguration) { self.configuration = configuration }

        /// The battery under `variations`, in its own folder of the output
        /// directory; only the checks the baseline passed (one that failed
        /// would fail again, one that did not apply because the client had
        /// died would show the baseline's bug, not the variation's).
        mutating func battery(_ variations: [ExplorationVariation], phase: ExploreRun.Phase) async throws(CheckError) -> CheckReport {
            var check = configuration.check
            (check.profile, check.layout) = ExplorationVariation.applying(variations, to: check.profile, layout: check.layout)
            runCount += 1
            let name = variations.isEmpty ? "baseline" : variations.map(\.rawValue).joined(separator: "+")
            check.outputDirectory = configuration.check.outputDirectory + "/\(runCount)-\(name)"
            if let baseline {
                check.onlyChecks = Set(baseline.checks.filter { $0.verdict == .pass }.map(\.name))
            }
            let report = try await CheckBattery.run(check)
            if phase != .baseline { runs.append(ExploreRun(report, phase: phase, variations: variations)) }
            return report
        }

        /// Runs the battery under `variations`; a candidate when a check
        /// that passed in the baseline failed.
        mutating func candidate(_ variations: [ExplorationVariation], phase: ExploreRun.Phase) async throws(CheckError) -> Candidate? {
            let report = try await battery(variations, phase: phase)
            guard let failure = report.checks.first(where: { $0.verdict == .fail }) else { return nil }
            let upTo = report.checks.prefix { $0.name != failure.name }.map(\.name) + [failure.name]
            return Candidate(variations: variations, failure: failure, checksRun: upTo)
        }

        /// The smallest subset of the candidate's variations that still
        /// changes the outcome: drops one variation at a time while that
        /// keeps a failure, until none can go.
        mutating func shrink(_ candidate: Candidate) async throws(CheckError) -> Candidate {
            var smallest = candidate
            var shrunk = true
            while shrunk, smallest.variations.count > 1 {
                shrunk = false
                for variation in smallest.variations {
                    let fewer = smallest.variations.filter { $0 != variation }
                    if let smaller = try await self.candidate(fewer, phase: .shrink) {
                        smallest = smaller
                        shrunk = true
                        break
                    }
                }
            }
            return smallest
        }

        /// A file made for the candidate's scenario in `folder`, under a name
        /// nothing had (`.candidate-PID-N.scenario`, created exclusively).
        static func newFile(in folder: String) throws -> String {
            for attempt in 0..<100 {
                let path = folder + "/.candidate-\(getpid())-\(attempt).scenario"
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if descriptor >= 0 {
                    close(descriptor)
                    return path
                }
                guard errno == EEXIST else { throw OutputFileFailure(operation: "create", path: path, code: errno) }
            }
            throw OutputFileFailure(operation: "create a file in", path: folder, code: EEXIST)
        }

        /// Runs the candidate's battery once more, then writes its scenario
        /// and runs it with and without the variations.
        mutating func confirm(_ candidate: Candidate) async throws(CheckError) -> (ExploreFinding, Bool) {
            let names = candidate.variations.map(\.rawValue)
            var finding = ExploreFinding(
                variations: names, check: candidate.failure.name, symptom: .of(candidate.failure),
                reason: candidate.failure.reason, crash: candidate.failure.crash, scenario: nil, reproduction: "")
            guard let again = try await self.candidate(candidate.variations, phase: .confirmation) else {
                finding.reproduction = "a second battery run under the same variations passed"
                return (finding, false)
            }
            let check = configuration.check
            let path = configuration.findingsDirectory + "/" + names.joined(separator: "+") + ".scenario"
            let summary =
                "diorama check --explore: \(names.joined(separator: " + ")) makes \(check.command.joined(separator: " ")) "
                + "fail \(again.failure.name): \(again.failure.reason)"
            // The failing check's own steps first; if they do not show it,
            // every check's up to it (an earlier one may set it up).
            for checks in [[again.failure.name], again.checksRun] {
                let scenario = { (variations: [ExplorationVariation]) in
                    ExploreScenario.text(
                        summary: summary, command: check.command, layout: check.layout, profile: check.profile.name,
                        variations: variations, checks: checks)
                }
                let work: String
                do {
                    work = try TemporaryDirectory.make(named: "diorama-explore")
                } catch {
                    throw .simulator("cannot create a scratch folder in \(error.subject): \(error.reason); set TMPDIR to a writable folder")
                }
                defer { try? TemporaryDirectory.remove(work) }
                let outcome: (reproduced: Bool, description: String)
                do {
                    // Tried under a name of its own (its relative paths mean
                    // what the finding's will), and written under the
                    // finding's name only once it reproduces: a file already
                    // there (an earlier run's finding) is never written over
                    // by a candidate, nor removed.
                    let candidatePath = try Self.newFile(in: configuration.findingsDirectory)
                    defer { unlink(candidatePath) }
                    outcome = try await ExploreScenario.reproduces(
                        scenario: candidatePath, text: scenario(candidate.variations), control: scenario([]), workDirectory: work)
                    if outcome.reproduced { try OutputFileWriter.write(scenario(candidate.variations).utf8, to: path) }
                } catch let failure as OutputFileFailure {
                    throw .findingsDirectory(configuration.findingsDirectory, reason: failure.reason)
                } catch {
                    throw .findingsDirectory(configuration.findingsDirectory, reason: "\(error)")
                }
                finding.reproduction = outcome.description
                if outcome.reproduced {
                    finding.scenario = path
                    return (finding, true)
                }
            }
            return (finding, false)
        }
    }
}

extension ExploreRun {
    init(_ report: CheckReport, phase: Phase, variations: [ExplorationVariation]) {
        self.init(
            phase: phase, variations: variations.map(\.rawValue), failures: report.checks.filter { $0.verdict == .fail }.map { "\($0.name): \($0.reason)" },
            clientExit: report.clientExit, durationSeconds: report.durationSeconds)
    }
}
