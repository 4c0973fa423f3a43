import Foundation

/// Where a run's shard came from: `--shard`, or the variables a CI system sets
/// on each parallel job. `diorama run` and `diorama check` print it, so a log
/// says why a job ran the part it ran.
package struct ShardChoice: Hashable, Sendable, CustomStringConvertible {
    package var shard: Shard
    /// `--shard`, or the CI system and its variables as they were set.
    package var source: String

    package init(shard: Shard, source: String) {
        self.shard = shard
        self.source = source
    }

    /// `shard 2/3 (from GitLab CI: CI_NODE_INDEX=2, CI_NODE_TOTAL=3)`.
    package var description: String { "shard \(shard) (from \(source))" }
}

/// The CI systems' conventions for telling a parallel job which part it is.
/// Each names a variable with the job count and one with the job's index;
/// they differ in where the index starts.
package struct ShardConvention: Hashable, Sendable {
    /// The CI system's name, as printed (`GitLab CI`).
    package var system: String
    package var totalVariable: String
    package var indexVariable: String
    /// 0 when the first job's index is 0 (Bazel, CircleCI, Buildkite), 1 when it is 1 (GitLab).
    package var firstIndex: Int

    /// In the order they are tried: the first whose count variable is set wins.
    package static let all: [ShardConvention] = [
        // Bazel's test encyclopedia: a sharded test gets both, 0-based.
        ShardConvention(system: "Bazel", totalVariable: "TEST_TOTAL_SHARDS", indexVariable: "TEST_SHARD_INDEX", firstIndex: 0),
        // GitLab's `parallel:` sets both, 1-based; every other job has CI_NODE_TOTAL=1 alone.
        ShardConvention(system: "GitLab CI", totalVariable: "CI_NODE_TOTAL", indexVariable: "CI_NODE_INDEX", firstIndex: 1),
        ShardConvention(
            system: "CircleCI", totalVariable: "CIRCLE_NODE_TOTAL", indexVariable: "CIRCLE_NODE_INDEX", firstIndex: 0),
        ShardConvention(
            system: "Buildkite", totalVariable: "BUILDKITE_PARALLEL_JOB_COUNT", indexVariable: "BUILDKITE_PARALLEL_JOB",
            firstIndex: 0),
    ]

    /// This convention's shard in `environment`; nil when its count variable is
    /// unset, or is 1 with no index (a job that is not parallel).
    ///
    /// - Throws: ``ShardError`` naming the variables when they are set but do
    ///   not make a shard (not numbers, an index out of range, an index missing).
    package func shard(in environment: [String: String]) throws(ShardError) -> ShardChoice? {
        guard let totalText = environment[totalVariable] else { return nil }
        let indexText = environment[indexVariable]
        guard let total = Int(totalText.trimmingCharacters(in: .whitespaces)), total >= 1 else {
            throw ShardError("\(system) sets \(totalVariable)=\(totalText), which is not a job count; unset it or pass --shard i/n")
        }
        guard let indexText else {
            if total == 1 { return nil }
            throw ShardError(
                "\(system) sets \(totalVariable)=\(totalText) but not \(indexVariable); set both, or pass --shard i/n")
        }
        guard let index = Int(indexText.trimmingCharacters(in: .whitespaces)) else {
            throw ShardError("\(system) sets \(indexVariable)=\(indexText), which is not a job index; unset it or pass --shard i/n")
        }
        let source = "\(system): \(indexVariable)=\(indexText), \(totalVariable)=\(totalText)"
        do throws(ShardError) {
            return ShardChoice(shard: try Shard(index: index - firstIndex + 1, count: total), source: source)
        } catch {
            let last = total - 1 + firstIndex
            throw ShardError("\(system) sets \(indexVariable)=\(indexText), outside \(firstIndex)…\(last) for \(totalVariable)=\(totalText)")
        }
    }

    /// The shard a run takes: `--shard` when given (it wins over any
    /// variable), else the first convention set in `environment`, else none.
    package static func choose(option: String?, environment: [String: String]) throws(ShardError) -> ShardChoice? {
        if let option { return ShardChoice(shard: try Shard(parsing: option), source: "--shard") }
        for convention in all {
            if let choice = try convention.shard(in: environment) { return choice }
        }
        return nil
    }
}
