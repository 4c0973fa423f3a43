import Foundation

/// Every fuzz target by name: the input surfaces of `Docs/reliability.md`, and two
/// self-tests that prove the harness sees a crash and a hang.
package enum FuzzTargets {
    /// The surfaces `make fuzz` and the short run in `make test` exercise.
    package static let surfaceNames = [
        "scenario", "layout", "plist", "pbxproj", "xcconfig", "xcworkspace", "swift-source", "control", "file-size", "include-graph",
        "session-store", "output-path", "control-batch", "wayland-tree",
    ]
    /// Targets that crash (`selftest-crash`) or hang (`selftest-hang`) on inputs
    /// containing `CRASH` or `HANG`: only for testing the harness itself.
    package static let selfTestNames = ["selftest-crash", "selftest-hang"]

    /// The target `name`, with seeds from `corpus`; `scratch` is a folder the
    /// target may write in (the lint targets keep their sandbox project there).
    package static func make(_ name: String, corpus: SeedCorpus, scratch: URL) throws -> any FuzzSurface {
        switch name {
        case "scenario": return ScenarioSurface(corpus: corpus)
        case "layout": return DisplayLayoutSurface(corpus: corpus)
        case "plist": return PropertyListSurface(corpus: corpus)
        case "pbxproj": return try PBXProjSurface(corpus: corpus, scratch: scratch)
        case "xcconfig": return try XCConfigSurface(corpus: corpus, scratch: scratch)
        case "xcworkspace": return try XCWorkspaceSurface(corpus: corpus, scratch: scratch)
        case "swift-source": return try AppSourceSurface(corpus: corpus, scratch: scratch)
        case "control": return ControlRequestSurface(corpus: corpus)
        case "file-size": return try FileSizeSurface(corpus: corpus, scratch: scratch)
        case "include-graph": return try IncludeGraphSurface(corpus: corpus, scratch: scratch)
        case "session-store": return try SessionStoreSurface(scratch: scratch)
        case "output-path": return try OutputPathSurface(scratch: scratch)
        case "wayland-tree": return try WaylandTreeSurface(corpus: corpus)
        case "control-batch":
            let requests = ControlRequestSurface(corpus: corpus)
            return try ControlBatchSurface(
                corpus: corpus, scratch: scratch, requestSeeds: requests.seeds, requestDictionary: requests.dictionary)
        case "selftest-crash": return HarnessSelfTest(name: name, trigger: "CRASH")
        case "selftest-hang": return HarnessSelfTest(name: name, trigger: "HANG")
        default:
            throw FuzzSetupError("unknown fuzz target \"\(name)\"; the targets are \((surfaceNames + selfTestNames).joined(separator: ", "))")
        }
    }
}

/// A fuzz run could not start (a usage mistake, no checkout to take seeds from).
package struct FuzzSetupError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A deliberately broken target: crashes or hangs when the input contains its
/// trigger word, which its second seed does. Lets the tests check that a crash
/// and a hang are counted and leave their reproducer behind.
struct HarnessSelfTest: FuzzSurface {
    let name: String
    let trigger: String
    var seeds: [[UInt8]] { [Array("harmless".utf8), Array("before \(trigger) after".utf8)] }
    let dictionary: [[UInt8]] = []

    func run(_ input: [UInt8]) -> FuzzVerdict {
        guard String(decoding: input, as: UTF8.self).contains(trigger) else { return .accepted }
        if trigger == "CRASH" { fatalError("selftest-crash: the input contains CRASH") }
        while true { Thread.sleep(forTimeInterval: 1) }
    }
}
