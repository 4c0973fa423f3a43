import SwiftUI
import UIKit

final class MeadowDelegate: NSObject, UIApplicationDelegate {}

@main
@MainActor
struct MeadowApp: SwiftUI.App {
    @UIApplicationDelegateAdaptor(MeadowDelegate.self) var delegate

    var body: some Scene {
        WindowGroup { Text("Meadow") }
    }
}
