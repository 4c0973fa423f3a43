import SwiftUI

struct ContentView: View {
    let title = "@main struct InAString: App {"

    var body: some View {
        Text(title)
    }
}
