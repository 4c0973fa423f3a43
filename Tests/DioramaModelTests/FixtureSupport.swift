import DioramaManifest
import DioramaModel
import Foundation
import Testing

/// Locates the files under `Fixtures/`, copied into the test bundle as resources.
enum Fixture {
    static var directory: URL {
        get throws {
            try #require(
                Bundle.module.url(forResource: "Fixtures", withExtension: nil),
                "Fixtures directory missing from the test bundle")
        }
    }

    static func url(_ relativePath: String) throws -> URL {
        let url = try directory.appendingPathComponent(relativePath)
        #expect(FileManager.default.fileExists(atPath: url.path), "missing fixture \(relativePath)")
        return url
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}

/// A fresh directory under the system temporary directory, removed by
/// `cleanUp()` or, at the latest, when the test lets go of it.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("diorama-model-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { cleanUp() }

    func cleanUp() {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ text: String, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}

/// Parses XML text given inline in a test.
func parsePlist(_ text: String, file: String = "test.plist") throws(PlistError) -> PropertyList {
    try PropertyList.parse(Data(text.utf8), file: file)
}
