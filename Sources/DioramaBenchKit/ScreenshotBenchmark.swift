import DioramaGraphics
import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation

/// How long a screenshot of the studio's 5K display (5120×2880 at 2×) takes:
/// compositing the committed buffers, then encoding and writing the PNG — what
/// `diorama ctl screenshot` and a scenario's `screenshot` step pay.
///
/// The display shows one raw-binding client's window, 2400×1350 points at
/// buffer scale 2, whose buffer holds a ``TestPattern`` (grid, fine-detail
/// patches, text: harder to compress than flat colour), on the black of the
/// rest of the display. Only `screenshot(ofDisplay:)` and `writePNG(to:)` are
/// timed, in wall-clock and in the CPU time of all the process's threads (the
/// PNG encoder deflates bands of rows on several cores, so on an idle machine
/// the CPU time exceeds the wall time; on a shared one the wall time also
/// holds the neighbours' share); each repeat shoots again, and the medians
/// are reported.
enum ScreenshotBenchmark {
    static let display = "DP-2"
    static let windowPoints = (width: 2400, height: 1350)

    static func run(repeats: Int, layoutPath: String) throws -> ScreenshotSection {
        let harness = try Simulator.Harness(layout: DisplayLayout.load(contentsOf: layoutPath))
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "bench-screenshot", fractional: false)
        try harness.roundtrip(client.connection)
        window.ackLastConfigure()
        let pixelWidth = windowPoints.width * 2, pixelHeight = windowPoints.height * 2
        var pattern = PixelBuffer(width: pixelWidth, height: pixelHeight)
        TestPattern(label: "2x").draw(into: &pattern)
        let buffer = pattern.withUnsafePixels { pixels in
            ShmBufferFactory.makeBuffer(shm: client.shm, width: pixelWidth, height: pixelHeight) { x, y in
                pixels[y * pixelWidth + x]
            }
        }
        window.surface.attach(buffer: buffer, x: 0, y: 0)
        window.surface.setBufferScale(scale: 2)
        window.surface.damageBuffer(x: 0, y: 0, width: Int32(pixelWidth), height: Int32(pixelHeight))
        window.surface.commit()
        try harness.pump()
        try harness.simulator.moveWindow(.appID("bench-screenshot"), toDisplay: display)
        try harness.pump()

        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-bench-screenshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("shot.png").path

        var composeNanoseconds: [UInt64] = [], encodeNanoseconds: [UInt64] = [], cpuNanoseconds: [UInt64] = []
        var size = (width: 0, height: 0)
        for _ in 0..<max(1, repeats) {
            let cpuStart = ProcessResources.processCPUNanoseconds()
            let start = ProcessResources.monotonicNanoseconds()
            let shot = try harness.simulator.screenshot(ofDisplay: display)
            let composed = ProcessResources.monotonicNanoseconds()
            try shot.writePNG(to: file)
            let written = ProcessResources.monotonicNanoseconds()
            cpuNanoseconds.append(ProcessResources.processCPUNanoseconds() - cpuStart)
            composeNanoseconds.append(composed - start)
            encodeNanoseconds.append(written - composed)
            size = (shot.image.width, shot.image.height)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        withExtendedLifetime((client, window, buffer)) {}
        func medianMilliseconds(_ values: [UInt64]) -> Double { Double(values.sorted()[values.count / 2]) / 1e6 }
        let totals = zip(composeNanoseconds, encodeNanoseconds).map { $0 + $1 }
        return ScreenshotSection(
            unavailable: nil, build: buildConfiguration, width: size.width, height: size.height, repeats: totals.count,
            composeMilliseconds: medianMilliseconds(composeNanoseconds),
            encodeMilliseconds: medianMilliseconds(encodeNanoseconds),
            totalMilliseconds: medianMilliseconds(totals), cpuMilliseconds: medianMilliseconds(cpuNanoseconds),
            fileBytes: bytes)
    }

    /// The configuration this bench was compiled in: the screenshot targets
    /// differ between debug and release builds.
    static var buildConfiguration: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }
}
