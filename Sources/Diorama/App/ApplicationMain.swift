import DioramaClient
import DioramaManifest
import DioramaModel
import DioramaSessionStore
import Foundation

/// Starts an app (UIKit's `UIApplicationMain`): reads the Info.plist, checks
/// its scene manifest, connects to the compositor, restores or creates
/// sessions (when no other instance of the app holds the state directory),
/// and runs the main queue until the app quits.
///
/// Exit codes: 0 after a normal quit (last scene closed, SIGINT/SIGTERM,
/// `terminate()`); 1 when the compositor went away (state is saved first);
/// 2 for unusable input (a malformed or manifest-less Info.plist, an
/// unregistered delegate, no compositor). Every error names the file and
/// what to do, on stderr.
public enum ApplicationMain {
    /// Runs the app described by `infoPlist` and never returns (UIKit's
    /// `UIApplicationMain`): the delegates and content the manifest names
    /// must be in `registry`; `buildVariables` fill `$(NAME)` in the plist
    /// (`PRODUCT_MODULE_NAME` defaults to the registered delegates' module);
    /// `environment` supplies `WAYLAND_DISPLAY`, `XDG_STATE_HOME` and
    /// `DIORAMA_TRACE`. Exits with the codes above.
    ///
    /// With `--help` or `-h` among `arguments` it prints `usage` (the app's
    /// own options, if it has any) and the options every Diorama app takes,
    /// then exits 0 without reading the Info.plist or connecting anywhere.
    @MainActor
    public static func run(
        infoPlist: URL, registry: SceneClassRegistry, delegate: (any ApplicationDelegate)? = nil,
        buildVariables: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        usage: String? = nil, arguments: [String] = CommandLine.arguments
    ) -> Never {
        if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            let name = URL(fileURLWithPath: arguments.first ?? "app").lastPathComponent
            do {
                try DescriptorWriter.standardOutput.write(helpText(appName: name, usage: usage))
                exit(0)
            } catch {
                fail("cannot write the help text: \(error)", code: 2)
            }
        }
        // A trace or stdout whose reader went away must cost the app that
        // output, not its life: writes fail with EPIPE (reported once by the
        // trace) instead of raising SIGPIPE, whose default action is to exit.
        signal(SIGPIPE, SIG_IGN)
        do {
            let manifest = try loadManifest(infoPlist, buildVariables: buildVariables, registry: registry)
            let appID = manifest.bundleIdentifier ?? manifest.bundleName ?? "diorama.app"
            let trace = try RuntimeTrace.fromEnvironment(environment)
            let backend = try WaylandSceneBackend(environment: environment)
            let store = SessionStore(directory: try SessionStore.defaultDirectory(applicationIdentifier: appID, environment: environment))
            let claim = claimStateDirectory(of: store, appID: appID)
            if claim.persistsSessions { _ = store.removeLeftoverTemporaryFiles() }
            let application = Application(
                manifest: manifest, registry: registry, delegate: delegate,
                store: store, persistsSessions: claim.persistsSessions, backend: backend, trace: trace)
            backend.attach(to: application)
            try application.launch()
            // The lock is the directory's claim: it must stay open until the process ends.
            withExtendedLifetime(claim.lock) { exit(backend.run()) }
        } catch let error as ManifestLaunchError {
            // Already compiler style (`file:line:column: error: …`), so an
            // editor or terminal can jump to the spot; no second prefix.
            DescriptorWriter.reportToStandardError("\(error)")
            exit(2)
        } catch let error as PlistError {
            DescriptorWriter.reportToStandardError("\(error.location): error: \(error.problem); \(error.fix)")
            exit(2)
        } catch {
            // No compositor (ConnectionError), a missing global (RegistryError), an unusable trace target…
            fail("\(error)", code: 2)
        }
    }

    /// Reads and checks the manifest: deprecation warnings are printed and
    /// the launch goes on; errors (no scene manifest, no configuration, a
    /// delegate name nothing registered) stop it.
    @MainActor
    static func loadManifest(_ url: URL, buildVariables: [String: String], registry: SceneClassRegistry) throws -> SceneManifest {
        var variables = buildVariables
        if variables["PRODUCT_MODULE_NAME"] == nil {
            // The module the delegates were registered from is what Xcode would
            // substitute; the plist's folder name is only a guess, used when the
            // registered names span several modules (or none).
            let modules = registry.registeredModuleNames
            variables["PRODUCT_MODULE_NAME"] = modules.count == 1 ? modules[0] : url.deletingLastPathComponent().lastPathComponent
        }
        let manifest = try SceneManifest.load(from: url, variables: variables)
        for diagnostic in manifest.diagnostics where diagnostic.severity != .error {
            DescriptorWriter.reportToStandardError("\(diagnostic)")
        }
        let errors = manifest.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw ManifestLaunchError(errors.map(\.description).joined(separator: "\n"))
        }
        for configuration in manifest.allConfigurations {
            if let name = configuration.delegateClassName, registry.delegateType(named: name) == nil {
                let place = configuration.location.map { "\($0)" } ?? manifest.file
                throw ManifestLaunchError(
                    "\(place): error: UISceneDelegateClassName '\(name)' names no registered delegate; register it with registry.register(\(name.split(separator: ".").last ?? "").self) (registered: \(registry.registeredDelegateNames.joined(separator: ", ")))"
                )
            }
            if let name = configuration.storyboardFile, registry.rootContentFactory(named: name) == nil {
                let place = configuration.location.map { "\($0)" } ?? manifest.file
                throw ManifestLaunchError(
                    "\(place): error: UISceneStoryboardFile '\(name)' names no registered root content; register it with registry.registerRootContent(named: \"\(name)\") { … }"
                )
            }
        }
        return manifest
    }

    /// What this launch may do with the state directory, and the lock that
    /// keeps it ours (nil when we could not take it).
    struct StateDirectoryClaim {
        var lock: StateDirectoryLock?
        var persistsSessions: Bool
    }

    /// Locks the state directory so one instance at a time reads and writes
    /// its sessions (a browser's "profile in use"). A second instance runs
    /// with sessions that are not persisted, so it can neither restore the
    /// first one's scenes (two windows with one identity) nor delete a file
    /// the first one still uses; it says so once. When the lock cannot be
    /// taken for another reason (a read-only or lock-less file system), the
    /// sessions are persisted as without a lock, with a warning, since
    /// refusing to save would lose state a single instance expects to keep.
    static func claimStateDirectory(of store: SessionStore, appID: String) -> StateDirectoryClaim {
        let directory = store.directory.path
        do {
            switch try store.lockDirectory() {
            case .acquired(let lock):
                return StateDirectoryClaim(lock: lock, persistsSessions: true)
            case .heldByAnotherProcess(let pid):
                let holder = pid.map { "another instance of \(appID) (pid \($0))" } ?? "another instance of \(appID)"
                runtimeLog.warning(
                    "\(holder) holds the state directory \(directory): this instance's scenes are new, not saved, and will not be restored at the next launch; to run a separate instance that keeps its own scenes, start it with XDG_STATE_HOME set to another directory"
                )
                return StateDirectoryClaim(lock: nil, persistsSessions: false)
            }
        } catch {
            runtimeLog.warning(
                "cannot lock the state directory \(directory) (\(error)); scenes are saved without protection against a second instance of \(appID) using the same directory"
            )
            return StateDirectoryClaim(lock: nil, persistsSessions: true)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        DescriptorWriter.reportToStandardError("error: \(message)")
        exit(code)
    }
}

/// Why the manifest stops a launch: one or more `file:line:column: error: …` lines.
struct ManifestLaunchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension ApplicationMain {
    /// What `--help` prints: the app's own `usage`, then what every Diorama
    /// app reads from its command line and environment.
    static func helpText(appName: String, usage: String?) -> String {
        var text = usage.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" } ?? "usage: \(appName) [--info-plist PATH]\n"
        text += """

            Options every Diorama app takes:
              --info-plist PATH   the Info.plist with the scene manifest (else DIORAMA_INFO_PLIST,
                                  else Configs/apps/\(appName)/Info.plist above the executable)
              -h, --help          this text; nothing is started

            Environment:
              WAYLAND_DISPLAY     the compositor to connect to (with XDG_RUNTIME_DIR)
              XDG_STATE_HOME      where scene sessions are saved (default ~/.local/state)
              DIORAMA_TRACE       PATH or fd:N: write the runtime trace there (JSON lines)

            """
        return text
    }

    /// Where an app's Info.plist is: `--info-plist PATH` on the command line,
    /// else `DIORAMA_INFO_PLIST`, else `Configs/apps/<appName>/Info.plist`
    /// in the nearest folder above the executable that has one (the package
    /// checkout the app was built in).
    public static func infoPlistLocation(
        appName: String, arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let index = arguments.firstIndex(of: "--info-plist"), index + 1 < arguments.count {
            return URL(fileURLWithPath: arguments[index + 1])
        }
        if let path = environment["DIORAMA_INFO_PLIST"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let relative = "Configs/apps/\(appName)/Info.plist"
        let executableFolder = URL(fileURLWithPath: arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        if let found = ConfigFileLocator.locate(relative, startingAt: [executableFolder]) { return found }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative)
    }
}
