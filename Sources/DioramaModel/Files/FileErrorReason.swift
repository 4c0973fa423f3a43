import Foundation

/// A short, lower-case reason for a failed file read ("no such file"), for messages
/// that already name the file.
func fileErrorReason(_ error: any Error) -> String {
    if let cocoaError = error as? CocoaError {
        switch cocoaError.code {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
        case .fileReadNoPermission: return "permission denied"
        default: break
        }
    }
    return (error as NSError).localizedDescription
}
