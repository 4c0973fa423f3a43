/// Names → Swift types, for the class names an Info.plist mentions.
///
/// UIKit instantiates `UISceneDelegateClassName` through the Objective-C
/// runtime; Swift on Linux has no such lookup, so an app registers its
/// delegates (and its root-content factories, Diorama's stand-in for
/// storyboards) before launch. A name in the manifest that nothing
/// registered stops the launch with an error naming the key and the file.
@MainActor
public final class SceneClassRegistry {
    private var delegates: [String: any WindowSceneDelegate.Type] = [:]
    private var rootContents: [String: @MainActor () -> any RootContent] = [:]

    /// An empty registry; register every delegate and content factory the
    /// Info.plist names before passing it to `ApplicationMain.run`.
    public init() {}

    /// Registers a delegate under `name`; by default its module-qualified
    /// name (`TimerApp.MainSceneDelegate`), which is what
    /// `$(PRODUCT_MODULE_NAME).MainSceneDelegate` expands to.
    public func register(_ type: any WindowSceneDelegate.Type, as name: String? = nil) {
        delegates[name ?? String(reflecting: type)] = type
    }

    /// Registers the content factory a configuration names in `UISceneStoryboardFile`.
    public func registerRootContent(named name: String, factory: @escaping @MainActor () -> any RootContent) {
        rootContents[name] = factory
    }

    /// The delegate type registered under `name` (a `UISceneDelegateClassName`), if any.
    public func delegateType(named name: String) -> (any WindowSceneDelegate.Type)? { delegates[name] }
    /// The content factory registered under `name` (a `UISceneStoryboardFile`), if any.
    public func rootContentFactory(named name: String) -> (@MainActor () -> any RootContent)? { rootContents[name] }
    /// Every registered delegate name, sorted: what an error about an unknown name lists.
    public var registeredDelegateNames: [String] { delegates.keys.sorted() }
    /// The modules of the registered delegates (the part of each name before
    /// its first dot), sorted: what `$(PRODUCT_MODULE_NAME)` stands for when
    /// the app does not say.
    public var registeredModuleNames: [String] {
        Set(delegates.keys.compactMap { name in name.firstIndex(of: ".").map { String(name[..<$0]) } }).sorted()
    }
    /// Every registered root-content name, sorted: what an error about an unknown name lists.
    public var registeredRootContentNames: [String] { rootContents.keys.sorted() }
}
