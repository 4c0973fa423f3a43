import DioramaModel

extension OutputTransform {
    /// How scenarios (`rotate DP-1 to 90`, `transform 90`) and display layout files
    /// spell a transform: `normal`, `90`, `180`, `270`, `flipped`, `flipped-90`,
    /// `flipped-180`, `flipped-270`. Rotations are counter-clockwise, as
    /// `wl_output.transform` defines them.
    ///
    /// The same spelling as the simulator's layout files, so a value can be copied
    /// between the two. (Kept here because scenarios do not import the simulator.)
    public var scenarioName: String {
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

    /// The transform called `name`, or `nil`.
    public init?(scenarioName name: String) {
        guard let match = OutputTransform.allCases.first(where: { $0.scenarioName == name }) else { return nil }
        self = match
    }
}
