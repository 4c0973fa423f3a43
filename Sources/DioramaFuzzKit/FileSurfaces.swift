import DioramaLint
import DioramaManifest
import DioramaModel
import DioramaScenarios
import DioramaSessionStore
import DioramaSimulator
import Foundation

/// Input files of every kind at sizes read from the input, up to 8 GiB, made
/// sparse (no blocks on disk), each read through its public entry point: the
/// readers must refuse a file past its kind's limit from its size, before reading
/// it (`Docs/reliability.md`), and stay inside the budget for every size below.
///
/// The input: one byte choosing the kind, eight bytes of size (little endian,
/// modulo 8 GiB), then the bytes the file starts with (the rest is a hole). A size
/// within the limit is cut to ``largestReadSize``: the parsers' cost on what they
/// may read is the other targets' business (and megabytes of a hole take seconds
/// to parse in a debug build), the refusal of what they may not is this one's.
/// The limit's own boundary is `RegularFileReaderTests`'.
struct FileSizeSurface: FuzzSurface {
    let name = "file-size"
    let seeds: [[UInt8]]
    let dictionary: [[UInt8]] = []
    let readers: [FileReaderEntry]

    /// One kind of input file and the public call that reads it.
    struct FileReaderEntry: Sendable {
        var kind: InputFileKind
        /// The file the input becomes.
        var file: URL
        /// Reads `file`; the messages of the rejection, empty when it was accepted.
        var read: @Sendable () -> [String]
    }

    static let largestSize: UInt64 = 8 << 30
    static let largestReadSize: UInt64 = 64 << 10

    init(corpus: SeedCorpus, scratch: URL) throws {
        let folder = scratch.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sessions = folder.appendingPathComponent("sessions")
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        let plist = folder.appendingPathComponent("Info.plist")
        let scenario = folder.appendingPathComponent("input.scenario")
        let layout = folder.appendingPathComponent("layout.json")
        let session = sessions.appendingPathComponent("session-fuzz.json")
        let xcconfig = try LintSandbox(corpus: corpus, scratch: folder.appendingPathComponent("xcconfig"), fuzzed: "Configurations/Legacy.xcconfig")
        let pbxproj = try LintSandbox(corpus: corpus, scratch: folder.appendingPathComponent("pbxproj"), fuzzed: "Legacy.xcodeproj/project.pbxproj")
        let workspace = try LintSandbox(
            corpus: corpus, scratch: folder.appendingPathComponent("workspace"),
            fuzzed: "All.xcworkspace/contents.xcworkspacedata", linted: "All.xcworkspace")
        func lint(_ sandbox: LintSandbox) -> @Sendable () -> [String] {
            { sandbox.lintAsWritten(fuzzedFileLines: nil).messages }
        }
        let readers = [
            FileReaderEntry(kind: .propertyList, file: plist) { Self.rejection { _ = try PropertyList.load(contentsOf: plist) } },
            FileReaderEntry(kind: .scenario, file: scenario) { Self.rejection { _ = try ScenarioLoader.load(path: scenario.path) } },
            FileReaderEntry(kind: .displayLayout, file: layout) {
                Self.rejection { _ = try DisplayLayout.load(contentsOf: layout.path) }
            },
            FileReaderEntry(kind: .displayLayout, file: layout) {
                Self.rejection { _ = try DisplayLayoutReference.load(path: layout.path) }
            },
            FileReaderEntry(kind: .savedSession, file: session) {
                SessionStore(directory: sessions).load().warnings.map(\.description)
            },
            FileReaderEntry(kind: .buildConfiguration, file: xcconfig.fuzzedFile, read: lint(xcconfig)),
            FileReaderEntry(kind: .xcodeProject, file: pbxproj.fuzzedFile, read: lint(pbxproj)),
            FileReaderEntry(kind: .xcodeWorkspace, file: workspace.fuzzedFile, read: lint(workspace)),
        ]
        self.readers = readers
        // Per reader: just under, at and past its limit, and 6 GiB.
        seeds = readers.indices.flatMap { index in
            let limit = UInt64(readers[index].kind.maximumSize)
            return [limit - 1, limit, limit + 1, 6 << 30].map { Self.input(reader: index, size: $0, head: []) }
        }
    }

    /// The rejection's message (the error's description, which for scenario errors
    /// holds every diagnostic); none when `read` returned.
    static func rejection(_ read: () throws -> Void) -> [String] {
        do {
            try read()
            return []
        } catch {
            return [String(describing: error)]
        }
    }

    static func input(reader: Int, size: UInt64, head: [UInt8]) -> [UInt8] {
        [UInt8(reader)] + withUnsafeBytes(of: size.littleEndian, Array.init) + head
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        guard input.count >= 9 else { return .accepted }
        let entry = readers[Int(input[0]) % readers.count]
        let rawSize = input[1..<9].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let head = Array(input[9...])
        let kindLimit = UInt64(entry.kind.maximumSize)
        var size = max(UInt64(head.count), rawSize % Self.largestSize)
        if size <= kindLimit { size = min(size, max(UInt64(head.count), Self.largestReadSize)) }
        guard FileManager.default.createFile(atPath: entry.file.path, contents: Data(head)),
            truncate(entry.file.path, off_t(size)) == 0
        else { return .brokenPromise("the harness could not make \(entry.file.path) \(size) bytes long") }
        let messages = entry.read()
        guard size > kindLimit else { return messages.isEmpty ? .accepted : .rejected }
        let limit = "limit for \(entry.kind.name)"
        guard messages.contains(where: { $0.contains(limit) }) else {
            return .brokenPromise("a \(size)-byte file was not refused by the \(limit): \(messages)")
        }
        return .rejected
    }
}

/// Graphs of `.xcconfig` files that include each other, read by lint from the
/// fixture project's base configuration: diamonds, chains, cycles, missing and
/// optional includes. Promise: a report within the budget, however many paths
/// lead through the graph (each file is read once; the expansion is bounded).
///
/// The input: one byte for the number of files (2–17), then pairs of bytes, each an
/// include from one file to another (a target past the last file is a missing file;
/// the high bit of the first byte makes it `#include?`), in order, interleaved with
/// assignments (`$(inherited)` ones when the second byte is odd). At most
/// ``maximumIncludes`` pairs are used: the graph's shape is the point, and each
/// include line costs lint a path lookup (about 0.3 ms in a debug build under load).
struct IncludeGraphSurface: FuzzSurface {
    static let maximumIncludes = 2_000
    let name = "include-graph"
    let seeds: [[UInt8]]
    let dictionary: [[UInt8]] = [[0, 1], [1, 2], [0, 0], [0x80, 0x20], [3, 3]]
    let sandbox: LintSandbox

    init(corpus: SeedCorpus, scratch: URL) throws {
        sandbox = try LintSandbox(corpus: corpus, scratch: scratch, fuzzed: "Configurations/Legacy.xcconfig")
        let chain: [UInt8] = [15] + (0..<15).flatMap { [UInt8($0), UInt8($0 + 1)] }
        // Every file includes every later one, twice over: 2^15 paths, 16 files.
        let diamond: [UInt8] = [15] + (0..<15).flatMap { from in (from + 1..<16).flatMap { [UInt8(from), UInt8($0 * 2)] } }
        let cycle: [UInt8] = [2, 0, 1, 1, 2, 2, 0, 0x80, 40]
        seeds = [chain, diamond, cycle]
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        guard let first = input.first else { return .accepted }
        let count = 2 + Int(first) % 16
        var texts = [String](repeating: "", count: count)
        var index = 1
        while index + 1 < min(input.count, 1 + 2 * Self.maximumIncludes) {
            let from = Int(input[index] & 0x7F) % count
            let target = Int(input[index + 1]) / 2
            let directive = input[index] & 0x80 == 0 ? "#include" : "#include?"
            texts[from] += "\(directive) \"\(Self.fileName(target, count: count))\"\n"
            texts[from] +=
                input[index + 1] % 2 == 1 ? "FLAGS_\(from) = $(inherited) \(target)\n" : "SETTING_\(from) = \(target)\n"
            index += 2
        }
        let folder = sandbox.fuzzedFile.deletingLastPathComponent()
        for (number, text) in texts.enumerated() {
            let file = number == 0 ? sandbox.fuzzedFile : folder.appendingPathComponent(Self.fileName(number, count: count))
            guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8)) else {
                return .brokenPromise("the harness could not write \(file.path)")
            }
        }
        return sandbox.lintAsWritten(fuzzedFileLines: nil).verdict
    }

    /// File 0 is the fuzzed base configuration; the others sit beside it. A number
    /// past the last file names one that does not exist.
    static func fileName(_ number: Int, count: Int) -> String {
        number == 0 ? "Legacy.xcconfig" : number < count ? "Graph\(number).xcconfig" : "Missing\(number).xcconfig"
    }
}
