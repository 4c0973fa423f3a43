import DioramaModel
import Foundation

/// `.xcconfig` files that a dependency manager writes, and that a fresh checkout
/// therefore lacks: most CocoaPods, Flutter and React Native apps name them as base
/// configurations or `#include` them before `pod install` or `flutter pub get` has run.
///
/// A missing file of this kind is not damage to restore: lint reports it as a
/// ``LintRules/dependenciesNotInstalled`` note with the command that creates it, judges
/// everything else, and fails the run for it only with `--strict`.
enum GeneratedConfigurationFiles {
    /// The tool that writes a file, and the folder to run it in.
    struct Generator: Equatable {
        /// The command, as typed: `pod install`.
        var command: String
        /// Where to run it: the folder holding the `Podfile` or the Flutter project.
        var folder: URL

        func finding(for file: URL, workspace: LintWorkspace, at location: SourceLocation) -> LintFinding {
            let display = workspace.displayPath(of: file)
            let place = folder.standardizedFileURL.path == workspace.root.path ? "." : workspace.displayPath(of: folder)
            return LintRules.dependenciesNotInstalled.finding(
                at: location,
                "\(display) is created by `\(command)`, which has not run in this checkout; the settings it would add are not checked",
                fix: "run `\(command)` in \(place), then lint again")
        }
    }

    /// The generator of `file`, or `nil` when it is not a known generated file:
    /// - `…/Pods/Target Support Files/…` (CocoaPods, React Native): `pod install`, in
    ///   the folder holding `Pods`;
    /// - `…/Flutter/Generated.xcconfig` and `…/Flutter/ephemeral/…` (Flutter's iOS and
    ///   macOS runners): `flutter pub get`, in the Flutter project two folders up.
    static func generator(of file: URL) -> Generator? {
        let components = file.standardizedFileURL.pathComponents
        if let pods = components.indices.dropLast().first(where: {
            components[$0] == "Pods" && components[$0 + 1] == "Target Support Files"
        }) {
            return Generator(command: "pod install", folder: podfileFolder(from: folder(components[..<pods])))
        }
        if let flutter = components.lastIndex(of: "Flutter"), flutter >= 2, flutter + 1 < components.count,
            components[flutter + 1] == "Generated.xcconfig" || components[flutter + 1] == "ephemeral"
        {
            return Generator(command: "flutter pub get", folder: folder(components[..<(flutter - 1)]))
        }
        return nil
    }

    /// The folder holding the `Podfile`: `start` (the folder a `Pods/…` path names) or
    /// the nearest folder above it that has one. A Flutter app's `Flutter/Debug.xcconfig`
    /// includes `Pods/…` relative to `ios/`, where the Podfile is, not to `ios/Flutter/`.
    /// `start` when no folder up to 8 levels holds a Podfile.
    static func podfileFolder(from start: URL) -> URL {
        var candidate = start.standardizedFileURL
        for _ in 0..<8 {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Podfile").path) { return candidate }
            if candidate.path == "/" { break }
            candidate.deleteLastPathComponent()
        }
        return start
    }

    private static func folder(_ components: ArraySlice<String>) -> URL {
        URL(fileURLWithPath: components.joined(separator: "/").replacingOccurrences(of: "//", with: "/"))
    }
}
