import DioramaGraphics
import DioramaPOSIX
import Foundation
import Testing

/// A small deterministic random number generator (SplitMix64), so "random" test data
/// is the same on every run and a failure can be reproduced.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}

/// Builds a buffer from rows of ARGB words, so expected images read like pictures.
func image(_ rows: [[UInt32]]) -> PixelBuffer {
    PixelBuffer(width: rows.first?.count ?? 0, height: rows.count, pixels: rows.flatMap { $0 })
}

/// The rows of `buffer` as ARGB words, for comparisons whose failure prints a picture.
func rows(of buffer: some PixelImage) -> [[UInt32]] {
    (0..<buffer.height).map { y in (0..<buffer.width).map { x in buffer.pixel(x: x, y: y).argb } }
}

/// An opaque buffer whose pixels are distinct while x and y stay below 256: x in red, y in
/// green, and `tag` in blue (larger coordinates spill into the next channel).
func numberedImage(width: Int, height: Int, tag: UInt32 = 0x55) -> PixelBuffer {
    var buffer = PixelBuffer(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            buffer[x, y] = PixelColor(argb: 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 | tag)
        }
    }
    return buffer
}

/// Runs the machine's python3 as the independent reference implementation of zlib
/// and PNG framing.
enum Python {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The python3 executable on `PATH`. Throws (failing the test) with an install
    /// hint when there is none: these tests must not pass by skipping.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "python3 is not on PATH (\(path)); install it with `apt-get install python3` (or `make deps`)")
    }

    /// Runs `script` with `arguments` and returns what it printed to standard output.
    static func run(_ script: String, arguments: [String] = []) throws -> [UInt8] {
        let run = try ProgramRun.run(try executable().path, ["-c", script] + arguments, timeout: .seconds(120))
        guard run.succeeded else {
            throw Failure(description: "python3 \(run.timedOut ? "did not finish within 120 s" : run.termination.description): \(run.standardError)")
        }
        return run.standardOutput
    }
}

/// A fresh temporary directory for one test, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-graphics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
