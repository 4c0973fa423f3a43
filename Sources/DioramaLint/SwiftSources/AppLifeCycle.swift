import DioramaModel
import Foundation

/// Which life cycle an app target uses, judged from its Swift sources.
///
/// A SwiftUI app (`@main struct MyApp: App`) gets its scenes from SwiftUI: its scene
/// configurations need no `UISceneDelegateClassName`, and it needs no
/// `UIApplicationSceneManifest` at all, so the TN3187 checks that assume a UIKit
/// scene delegate do not apply to it.
enum AppLifeCycle: Hashable, Sendable {
    /// `@main` on a type conforming to SwiftUI's `App`, or `@UIApplicationDelegateAdaptor`;
    /// the location is where it was found.
    case swiftUI(SourceLocation)
    /// The target's sources were read and none of the above was found.
    case uiKit
    /// Nothing to read: a lone Info.plist, or a target whose sources could not be read.
    case unknown

    var isSwiftUI: Bool {
        if case .swiftUI = self { return true }
        return false
    }

    /// The text the report shows, `nil` when unknown.
    var summary: String? {
        switch self {
        case .swiftUI(let location): "SwiftUI App (\(location))"
        case .uiKit: "UIKit (no SwiftUI App among the target's sources)"
        case .unknown: nil
        }
    }

    /// Scans `files` (each with its display path) in order and stops at the first sign
    /// of SwiftUI. Unreadable files are passed over: the verdict is then UIKit, or
    /// unknown when nothing could be read.
    static func detect(in files: [(url: URL, display: String)]) -> AppLifeCycle {
        var readAny = false
        for file in files {
            guard let data = try? RegularFileReader.read(file.url.path, as: .sourceFile),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            readAny = true
            if let line = SwiftUIAppScanner.swiftUIEntryLine(in: text) {
                return .swiftUI(SourceLocation(file: file.display, line: line, column: 1))
            }
        }
        return readAny ? .uiKit : .unknown
    }
}
