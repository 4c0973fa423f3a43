import DioramaClient
import DioramaModel
import Foundation
import HeadlessCompositors
import Testing
import WaylandClient

/// A client connected to a real headless compositor with the usual states
/// bound: registry, outputs (described), compositor, shm, xdg-shell.
final class ClientHarness {
    let connection: Connection
    let registry: Registry
    let outputs: OutputState
    let compositor: CompositorState
    let shm: ShmState
    let shell: XdgShell
    let bufferPool: BufferPool

    init(_ running: RunningCompositor) throws {
        connection = try Connection(display: running.waylandDisplay, environment: [:])
        connection.defaultTimeout = .seconds(10)
        registry = try Registry(connection: connection)
        outputs = OutputState(registry: registry)
        try outputs.waitUntilDescribed()
        compositor = try CompositorState(registry: registry, outputState: outputs)
        shm = try ShmState(registry: registry)
        shell = try XdgShell(registry: registry)
        bufferPool = try BufferPool(shm: shm)
        try connection.roundtrip()
    }

    /// Maps a toplevel: initial commit, first configure, then a filled buffer
    /// of the configured size (or `defaultSize`) attached and committed.
    func mapToplevel(
        appID: String, defaultSize: Size = Size(width: 200, height: 150),
        surfaceHandler: SurfaceHandler? = nil
    ) throws -> (toplevel: Toplevel, buffer: Buffer) {
        let surface = compositor.createSurface()
        surface.handler = surfaceHandler
        let toplevel = shell.makeToplevel(for: surface)
        toplevel.setAppID(appID)
        toplevel.setTitle("Diorama test \(appID)")
        toplevel.commit()
        try toplevel.waitForFirstConfigure()
        let configure = try #require(toplevel.currentConfigure)
        let buffer = try bufferPool.nextBuffer(size: configure.size(orDefault: defaultSize))
        buffer.fill(0xFF33_6699)
        toplevel.attachAndCommit(buffer)
        try connection.flush()
        return (toplevel, buffer)
    }

    /// Dispatches until `condition` holds (bounded).
    func run(until condition: () -> Bool, _ what: String, timeout: Duration = .seconds(10)) throws {
        try connection.run(until: condition, timeout: timeout, waitingFor: what)
    }
}

/// Records a surface's enter/leave events by output name.
final class SurfaceEventRecorder: SurfaceHandler {
    enum Event: Hashable, CustomStringConvertible {
        case entered(String)
        case left(String)
        var description: String {
            switch self {
            case let .entered(name): "entered \(name)"
            case let .left(name): "left \(name)"
            }
        }
    }

    private(set) var events: [Event] = []

    func surfaceEnteredOutput(_ surface: Surface, output: Output) {
        events.append(.entered(output.info.name ?? "?"))
    }

    func surfaceLeftOutput(_ surface: Surface, output: Output) {
        events.append(.left(output.info.name ?? "?"))
    }
}

/// A unique app id per test, so parallel tests never match each other's windows.
func uniqueAppID(_ base: String) -> String {
    "diorama.test.\(base).\(getpid()).\(UUID().uuidString.prefix(8))"
}
