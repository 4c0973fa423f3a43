import DioramaModel
import Foundation

/// Where a backend finds the programs a scenario launches and puts what its
/// clients write (runtime traces, stdout/stderr, saved scene sessions).
package struct BackendConfiguration: Hashable, Sendable {
    /// Folders searched, in order, for a Diorama app's executable (`launch
    /// TimerApp …` runs `<folder>/TimerApp`). ``defaultExecutableDirectories()``
    /// gives the usual ones.
    package var executableDirectories: [String]
    /// The parent of each scenario's working folder (`<work>/<scenario>/`).
    package var workDirectory: String

    package init(
        executableDirectories: [String] = BackendConfiguration.defaultExecutableDirectories(),
        workDirectory: String
    ) {
        self.executableDirectories = executableDirectories
        self.workDirectory = workDirectory
    }

    /// `$DIORAMA_BUILD_PRODUCTS` when set, then the folder of the running
    /// executable: SwiftPM puts `diorama`, the sample apps and the test runner
    /// side by side in `.build/<configuration>/`, so the CLI and the tests find
    /// the apps built with them.
    package static func defaultExecutableDirectories(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String] {
        var directories: [String] = []
        if let products = environment["DIORAMA_BUILD_PRODUCTS"], !products.isEmpty { directories.append(products) }
        let running = ConfigFileLocator.executableFolder.path
        if !directories.contains(running) { directories.append(running) }
        return directories
    }
}
