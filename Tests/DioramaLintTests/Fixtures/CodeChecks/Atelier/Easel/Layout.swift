import UIKit

final class CanvasViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let width = UIScreen.main.bounds.width
        view.frame = CGRect(x: 0, y: 0, width: width, height: 400)
        let pixels = 2 * UIScreen.main.scale
        _ = pixels
        view.bounds.size = view.bounds.size  // the view's own bounds are right
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        if UIDevice.current.orientation.isLandscape {
            view.backgroundColor = .black
        }
        if UIApplication.shared.statusBarOrientation == .portrait, self.interfaceOrientation == .portrait {
            view.backgroundColor = .white
        }
        let scene = view.window?.windowScene?.interfaceOrientation
        _ = scene
    }

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        return .portrait
    }
}

final class PlayerViewController: UIViewController {
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        traitCollection.userInterfaceIdiom == .pad ? .all : .portrait
    }
}

final class ViewerViewController: UIViewController {
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
}
