import DioramaClient
import Foundation
import Testing

/// The no-compositor hint names only options the program accepts.
@Suite("no-compositor hint")
struct CompositorSearchHintTests {
    static let environment = ["WAYLAND_DISPLAY": "wayland-diorama-nobody", "XDG_RUNTIME_DIR": "/nonexistent-diorama-runtime"]

    @Test("an app (no display option): the hint says how to start a compositor, with no --display")
    func appHint() {
        let text = CompositorSearch.resolve(display: nil, environment: Self.environment).description
        #expect(text.contains("diorama sim"), "\(text)")
        #expect(!text.contains("--display"), "\(text)")
    }

    @Test("XDG_RUNTIME_DIR naming a file: the message says a part of the path is no folder, not \"no such file\"")
    func runtimeDirectoryThatIsAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-runtime-file-\(getpid())").path
        try "not a folder".write(toFile: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let text = CompositorSearch.resolve(display: nil, environment: ["WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": file]).description
        #expect(
            text.contains("looked for the socket \(file)/wayland-0: a part of the path before the socket's name is not a folder (is XDG_RUNTIME_DIR a file?)"),
            "\(text)")
        #expect(CompositorSearch.resolve(display: nil, environment: Self.environment).description.contains(": no such file."))
    }

    @Test("a program with a display option: the hint names that option")
    func optionHint() throws {
        let error = #expect(throws: ConnectionError.self) {
            _ = try Connection(display: nil, environment: Self.environment, displayOption: "--display")
        }
        let text = String(describing: try #require(error))
        #expect(text.contains("`--display NAME|PATH`"), "\(text)")
    }
}
