import DioramaModel
import WaylandServer

/// What an explore variation changes in the facts every output reports to
/// clients, over the profile's ``OutputIdentity``: each is a value the
/// protocol allows (`Docs/explore.md` cites the text). The default changes nothing.
public struct OutputFactVariation: Hashable, Sendable {
    /// The physical size `wl_output.geometry` reports instead of the identity's.
    public var physicalSizeMM: Size?
    /// Whether make and model are empty strings.
    public var blanksMakeAndModel = false
    /// Whether the mode is flagged `current` only (else `current` and `preferred`).
    public var modeIsCurrentOnly = false

    /// A variation; the defaults change nothing.
    public init(physicalSizeMM: Size? = nil, blanksMakeAndModel: Bool = false, modeIsCurrentOnly: Bool = false) {
        self.physicalSizeMM = physicalSizeMM
        self.blanksMakeAndModel = blanksMakeAndModel
        self.modeIsCurrentOnly = modeIsCurrentOnly
    }

    /// `facts` with this variation's changes.
    func applied(to facts: OutputIdentityFacts) -> OutputIdentityFacts {
        var facts = facts
        if let physicalSizeMM { facts.physicalSizeMM = physicalSizeMM }
        if blanksMakeAndModel {
            facts.make = ""
            facts.model = ""
        }
        return facts
    }

    /// The flags of the one `wl_output.mode` event.
    var modeFlags: WlOutput.Mode { modeIsCurrentOnly ? [.current] : [.current, .preferred] }
}
