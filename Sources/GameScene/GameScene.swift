import Diorama
import Foundation

/// The game's only scene: at least 640×360 points, letterboxed in black while
/// the player resizes the window (the render target keeps its size), assets
/// rebuilt once when the resize ends — "Managing your Metal app window in
/// iPadOS", as the runtime's default behaviour.
@MainActor
final class GameSceneDelegate: WindowSceneDelegate {
    required init() {}

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: SceneConnectionOptions) {
        scene.sizeRestrictions.minimumSize = Size(width: 640, height: 360)
        scene.preferredContentSize = Size(width: 960, height: 540)
        scene.drawableLayer.contentsGravity = .resizeAspect
        scene.drawableLayer.letterboxColor = 0xFF00_0000
        scene.title = "GameScene"
        scene.drawableLayer.renderer = GameOptions.renderer
        scene.drawableLayer.glesPresentation = GameOptions.glesPresentation
        // A fixed internal resolution, as games offer (MTKView with
        // autoResizeDrawable off): the frames are that size whatever the
        // window's, scaled to it by the compositor (or letterboxed by the
        // runtime where there is no wp_viewporter).
        if let renderSize = ProcessInfo.processInfo.environment["GAMESCENE_RENDER_SIZE"] {
            let sides = renderSize.split(separator: "x").compactMap { Int($0) }
            if sides.count == 2 {
                scene.drawableLayer.autoResizeDrawable = false
                scene.drawableLayer.drawableSize = Size(width: sides[0], height: sides[1])
            } else {
                DescriptorWriter.reportToStandardError(
                    "warning: GAMESCENE_RENDER_SIZE=\(renderSize) is not WIDTHxHEIGHT (e.g. 640x360); the drawable follows the window")
            }
        }
        // The traits are real here (as in UIKit): the game picks its asset
        // density from them before the first frame, and logs what it got.
        let traits = scene.traitCollection
        try? DescriptorWriter.standardOutput.write(
            "connected: displayScale \(traits.displayScale) sizeClasses "
                + "\(traits.horizontalSizeClass.rawValue)/\(traits.verticalSizeClass.rawValue)\n")
    }
}

@MainActor
final class GameContent: RootContent {
    /// Stands in for textures sized to the drawable: rebuilt only when the
    /// drawable size really changes (never during an interactive resize).
    private(set) var assetSize = Size.zero
    private(set) var assetRebuilds = 0
    private var frame = 0
    /// The GL objects, made at the first OpenGL ES frame in its context.
    private var glRenderer: GameGLRenderer?
    /// The staging buffer, made at the first Vulkan frame on its device.
    private var vulkanRenderer: GameVulkanRenderer?

    /// A game keeps its interface orientation while it runs (UIKit's
    /// `prefersInterfaceOrientationLocked`): rotating the display does not
    /// re-lay out the playfield. The orientation-lock scenario checks it.
    var prefersInterfaceOrientationLocked: Bool { true }

    func drawableSizeWillChange(_ size: Size, in scene: WindowScene) {
        assetSize = size
        assetRebuilds += 1
        // The article's game logs every drawable change; scenarios read it too.
        // A stdout that cannot be written (closed, full) loses the line, not the game.
        try? DescriptorWriter.standardOutput.write("drawable size: \(size.width)x\(size.height) scale \(scene.drawableLayer.contentsScale)\n")
    }

    func draw(_ drawable: Drawable, in scene: WindowScene) {
        drawPicture(into: drawable, in: scene)
        // Keep animating while visible.
        scene.setNeedsDisplay()
    }

    /// The software frame, which the Vulkan renderer uploads too: the
    /// pattern (labelled "GameScene" either way, as tests compare it with
    /// the CPU's), the overlay and the moving square. `renderer` names a GPU
    /// renderer in the overlay.
    private func drawPicture(into drawable: Drawable, in scene: WindowScene, renderer: String? = nil) {
        frame += 1
        drawable.drawDiagnostics(
            for: scene, title: "GameScene",
            extraLines: ["assets \(assetSize) rebuilt \(assetRebuilds)x  frame \(frame)"] + (renderer.map { ["renderer \($0)"] } ?? []))
        // A square that moves one point per frame: a wrong scale shows as a
        // wrong step. It runs above the pattern's bottom quarter, as the GL
        // renderer's quad stays off it, so the corner patches and the
        // bottom band screenshots compare stay the pattern's.
        drawable.withCanvas { canvas in
            let scale = max(1, Int(drawable.contentsScale.rounded()))
            let side = 40 * scale
            let travel = max(1, drawable.size.width - side)
            let x = (frame * scale) % travel
            canvas.fill(Rect(x: x, y: drawable.size.height * 3 / 4 - side - 8, width: side, height: side), color: .cyan)
        }
    }

    /// `r` switches between software and the GPU renderer of the command
    /// line (OpenGL ES when it asked for software), from the next frame (as
    /// a game's graphics settings would).
    func pressesBegan(_ presses: [Press], in scene: WindowScene) {
        guard presses.contains(where: { $0.key.keyCode == .r && !$0.isRepeat }) else { return }
        let layer = scene.drawableLayer
        let gpu = GameOptions.renderer == .software ? .openGLES : GameOptions.renderer
        layer.renderer = layer.renderer == .software ? gpu : .software
    }

    /// The Vulkan frame (`--renderer vulkan`): the software picture, uploaded
    /// (`GameVulkanRenderer`).
    func draw(in drawable: VulkanDrawable, for scene: WindowScene) {
        do throws(GameVulkanError) {
            if vulkanRenderer?.device != drawable.device { vulkanRenderer = try GameVulkanRenderer(drawable: drawable) }
            try vulkanRenderer?.draw(in: drawable) { pixels in
                drawPicture(into: pixels, in: scene, renderer: "Vulkan (CPU pixels uploaded)")
            }
        } catch {
            DescriptorWriter.reportToStandardError("error: GameScene cannot draw with Vulkan: \(error)")
            exit(1)
        }
        scene.setNeedsDisplay()
    }

    /// The OpenGL ES frame (`--renderer gles`): the same pattern and overlay,
    /// and a checkerboard quad turning one degree per frame.
    func draw(in drawable: GLESDrawable, for scene: WindowScene) {
        frame += 1
        if glRenderer?.context != drawable.eglContext {
            do throws(GameGLError) {
                glRenderer = try GameGLRenderer(context: drawable.eglContext)
            } catch {
                DescriptorWriter.reportToStandardError("error: GameScene cannot draw with OpenGL ES: \(error)")
                exit(1)
            }
        }
        let overlay = DiagnosticsOverlay(
            scene: scene, title: "GameScene (OpenGL ES)", drawableSize: drawable.size,
            contentsScale: drawable.contentsScale,
            extraLines: ["assets \(assetSize) rebuilt \(assetRebuilds)x  frame \(frame)"])
        glRenderer?.draw(in: drawable, overlay: overlay, angle: Double(frame) * .pi / 180)
        scene.setNeedsDisplay()
    }
}

/// GameScene's command line: `--renderer software` (the default),
/// `--renderer gles` (OpenGL ES through EGL) or `--renderer vulkan`, and with gles
/// `--gl-presentation automatic|window-surface|shared-memory` (how the GL
/// frames reach the compositor; `automatic` by default).
@MainActor
enum GameOptions {
    static var renderer = DrawableLayer.Renderer.software
    static var glesPresentation = DrawableLayer.GLESPresentation.automatic

    /// GameScene's own options, which `--help` prints before the runtime's.
    static let usage = """
        usage: GameScene [--renderer software|gles|vulkan] [--gl-presentation automatic|window-surface|shared-memory]
                         [--info-plist PATH]

        The Metal-window article's game on Diorama: a test pattern and a moving square,
        drawn in software (default), with OpenGL ES (gles) or with Vulkan; `r` switches
        renderer while it runs.
        """

    /// Reads `--renderer` and `--gl-presentation` from `arguments`; an
    /// unknown value is an error that names the choices (exit status 2).
    static func parse(_ arguments: [String]) {
        let renderers = "software, gles or vulkan"
        if let value = value(of: "--renderer", in: arguments, choices: renderers) {
            switch value {
            case "software": renderer = .software
            case "gles": renderer = .openGLES
            case "vulkan": renderer = .vulkan
            default: reject("--renderer", value, choices: renderers)
            }
        }
        let presentations = "automatic, window-surface or shared-memory"
        if let value = value(of: "--gl-presentation", in: arguments, choices: presentations) {
            switch value {
            case "automatic": glesPresentation = .automatic
            case "window-surface": glesPresentation = .windowSurface
            case "shared-memory": glesPresentation = .sharedMemory
            default: reject("--gl-presentation", value, choices: presentations)
            }
        }
    }

    /// The word after `option`, nil when the option is absent; a missing
    /// value is an error.
    private static func value(of option: String, in arguments: [String], choices: String) -> String? {
        guard let index = arguments.firstIndex(of: option) else { return nil }
        guard index + 1 < arguments.count else {
            DescriptorWriter.reportToStandardError("error: \(option) needs a value; use \(option) \(choices)")
            exit(2)
        }
        return arguments[index + 1]
    }

    private static func reject(_ option: String, _ value: String, choices: String) -> Never {
        DescriptorWriter.reportToStandardError("error: \(option) '\(value)' is not one of \(choices)")
        exit(2)
    }
}
