import DioramaPOSIX
import Foundation

/// The machine and the versions of everything a run measured.
package struct MachineInfo: Codable, Sendable {
    package var uname: String
    package var cpuModel: String
    package var cores: Int
    package var versions: [String: String]

    /// Reads /proc/cpuinfo, `uname -a` and each program's version; a program
    /// that is missing reads "not installed".
    package static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        var versions: [String: String] = [:]
        versions["swift"] = firstLine(ProgramRunner.output("swift", ["--version"]))
        versions["sway"] = firstLine(ProgramRunner.output("sway", ["--version"]))
        versions["foot"] = firstLine(ProgramRunner.output("foot", ["--version"]))
        versions["weston"] = firstLine(ProgramRunner.output("weston", ["--version"]))
        for package in ["libgtk-4-1", "libsdl2-2.0-0", "libwayland-server0", "valgrind"] {
            versions[package] = firstLine(ProgramRunner.output("dpkg-query", ["-W", "-f=${Version}", package]))
        }
        return MachineInfo(
            uname: firstLine(ProgramRunner.output("uname", ["-a"])), cpuModel: model,
            cores: ProcessInfo.processInfo.activeProcessorCount, versions: versions)
    }

    private static func firstLine(_ text: String?) -> String {
        guard let text else { return "not installed" }
        return text.split(separator: "\n").first.map(String.init) ?? ""
    }
}

/// Runs short helper programs (versions, the scanner) and times them.
enum ProgramRunner {
    /// Standard output (and error) of `program arguments…` found in PATH, or nil when it cannot run.
    static func output(_ program: String, _ arguments: [String]) -> String? {
        guard let path = which(program) else { return nil }
        return try? ProgramRun.run(path, arguments, timeout: .seconds(30)).output
    }

    /// The absolute path of `program` (as is when it has a slash), or nil.
    static func which(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
