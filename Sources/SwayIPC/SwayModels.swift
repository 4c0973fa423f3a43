import Foundation

// Decodable views of sway's IPC replies. Only the fields tests and scenarios
// use are modelled; decoding is lenient (missing fields get neutral defaults)
// because sway omits some of them for disabled outputs and for the root node.

/// A rectangle in sway's layout (logical) coordinates.
public struct SwayRect: Codable, Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// An output mode in physical pixels; `refresh` is in mHz.
public struct SwayMode: Codable, Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var refresh: Int
}

/// One result of a `run_command` request.
public struct SwayCommandResult: Codable, Sendable, Hashable {
    public var success: Bool
    /// sway's message when `success` is false.
    public var error: String?
    /// True when the command did not parse (rather than failed to apply).
    public var parseError: Bool?

    enum CodingKeys: String, CodingKey {
        case success, error
        case parseError = "parse_error"
    }
}

/// One output as `get_outputs` reports it.
public struct SwayOutput: Decodable, Sendable, Hashable {
    /// `HEADLESS-1`, `HEADLESS-2`, … for the headless backend.
    public var name: String
    public var make: String
    public var model: String
    public var active: Bool
    public var focused: Bool
    /// The output scale (sway reports -1 for disabled outputs).
    public var scale: Double
    /// `normal`, `90`, `180`, `270`, `flipped`, `flipped-90`, …
    public var transform: String
    /// Position and size in layout coordinates (physical size / scale).
    public var rect: SwayRect
    /// The mode in physical pixels, if the output is active.
    public var currentMode: SwayMode?
    public var currentWorkspace: String?

    enum CodingKeys: String, CodingKey {
        case name, make, model, active, focused, scale, transform, rect
        case currentMode = "current_mode"
        case currentWorkspace = "current_workspace"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        make = try c.decodeIfPresent(String.self, forKey: .make) ?? ""
        model = try c.decodeIfPresent(String.self, forKey: .model) ?? ""
        active = try c.decodeIfPresent(Bool.self, forKey: .active) ?? false
        focused = try c.decodeIfPresent(Bool.self, forKey: .focused) ?? false
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? -1
        transform = try c.decodeIfPresent(String.self, forKey: .transform) ?? "normal"
        rect = try c.decodeIfPresent(SwayRect.self, forKey: .rect) ?? SwayRect(x: 0, y: 0, width: 0, height: 0)
        currentMode = try c.decodeIfPresent(SwayMode.self, forKey: .currentMode)
        currentWorkspace = try c.decodeIfPresent(String.self, forKey: .currentWorkspace)
    }
}

/// One workspace as `get_workspaces` reports it.
public struct SwayWorkspace: Decodable, Sendable, Hashable {
    public var num: Int
    public var name: String
    public var visible: Bool
    public var focused: Bool
    public var output: String
    public var rect: SwayRect
}

/// sway's version as `get_version` reports it.
public struct SwayVersion: Decodable, Sendable, Hashable {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public var humanReadable: String

    enum CodingKeys: String, CodingKey {
        case major, minor, patch
        case humanReadable = "human_readable"
    }
}

/// A node of the `get_tree` reply: the root, an output, a workspace, or a
/// container (`con` tiled, `floating_con` floating). Windows are containers
/// with an `appID` (Wayland) or a `window` id (X11).
public struct SwayNode: Decodable, Sendable, Hashable {
    public var id: Int
    public var name: String?
    /// `root`, `output`, `workspace`, `con`, `floating_con`.
    public var type: String
    /// The container's rectangle in layout coordinates (including borders).
    public var rect: SwayRect
    /// The client's content relative to `rect`.
    public var windowRect: SwayRect?
    /// The size the client asked for.
    public var geometry: SwayRect?
    public var appID: String?
    public var pid: Int32?
    public var focused: Bool
    public var visible: Bool?
    /// `xdg_shell` or `xwayland` for windows.
    public var shell: String?
    /// 0 none, 1 on its workspace, 2 global.
    public var fullscreenMode: Int?
    public var marks: [String]
    public var nodes: [SwayNode]
    public var floatingNodes: [SwayNode]

    enum CodingKeys: String, CodingKey {
        case id, name, type, rect, geometry, pid, focused, visible, shell, marks, nodes
        case windowRect = "window_rect"
        case appID = "app_id"
        case fullscreenMode = "fullscreen_mode"
        case floatingNodes = "floating_nodes"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        type = try c.decode(String.self, forKey: .type)
        rect = try c.decodeIfPresent(SwayRect.self, forKey: .rect) ?? SwayRect(x: 0, y: 0, width: 0, height: 0)
        windowRect = try c.decodeIfPresent(SwayRect.self, forKey: .windowRect)
        geometry = try c.decodeIfPresent(SwayRect.self, forKey: .geometry)
        appID = try c.decodeIfPresent(String.self, forKey: .appID)
        pid = try c.decodeIfPresent(Int32.self, forKey: .pid)
        focused = try c.decodeIfPresent(Bool.self, forKey: .focused) ?? false
        visible = try c.decodeIfPresent(Bool.self, forKey: .visible)
        shell = try c.decodeIfPresent(String.self, forKey: .shell)
        fullscreenMode = try c.decodeIfPresent(Int.self, forKey: .fullscreenMode)
        marks = try c.decodeIfPresent([String].self, forKey: .marks) ?? []
        nodes = try c.decodeIfPresent([SwayNode].self, forKey: .nodes) ?? []
        floatingNodes = try c.decodeIfPresent([SwayNode].self, forKey: .floatingNodes) ?? []
    }

    /// Tiled children, then floating ones.
    public var children: [SwayNode] { nodes + floatingNodes }

    /// True for a window (a container holding a client surface).
    public var isWindow: Bool {
        (type == "con" || type == "floating_con") && (appID != nil || pid != nil)
    }

    /// Every window in the tree, depth first, with the output and workspace it
    /// sits on. sway's internal `__i3` output (holding the scratchpad) is
    /// reported as output `__i3`, workspace `__i3_scratch`.
    public func windows() -> [SwayWindowPlacement] {
        var found: [SwayWindowPlacement] = []
        func walk(_ node: SwayNode, output: String?, workspace: String?) {
            let output = node.type == "output" ? node.name : output
            let workspace = node.type == "workspace" ? node.name : workspace
            if node.isWindow {
                found.append(SwayWindowPlacement(node: node, output: output, workspace: workspace))
            }
            for child in node.children { walk(child, output: output, workspace: workspace) }
        }
        walk(self, output: nil, workspace: nil)
        return found
    }

    /// The first window whose `app_id` equals `appID`.
    public func findWindow(appID: String) -> SwayWindowPlacement? {
        windows().first { $0.node.appID == appID }
    }

    /// The first node (of any type) satisfying `predicate`, depth first.
    public func first(where predicate: (SwayNode) -> Bool) -> SwayNode? {
        if predicate(self) { return self }
        for child in children {
            if let hit = child.first(where: predicate) { return hit }
        }
        return nil
    }
}

/// A window found in the tree and where it is.
public struct SwayWindowPlacement: Sendable, Hashable {
    public var node: SwayNode
    /// The output's name, e.g. `HEADLESS-2`.
    public var output: String?
    public var workspace: String?

    /// The container rectangle in layout coordinates.
    public var rect: SwayRect { node.rect }
    public var isFloating: Bool { node.type == "floating_con" }
}
