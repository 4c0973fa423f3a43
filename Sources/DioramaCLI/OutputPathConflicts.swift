import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Refuses report paths that would write over one of the command's own
/// input files, or over another report of the same command, before anything
/// runs: `diorama run --junit x.scenario x.scenario` replaced the scenario
/// with its own JUnit report, and `--junit r.xml --json r.xml` kept only
/// the second report.
///
/// Two paths are the same file when they lead to the same device and inode
/// once links are followed (`./x`, a symbolic or a hard link), or, for a
/// file that does not exist yet, to the same name in the same folder.
/// Devices and FIFOs (`/dev/null`, `/dev/stdout` on a terminal) are not
/// files that could be lost, so several outputs may name them.
enum OutputPathConflicts {
    /// One path a command writes: the option that names it and the path.
    struct Output {
        var option: String
        var path: String
    }

    /// What is wrong, one sentence per clash, each naming both paths and what to do;
    /// empty when every output is a file of its own.
    ///
    /// - Parameters:
    ///   - outputs: the report paths given, in the order of the options.
    ///   - inputs: the files the command reads, and what they are ("the scenario").
    static func problems(outputs: [Output], inputs: [(kind: String, path: String)]) -> [String] {
        var problems: [String] = []
        var earlier: [(output: Output, key: FileKey)] = []
        for output in outputs {
            guard let key = FileKey(path: output.path) else { continue }
            if let input = inputs.first(where: { FileKey(path: $0.path) == key }) {
                problems.append(
                    "\(output.option) \(output.path) is \(input.kind) \(input.path), which this command reads; "
                        + "writing the report there would replace it. Name another file for \(output.option)")
            } else if let first = earlier.first(where: { $0.key == key }) {
                problems.append(
                    "\(first.output.option) \(first.output.path) and \(output.option) \(output.path) name the same file; "
                        + "the second report would replace the first. Name a different file for each")
            }
            earlier.append((output, key))
        }
        return problems
    }

    /// Which file a path leads to, or nil when it is not one a report could
    /// replace (a device, a FIFO, a folder) or cannot be looked at.
    enum FileKey: Equatable {
        /// An existing regular file, links followed.
        case inode(device: UInt64, inode: UInt64)
        /// A file not there yet: its folder's real path and its name.
        case name(String)

        init?(path: String) {
            var status = stat()
            if stat(path, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFREG else { return nil }
                self = .inode(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                return
            }
            // A dangling link is refused by the writer itself.
            guard errno == ENOENT, lstat(path, &status) != 0 else { return nil }
            let folder = (path as NSString).deletingLastPathComponent
            guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { return nil }
            defer { free(resolved) }
            self = .name(String(cString: resolved) + "/" + (path as NSString).lastPathComponent)
        }
    }
}
