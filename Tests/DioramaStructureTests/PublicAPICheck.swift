import Foundation

/// A `public` or `open` declaration where the package's API rules want
/// `package` (issue 19, item 5; ARCHITECTURE.md, "Public API").
struct ForbiddenPublicDeclaration: Hashable, CustomStringConvertible {
    /// The file, relative to the package root, and the line.
    var file: String
    var line: Int
    var code: String
    /// Why nothing there may be public.
    var reason: String

    var description: String {
        "\(file):\(line): `\(code)` is public, but \(reason); declare it `package` "
            + "(ARCHITECTURE.md, \"Public API\" says what an outside package may name)"
    }
}

/// What a package outside this one may depend on and name, and the check
/// that nothing else is `public`. Targets share everything else with
/// `package` access.
enum PublicAPICheck {
    /// The products, and the targets each is made of: the app framework, the
    /// simulator with its in-process harness, and the CLI.
    static let allowedProducts: [String: [String]] = [
        "diorama": ["diorama"],
        "Diorama": ["Diorama"],
        "DioramaSimulator": ["DioramaSimulator", "DioramaSimulatorHarness"],
    ]

    /// The modules an outside package can name declarations of, and why.
    /// Every other target keeps its shared API `package`.
    static let publicModules: [String: String] = [
        "Diorama": "the app framework",
        "DioramaModel": "re-exported by Diorama (Size, Rect, TraitCollection, …)",
        "DioramaManifest": "re-exported by Diorama (SceneManifest)",
        "DioramaGraphics": "re-exported by Diorama (PixelCanvas, PixelColor, BitmapFont)",
        "DioramaSimulator": "the simulator product",
        "DioramaSimulatorHarness": "the simulator product's in-process harness",
        "DioramaControlProtocol": "re-exported by DioramaSimulator (DisplayConfiguration, WindowSelector, …)",
        "WaylandClient": "the harness hands out its generated proxies (ClientWindow.surface)",
        "WaylandCommon": "a generated proxy's event hands over an OwnedFileDescriptor",
    ]

    /// Files and folders of the public modules that hold only what targets
    /// share: nothing in them may be public.
    static let packageOnlyPaths: [String: String] = [
        "Sources/Diorama/Scenes/SceneState.swift":
            "CompositorFacts, SceneSettings, SceneState (and SceneState.compute) and SceneStateChanges are how the runtime derives a scene's state",
        "Sources/Diorama/Trace": "RuntimeTrace is the runtime's record for scenarios and tests, not something an app calls",
        "Sources/DioramaModel/RuntimeTrace": "the runtime trace's records are the trace format's, read by scenarios and tests",
        "Sources/DioramaModel/TraceFormat": "JSONLineEncoder and TraceFormat are the trace files' encoding",
        "Sources/DioramaModel/Files": "DescriptorWriter, OutputFileWriter and RegularFileReader are the package's file handling",
        "Sources/DioramaManifest/PropertyList": "the property list reader is the manifest's and lint's",
        "Sources/DioramaGraphics/PNG/PNG.swift": "the PNG writer is the simulator's and the CLI's (Screenshot.writePNG writes one)",
        "Sources/DioramaGraphics/Compositing": "compositing buffers onto displays is the simulator's",
        "Sources/WaylandCommon/InterfaceTable.swift": "the interface tables are the generated bindings' internals",
        "Sources/WaylandCommon/WireValues.swift": "the wire conversions are the generated bindings' internals",
    ]

    /// Base classes that generated subclasses in other modules of this
    /// package extend (the test protocol's bindings): Swift has no
    /// `package open`, so their overridable members stay `open` and their
    /// `required` initializer `public`.
    static let openBaseClassFiles: [String: String] = [
        "Sources/WaylandServer/Resource.swift": "the base class of every generated server resource"
    ]

    /// The products `Package.swift` declares beyond ``allowedProducts``, or
    /// with other targets, as messages naming the line.
    static func unexpectedProducts(_ products: [DeclaredProduct]) -> [String] {
        var problems: [String] = []
        for product in products {
            guard let targets = allowedProducts[product.name] else {
                problems.append(
                    "Package.swift:\(product.line): product `\(product.name)` is not one an outside package needs "
                        + "(only \(allowedProducts.keys.sorted().joined(separator: ", "))); targets of this package depend on targets, not products")
                continue
            }
            if targets != product.targets {
                problems.append(
                    "Package.swift:\(product.line): product `\(product.name)` is made of \(product.targets), expected \(targets)")
            }
        }
        for name in allowedProducts.keys.sorted() where !products.contains(where: { $0.name == name }) {
            problems.append("Package.swift: product `\(name)` is missing; an outside package depends on it")
        }
        return problems
    }

    /// The public declarations of one of `target`'s files that the rules
    /// above forbid.
    static func forbiddenDeclarations(target: String, file: (path: String, text: String)) -> [ForbiddenPublicDeclaration] {
        let reason: String
        if let moduleReason = publicModules[target] {
            guard
                let path = packageOnlyPaths.keys.first(where: { file.path == $0 || file.path.hasPrefix($0 + "/") }),
                let pathReason = packageOnlyPaths[path]
            else { return [] }
            reason = pathReason + " (though \(target) is \(moduleReason))"
        } else {
            reason = "`\(target)` is not a module an outside package names: it is an implementation layer of the shipped products"
        }
        let allowsOpenBase = openBaseClassFiles[file.path] != nil
        return declarations(in: file.text).compactMap { declaration in
            if allowsOpenBase && (declaration.code.hasPrefix("open ") || declaration.code.hasPrefix("public required init")) {
                return nil
            }
            return ForbiddenPublicDeclaration(file: file.path, line: declaration.line, code: declaration.code, reason: reason)
        }
    }

    /// An access modifier `public` or `open` after any attributes and other
    /// modifiers at the start of a line. Made once: a regex literal is parsed
    /// each time it is evaluated, which was half of this check's time.
    nonisolated(unsafe) private static let accessModifier =
        #/^\s*((@[A-Za-z_]+(\([^)]*\))?|nonisolated(\(unsafe\))?|final|static|class|override|mutating|convenience|required|indirect|dynamic|lazy|weak|unowned)\s+)*(public|open)\b/#

    /// The lines of `text` that declare something `public` or `open`: the
    /// access modifier after any attributes and other modifiers at the start
    /// of the line (this package's style puts them there). ARCHITECTURE.md's
    /// before/after counts of public declarations are counts of these lines.
    static func declarations(in text: String) -> [(line: Int, code: String)] {
        // The regular expression only where the word it ends with is: run on
        // every line of every file it cost seconds in a debug build.
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard line.hasText("public") || line.hasText("open"), line.firstMatch(of: accessModifier) != nil else { return nil }
            return (index + 1, line.trimmingCharacters(in: .whitespaces))
        }
    }
}
