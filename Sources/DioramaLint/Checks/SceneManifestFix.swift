import DioramaManifest

/// The fixes lint gives for a missing scene manifest or application configuration,
/// written so that pasting them is safe:
///
/// - the delegate class they name exists: the project's own `UIWindowSceneDelegate`
///   when it has one, else a minimal `SceneDelegate` given with the snippet, which
///   takes over the window set-up the app delegate did;
/// - `UIApplicationSupportsMultipleScenes` is false, since turning it on is right only
///   once every scene keeps its own state (`multiple-scenes-disabled` says when);
/// - a manifest that exists is added to, never replaced, so roles already there (an
///   external display's) stay;
/// - a Flutter app is sent to Flutter's own scene migration, whose embedding provides
///   the delegate.
struct SceneManifestFix {
    /// Which scene delegate the fix names.
    enum Delegate: Hashable, Sendable {
        /// A class of the target's sources adopting `UIWindowSceneDelegate`, as the
        /// manifest names it (`$(PRODUCT_MODULE_NAME).MySceneDelegate`, or the bare
        /// Objective-C name), with where it is declared.
        case existing(className: String, declaredAt: String)
        /// None found: the fix gives a minimal class to create, in the app's language.
        case create(SourceLexer.Language)
        /// A Flutter app (`FlutterAppDelegate`): Flutter's embedding brings its own.
        case flutter
    }

    var delegate: Delegate

    /// Where the fix sends a Flutter app.
    static let flutterMigration =
        "follow Flutter's own migration to the UIScene life cycle (\"Migrate to UIScene\" in Flutter's breaking-changes documentation, docs.flutter.dev/release/breaking-changes): Flutter's embedding provides the scene delegate, so do not write one; upgrade Flutter and apply its Info.plist change"

    /// What adds the manifest to a file (`into` names the Info.plist file, or `nil` for
    /// "the top-level <dict>").
    func addManifest(into file: String?) -> String {
        if delegate == .flutter { return Self.flutterMigration }
        let place = file.map { "add this to the top-level <dict> of \($0)" } ?? "add this to the top-level <dict>"
        return place + ":\n" + manifestSnippet + classToCreate
    }

    /// What adds an application configuration to a manifest that has other roles, or no
    /// `UISceneConfigurations`: the role alone, to put beside what is there.
    func addApplicationRole(hasConfigurations: Bool) -> String {
        if delegate == .flutter { return Self.flutterMigration }
        let place =
            hasConfigurations
            ? "add this role inside the existing UISceneConfigurations <dict>, keeping the roles already there"
            : "add this inside UIApplicationSceneManifest, keeping its other keys"
        let snippet =
            hasConfigurations
            ? Self.indent(roleSnippet, by: 0)
            : "<key>UISceneConfigurations</key>\n<dict>\n" + Self.indent(roleSnippet, by: 1) + "\n</dict>"
        return place + ":\n" + snippet + classToCreate
    }

    /// What a configuration without a delegate class should name.
    var delegateClassFix: String {
        switch delegate {
        case .flutter: Self.flutterMigration
        case .existing(let name, let place): "set UISceneDelegateClassName to \(name) (declared at \(place))"
        case .create: "set UISceneDelegateClassName to $(PRODUCT_MODULE_NAME).SceneDelegate, and create that class:" + classToCreate
        }
    }

    private var className: String {
        switch delegate {
        case .existing(let name, _): name
        case .create(.objectiveC): "SceneDelegate"
        default: "$(PRODUCT_MODULE_NAME).SceneDelegate"
        }
    }

    private var roleSnippet: String {
        SceneManifestSnippet.applicationRole(delegateClass: className)
    }

    private var manifestSnippet: String {
        SceneManifestSnippet.manifest(delegateClass: className, supportsMultipleScenes: false)
    }

    /// The minimal delegate to create when the project has none.
    private var classToCreate: String {
        switch delegate {
        case .existing, .flutter:
            return ""
        case .create(.swift):
            return """

                and create SceneDelegate.swift, moving into it the window set-up that application(_:didFinishLaunchingWithOptions:) does:
                import UIKit

                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        let window = UIWindow(windowScene: windowScene)
                        // What the app delegate did with its window goes here, e.g.:
                        // window.rootViewController = RootViewController()
                        window.makeKeyAndVisible()
                        self.window = window
                    }
                }
                """
        case .create(.objectiveC):
            return """

                and create SceneDelegate.h/.m, moving into it the window set-up that application:didFinishLaunchingWithOptions: does:
                @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
                @property (strong, nonatomic) UIWindow *window;
                @end

                @implementation SceneDelegate
                - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                    if (![scene isKindOfClass:[UIWindowScene class]]) return;
                    self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                    // What the app delegate did with its window goes here, e.g.:
                    // self.window.rootViewController = [RootViewController new];
                    [self.window makeKeyAndVisible];
                }
                @end
                """
        }
    }

    private static func indent(_ text: String, by levels: Int) -> String {
        let prefix = String(repeating: "    ", count: levels)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    // MARK: Finding the delegate

    /// The scene delegate a target's sources declare (a class whose inheritance list,
    /// or Objective-C protocol list, holds `UIWindowSceneDelegate`), or Flutter's app
    /// delegate; else a class to create, in the language of the app's entry point.
    static func delegate(in files: [CodeFile]) -> Delegate {
        for file in files {
            let tokens = file.tokens
            for index in tokens.indices where tokens[index].isIdentifier {
                if tokens[index].is("FlutterAppDelegate") { return .flutter }
                guard tokens[index].is("UIWindowSceneDelegate"), let name = declaredClass(adopting: index, in: tokens, file.language)
                else { continue }
                let written = file.language == .swift ? "$(PRODUCT_MODULE_NAME).\(name.text)" : name.text
                return .existing(className: written, declaredAt: file.location(of: name).description)
            }
        }
        let swift = files.contains { $0.language == .swift }
        return .create(swift || files.isEmpty ? .swift : .objectiveC)
    }

    /// The class whose declaration lists the protocol at `index`: Swift `class Name:
    /// UIResponder, UIWindowSceneDelegate`, Objective-C `@interface Name : UIResponder
    /// <UIWindowSceneDelegate>` (or a class extension `@interface Name () <…>`).
    private static func declaredClass(adopting index: Int, in tokens: [SourceToken], _ language: SourceLexer.Language) -> SourceToken? {
        var position = index - 1
        while position >= 1, index - position < 24 {
            let token = tokens[position]
            if token.is("{") || token.is("}") || token.is(";") { return nil }
            if language == .swift, token.is("class") || token.is("extension"), tokens[position + 1].isIdentifier { return tokens[position + 1] }
            if language == .objectiveC, token.is("interface") || token.is("implementation"), tokens[position - 1].is("@"),
                tokens[position + 1].isIdentifier
            {
                return tokens[position + 1]
            }
            position -= 1
        }
        return nil
    }
}
