import DioramaManifest
import DioramaModel
import DioramaSessionStore
import DioramaTestTraits
import Foundation
import Testing

@Suite("Session store", .offSharedPool)
struct SessionStoreTests {
    static let sampleRecord = SceneSessionRecord(
        persistentIdentifier: "6F1C2D3E-0000-4000-8000-ABCDEF012345",
        role: .windowApplication,
        configurationName: "Default Configuration",
        userInfo: [
            "string": "text",
            "integer": 42,
            "real": 1.25,
            "infinite": .real(.infinity),
            "bool": true,
            "date": .date(Date(timeIntervalSince1970: 1_749_490_205.5)),
            "data": .data(Data([0, 1, 2, 0xFF])),
            "array": .array(["a", 1, .array([])]),
            "dictionary": .dictionary(["nested": .dictionary(["deep": 3])]),
        ],
        stateRestorationActivity: UserActivityRecord(
            activityType: "com.example.notes.viewing",
            title: "Shopping list",
            userInfo: ["noteID": 17, "scrollOffset": 240.5]))

    private func fileNames(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test("a record round-trips with every user-info type intact")
    func roundTrip() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url.appendingPathComponent("com.example.notes"))
        try store.save(Self.sampleRecord)
        let loaded = store.load()
        #expect(loaded.warnings == [])
        #expect(loaded.records == [Self.sampleRecord])
        #expect(loaded.record(withIdentifier: Self.sampleRecord.persistentIdentifier)?.userInfo["integer"] == .integer(42))
    }

    @Test("size, screen and last activation are saved with the record and read back")
    func placementRoundTrip() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url.appendingPathComponent("com.example.board"))
        var record = Self.sampleRecord
        record.lastSize = Size(width: 600, height: 400)
        record.lastScreenName = "DP-2"
        record.lastActivation = 7
        try store.save(record)
        #expect(store.load().records == [record])
    }

    @Test("a file written before sizes, screens and activation were saved still loads, with none of them")
    func recordWithoutPlacementLoads() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url.appendingPathComponent("com.example.board"))
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let old = #"{"formatVersion":1,"session":{"persistentIdentifier":"OLD","role":"UIWindowSceneSessionRoleApplication","userInfo":{}}}"#
        try Data(old.utf8).write(to: try store.fileURL(forIdentifier: "OLD"))
        let loaded = store.load()
        #expect(loaded.warnings == [])
        let record = try #require(loaded.records.first)
        #expect(record.persistentIdentifier == "OLD")
        #expect(record.lastSize == nil && record.lastScreenName == nil && record.lastActivation == nil)
    }

    @Test("records load in reconnect order: never active first, then the one active longest ago, the last active at the end")
    func loadOrderIsLastActiveLast() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url.appendingPathComponent("com.example.board"))
        let saved: [(String, UInt64?)] = [("A-detail", 9), ("B-board", 3), ("C-never", nil), ("D-recent", 12)]
        for (identifier, activation) in saved {
            try store.save(SceneSessionRecord(persistentIdentifier: identifier, lastActivation: activation))
        }
        #expect(store.load().records.map(\.persistentIdentifier) == ["C-never", "B-board", "A-detail", "D-recent"])
    }

    @Test("the directory is created private to the user")
    func directoryPermissions() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let directory = temporary.url.appendingPathComponent("state/com.example.notes")
        try SessionStore(directory: directory).save(Self.sampleRecord)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test("saving again replaces the record; many saves leave no temporary files")
    func overwriteLeavesNoTemporaries() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        var record = Self.sampleRecord
        for counter in 0..<50 {
            record.userInfo["counter"] = .integer(counter)
            try store.save(record)
        }
        try store.save(SceneSessionRecord(persistentIdentifier: "second", role: .windowExternalDisplayNonInteractive))
        let loaded = store.load()
        #expect(loaded.warnings == [])
        #expect(loaded.records.map(\.persistentIdentifier) == ["6F1C2D3E-0000-4000-8000-ABCDEF012345", "second"])
        #expect(loaded.records.first?.userInfo["counter"] == .integer(49))
        #expect(try fileNames(in: temporary.url) == ["session-6F1C2D3E-0000-4000-8000-ABCDEF012345.json", "session-second.json"])
    }

    @Test("discarding removes the record; discarding twice is fine")
    func discard() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        try store.save(SceneSessionRecord(persistentIdentifier: "keep"))
        try store.discard(persistentIdentifier: Self.sampleRecord.persistentIdentifier)
        try store.discard(persistentIdentifier: Self.sampleRecord.persistentIdentifier)
        #expect(store.load().records.map(\.persistentIdentifier) == ["keep"])
    }

    @Test("a missing directory loads as no sessions, without warnings")
    func missingDirectory() {
        let store = SessionStore(directory: URL(fileURLWithPath: "/nonexistent/diorama-\(UUID().uuidString)"))
        #expect(store.load() == SessionStoreLoadResult())
        #expect(store.removeLeftoverTemporaryFiles() == 0)
    }

    @Test("corrupt, truncated, empty and foreign files are skipped with a warning; good ones still load")
    func damagedFiles() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        try store.save(SceneSessionRecord(persistentIdentifier: "truncated", userInfo: ["payload": "0123456789"]))
        try store.save(SceneSessionRecord(persistentIdentifier: "moved"))

        let truncatedURL = try store.fileURL(forIdentifier: "truncated")
        let full = try Data(contentsOf: truncatedURL)
        try full.prefix(full.count / 2).write(to: truncatedURL)
        _ = try temporary.write("\u{0}\u{1}garbage{{{", to: "session-garbage.json")
        _ = try temporary.write("", to: "session-empty.json")
        _ = try temporary.write(#"{"formatVersion": 99, "session": {}}"#, to: "session-future.json")
        // A valid record under the wrong file name.
        try FileManager.default.moveItem(
            at: try store.fileURL(forIdentifier: "moved"),
            to: temporary.url.appendingPathComponent("session-elsewhere.json"))
        _ = try temporary.write("not a session", to: "notes.txt")

        let loaded = store.load()
        #expect(loaded.records == [Self.sampleRecord])
        let warned = loaded.warnings.map(\.file.lastPathComponent).sorted()
        #expect(
            warned == [
                "session-elsewhere.json", "session-empty.json", "session-future.json",
                "session-garbage.json", "session-truncated.json",
            ])
        let future = try #require(loaded.warnings.first { $0.file.lastPathComponent == "session-future.json" })
        #expect(future.problem.contains("format version 99"))
        #expect(future.description.hasPrefix(future.file.path + ": ignored: "))

        // Saving the damaged session again replaces the damaged file.
        try store.save(SceneSessionRecord(persistentIdentifier: "truncated"))
        #expect(store.load().record(withIdentifier: "truncated") != nil)
    }

    @Test("a session with a role Diorama does not host is skipped with one warning naming the file and the role")
    func unknownRole() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(SceneSessionRecord(persistentIdentifier: "car", role: SceneSessionRole(rawValue: "CPTemplateApplicationSceneSessionRoleApplication")))
        try store.save(Self.sampleRecord)
        let loaded = store.load()
        #expect(loaded.records == [Self.sampleRecord])
        let warning = try #require(loaded.warnings.first)
        #expect(loaded.warnings.count == 1)
        #expect(warning.file.lastPathComponent == "session-car.json")
        #expect(warning.problem.contains("\"CPTemplateApplicationSceneSessionRoleApplication\""), "\(warning)")
    }

    @Test("a FIFO or /dev/zero where a session file should be: skipped with \"not a regular file\", without blocking")
    func nonRegularFiles() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        let fifo = temporary.url.appendingPathComponent("session-fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: temporary.url.appendingPathComponent("session-zero.json").path,
            withDestinationPath: "/dev/zero")
        let loaded = store.load()
        #expect(loaded.records == [Self.sampleRecord])
        let problems = Dictionary(uniqueKeysWithValues: loaded.warnings.map { ($0.file.lastPathComponent, $0.problem) })
        #expect(problems["session-fifo.json"]?.contains("not a regular file (a FIFO)") == true, "\(problems)")
        #expect(problems["session-zero.json"]?.contains("not a regular file (a character device)") == true, "\(problems)")
    }

    @Test("a 6 GiB sparse session file: skipped from its size with a warning naming size and limit; the others load")
    func oversizeSessionFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        let huge = temporary.url.appendingPathComponent("session-huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 6 << 30) == 0)
        let loaded = store.load()
        #expect(loaded.records == [Self.sampleRecord])
        #expect(loaded.warnings.map(\.file.lastPathComponent) == ["session-huge.json"])
        #expect(
            loaded.warnings.first?.problem == "cannot be read: it is 6 GiB, more than the 8 MiB limit for a saved session",
            "\(loaded.warnings)")
    }

    @Test("random garbage of any length never crashes the loader")
    func garbageFuzz() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        let good = try Data(contentsOf: store.fileURL(forIdentifier: Self.sampleRecord.persistentIdentifier))
        var generator = SplitMix64(seed: 42)
        for round in 0..<200 {
            var bytes = Array(good.prefix(Int.random(in: 0...good.count, using: &generator)))
            if round % 2 == 0, !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try Data(bytes).write(to: temporary.url.appendingPathComponent("session-fuzz.json"))
            let loaded = store.load()
            #expect(loaded.records.count + loaded.warnings.count == 2)
        }
    }

    @Test("leftover temporary files are ignored by load and removed on request")
    func leftoverTemporaryFiles() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        let finalName = "session-" + Self.sampleRecord.persistentIdentifier + ".json"
        // What a kill between creating and renaming the temporary file leaves behind.
        _ = try temporary.write(#"{"formatVersion": 1, "sess"#, to: "." + finalName + ".tmp-1f2e3d")
        let loaded = store.load()
        #expect(loaded.warnings == [])
        #expect(loaded.records == [Self.sampleRecord])
        #expect(store.removeLeftoverTemporaryFiles() == 1)
        #expect(try fileNames(in: temporary.url) == [finalName])
    }

    @Test("identifiers with any characters map to one safe file name each")
    func identifierEscaping() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        let identifiers = ["a/b", "..", ".hidden", "spaces and %", "Zoë", "a-b_c"]
        for identifier in identifiers {
            try store.save(SceneSessionRecord(persistentIdentifier: identifier))
        }
        let names = try fileNames(in: temporary.url)
        #expect(names.count == identifiers.count)
        #expect(names.allSatisfy { $0.hasPrefix("session-") && !$0.contains("/") })
        #expect(names.contains("session-%2E%2E.json"))
        #expect(names.contains("session-a-b_c.json"))
        #expect(Set(store.load().records.map(\.persistentIdentifier)) == Set(identifiers))
        #expect(throws: SessionStoreError.invalidPersistentIdentifier("")) {
            try store.save(SceneSessionRecord(persistentIdentifier: ""))
        }
        let long = String(repeating: "x", count: SessionStore.maximumIdentifierLength + 1)
        #expect(throws: SessionStoreError.invalidPersistentIdentifier(long)) {
            try store.save(SceneSessionRecord(persistentIdentifier: long))
        }
    }

    @Test("a reader never sees a half-written file under the final name")
    func readersSeeOnlyWholeFiles() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.cleanUp() }
        let store = SessionStore(directory: temporary.url)
        try store.save(Self.sampleRecord)
        // 100 saves under a reader that loads without pause: a save written
        // in place under the final name is caught within the first few (300
        // cost 2.5 s of CPU, the reader spinning the whole time).
        let writer = BackgroundWriter(store: store, record: Self.sampleRecord, saves: 100)
        writer.start()
        var reads = 0
        var badReads = 0
        var firstProblem: String?
        while !writer.isFinished || reads == 0 {
            let loaded = store.load()
            reads += 1
            if loaded.records.count != 1 || !loaded.warnings.isEmpty {
                badReads += 1
                firstProblem = firstProblem ?? "read \(reads): \(loaded.records.count) records, \(loaded.warnings)"
            }
        }
        #expect(writer.error == nil)
        #expect(badReads == 0, "\(badReads) of \(reads) reads saw a damaged record, first: \(firstProblem ?? "")")
        #expect(reads > 1)
        #expect(try fileNames(in: temporary.url).count == 1)
    }

    @Test("the default directory follows the XDG base directory rules")
    func defaultDirectory() throws {
        #expect(
            try SessionStore.defaultDirectory(
                applicationIdentifier: "com.example.notes",
                environment: ["XDG_STATE_HOME": "/var/state", "HOME": "/home/u"]
            ).path
                == "/var/state/com.example.notes")
        #expect(
            try SessionStore.defaultDirectory(
                applicationIdentifier: "com.example.notes",
                environment: ["HOME": "/home/u"]
            ).path
                == "/home/u/.local/state/com.example.notes")
        // Relative and empty values of XDG_STATE_HOME are invalid and ignored.
        for value in ["relative/state", ""] {
            #expect(
                try SessionStore.defaultDirectory(
                    applicationIdentifier: "app",
                    environment: ["XDG_STATE_HOME": value, "HOME": "/home/u"]
                ).path
                    == "/home/u/.local/state/app")
        }
        for bad in ["", ".", "..", "a/b"] {
            #expect(throws: SessionStoreError.invalidApplicationIdentifier(bad)) {
                try SessionStore.defaultDirectory(applicationIdentifier: bad, environment: ["HOME": "/home/u"])
            }
        }
    }

    @Test("user-info values keep their type through JSON")
    func userInfoCoding() throws {
        let values: [UserInfoValue] = ["1", 1, 1.0, true, .data(Data("1".utf8)), .date(Date(timeIntervalSince1970: 1))]
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([UserInfoValue].self, from: data) == values)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserInfoValue.self, from: Data(#"{"string": "a", "integer": 1}"#.utf8))
        }
    }

    @Test("user-info values convert from parsed property lists")
    func userInfoFromPropertyList() throws {
        let plist = try parsePlist("<dict><key>n</key><integer>3</integer><key>a</key><array><true/></array></dict>")
        #expect(UserInfoValue(plist) == .dictionary(["n": 3, "a": .array([true])]))
        #expect(UserInfoValue(plist).propertyList == plist.strippingLocations().sortedForComparison())
    }
}

extension PropertyList {
    /// The same value with dictionary keys sorted, as ``UserInfoValue/propertyList`` produces.
    func sortedForComparison() -> PropertyList {
        switch self {
        case .dictionary(let dictionary, let location):
            let sorted = dictionary.entries.sorted { $0.key < $1.key }.map {
                PropertyListDictionary.Entry(key: $0.key, keyLocation: $0.keyLocation, value: $0.value.sortedForComparison())
            }
            return .dictionary(PropertyListDictionary(sorted), location: location)
        case .array(let values, let location):
            return .array(values.map { $0.sortedForComparison() }, location: location)
        default:
            return self
        }
    }
}

/// Saves a record over and over on its own thread, alternating a large and a small
/// payload so that a non-atomic write would be caught half done.
final class BackgroundWriter: @unchecked Sendable {
    private let store: SessionStore
    private let record: SceneSessionRecord
    private let saves: Int
    private let lock = NSLock()
    private var finished = false
    private var failure: SessionStoreError?

    init(store: SessionStore, record: SceneSessionRecord, saves: Int) {
        self.store = store
        self.record = record
        self.saves = saves
    }

    var isFinished: Bool { lock.withLock { finished } }
    var error: SessionStoreError? { lock.withLock { failure } }

    func start() {
        Thread { [self] in
            var record = self.record
            for counter in 0..<saves {
                record.userInfo["payload"] = .string(String(repeating: "x", count: counter % 2 == 0 ? 200_000 : 10))
                do throws(SessionStoreError) {
                    try store.save(record)
                } catch {
                    lock.withLock { failure = error }
                    break
                }
            }
            lock.withLock { finished = true }
        }.start()
    }
}
