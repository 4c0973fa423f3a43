import SwiftUI

struct LoomApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Loom")
        }
    }
}
