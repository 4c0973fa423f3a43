import SwiftUI

// A comment that mentions @main struct Decoy: App { } must not count.
/* Nor does a block comment: @main struct Other: App {} */

@main
struct GardenApp: App {
    var body: some Scene {
        WindowGroup { ContentView() }
    }
}
