import DioramaModel
import Foundation

/// Which life cycle an app target uses, judged from its Swift sources.
///
/// A SwiftUI app (`@main struct MyApp: App`) gets its scenes from SwiftUI: its scene
/// configurations need no `UISceneDelegateClassName`, and it needs no
/// `UIApplicationSceneManifest` at all, so the TN3187 checks that assume a UIKit
/// scene delegate do not apply to it.
enum AppLifeCycle: Hashable, Sendable {
    /// `@main` on a type conforming to SwiftUI's `App`, `@UIApplicationDelegateAdaptor`,
    /// or an `App` that a `@main` type of another kind starts; the location is where it
    /// was found.
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

    /// Judges the target's Swift files (in order); other languages are passed over.
    /// The verdict is UIKit when files were read and show no SwiftUI entry point, and
    /// unknown when there were none.
    static func detect(in files: [CodeFile]) -> AppLifeCycle {
        let swift = files.filter { $0.language == .swift }
        guard !swift.isEmpty else { return .unknown }
        let evidence = swift.map { ($0.display, SwiftUIAppScanner.evidence(in: $0.tokens)) }
        guard let entry = SwiftUIAppScanner.entry(in: evidence) else { return .uiKit }
        return .swiftUI(SourceLocation(file: entry.file, line: entry.token.line, column: entry.token.column))
    }
}
