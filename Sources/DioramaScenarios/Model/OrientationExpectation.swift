import DioramaModel

/// What `orientation …` accepts: a family (`portrait`, `landscape`: either
/// orientation of that shape) or one exact orientation (`portraitUpsideDown`,
/// `landscapeLeft`, `landscapeRight`, `unknown`).
///
/// `portrait` is the family because most scenarios care whether the scene is tall or
/// wide, not which edge is up; `portraitUpsideDown` is the only other portrait, so
/// "portrait and not upside down" is rarely what a test wants to pin.
package enum OrientationExpectation: Hashable, Sendable, CustomStringConvertible {
    case portrait
    case landscape
    case exactly(InterfaceOrientation)

    /// The words the clause accepts, in the order the docs list them.
    package static let spellings = ["portrait", "landscape", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "unknown"]

    package init?(spelling: String) {
        switch spelling {
        case "portrait": self = .portrait
        case "landscape": self = .landscape
        case "portraitUpsideDown": self = .exactly(.portraitUpsideDown)
        case "landscapeLeft": self = .exactly(.landscapeLeft)
        case "landscapeRight": self = .exactly(.landscapeRight)
        case "unknown": self = .exactly(.unknown)
        default: return nil
        }
    }

    package func matches(_ orientation: InterfaceOrientation) -> Bool {
        switch self {
        case .portrait: orientation.isPortrait
        case .landscape: orientation.isLandscape
        case .exactly(let exact): orientation == exact
        }
    }

    package var description: String {
        switch self {
        case .portrait: "portrait"
        case .landscape: "landscape"
        case .exactly(let exact): exact.rawValue
        }
    }
}
