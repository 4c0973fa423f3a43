/// How an output's content is rotated and mirrored relative to its panel: the
/// `wl_output.transform` enum, with the wire values as raw values (0 normal … 7
/// flipped-270).
///
/// Rotations are counter-clockwise, as the Wayland protocol defines them; the
/// `flipped` variants mirror around the vertical axis first, then rotate.
public enum OutputTransform: Int, Hashable, Sendable, Codable, CaseIterable {
    /// Neither rotated nor flipped.
    case normal = 0
    /// Rotated 90° counter-clockwise.
    case rotated90 = 1
    /// Rotated 180°.
    case rotated180 = 2
    /// Rotated 270° counter-clockwise.
    case rotated270 = 3
    /// Mirrored around the vertical axis.
    case flipped = 4
    /// Mirrored, then rotated 90° counter-clockwise.
    case flipped90 = 5
    /// Mirrored, then rotated 180°.
    case flipped180 = 6
    /// Mirrored, then rotated 270° counter-clockwise.
    case flipped270 = 7

    /// Counter-clockwise quarter turns, 0…3, ignoring any mirroring.
    public var quarterTurns: Int { rawValue % 4 }

    /// Whether the content is mirrored.
    public var isFlipped: Bool { rawValue >= 4 }

    /// Whether width and height trade places (a 90° or 270° rotation).
    public var swapsAxes: Bool { quarterTurns % 2 == 1 }

    /// The spelling every Diorama file and report uses, the one sway and
    /// wlr-randr use: `normal`, `90`, `180`, `270`, `flipped`, `flipped-90`,
    /// `flipped-180`, `flipped-270`. Display layouts, scenario files, the
    /// simulator's trace and control protocol, and `diorama outputs` all share it.
    public var name: String {
        switch self {
        case .normal: "normal"
        case .rotated90: "90"
        case .rotated180: "180"
        case .rotated270: "270"
        case .flipped: "flipped"
        case .flipped90: "flipped-90"
        case .flipped180: "flipped-180"
        case .flipped270: "flipped-270"
        }
    }

    /// The transform spelled `name` (see `name`), or nil for an unknown spelling.
    public init?(name: String) {
        guard let match = OutputTransform.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}
