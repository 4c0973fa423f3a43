import DioramaModel
import WaylandCommon

extension ToplevelStates {
    /// The `array` argument of `xdg_toplevel.configure` for a client of
    /// `version`: tiled states exist since version 2 and are left out before.
    func wireArray(version: UInt32) -> [UInt8] {
        WireArray.pack(wireValues(version: version))
    }
}
