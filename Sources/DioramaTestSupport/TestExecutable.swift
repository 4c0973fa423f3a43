import Foundation

/// Executables SwiftPM built in this package (`diorama`, `TimerApp`,
/// `GameScene`), found next to the test runner so that tests run the very
/// binaries `swift test` just built, as child processes.
package enum TestExecutable {
    /// The built executable `name`.
    ///
    /// On Linux the test runner is `.build/<config>/DioramaPackageTests.xctest`,
    /// itself an executable in the build products directory, so that directory
    /// (from `CommandLine.arguments[0]`, or `Bundle.main`) holds the package's
    /// executables. `DIORAMA_BUILD_PRODUCTS` names another directory to look in
    /// first (e.g. a release build).
    ///
    /// - Throws: `TestExecutableMissing` naming where it looked and how to build it.
    package static func locate(
        _ name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        var directories: [URL] = []
        if let products = environment["DIORAMA_BUILD_PRODUCTS"], !products.isEmpty {
            directories.append(URL(fileURLWithPath: products, isDirectory: true))
        }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(Bundle.main.bundleURL)
        var searched: [String] = []
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if searched.contains(candidate.path) { continue }
            searched.append(candidate.path)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw TestExecutableMissing(name: name, searched: searched)
    }
}

/// A package executable the tests need was not built.
package struct TestExecutableMissing: Error, CustomStringConvertible {
    package var name: String
    package var searched: [String]

    package var description: String {
        "the \(name) executable was not found (looked at \(searched.joined(separator: ", "))); "
            + "build it with `swift build --product \(name)`, or set DIORAMA_BUILD_PRODUCTS to the folder that has it"
    }
}
