import DioramaPOSIX
import Foundation

/// How much of a build the bindings scanner takes: the scanner binary run
/// directly over `Protocols/bindings.list` (both sides, into a scratch
/// directory), times the number of targets the plugin runs for; and,
/// optionally, a cold `swift build` of the package in a scratch build
/// directory (minutes) to put it in proportion.
enum ScannerBenchmark {
    /// Targets that apply WaylandBindingsPlugin in Package.swift.
    static let pluginTargets = 4

    static func run(packageRoot: URL, productsDirectory: URL, withColdBuild: Bool) -> ScannerSection {
        var section = ScannerSection(targetsUsingPlugin: pluginTargets)
        do {
            // `--product diorama-wayland-scanner` builds `diorama-wayland-scanner`; the
            // plugin's own copy is `diorama-wayland-scanner-tool` (a host tool).
            let candidates = ["diorama-wayland-scanner", "diorama-wayland-scanner-tool"]
                .map { productsDirectory.appendingPathComponent($0) }
            guard let scanner = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw BenchError("\(candidates[0].path) not built; run `swift build -c release --product diorama-wayland-scanner`")
            }
            let xmlFiles = try protocolFiles(packageRoot: packageRoot)
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-scan-\(getpid())")
            defer { try? FileManager.default.removeItem(at: output) }
            var total: UInt64 = 0
            for side in ["client", "server"] {
                try? FileManager.default.removeItem(at: output)
                total += try timed(scanner.path, ["--side", side, "--output", output.path] + xmlFiles)
            }
            // One plugin run is one side; a target runs one side.
            let perTarget = Double(total) / 2 / 1e6
            section.scannerMillisecondsPerTarget = perTarget
            section.scannerTotalMilliseconds = perTarget * Double(pluginTargets)
        } catch {
            section.unavailable = "\(error)"
        }
        if withColdBuild {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-bench-build-\(getpid())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            if let swift = ProgramRunner.which("swift"),
                let nanoseconds = try? timed(swift, ["build", "--package-path", packageRoot.path, "--scratch-path", scratch.path])
            {
                section.coldBuildSeconds = Double(nanoseconds) / 1e9
                if let total = section.scannerTotalMilliseconds {
                    section.scannerShare = total / 1000 / (Double(nanoseconds) / 1e9)
                }
            }
        }
        return section
    }

    /// The XML files the list names, resolved the way the plugin does (pkg-config data dirs).
    static func protocolFiles(packageRoot: URL) throws -> [String] {
        let list = packageRoot.appendingPathComponent("Protocols/bindings.list")
        let text = try String(contentsOf: list, encoding: .utf8)
        func dataDirectory(_ module: String) throws -> String {
            guard
                let path = ProgramRunner.output("pkg-config", ["--variable=pkgdatadir", module])?
                    .trimmingCharacters(in: .whitespacesAndNewlines), !path.isEmpty
            else {
                throw BenchError("pkg-config knows no \(module); apt-get install libwayland-dev wayland-protocols pkg-config")
            }
            return path
        }
        var files: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let source = fields.first, !source.hasPrefix("#") else { continue }
            guard fields.count == 2 else { throw BenchError("\(list.path):\(number + 1): expected `SOURCE PATH`") }
            switch source {
            case "wayland": files.append(try dataDirectory("wayland-scanner") + "/" + fields[1])
            case "wayland-protocols": files.append(try dataDirectory("wayland-protocols") + "/" + fields[1])
            default: files.append(packageRoot.appendingPathComponent(String(fields[1])).path)
            }
        }
        return files
    }

    /// Wall time of `program arguments…`; throws when it fails.
    static func timed(_ program: String, _ arguments: [String]) throws -> UInt64 {
        let start = ProcessResources.monotonicNanoseconds()
        let process = try SpawnedProcess(
            executable: program, arguments: arguments, environment: ProcessInfo.processInfo.environment,
            standardOutput: .null, standardError: .null)
        let termination = process.waitForExit()
        guard termination == .exited(0) else {
            throw BenchError("\(program) \(arguments.prefix(3).joined(separator: " ")) … \(termination)")
        }
        return ProcessResources.monotonicNanoseconds() - start
    }
}
