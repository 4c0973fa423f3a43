import DioramaModel

/// UIKit's `UISceneSizeRestrictions`: the scene's minimum and maximum size in
/// points. Changing either re-sends xdg_toplevel.set_min_size/set_max_size
/// (0 = no limit) and commits; invalid values are rejected with a thrown
/// error and the previous restrictions stay.
@MainActor
public final class SceneSizeRestrictions {
    public private(set) var minimumSize: Size = .zero
    public private(set) var maximumSize: Size = .zero
    var onChange: ((SizeRestrictions) -> Void)?

    init() {}

    var value: SizeRestrictions {
        (try? SizeRestrictions(minimumSize: minimumSize, maximumSize: maximumSize)) ?? .none
    }

    /// Sets both at once (the only way to go from one valid pair to another
    /// when each alone would be invalid, e.g. raising both limits).
    public func set(minimumSize: Size, maximumSize: Size) throws(SizeRestrictions.ValidationError) {
        let validated = try SizeRestrictions(minimumSize: minimumSize, maximumSize: maximumSize)
        guard minimumSize != self.minimumSize || maximumSize != self.maximumSize else { return }
        self.minimumSize = minimumSize
        self.maximumSize = maximumSize
        onChange?(validated)
    }

    public func setMinimumSize(_ size: Size) throws(SizeRestrictions.ValidationError) {
        try set(minimumSize: size, maximumSize: maximumSize)
    }

    public func setMaximumSize(_ size: Size) throws(SizeRestrictions.ValidationError) {
        try set(minimumSize: minimumSize, maximumSize: size)
    }
}
