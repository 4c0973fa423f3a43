import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import WaylandClient

/// The Wayland wire with protocol state: a client of a fresh in-process simulator
/// (the `laptop` layout) builds surface trees from the input (surfaces,
/// subsurfaces, xdg roles, buffers, commits) and destroys them in the order the
/// input says, over a real socket; then every display is screenshotted (which
/// walks every tree) and a second client does a roundtrip. Promises: the simulator
/// survives whatever the client did (a protocol error ends that client only), and
/// the other client is answered; within the budget, so a tree whose cost grows
/// faster than its size is a finding.
///
/// The input is triples of bytes: an operation, the surface it acts on, and a second
/// surface (a parent, a sibling) or a size. Surfaces
/// are counted back from the newest (0 is the newest, 1 the one before), so a chain
/// of any length is "make a surface, make it a subsurface of the one before".
/// Destroyed objects are never used again (that would be the client library's
/// bug, not the simulator's).
struct WaylandTreeSurface: FuzzSurface {
    let name = "wayland-tree"
    let seeds: [[UInt8]]
    let dictionary: [[UInt8]] = (0..<8).map { [UInt8($0), 0, 1] }
    let layout: DisplayLayout

    enum Operation: UInt8 {
        case createSurface, makeSubsurface, destroySurface, destroySubsurface, makeToplevel, commitWithBuffer, placeAbove,
            destroyToplevel
    }

    init(corpus: SeedCorpus) throws {
        layout = try DisplayLayout.load(contentsOf: corpus.root.appendingPathComponent("Configs/displays/laptop.json").path)
        func triple(_ operation: Operation, _ first: UInt8, _ second: UInt8) -> [UInt8] {
            [operation.rawValue, first, second]
        }
        // A window with a 200-deep chain of subsurfaces, each with a buffer; then the
        // chain destroyed from the middle, the root's role first.
        let window = triple(.createSurface, 0, 0) + triple(.makeToplevel, 0, 0) + triple(.commitWithBuffer, 0, 0)
        var chain = window
        for _ in 1...200 {
            chain += triple(.createSurface, 0, 0) + triple(.makeSubsurface, 0, 1) + triple(.commitWithBuffer, 0, 0)
        }
        let teardown = triple(.destroyToplevel, 200, 0) + triple(.destroySurface, 100, 0) + triple(.destroySubsurface, 101, 0)
        // Loops and re-parenting: a surface its own ancestor, a subsurface made twice.
        let hostile =
            window + triple(.createSurface, 0, 0) + triple(.makeSubsurface, 1, 0) + triple(.makeSubsurface, 0, 1)
            + triple(.makeSubsurface, 1, 0) + triple(.placeAbove, 1, 0)
        seeds = [window, chain, chain + teardown, hostile]
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        do {
            let harness = try Simulator.Harness(layout: layout)
            let client = try WindowingClient(harness: harness)
            let bystander = try WindowingClient(harness: harness)
            let subcompositor = try client.connection.bind(WlSubcompositor.self)
            var tree = ClientTree()
            var verdict = FuzzVerdict.accepted
            do {
                for (number, index) in stride(from: 0, to: input.count - 2, by: 3).enumerated() {
                    guard let operation = Operation(rawValue: input[index] % 8) else { continue }
                    tree.apply(operation, Int(input[index + 1]), Int(input[index + 2]), client: client, subcompositor: subcompositor)
                    // A roundtrip now and then, as a real client's event loop makes: the
                    // client library's buffer would otherwise fill (EAGAIN) before the
                    // simulator reads a byte.
                    if number % 32 == 31 { try harness.roundtrip(client.connection) }
                }
                try harness.roundtrip(client.connection)
            } catch HarnessError.protocolError {
                verdict = .rejected
            }
            for display in harness.simulator.displays.map(\.name) {
                _ = try harness.simulator.screenshot(ofDisplay: display)
            }
            try harness.roundtrip(bystander.connection)
            return verdict
        } catch {
            return .brokenPromise("the simulator failed its other client: \(error)")
        }
    }
}

/// The objects a fuzzed client made, by creation order; nil once destroyed.
private struct ClientTree {
    var surfaces: [WlSurface?] = []
    var subsurfaces: [Int: WlSubsurface] = [:]
    var roles: [Int: (xdgSurface: XdgSurface, toplevel: XdgToplevel)] = [:]

    /// The live surface `back` places before the newest (modulo the count), with its
    /// position in creation order.
    func surface(_ back: Int) -> (Int, WlSurface)? {
        guard !surfaces.isEmpty else { return nil }
        let position = surfaces.count - 1 - back % surfaces.count
        return surfaces[position].map { (position, $0) }
    }

    mutating func apply(
        _ operation: WaylandTreeSurface.Operation, _ first: Int, _ second: Int, client: WindowingClient,
        subcompositor: WlSubcompositor
    ) {
        switch operation {
        case .createSurface:
            surfaces.append(client.compositor.createSurface())
        case .makeSubsurface:
            guard let (index, child) = surface(first), let (_, parent) = surface(second) else { return }
            subsurfaces[index]?.destroy()
            subsurfaces[index] = subcompositor.getSubsurface(surface: child, parent: parent)
        case .destroySurface:
            guard let (index, surface) = surface(first) else { return }
            surface.destroy()
            surfaces[index] = nil
        case .destroySubsurface:
            guard let (index, _) = surface(first), let subsurface = subsurfaces.removeValue(forKey: index) else { return }
            subsurface.destroy()
        case .makeToplevel:
            guard let (index, surface) = surface(first), roles[index] == nil else { return }
            let xdgSurface = client.wmBase.getXdgSurface(surface: surface)
            roles[index] = (xdgSurface, xdgSurface.getToplevel())
        case .commitWithBuffer:
            guard let (_, surface) = surface(first) else { return }
            surface.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: 1 + second % 64, height: 1 + second / 4), x: 0, y: 0)
            surface.commit()
        case .placeAbove:
            guard let (index, _) = surface(first), let (_, sibling) = surface(second), let subsurface = subsurfaces[index] else {
                return
            }
            subsurface.placeAbove(sibling: sibling)
        case .destroyToplevel:
            guard let (index, _) = surface(first), let role = roles.removeValue(forKey: index) else { return }
            role.toplevel.destroy()
            role.xdgSurface.destroy()
        }
    }
}
