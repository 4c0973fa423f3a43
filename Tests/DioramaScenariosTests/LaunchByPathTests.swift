import DioramaModel
import Foundation
import Testing

@testable import DioramaScenarios

/// `launch app "PATH"` and `info-plist "PATH"`: apps built outside this
/// package, named by executable path or by name plus their Info.plist.
@Suite("Scenario launch by path")
struct LaunchByPathTests {
    /// A folder holding `bin/Sketchpad` (executable) and `Info.plist`, with a
    /// scenario file path inside `scenarios/`.
    static func appFolder() throws -> (root: URL, scenarioFile: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-launch-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        let executable = root.appendingPathComponent("bin/Sketchpad").path
        FileManager.default.createFile(atPath: executable, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        FileManager.default.createFile(atPath: root.appendingPathComponent("Info.plist").path, contents: Data())
        return (root, root.appendingPathComponent("scenarios/test.scenario").path)
    }

    @Test("app \"PATH\" and info-plist \"PATH\" parse into the launch, keeping where each path was written")
    func parses() throws {
        guard case .launch(let launch) = try action(#"launch app "../bin/Sketchpad" info-plist "../Info.plist" as sketch"#) else {
            Issue.record("not a launch")
            return
        }
        #expect(launch.alias.name == "sketch")
        guard case .dioramaAppAtPath(let path) = launch.program else {
            Issue.record("expected an app by path, got \(launch.program)")
            return
        }
        #expect(path.name == "../bin/Sketchpad")
        #expect(path.location.column == 12)
        #expect(launch.infoPlist?.name == "../Info.plist")
        #expect(launch.isDioramaApp, "an app by path writes the runtime trace")

        guard case .launch(let byName) = try action(#"launch Sketchpad info-plist "Info.plist" as sketch"#) else {
            Issue.record("not a launch")
            return
        }
        #expect(byName.program == .dioramaApp("Sketchpad"))
        #expect(byName.infoPlist?.name == "Info.plist")
    }

    @Test("an empty path is a parse error naming the spot")
    func emptyPath() {
        let errors = parseErrors(studioHeader + #"launch app "" as sketch"#)
        #expect(errors.first?.message.contains("empty path") == true, "\(errors)")
        #expect(errors.first?.location.column == 12)
    }

    @Test("paths resolve against the scenario's folder; absolute paths stay")
    func resolvesAgainstTheScenarioFolder() {
        let relative = NameReference("../bin/Sketchpad", at: SourceLocation(file: "/work/app/scenarios/s.scenario", line: 3, column: 12))
        #expect(ClientLaunch.resolve(relative).path == "/work/app/bin/Sketchpad")
        let absolute = NameReference("/opt/apps/Sketchpad", at: SourceLocation(file: "/work/app/scenarios/s.scenario", line: 3, column: 12))
        #expect(ClientLaunch.resolve(absolute).path == "/opt/apps/Sketchpad")
    }

    @Test("a scenario named by a relative path resolves against its own folder, however few folders the path has")
    func resolvesAgainstARelativeScenarioPath() {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let inCurrent = NameReference("../.build/debug/X", at: SourceLocation(file: "lightbox.scenario", line: 3, column: 12))
        #expect(ClientLaunch.resolve(inCurrent).path == current.deletingLastPathComponent().appendingPathComponent(".build/debug/X").path)
        let oneDown = NameReference(
            "../.build/debug/X", at: SourceLocation(file: "scenarios/lightbox.scenario", line: 3, column: 12))
        #expect(ClientLaunch.resolve(oneDown).path == current.appendingPathComponent(".build/debug/X").path)
    }

    @Test("existing files validate; an app named with its Info.plist needs no Configs/apps folder")
    func validates() throws {
        let (root, file) = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try ScenarioLoader.load(
            text: studioHeader + #"launch app "../bin/Sketchpad" info-plist "../Info.plist" as sketch"#,
            file: file, environment: shippedEnvironment)
        _ = try ScenarioLoader.load(
            text: studioHeader + #"launch Sketchpad info-plist "../Info.plist" as sketch"#,
            file: file, environment: shippedEnvironment)
    }

    @Test("an unknown app name without its Info.plist points to launch app \"PATH\"")
    func unknownAppHint() {
        let errors = validationErrors(studioHeader + "launch Sketchpad as sketch")
        let unknown = errors.first { $0.message.contains("unknown Diorama app `Sketchpad`") }
        #expect(unknown?.hint.contains(#"launch app "PATH" info-plist "PLIST" as NAME"#) == true, "\(errors)")
    }

    @Test("a missing executable or Info.plist is reported at its path, with the resolved file")
    func missingFiles() throws {
        let (root, file) = try Self.appFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try ScenarioLoader.load(
                text: studioHeader + #"launch app "../bin/Sketchpat" info-plist "../Info.plst" as sketch"#,
                file: file, environment: shippedEnvironment)
            Issue.record("expected validation errors")
        } catch {
            let diagnostics = error.diagnostics
            let executable = try #require(diagnostics.first { $0.message.hasPrefix("no executable at") }, "\(diagnostics)")
            #expect(executable.message.hasSuffix("/bin/Sketchpat"))
            #expect(executable.location.line == 2 && executable.location.column == 12)
            let plist = try #require(diagnostics.first { $0.message.hasPrefix("no Info.plist at") }, "\(diagnostics)")
            #expect(plist.message.hasSuffix("/Info.plst"))
            #expect(plist.location.column == 42)
        }
    }
}
