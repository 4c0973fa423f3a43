import DioramaLint
import Foundation

/// How long `diorama lint` takes on a project the size of the largest one reported in
/// issue #14: a generated 63-target project with a 2.5 MB `project.pbxproj` and a
/// Swift file per file reference (every one read by the life cycle scan).
///
/// The project is written once to a temporary folder (not timed); each repeat then
/// lints it from scratch, timed in wall-clock and in this thread's CPU time, and the
/// medians are reported.
enum LintBenchmark {
    static func run(repeats: Int) throws -> LintSection {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-bench-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = SyntheticXcodeProject.largestReported
        let bundle = try project.write(into: directory)
        let bytes =
            (try? FileManager.default.attributesOfItem(
                atPath: bundle.appendingPathComponent("project.pbxproj").path)[.size] as? Int) ?? 0

        var wallNanoseconds: [UInt64] = [], cpuNanoseconds: [UInt64] = []
        var targets = 0
        for _ in 0..<max(1, repeats) {
            let cpuStart = ProcessResources.threadCPUNanoseconds()
            let start = ProcessResources.monotonicNanoseconds()
            let report = try Linter().lint(bundle)
            wallNanoseconds.append(ProcessResources.monotonicNanoseconds() - start)
            cpuNanoseconds.append(ProcessResources.threadCPUNanoseconds() - cpuStart)
            targets = report.targets.count
        }
        func medianMilliseconds(_ values: [UInt64]) -> Double { Double(values.sorted()[values.count / 2]) / 1e6 }
        return LintSection(
            unavailable: nil, build: ScreenshotBenchmark.buildConfiguration, pbxprojBytes: bytes,
            targets: targets, swiftFiles: project.targetCount * project.filesPerTarget,
            repeats: wallNanoseconds.count, wallMilliseconds: medianMilliseconds(wallNanoseconds),
            cpuMilliseconds: medianMilliseconds(cpuNanoseconds),
            includeDiamondCPUMilliseconds: try includeDiamond(repeats: repeats, in: directory).map(medianMilliseconds))
    }

    /// CPU times of linting a one-target project whose configurations are based on
    /// an 8 × 8 include diamond; throws when lint reports a finding in the graph
    /// (then the time would not be of the whole graph).
    static func includeDiamond(repeats: Int, in directory: URL) throws -> [UInt64]? {
        let project = SyntheticXcodeProject(
            targetCount: 1, filesPerTarget: 1, includeDiamond: XCConfigIncludeDiamond(levels: 8, width: 8))
        let bundle = try project.write(into: directory.appendingPathComponent("diamond"))
        var cpuNanoseconds: [UInt64] = []
        for _ in 0..<max(1, repeats) {
            let cpuStart = ProcessResources.threadCPUNanoseconds()
            let report = try Linter().lint(bundle)
            cpuNanoseconds.append(ProcessResources.threadCPUNanoseconds() - cpuStart)
            if let finding = report.targets.flatMap(\.findings).first(where: { $0.location.file.hasSuffix(".xcconfig") }) {
                throw BenchError("the include diamond was not read whole: \(finding.qualifiedMessage)")
            }
        }
        return cpuNanoseconds
    }
}
