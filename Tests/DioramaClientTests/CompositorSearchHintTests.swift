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

    @Test("a program with a display option: the hint names that option")
    func optionHint() throws {
        let error = #expect(throws: ConnectionError.self) {
            _ = try Connection(display: nil, environment: Self.environment, displayOption: "--display")
        }
        let text = String(describing: try #require(error))
        #expect(text.contains("`--display NAME|PATH`"), "\(text)")
    }
}
