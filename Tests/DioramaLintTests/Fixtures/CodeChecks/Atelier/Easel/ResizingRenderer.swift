import MetalKit
import UIKit

/// Sizes its drawable on every layout pass: follows the window.
final class ResizingRenderer: UIView {
    let metalLayer = CAMetalLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        metalLayer.drawableSize = frame.size
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func layoutSubviews() {
        super.layoutSubviews()
        metalLayer.drawableSize = CGSize(
            width: bounds.width * contentScaleFactor, height: bounds.height * contentScaleFactor)
    }
}
