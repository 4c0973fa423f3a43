import DioramaModel
import Foundation
import Testing

@testable import DioramaLint

/// Lint's work grows linearly with a project's size (issue #14: a 2.46 MB pbxproj took
/// 5.2 s). Work is counted, not timed: the time is `make bench`'s job.
@Suite("Lint work grows linearly with the project")
struct LintScalingTests {
    /// Reads the synthetic project of this size; returns its object lookups' work and
    /// the number of objects.
    private func read(_ project: SyntheticXcodeProject) throws -> (work: Int, targets: Int) {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let bundle = folder.url.appendingPathComponent("Big.xcodeproj")
        try folder.write(project.pbxproj(), to: "Big.xcodeproj/project.pbxproj")
        let read = try XcodeProject.load(bundle: bundle, workspace: LintWorkspace(root: folder.url))
        return (read.objectEntriesExamined, read.targets.count)
    }

    @Test("following a project's references: four times the objects, at most 4.5 times the work")
    func referencesFollowedInLinearWork() throws {
        let small = try read(SyntheticXcodeProject(targetCount: 4, filesPerTarget: 60))
        let large = try read(SyntheticXcodeProject(targetCount: 8, filesPerTarget: 120))
        #expect(small.targets == 4 && large.targets == 8)
        #expect(small.work > 0)
        // Four times the objects: linear work is four times, quadratic sixteen.
        #expect(Double(large.work) <= 4.5 * Double(small.work), "work \(small.work) → \(large.work)")
    }

    @Test("the synthetic project for make bench is about the size of the largest reported one")
    func largestReportedSize() {
        let bytes = SyntheticXcodeProject.largestReported.pbxproj().utf8.count
        #expect((2_300_000...2_700_000).contains(bytes), "\(bytes) bytes")
    }
}
