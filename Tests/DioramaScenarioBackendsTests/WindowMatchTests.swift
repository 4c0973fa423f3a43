import DioramaModel
import DioramaScenarios
import DioramaSimulator
import Testing

@testable import DioramaScenarioBackends

@Suite("Window matching and render scale")
struct WindowMatchTests {
    func declaration(appID: String? = nil, title: String? = nil) -> WindowDeclaration {
        let here = SourceLocation(file: "t.scenario", line: 1, column: 1)
        return WindowDeclaration(name: NameReference("w", at: here), client: NameReference("c", at: here), appID: appID, title: title)
    }

    @Test("a title matches exactly or as the first word(s) before a space")
    func titles() {
        #expect(WindowMatch.matches(declaration(title: "Main"), appID: "x", title: "Main"))
        #expect(WindowMatch.matches(declaration(title: "Main"), appID: "x", title: "Main (24h)"))
        #expect(!WindowMatch.matches(declaration(title: "Main"), appID: "x", title: "Mainframe"))
        #expect(!WindowMatch.matches(declaration(title: "Main"), appID: "x", title: "Timer"))
    }

    @Test("app_id must be equal; both must match when both are given")
    func appIDs() {
        #expect(WindowMatch.matches(declaration(appID: "org.a"), appID: "org.a", title: "anything"))
        #expect(!WindowMatch.matches(declaration(appID: "org.a"), appID: "org.ab", title: ""))
        #expect(!WindowMatch.matches(declaration(appID: "org.a", title: "Main"), appID: "org.a", title: "Timer"))
        #expect(WindowMatch.matches(declaration(), appID: "any", title: "any"))
    }

    @Test("render scale: buffer over viewport destination, else the buffer scale")
    func renderScale() {
        func commit(buffer: Size, scale: Int, viewport: Size?) -> CommitFact {
            CommitFact(
                surface: 1, window: 1, bufferSize: buffer, bufferScale: scale, bufferTransform: .normal,
                viewportSource: nil, viewportDestination: viewport, surfaceSize: viewport ?? buffer,
                damageRects: 1, nullAttach: false, preferredScale120: nil, staleScale: false)
        }
        #expect(
            ProtocolLevelObservation.renderScale(
                of: commit(
                    buffer: Size(width: 1202, height: 902), scale: 1,
                    viewport: Size(width: 801, height: 601))) == Scale(1.5))
        #expect(
            ProtocolLevelObservation.renderScale(
                of: commit(
                    buffer: Size(width: 1001, height: 751), scale: 1,
                    viewport: Size(width: 801, height: 601))) == Scale(1.25))
        #expect(
            ProtocolLevelObservation.renderScale(
                of: commit(
                    buffer: Size(width: 1600, height: 1200), scale: 2,
                    viewport: nil)) == Scale(2))
    }
}
