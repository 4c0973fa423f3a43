import DioramaGraphics
import DioramaScenarios
import DioramaSessionStore
import Foundation
import Glibc

/// The session store and its lock, driven by the input as a sequence of
/// operations on one state directory: save, discard, load, damage a record, take
/// and drop the lock, and put a symlink where the lock file goes. Promises: a load
/// returns exactly the records saved and not discarded or damaged since, with a
/// warning for each damaged one; a second claim while the lock is held is refused;
/// nothing outside the directory is touched through a symlink.
struct SessionStoreSurface: FuzzSurface {
    let name = "session-store"
    let seeds: [[UInt8]]
    let dictionary: [[UInt8]] = [[0, 1], [4, 4], [3, 0], [6], [2]]
    let folder: URL

    /// Operations one input may hold: each save and discard is fsync'd (tens of
    /// milliseconds on a loaded disk), and the promises are about the order of
    /// operations, not their number.
    static let maximumOperations = 64

    init(scratch: URL) throws {
        folder = scratch.appendingPathComponent("sessions")
        seeds = [[0, 1, 0, 2, 2, 1, 1, 2], [4, 4, 5, 4, 2], [0, 3, 3, 3, 2, 0, 3, 2], [6, 4, 2, 5, 6, 4]]
    }

    /// What the store should hold: the records saved, and the files damaged since.
    private struct Expected {
        var records: [String: SceneSessionRecord] = [:]
        var damaged: Set<String> = []
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        try? FileManager.default.removeItem(at: folder)
        let directory = folder.appendingPathComponent("state")
        let outside = folder.appendingPathComponent("outside.txt")
        let outsideText = Data("not the store's\n".utf8)
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
            FileManager.default.createFile(atPath: outside.path, contents: outsideText)
        else { return .brokenPromise("the harness could not prepare \(folder.path)") }
        let store = SessionStore(directory: directory)
        var expected = Expected()
        var lock: StateDirectoryLock?
        var verdict = FuzzVerdict.accepted
        var position = 0
        func next() -> UInt8 {
            defer { position += 1 }
            return position < input.count ? input[position] : 0
        }
        var operations = 0
        while position < input.count && operations < Self.maximumOperations {
            operations += 1
            let operation = next() % 7
            let identifier = "fuzz-\(next() % 4)"
            switch operation {
            case 0:
                let record = SceneSessionRecord(persistentIdentifier: identifier, userInfo: ["step": .integer(position)])
                do throws(SessionStoreError) {
                    try store.save(record)
                } catch { return .brokenPromise("save failed in a writable directory: \(error)") }
                expected.records[identifier] = record
                expected.damaged.remove(identifier)
            case 1:
                do throws(SessionStoreError) {
                    try store.discard(persistentIdentifier: identifier)
                } catch { return .brokenPromise("discard failed in a writable directory: \(error)") }
                expected.records[identifier] = nil
                expected.damaged.remove(identifier)
            case 2:
                let loaded = store.load()
                let warned = Set(loaded.warnings.map(\.file.lastPathComponent))
                let damagedFiles = Set(expected.damaged.compactMap { try? store.fileURL(forIdentifier: $0).lastPathComponent })
                guard Dictionary(uniqueKeysWithValues: loaded.records.map { ($0.persistentIdentifier, $0) }) == expected.records
                else { return .brokenPromise("load returned \(loaded.records.map(\.persistentIdentifier)), expected \(expected.records.keys.sorted())") }
                guard warned == damagedFiles else {
                    return .brokenPromise("load warned about \(warned.sorted()), expected \(damagedFiles.sorted())")
                }
                if !warned.isEmpty { verdict = .rejected }
            case 3:
                guard let file = try? store.fileURL(forIdentifier: identifier) else { continue }
                let garbage = (0..<Int(next() % 32)).map { _ in next() }
                guard FileManager.default.createFile(atPath: file.path, contents: Data(garbage)) else {
                    return .brokenPromise("the harness could not damage \(file.path)")
                }
                expected.records[identifier] = nil
                expected.damaged.insert(identifier)
            case 4:
                do throws(SessionStoreError) {
                    let outcome = try store.lockDirectory()
                    switch (outcome, lock) {
                    case (.acquired(let acquired), nil): lock = acquired
                    case (.acquired, _?): return .brokenPromise("a second claim on a locked directory was granted")
                    case (.heldByAnotherProcess, nil): return .brokenPromise("an unlocked directory was reported as held")
                    case (.heldByAnotherProcess, _?): break
                    // Refusing a lock file that is not one (a symlink, a FIFO, a
                    // hard link) is a kept promise.
                    case (.notALockFile, _): verdict = .rejected
                    }
                } catch {
                    // Refusing a lock file that is a symlink is a kept promise.
                    verdict = .rejected
                }
            case 5:
                lock = nil
            default:
                // A symlink where the lock file goes, to a file outside the directory
                // (or, with an odd operand, to a path that does not exist).
                lock = nil
                let lockFile = directory.appendingPathComponent(SessionStore.lockFileName)
                unlink(lockFile.path)
                let target = identifier.hasSuffix("1") || identifier.hasSuffix("3") ? folder.appendingPathComponent("dangling") : outside
                symlink(target.path, lockFile.path)
            }
            guard FileManager.default.contents(atPath: outside.path) == outsideText else {
                return .brokenPromise("the file outside the state directory was changed through the lock file's symlink")
            }
            guard !FileManager.default.fileExists(atPath: folder.appendingPathComponent("dangling").path) else {
                return .brokenPromise("a file outside the state directory was created through a dangling symlink")
            }
        }
        return verdict
    }
}

/// Output paths that are not plain files: a private character device like
/// `/dev/null` (1,3) and like `/dev/full` (1,7), made with `mknod` in the scratch
/// folder, a FIFO with a reader, a symlink to a file outside, a directory, a
/// regular file and a new path; written by the public writers (`PNG.write`,
/// `JUnitReport.write`, `JSONReport.write`). Promises: a device or FIFO is still
/// one afterwards, a write to the full device fails with an error, a symlink is
/// still the same symlink, a directory is refused, a regular or new file holds the
/// bytes. The input is pairs of bytes: the kind of path, then the writer.
struct OutputPathSurface: FuzzSurface {
    let name = "output-path"
    let seeds: [[UInt8]]
    let dictionary: [[UInt8]] = (0..<7).flatMap { kind in (0..<3).map { [UInt8(kind), UInt8($0)] } }
    let folder: URL

    enum PathKind: Int, CaseIterable {
        case nullDevice, fullDevice, fifo, symlink, directory, regularFile, newPath
    }

    /// Writes one input may ask for (each makes a fresh path and syncs a file).
    static let maximumWrites = 16

    init(scratch: URL) throws {
        folder = scratch.appendingPathComponent("outputs")
        seeds = PathKind.allCases.map { kind in (0..<3).flatMap { [UInt8(kind.rawValue), UInt8($0)] } }
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        var verdict = FuzzVerdict.accepted
        for pair in stride(from: 0, to: min(input.count - 1, 2 * Self.maximumWrites), by: 2) {
            let kind = PathKind(rawValue: Int(input[pair]) % PathKind.allCases.count)!
            switch check(kind, writer: Int(input[pair + 1]) % 3) {
            case .accepted: break
            case .rejected: verdict = .rejected
            case .brokenPromise(let problem): return .brokenPromise(problem)
            }
        }
        return verdict
    }

    /// Writes once to a fresh path of `kind` and checks what is there afterwards.
    private func check(_ kind: PathKind, writer: Int) -> FuzzVerdict {
        try? FileManager.default.removeItem(at: folder)
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else {
            return .brokenPromise("the harness could not create \(folder.path)")
        }
        let path = folder.appendingPathComponent("out").path
        let outside = folder.appendingPathComponent("outside.txt").path
        let outsideText = Data("not an output\n".utf8)
        var reader: Int32 = -1
        defer { if reader >= 0 { close(reader) } }
        let made: Bool
        switch kind {
        case .nullDevice: made = mknod(path, S_IFCHR | 0o666, Self.device(major: 1, minor: 3)) == 0
        case .fullDevice: made = mknod(path, S_IFCHR | 0o666, Self.device(major: 1, minor: 7)) == 0
        case .fifo:
            made = mkfifo(path, 0o600) == 0
            // A reader, so that opening for writing does not block.
            reader = made ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1
        case .symlink:
            made = FileManager.default.createFile(atPath: outside, contents: outsideText) && symlink(outside, path) == 0
        case .directory: made = mkdir(path, 0o700) == 0
        case .regularFile: made = FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
        case .newPath: made = true
        }
        // Without the privilege to make device nodes there is nothing to check.
        guard made else { return .accepted }

        let failure = write(writer, to: path)
        // What is at the path now, without following a symlink.
        var status = stat()
        let exists = lstat(path, &status) == 0
        let type = status.st_mode & S_IFMT
        let what = "\(["PNG.write", "JUnitReport.write", "JSONReport.write"][writer]) to a \(kind)"
        switch kind {
        case .nullDevice, .fullDevice:
            guard exists, type == S_IFCHR else { return .brokenPromise("\(what): the device node was replaced") }
            if kind == .fullDevice && failure == nil { return .brokenPromise("\(what): a write to a full device reported success") }
        case .fifo:
            guard exists, type == S_IFIFO else { return .brokenPromise("\(what): the FIFO was replaced") }
        case .symlink:
            guard exists, type == S_IFLNK, (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == outside else {
                return .brokenPromise("\(what): the symlink was replaced")
            }
        case .directory:
            guard exists, type == S_IFDIR else { return .brokenPromise("\(what): the directory was replaced") }
            if failure == nil { return .brokenPromise("\(what): writing a file over a directory reported success") }
        case .regularFile, .newPath:
            if let failure { return .brokenPromise("\(what): \(failure)") }
            guard exists, type == S_IFREG, status.st_size > 0 else { return .brokenPromise("\(what): no file with the bytes") }
        }
        if kind != .symlink, FileManager.default.fileExists(atPath: outside) {
            return .brokenPromise("\(what): a file appeared outside the output path")
        }
        return failure == nil ? .accepted : .rejected
    }

    /// glibc's `makedev` (a macro Swift cannot call): the device number of `major:minor`.
    static func device(major: dev_t, minor: dev_t) -> dev_t {
        (minor & 0xFF) | ((major & 0xFFF) << 8) | ((minor & ~0xFF) << 12) | ((major & ~0xFFF) << 32)
    }

    /// Writes a small output with writer 0 (PNG), 1 (JUnit) or 2 (JSON); the error's
    /// text when it failed.
    private func write(_ writer: Int, to path: String) -> String? {
        do {
            switch writer {
            case 0: try PNG.write(PixelBuffer(width: 4, height: 4, filledWith: .clear), to: URL(fileURLWithPath: path))
            case 1: try JUnitReport.write([], to: path)
            default: try JSONReport.write([], to: path)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
