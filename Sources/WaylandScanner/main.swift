// diorama-wayland-scanner: Wayland protocol XML → Swift bindings.
//
//   diorama-wayland-scanner --side client|server --output DIR FILE.xml...
//
// Run by the WaylandBindingsPlugin during `swift build`; errors are printed as
// `file:line: error: …` so the build shows them and stops.
import Foundation
import WaylandScannerKit

func usage() -> Never {
    try? FileHandle.standardError.write(contentsOf: Data("usage: diorama-wayland-scanner --side client|server --output DIR FILE.xml...\n".utf8))
    exit(2)
}

var side: BindingSide?
var outputDirectory: URL?
var inputs: [URL] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--side":
        guard let value = arguments.popFirst(), let parsed = BindingSide(rawValue: value) else { usage() }
        side = parsed
    case "--output":
        guard let value = arguments.popFirst() else { usage() }
        outputDirectory = URL(fileURLWithPath: value, isDirectory: true)
    case "-h", "--help":
        usage()
    default:
        inputs.append(URL(fileURLWithPath: argument))
    }
}
guard let side, let outputDirectory, !inputs.isEmpty else { usage() }

do {
    let files = try BindingsGenerator.generate(xmlFiles: inputs, side: side)
    try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
    for file in files {
        let url = outputDirectory.appendingPathComponent(file.name)
        // Leave an unchanged file alone so the compiler does not rebuild it.
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == file.contents { continue }
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
    }
} catch let error as ScannerError {
    try? FileHandle.standardError.write(contentsOf: Data("\(error)\n".utf8))
    exit(1)
} catch {
    try? FileHandle.standardError.write(contentsOf: Data("error: \(error)\n".utf8))
    exit(1)
}
