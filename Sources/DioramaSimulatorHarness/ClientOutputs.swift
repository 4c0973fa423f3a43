import WaylandClient

/// What a test client learned about one wl_output from its events.
public struct ClientOutputInfo: Hashable, Sendable {
    /// The registry name of the wl_output global.
    public var globalName: UInt32
    /// `wl_output.name` (version 4), e.g. `DP-1`; nil before it arrives.
    public var name: String?
    /// `wl_output.description` (version 4); nil before it arrives.
    public var description: String?
    /// The integer scale from `wl_output.scale`.
    public var scale: Int32 = 1
    /// The x of `wl_output.geometry`, in the global compositor space.
    public var x: Int32 = 0
    /// The y of `wl_output.geometry`, in the global compositor space.
    public var y: Int32 = 0
    /// The `wl_output.transform` wire value of `wl_output.geometry`.
    public var transform: UInt32 = 0
    /// The current mode's width in pixels (`wl_output.mode`).
    public var modeWidth: Int32 = 0
    /// The current mode's height in pixels (`wl_output.mode`).
    public var modeHeight: Int32 = 0
    /// The current mode's refresh rate in mHz (`wl_output.mode`).
    public var refresh: Int32 = 0
    /// The manufacturer from `wl_output.geometry`.
    public var make = ""
    /// The model from `wl_output.geometry`.
    public var model = ""
    /// How many `done` events arrived.
    public var doneCount = 0
    /// xdg_output logical geometry, when requested.
    public var logicalX: Int32?
    /// xdg_output logical y, when requested.
    public var logicalY: Int32?
    /// xdg_output logical width, when requested.
    public var logicalWidth: Int32?
    /// xdg_output logical height, when requested.
    public var logicalHeight: Int32?
    /// `zxdg_output_v1.name`, when requested and sent.
    public var xdgName: String?
}

/// Binds every wl_output a client sees (and new ones as they appear, after
/// ``refresh()``) and records their events, so tests can name the output in
/// a `wl_surface.enter`.
public final class ClientOutputs {
    let client: HarnessClient
    let version: UInt32
    let xdgOutputManager: ZxdgOutputManagerV1?
    /// Every output bound so far with what its events said, in binding order.
    public private(set) var outputs: [(proxy: WlOutput, info: ClientOutputInfo)] = []
    private var xdgOutputs: [ZxdgOutputV1] = []

    /// - Parameter version: wl_output version to bind (default: up to 4).
    public init(client: HarnessClient, version: UInt32? = nil, withXdgOutput: Bool = true) throws {
        self.client = client
        self.version = version ?? 4
        xdgOutputManager = withXdgOutput ? try? client.bind(ZxdgOutputManagerV1.self) : nil
        refresh()
    }

    /// Binds outputs announced since the last call (call after a roundtrip
    /// that may have brought a hot-plugged display).
    public func refresh() {
        for global in client.globals(named: "wl_output") where !outputs.contains(where: { $0.info.globalName == global.name }) {
            let proxy = client.bind(WlOutput.self, global: global, version: min(version, global.version))
            let index = outputs.count
            outputs.append((proxy, ClientOutputInfo(globalName: global.name)))
            proxy.onEvent = { [unowned self] event in
                var info = self.outputs[index].info
                switch event {
                case .geometry(let x, let y, _, _, _, let make, let model, let transform):
                    info.x = x; info.y = y; info.make = make; info.model = model; info.transform = transform.rawValue
                case .mode(_, let width, let height, let refresh):
                    info.modeWidth = width; info.modeHeight = height; info.refresh = refresh
                case .scale(let factor): info.scale = factor
                case .name(let name): info.name = name
                case .description(let description): info.description = description
                case .done: info.doneCount += 1
                }
                self.outputs[index].info = info
            }
            if let xdgOutputManager {
                let xdgOutput = xdgOutputManager.getXdgOutput(output: proxy)
                xdgOutputs.append(xdgOutput)
                xdgOutput.onEvent = { [unowned self] event in
                    var info = self.outputs[index].info
                    switch event {
                    case .logicalPosition(let x, let y): info.logicalX = x; info.logicalY = y
                    case .logicalSize(let width, let height): info.logicalWidth = width; info.logicalHeight = height
                    case .name(let name): info.xdgName = name
                    case .description, .done: break
                    }
                    self.outputs[index].info = info
                }
            }
        }
    }

    /// The display name of an output proxy (wl_output.name, else xdg_output.name).
    public func name(of output: WlOutput?) -> String {
        guard let output, let entry = outputs.first(where: { $0.proxy === output }) else { return "?" }
        return entry.info.name ?? entry.info.xdgName ?? "?"
    }

    /// The info of the output named `name`.
    public func info(named name: String) -> ClientOutputInfo? {
        outputs.first { ($0.info.name ?? $0.info.xdgName) == name }?.info
    }
}
