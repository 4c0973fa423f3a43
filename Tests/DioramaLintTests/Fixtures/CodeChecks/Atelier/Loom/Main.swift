import SwiftUI

/// The entry point is a plain type that starts the SwiftUI app after some set-up,
/// so @main is not on the App itself.
@main
final class Main {
    static func main() {
        LoomApp.main()
    }
}
