import DioramaScenarios
import Foundation
import HeadlessCompositors

/// The clients of one scenario run, by alias: launching, quitting and
/// relaunching them, shared by every backend.
///
/// Each scenario gets a working folder `<work>/<scenario>/` holding, per client
/// alias, `<alias>.stdout.log` and `<alias>.stderr.log` (appended to across
/// relaunches), one runtime trace per run (`<alias>-1.trace.jsonl`,
/// `<alias>-2.trace.jsonl`, … so a relaunched app's facts start fresh) and one
/// `state/` folder as every client's `XDG_STATE_HOME`: `quit` then `relaunch`
/// finds the scene sessions the first run saved, so `restored` can be checked.
///
/// Diorama apps run as `<executable folder>/<App>`, or from the path `app "…"`
/// names (relative to the scenario's folder), with `--info-plist PATH` when the
/// launch names one; `command "…"` runs as
/// `/bin/sh -c 'exec …'`, so the shell splits the words and then becomes the
/// program (the pid the compositor sees is the one launched).
final class ScenarioClients {
    /// One client alias and its runs.
    final class Client {
        let launch: ClientLaunch
        var runs: [ClientProcess] = []
        init(launch: ClientLaunch) { self.launch = launch }
        var current: ClientProcess? { runs.last }
        var isRunning: Bool { current?.isRunning ?? false }
    }

    let configuration: BackendConfiguration
    let directory: URL
    private(set) var clients: [String: Client] = [:]

    /// - Parameter scenarioName: names the working folder, which is emptied
    ///   first when it is Diorama's (see ``ScenarioWorkFolder``).
    init(configuration: BackendConfiguration, scenarioName: String) throws {
        self.configuration = configuration
        directory = URL(fileURLWithPath: configuration.workDirectory).appendingPathComponent(scenarioName)
        try ScenarioWorkFolder.prepare(directory, subfolders: ["state"])
    }

    func client(_ alias: String) -> Client? { clients[alias] }

    /// Starts `launch` with the compositor's `environment` (WAYLAND_DISPLAY, …).
    func launch(_ launch: ClientLaunch, compositorEnvironment: [String: String]) throws -> ClientProcess {
        let client = clients[launch.alias.name] ?? Client(launch: launch)
        clients[launch.alias.name] = client
        return try start(client, compositorEnvironment: compositorEnvironment)
    }

    /// Starts the client again, same program and environment, same state folder.
    func relaunch(_ alias: String, compositorEnvironment: [String: String]) throws -> ClientProcess {
        guard let client = clients[alias] else { throw ScenarioBackendError.launchFailed("`\(alias)` was never launched") }
        guard !client.isRunning else {
            throw ScenarioBackendError.launchFailed("`\(alias)` is still running (pid \(client.current!.processID)); quit it first")
        }
        return try start(client, compositorEnvironment: compositorEnvironment)
    }

    private func start(_ client: Client, compositorEnvironment: [String: String]) throws -> ClientProcess {
        let alias = client.launch.alias.name
        let run = client.runs.count + 1
        let traceFile = directory.appendingPathComponent("\(alias)-\(run).trace.jsonl")
        try? FileManager.default.removeItem(at: traceFile)
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_SOCKET"] = nil
        environment["DISPLAY"] = nil
        for (name, value) in compositorEnvironment { environment[name] = value }
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        var executable: URL
        var arguments: [String]
        switch client.launch.program {
        case .dioramaApp(let name):
            executable = try ExecutableLocator.locate(name, in: configuration.executableDirectories)
            arguments = client.launch.infoPlist.map { ["--info-plist", ClientLaunch.resolve($0).path] } ?? []
            environment["DIORAMA_TRACE"] = traceFile.path
        case .dioramaAppAtPath(let path):
            executable = ClientLaunch.resolve(path)
            arguments = client.launch.infoPlist.map { ["--info-plist", ClientLaunch.resolve($0).path] } ?? []
            environment["DIORAMA_TRACE"] = traceFile.path
        case .command(let line):
            executable = URL(fileURLWithPath: "/bin/sh")
            arguments = ["-c", "exec " + line]
            environment["DIORAMA_TRACE"] = nil
        }
        if let words = client.launch.arguments {
            // The shell splits the words as it splits a command's; `exec`
            // leaves the app itself as the process.
            arguments = ["-c", "exec \"$0\" \"$@\" " + words, executable.path] + arguments
            executable = URL(fileURLWithPath: "/bin/sh")
        }
        for variable in client.launch.environment { environment[variable.name] = variable.value }
        let process: ClientProcess
        do {
            // After the launch's own variables: a bus the scenario names is kept.
            environment = try ClientSessionBus.environment(forClientsOf: environment)
            process = try ClientProcess(
                executable: executable, arguments: arguments, environment: environment,
                traceFile: traceFile,
                standardOutputFile: directory.appendingPathComponent("\(alias).stdout.log"),
                standardErrorFile: directory.appendingPathComponent("\(alias).stderr.log"))
        } catch {
            throw ScenarioBackendError.launchFailed("could not start \(executable.path): \(error)")
        }
        client.runs.append(process)
        return process
    }

    /// SIGTERM and wait (up to 5 s, then SIGKILL).
    ///
    /// - Returns: how it ended, for the timeline.
    func quit(_ alias: String) async -> String {
        guard let process = clients[alias]?.current else { return "not running" }
        let graceful = await process.terminate(grace: .seconds(5))
        return graceful ? process.exitDescription : "did not exit within 5 s of SIGTERM; killed"
    }

    /// Ends every client still running, all at once: each is sent SIGTERM
    /// together with the others and gets its 2 s of grace at the same time,
    /// so a scenario's teardown takes as long as its slowest client, not the
    /// sum of them; nor is a client killed because, while stopping, it waits
    /// on another that was not yet asked to stop.
    func stopAll() async {
        let running = clients.values.compactMap { $0.current?.process }
        await withTaskGroup(of: Void.self) { group in
            for process in running {
                group.addTask { _ = await process.terminate(grace: .seconds(2)) }
            }
        }
    }
}
