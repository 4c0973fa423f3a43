import UIKit

/// Code written before scenes, still reaching for the app delegate's window.
enum RootSwitcher {
    static func showLogin() {
        (UIApplication.shared.delegate as! AppDelegate).window!.rootViewController = LoginViewController()
    }
}
