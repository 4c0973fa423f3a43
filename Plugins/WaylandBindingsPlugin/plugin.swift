import Foundation
import PackagePlugin

/// Generates Swift bindings from Wayland protocol XML on every build.
///
/// Which protocols: the target's own `bindings.list` if it has one (test
/// fixtures), otherwise the package's `Protocols/bindings.list`.
/// Which side: server resources for a target that depends on CWaylandServer,
/// client proxies for one that depends on CWaylandClient.
/// The XML of standard protocols is found through pkg-config, from the
/// installed libwayland-dev and wayland-protocols packages.
@main
struct WaylandBindingsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let dependencyNames = Set(
            target.dependencies.compactMap { dependency -> String? in
                if case .target(let dependencyTarget) = dependency { return dependencyTarget.name }
                return nil
            })
        let side: String
        if dependencyNames.contains("CWaylandServer") {
            side = "server"
        } else if dependencyNames.contains("CWaylandClient") {
            side = "client"
        } else {
            throw PluginError(
                "\(target.name) uses WaylandBindingsPlugin but depends on neither CWaylandClient nor CWaylandServer; add the one whose side it binds")
        }

        let packageRoot = context.package.directoryURL
        let localList = target.directoryURL.appendingPathComponent("bindings.list")
        let listURL =
            FileManager.default.fileExists(atPath: localList.path)
            ? localList : packageRoot.appendingPathComponent("Protocols/bindings.list")
        let xmlFiles = try ProtocolList.resolve(listURL, packageRoot: packageRoot)

        let scanner = try context.tool(named: "diorama-wayland-scanner")
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let outputs =
            xmlFiles.map { outputDirectory.appendingPathComponent(Self.outputName(forXML: $0, side: side)) }
            + [outputDirectory.appendingPathComponent("Interfaces+\(side.capitalized).swift")]
        return [
            .buildCommand(
                displayName: "Generating \(side) Wayland bindings for \(target.name)",
                executable: scanner.url,
                arguments: ["--side", side, "--output", outputDirectory.path] + xmlFiles.map(\.path),
                inputFiles: xmlFiles + [listURL],
                outputFiles: outputs)
        ]
    }

    /// Mirrors BindingsGenerator.fileName(forXML:side:) in the scanner.
    static func outputName(forXML url: URL, side: String) -> String {
        "\(url.deletingPathExtension().lastPathComponent)+\(side.capitalized).swift"
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads a bindings.list: `SOURCE PATH` per line, `#` comments.
enum ProtocolList {
    static func resolve(_ listURL: URL, packageRoot: URL) throws -> [URL] {
        let text: String
        do {
            text = try String(contentsOf: listURL, encoding: .utf8)
        } catch {
            throw PluginError("\(listURL.path): cannot read the protocol list: \(error)")
        }
        var directories: [String: URL] = [:]
        var files: [URL] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if fields.isEmpty { continue }
            let place = "\(listURL.path):\(index + 1)"
            guard fields.count == 2 else {
                throw PluginError("\(place): expected `SOURCE PATH` (SOURCE is wayland, wayland-protocols or package)")
            }
            let base: URL
            switch fields[0] {
            case "package":
                base = packageRoot
            case "wayland", "wayland-protocols":
                let module = fields[0] == "wayland" ? "wayland-scanner" : "wayland-protocols"
                if let known = directories[module] {
                    base = known
                } else {
                    base = try pkgDataDirectory(module, at: place)
                    directories[module] = base
                }
            default:
                throw PluginError("\(place): unknown source '\(fields[0])'; use wayland, wayland-protocols or package")
            }
            let file = base.appendingPathComponent(fields[1])
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw PluginError(
                    "\(place): \(file.path) does not exist; is the package that provides it installed (apt-get install libwayland-dev wayland-protocols)?")
            }
            files.append(file)
        }
        return files
    }

    static func pkgDataDirectory(_ module: String, at place: String) throws -> URL {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", module]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PluginError("\(place): cannot run pkg-config (\(error)); apt-get install pkg-config")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !path.isEmpty else {
            let package = module == "wayland-scanner" ? "libwayland-dev" : "wayland-protocols"
            throw PluginError("\(place): pkg-config knows no \(module); apt-get install \(package)")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
