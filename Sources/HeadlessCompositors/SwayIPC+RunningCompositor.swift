import Foundation
import SwayIPC

extension SwayIPC {
    /// Connects to a compositor started by `SwayHeadless`.
    package convenience init(_ compositor: RunningCompositor, timeout: TimeInterval = 5) throws {
        guard let path = compositor.ipcSocketPath else {
            throw SwayIPCError.protocolViolation("\(compositor.kind) has no sway IPC socket")
        }
        try self.init(socketPath: path, timeout: timeout)
    }
}
