import DioramaModel

extension Window {
    /// Whether what the window shows now (its main surface's last commit)
    /// is drawn for the scale in effect now, per ``ScaleInEffect``. Unlike
    /// the commit's `staleScale`, which judged it when it arrived, this
    /// judges it against what the surface has been told since: after a move
    /// to a display with the same integer `wl_output.scale`, a client that
    /// does not redraw is still right. True when there is nothing to judge.
    public var isDrawnForScaleInEffect: Bool {
        guard let surface, let commit = lastCommit else { return true }
        let buffer = commit.bufferSize.map { commit.bufferTransform.swapsAxes ? $0.transposed : $0 }
        return surface.scaleInEffect.isDrawn(
            transformedBufferSize: buffer, surfaceSize: commit.surfaceSize,
            viewportDestination: commit.viewportDestination)
    }
}
