import MetalKit
import UIKit

/// Sizes its drawable once, when the view is made: a resize leaves it stale.
final class StillRenderer: UIView {
    let metalLayer = CAMetalLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(metalLayer)
        metalLayer.drawableSize = CGSize(width: frame.width * UIScreen.main.scale, height: frame.height * UIScreen.main.scale)
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}
