import Foundation

// Decodable views of sway's IPC replies. Only the fields tests and scenarios
// use are modelled; decoding is lenient (missing fields get neutral defaults)
// because sway omits some of them for disabled outputs and for the root node.

/// A rectangle in sway's layout (logical) coordinates.
package struct SwayRect: Codable, Sendable, Hashable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// An output mode in physical pixels; `refresh` is in mHz.
package struct SwayMode: Codable, Sendable, Hashable {
    package var width: Int
    package var height: Int
    package var refresh: Int
}

/// One result of a `run_command` request.
package struct SwayCommandResult: Codable, Sendable, Hashable {
    package var success: Bool
    /// sway's message when `success` is false.
    package var error: String?
    /// True when the command did not parse (rather than failed to apply).
    package var parseError: Bool?

    enum CodingKeys: String, CodingKey {
        case success, error
        case parseError = "parse_error"
    }
}

/// One output as `get_outputs` reports it.
package struct SwayOutput: Decodable, Sendable, Hashable {
    /// `HEADLESS-1`, `HEADLESS-2`, … for the headless backend.
    package var name: String
    package var make: String
    package var model: String
    package var active: Bool
    package var focused: Bool
    /// The output scale (sway reports -1 for disabled outputs).
    package var scale: Double
    /// `normal`, `90`, `180`, `270`, `flipped`, `flipped-90`, …
    package var transform: String
    /// Position and size in layout coordinates (physical size / scale).
    package var rect: SwayRect
    /// The mode in physical pixels, if the output is active.
    package var currentMode: SwayMode?
    package var currentWorkspace: String?

    enum CodingKeys: String, CodingKey {
        case name, make, model, active, focused, scale, transform, rect
        case currentMode = "current_mode"
        case currentWorkspace = "current_workspace"
    }

    package init(from decoder: Decoder) throws {
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
package struct SwayWorkspace: Decodable, Sendable, Hashable {
    package var num: Int
    package var name: String
    package var visible: Bool
    package var focused: Bool
    package var output: String
    package var rect: SwayRect
}

/// sway's version as `get_version` reports it.
package struct SwayVersion: Decodable, Sendable, Hashable {
    package var major: Int
    package var minor: Int
    package var patch: Int
    package var humanReadable: String

    enum CodingKeys: String, CodingKey {
        case major, minor, patch
        case humanReadable = "human_readable"
    }
}

/// A node of the `get_tree` reply: the root, an output, a workspace, or a
/// container (`con` tiled, `floating_con` floating). Windows are containers
/// with an `appID` (Wayland) or a `window` id (X11).
package struct SwayNode: Decodable, Sendable, Hashable {
    package var id: Int
    package var name: String?
    /// `root`, `output`, `workspace`, `con`, `floating_con`.
    package var type: String
    /// The container's rectangle in layout coordinates (including borders).
    package var rect: SwayRect
    /// The client's content relative to `rect`.
    package var windowRect: SwayRect?
    /// The size the client asked for.
    package var geometry: SwayRect?
    package var appID: String?
    package var pid: Int32?
    package var focused: Bool
    package var visible: Bool?
    /// `xdg_shell` or `xwayland` for windows.
    package var shell: String?
    /// 0 none, 1 on its workspace, 2 global.
    package var fullscreenMode: Int?
    package var marks: [String]
    package var nodes: [SwayNode]
    package var floatingNodes: [SwayNode]

    enum CodingKeys: String, CodingKey {
        case id, name, type, rect, geometry, pid, focused, visible, shell, marks, nodes
        case windowRect = "window_rect"
        case appID = "app_id"
        case fullscreenMode = "fullscreen_mode"
        case floatingNodes = "floating_nodes"
    }

    package init(from decoder: Decoder) throws {
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
    package var children: [SwayNode] { nodes + floatingNodes }

    /// True for a window (a container holding a client surface).
    package var isWindow: Bool {
        (type == "con" || type == "floating_con") && (appID != nil || pid != nil)
    }

    /// Every window in the tree, depth first, with the output and workspace it
    /// sits on. sway's internal `__i3` output (holding the scratchpad) is
    /// reported as output `__i3`, workspace `__i3_scratch`.
    package func windows() -> [SwayWindowPlacement] {
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
    package func findWindow(appID: String) -> SwayWindowPlacement? {
        windows().first { $0.node.appID == appID }
    }

    /// The first node (of any type) satisfying `predicate`, depth first.
    package func first(where predicate: (SwayNode) -> Bool) -> SwayNode? {
        if predicate(self) { return self }
        for child in children {
            if let hit = child.first(where: predicate) { return hit }
        }
        return nil
    }
}

/// A window found in the tree and where it is.
package struct SwayWindowPlacement: Sendable, Hashable {
    package var node: SwayNode
    /// The output's name, e.g. `HEADLESS-2`.
    package var output: String?
    package var workspace: String?

    /// The container rectangle in layout coordinates.
    package var rect: SwayRect { node.rect }
    package var isFloating: Bool { node.type == "floating_con" }
}
