import SwiftUI

@main
struct StudioApp: App {
    var body: some Scene {
        WindowGroup { Text("Studio") }
    }
}
