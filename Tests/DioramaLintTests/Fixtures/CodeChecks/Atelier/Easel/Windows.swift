import UIKit

/// Presents alerts from wherever the caller is, the way many apps did before scenes.
enum AlertPresenter {
    static func present(_ alert: UIAlertController) {
        // UIApplication.shared.keyWindow in a comment does not count.
        /* Nor /* nested */ UIApplication.shared.keyWindow here. */
        let root = UIApplication.shared.keyWindow!.rootViewController
        root?.present(alert, animated: true)
    }

    static var anyWindow: UIWindow? {
        UIApplication.shared.windows.first { $0.isKeyWindow }
    }

    static var firstWindow: UIWindow {
        UIApplication.shared.windows[0]
    }

    static func log() {
        print("UIApplication.shared.keyWindow is only text here")
        print(#"and "UIApplication.shared.windows.first" here"#)
        print("""
            UIApplication.shared.delegate?.window here
            """)
        print("the size: \(UIApplication.shared.windows.first!.bounds)")
    }
}

final class SettingsViewController: UIViewController {
    func reset() {
        let delegate = (UIApplication.shared.delegate as! AppDelegate)
        (UIApplication.shared.delegate as? AppDelegate)?.window?.rootViewController = self
        _ = delegate
        view.window?.windowScene?.keyWindow?.endEditing(true)
    }
}
