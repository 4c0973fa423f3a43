import DioramaModel
import Foundation

/// One Swift or Objective-C file of a target, read and tokenized once for every check
/// that reads code (the life cycle and the code checks).
struct CodeFile: Sendable {
    var url: URL
    /// The path the report shows.
    var display: String
    var language: SourceLexer.Language
    var tokens: [SourceToken]

    /// Folder names that hold other people's code compiled into the app (vendored
    /// libraries, dependency managers' checkouts). Findings there are not the app's to
    /// fix, so the code checks leave files under them out; the life cycle still reads
    /// them (an entry point is where it is).
    static let vendoredFolders: Set<String> = [
        "pods", "carthage", "vendor", "vendors", "vendored", "thirdparty", "third-party", "third_party", "3rdparty",
        "external", "externals", "submodules", "dependencies", "node_modules", "sourcepackages",
    ]

    /// Reads and tokenizes `url`; `nil` when it is not Swift or Objective-C or cannot
    /// be read (such a file is passed over: sources are evidence, not lint input).
    static func load(_ url: URL, display: String) -> CodeFile? {
        guard let language = SourceLexer.Language(pathExtension: url.pathExtension.lowercased()),
            let data = try? RegularFileReader.read(url.path, as: .sourceFile)
        else { return nil }
        return CodeFile(url: url, display: display, language: language, tokens: SourceLexer.tokens(of: Array(data), language: language))
    }

    /// Whether the file lies in a vendored folder (`Vendor/`, `ThirdParty/`, `Pods/`…),
    /// judged on its displayed path.
    var isVendored: Bool {
        display.split(separator: "/").dropLast().contains { Self.vendoredFolders.contains($0.lowercased()) }
    }

    func location(of token: SourceToken) -> SourceLocation {
        SourceLocation(file: display, line: token.line, column: token.column)
    }
}
