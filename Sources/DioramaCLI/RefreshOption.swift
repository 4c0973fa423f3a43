import ArgumentParser
import DioramaModel

/// `--refresh HZ` of `diorama run` and `diorama check`: every display's
/// refresh instead of the layout's, read as ``Hertz`` reads it.
enum RefreshOption {
    /// The option's help; `overriding` names what it replaces.
    static func help(overriding: String) -> ArgumentHelp {
        ArgumentHelp(
            "Every display's refresh in hertz (up to three decimals), instead of \(overriding). "
                + "A real compositor without a GPU repaints its outputs at their refresh while a client animates: "
                + "--on mutter --refresh 10 costs a fraction of the CPU where no check depends on the frame rate. "
                + "The simulator and Mutter take it; sway, weston and KWin keep their outputs' own rate.",
            valueName: "HZ")
    }

    /// `text` in mHz; nil when the option was not given.
    ///
    /// - Throws: `ValidationError` naming the value and what a refresh is.
    static func milliHz(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let milliHz = Hertz.milliHz(parsing: Substring(text)), InputRanges.refreshMilliHz.contains(milliHz) else {
            throw ValidationError(
                "--refresh must be a number of hertz above 0 and at most 1000, with at most three decimals (10, 59.94), found \"\(text)\"")
        }
        return milliHz
    }
}
