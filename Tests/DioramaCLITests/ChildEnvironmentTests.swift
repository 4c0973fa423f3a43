import DioramaTestSupport
import Foundation
import Testing

/// What the programs the tests start inherit.
@Suite("the tests' children's environment")
struct ChildEnvironmentTests {
    /// TimerApp restores its scenes' saved sizes: sharing the user's
    /// `~/.local/state` made one run's 5300×3201 window every later run's,
    /// and TimerApp died at 2× asking for a buffer over the simulator's limit.
    @Test("apps the tests start keep their saved sessions in a folder of this test run, not the user's ~/.local/state")
    func appsKeepTheirStateOutOfTheUsersHome() throws {
        for environment in [ChildProcess.minimalEnvironment(), DioramaCommandLine.environment([:])] {
            let state = try #require(environment["XDG_STATE_HOME"], "\(environment)")
            #expect(state == ChildProcess.privateStateHome)
            #expect(state.hasPrefix(FileManager.default.temporaryDirectory.path))
            #expect(FileManager.default.fileExists(atPath: state))
        }
        #expect(ChildProcess.minimalEnvironment(["XDG_STATE_HOME": "/elsewhere"])["XDG_STATE_HOME"] == "/elsewhere", "a test's own wins")
    }
}
