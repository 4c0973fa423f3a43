import DioramaPOSIX
import DioramaSimulator
import DioramaSimulatorHarness
import DioramaTestSupport
import Glibc

/// A client process a test started against an in-process harness.
protocol HarnessClientProcess {
    var isRunning: Bool { get }
    func deliver(_ signal: Int32)
}

extension ChildProcess: HarnessClientProcess {
    func deliver(_ signal: Int32) { send(signal) }
}

extension SpawnedProcess: HarnessClientProcess {
    func deliver(_ signal: Int32) { self.signal(signal) }
}

extension Simulator.Harness {
    /// Ends clients started against this harness: SIGTERM to each, then the
    /// harness serves the simulator until every one has exited, for at most
    /// `grace`; SIGKILL to whatever still runs. Serving is the point: foot and
    /// SDL's programs talk to the compositor on their way out, and a harness
    /// that is not dispatching (a test's `defer` after its last `run`) left
    /// each of them waiting until its 5 s grace ran out.
    func stop(_ clients: [any HarnessClientProcess], grace: Duration = .seconds(5)) {
        for client in clients { client.deliver(SIGTERM) }
        try? run(until: { clients.allSatisfy { !$0.isRunning } }, timeout: grace, "the clients to exit")
        for client in clients where client.isRunning { client.deliver(SIGKILL) }
    }
}
