import DioramaModel

/// The display system under the app model: Wayland in production
/// (`WaylandSceneBackend`), a recording stand-in in unit tests. It turns
/// scenes into surfaces and reports outputs, closes and connection loss.
@MainActor
protocol SceneBackend: AnyObject {
    /// The outputs known right now.
    var screenDescriptions: [ScreenDescription] { get }
    /// Called once by the application before scenes connect.
    func attach(to application: Application)
    /// Creates the scene's toplevel (fullscreen on `outputName` for an
    /// external-display scene; asking for `placement`'s output where the
    /// compositor lets a client ask) and starts delivering its facts.
    func makeHost(for scene: WindowScene, fullscreenOn outputName: String?, placement: WindowPlacement, appID: String) throws
        -> SceneHost
    /// Destroys the scene's toplevel.
    func destroyHost(for scene: WindowScene)
    /// Runs the event loop until `stop` is called; returns its exit code.
    func run() -> Int32
    func stop(exitCode: Int32)
}
