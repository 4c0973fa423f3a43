import DioramaModel
import DioramaScenarios
import DioramaSimulator
import Testing

@testable import DioramaScenarioBackends

/// `no stale frames` counts from the simulator's trace: the commits' own
/// `stale_scale` and the first frame judged where the window landed.
@Suite("Stale commits read from the trace")
struct StaleCommitCountTests {
    static let window: UInt32 = 3
    static let surface: UInt32 = 7

    static func commit(buffer: Size, scale: Int, surfaceSize: Size, preferred120: Int, stale: Bool) -> TraceEvent {
        .commit(
            CommitFact(
                surface: surface, window: window, bufferSize: buffer, bufferScale: scale, bufferTransform: .normal,
                viewportSource: nil, viewportDestination: nil, surfaceSize: surfaceSize, damageRects: 1,
                nullAttach: false, preferredScale120: preferred120, staleScale: stale))
    }

    /// Issue 23, bug 4 as the simulator traced it before the runtime fix: the
    /// external-display scene was told its home display's 2, drew 2560x1440
    /// for a 1280x720 TV at 1, and only then landed on the TV.
    static func externalSceneMappedAt2OnA1xTV(judgedOnLanding: Bool) -> [TraceRecord] {
        let tv = Size(width: 1280, height: 720)
        var events: [TraceEvent] = [
            .preferredScale(surface: surface, window: window, scale120: 240),
            commit(buffer: Size(width: 2560, height: 1440), scale: 2, surfaceSize: tv, preferred120: 240, stale: false),
            .windowMapped(window: window, frame: Rect(x: 0, y: 1600, width: 1280, height: 720)),
            .enter(surface: surface, window: window, display: "TV"),
            .preferredScale(surface: surface, window: window, scale120: 120),
        ]
        if judgedOnLanding { events.append(.firstFrameStale(window: window, surface: surface, scale120: 120)) }
        events.append(commit(buffer: tv, scale: 1, surfaceSize: tv, preferred120: 120, stale: false))
        return events.enumerated().map { TraceRecord(sequence: UInt64($0.offset + 1), nanoseconds: 0, event: $0.element) }
    }

    @Test("a first frame drawn at 2 for the 1x display it landed on is one stale frame")
    func firstFrameJudgedWhereItLanded() {
        let (commits, stale) = ProtocolLevelObservation.commitsAndStaleCommits(
            of: Self.window, in: Self.externalSceneMappedAt2OnA1xTV(judgedOnLanding: true))
        #expect(commits == 2)
        #expect(stale == [StaleCommit(renderedScale: Scale(integer: 2)!, preferredScale: .one)])
        #expect(stale.first?.description == "rendered at 2 while 1 was preferred")
    }

    @Test("without the landing judgement the same frames are not stale, and another window's is not counted")
    func onlyTheJudgedWindowsFirstFrame() {
        let unjudged = ProtocolLevelObservation.commitsAndStaleCommits(
            of: Self.window, in: Self.externalSceneMappedAt2OnA1xTV(judgedOnLanding: false))
        #expect(unjudged.stale.isEmpty)
        let other = ProtocolLevelObservation.commitsAndStaleCommits(
            of: Self.window + 1, in: Self.externalSceneMappedAt2OnA1xTV(judgedOnLanding: true))
        #expect(other.stale.isEmpty && other.commits == 0)
    }
}
