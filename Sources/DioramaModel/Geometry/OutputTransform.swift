/// How an output's content is rotated and mirrored relative to its panel: the
/// `wl_output.transform` enum, with the wire values as raw values (0 normal … 7
/// flipped-270).
///
/// Rotations are counter-clockwise, as the Wayland protocol defines them; the
/// `flipped` variants mirror around the vertical axis first, then rotate.
public enum OutputTransform: Int, Hashable, Sendable, Codable, CaseIterable {
    case normal = 0
    case rotated90 = 1
    case rotated180 = 2
    case rotated270 = 3
    case flipped = 4
    case flipped90 = 5
    case flipped180 = 6
    case flipped270 = 7

    /// Counter-clockwise quarter turns, 0…3, ignoring any mirroring.
    public var quarterTurns: Int { rawValue % 4 }

    /// Whether the content is mirrored.
    public var isFlipped: Bool { rawValue >= 4 }

    /// Whether width and height trade places (a 90° or 270° rotation).
    public var swapsAxes: Bool { quarterTurns % 2 == 1 }
}
