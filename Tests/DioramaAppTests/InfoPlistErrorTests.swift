import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Unusable Info.plists stop TimerApp before it touches the compositor:
/// exit code 2 and one compiler-style message (`file:line:column: error: …`)
/// that names the file, the place and what to do.
@Suite("TimerApp with a bad Info.plist", .ownThreads)
struct InfoPlistErrorTests {
    /// Runs TimerApp on `plist` with no compositor reachable (a manifest
    /// error must come first; if it did not, the message would be about the
    /// missing compositor instead).
    func launch(infoPlist plist: String) throws -> ChildProcessResult {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-plist-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        return try ChildProcess.run(
            try TestExecutable.locate(SampleApp.timerApp), arguments: ["--info-plist", plist],
            environment: ChildProcess.minimalEnvironment([
                "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-none",
                "XDG_STATE_HOME": runtime.appendingPathComponent("state").path,
            ]), timeout: 20)
    }

    @Test("malformed XML: exit 2, file:line:column of the bad tag")
    func malformed() throws {
        let plist = fixturePath("Malformed.plist")
        let result = try launch(infoPlist: plist)
        #expect(result.status == 2 && !result.exitedBySignal)
        #expect(result.standardError.hasPrefix("\(plist):8:"), "\(result.standardError)")
        #expect(result.standardError.contains(": error: "), "\(result.standardError)")
        #expect(result.standardError.contains("</strin>"), "names the mismatched tag: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    /// `Info.plist` in a fresh private folder, removed after `body`.
    func withInfoPlistPath(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-plist-file-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.appendingPathComponent("Info.plist").path)
    }

    @Test("a FIFO or /dev/zero as the Info.plist: exit 2, \"not a regular file\", instead of hanging or reading forever")
    func notARegularFile() throws {
        try withInfoPlistPath { fifo in
            #expect(mkfifo(fifo, 0o600) == 0)
            for (plist, kind) in [(fifo, "a FIFO"), ("/dev/zero", "a character device")] {
                let result = try launch(infoPlist: plist)
                #expect(result.status == 2 && !result.exitedBySignal, "\(plist): \(result.standardError)")
                #expect(result.standardError.hasPrefix("\(plist):1:1: error: "), "\(result.standardError)")
                #expect(result.standardError.contains("cannot read the file: not a regular file (\(kind))"), "\(result.standardError)")
            }
        }
    }

    @Test("a 6 GiB sparse Info.plist: exit 2 at once, naming its size and the limit, instead of reading it whole")
    func oversize() throws {
        try withInfoPlistPath { plist in
            #expect(FileManager.default.createFile(atPath: plist, contents: nil))
            #expect(truncate(plist, 6 << 30) == 0)
            let result = try launch(infoPlist: plist)
            #expect(result.status == 2 && !result.exitedBySignal, "\(result.standardError)")
            #expect(result.standardError.hasPrefix("\(plist):1:1: error: "), "\(result.standardError)")
            #expect(
                result.standardError.contains("cannot read the file: it is 6 GiB, more than the 8 MiB limit for a property list"),
                "\(result.standardError)")
        }
    }

    @Test("missing file: exit 2, names the path")
    func missing() throws {
        let plist = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-no-such-\(UUID().uuidString)/Info.plist").path
        let result = try launch(infoPlist: plist)
        #expect(result.status == 2)
        #expect(result.standardError.contains(plist), "\(result.standardError)")
        #expect(!result.standardError.contains("compositor"), "the plist is checked first: \(result.standardError)")
    }

    @Test("no UIApplicationSceneManifest: exit 2, says what to add")
    func withoutSceneManifest() throws {
        let plist = fixturePath("NoSceneManifest.plist")
        let result = try launch(infoPlist: plist)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("\(plist):1:1: error: "), "\(result.standardError)")
        #expect(!result.standardError.hasPrefix("error: "), "one severity, not two")
        #expect(result.standardError.contains("has no UIApplicationSceneManifest"))
        #expect(result.standardError.contains("add this to the top-level <dict>"))
        #expect(result.standardError.contains("<key>UISceneConfigurations</key>"), "the snippet to paste")
    }

    @Test("a delegate class nothing registered: exit 2, names the key, the class and the file")
    func unknownDelegate() throws {
        let plist = fixturePath("UnknownDelegate.plist")
        let result = try launch(infoPlist: plist)
        #expect(result.status == 2)
        let firstLine = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("\(plist):"), "\(result.standardError)")
        #expect(firstLine.contains(": error: UISceneDelegateClassName 'TimerApp.InspectorSceneDelegate'"), "\(firstLine)")
        #expect(firstLine.contains("registry.register(InspectorSceneDelegate.self)"), "what to do: \(firstLine)")
        #expect(firstLine.contains("TimerApp.MainSceneDelegate"), "lists what is registered: \(firstLine)")
    }
}
