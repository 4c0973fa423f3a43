import Diorama

/// Picks the Inspector configuration for an "inspect" request, the UIKit way:
/// by name and role only — Diorama fills in its delegate and content from
/// the Info.plist entry of that name.
@MainActor
final class SketchpadAppDelegate: ApplicationDelegate {
    func application(
        _ application: Application, configurationForConnecting session: SceneSession,
        options: SceneConnectionOptions, defaultConfiguration: SceneConfiguration?
    ) -> SceneConfiguration? {
        if options.userActivities.contains(where: { $0.activityType == SketchActivity.inspect }) {
            return SceneConfiguration(name: "Inspector", role: session.role)
        }
        return defaultConfiguration
    }
}

/// The Canvas scene: at least 480×320 points; palette beside the drawing
/// when the width is regular, below it when compact.
@MainActor
final class CanvasSceneDelegate: WindowSceneDelegate, TitledByStrokeColor {
    /// Where the palette goes; follows the horizontal size class.
    private(set) var paletteBelow = false

    required init() {}

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        scene.sizeRestrictions.minimumSize = Size(width: 480, height: 320)
        scene.preferredContentSize = Size(width: 720, height: 480)
        // Shapes and text in points, with Cairo and Pango.
        scene.drawableLayer.renderer = .cairo
        // A drawing surface: the theme's crosshair while the pointer is over it.
        scene.cursor = .named("crosshair")
        // The traits are real here (the compositor's first configure is in),
        // so the first frame already has the right layout.
        paletteBelow = scene.traitCollection.horizontalSizeClass == .compact
        scene.registerForTraitChanges([.horizontalSizeClass]) { [weak self] scene, previous in
            // The handler gets the previous collection; the scene has the new one.
            guard let self, previous.horizontalSizeClass != scene.traitCollection.horizontalSizeClass else { return }
            self.paletteBelow = scene.traitCollection.horizontalSizeClass == .compact
            self.updateTitle(of: scene)
        }
        updateTitle(of: scene)
    }

    func updateTitle(of scene: WindowScene) {
        scene.title = "Sketchpad (\(SketchModel.shared.strokeColor.rawValue), \(paletteBelow ? "compact" : "regular"))"
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        UserActivity(
            activityType: SketchActivity.canvas, title: "Canvas",
            userInfo: ["strokeColor": .string(SketchModel.shared.strokeColor.rawValue)])
    }

    func scene(_ scene: WindowScene, restoreInteractionStateWith activity: UserActivity) {
        guard activity.activityType == SketchActivity.canvas, case .string(let name)? = activity.userInfo["strokeColor"],
            let color = StrokeColor(rawValue: name)
        else { return }
        SketchModel.shared.strokeColor = color
        updateTitle(of: scene)
    }
}

/// The Inspector scene: shows the stroke colour, drawn with OpenGL ES (an
/// outside package using Diorama's GPU renderer; without EGL it falls back
/// to the software drawing).
@MainActor
final class InspectorSceneDelegate: WindowSceneDelegate, TitledByStrokeColor {
    required init() {}

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        scene.preferredContentSize = Size(width: 320, height: 240)
        scene.drawableLayer.renderer = .openGLES
        updateTitle(of: scene)
    }

    func updateTitle(of scene: WindowScene) {
        scene.title = "Inspector (\(SketchModel.shared.strokeColor.rawValue))"
    }
}
