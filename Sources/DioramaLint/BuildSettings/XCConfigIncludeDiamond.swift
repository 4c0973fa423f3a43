import Foundation

/// A generated graph of `.xcconfig` files in which every file of one level includes
/// every file of the next: `width` files per level, `levels` deep, under one root.
/// There are `width^levels` include paths through it but only `levels × width + 1`
/// files, so a reader that reads each file once stays fast and one that follows every
/// path does not finish (8 × 8 took over 300 s before issue 21). For the lint
/// benchmark (`make bench`) and the tests that check each file is read once.
package struct XCConfigIncludeDiamond: Sendable, Hashable {
    package var levels: Int
    package var width: Int

    package init(levels: Int, width: Int) {
        self.levels = levels
        self.width = width
    }

    /// The root file's name, in the folder ``write(into:)`` is given.
    package static let rootName = "Diamond.xcconfig"

    /// Every file, the root included.
    package var fileCount: Int { levels * width + 1 }

    /// The settings each file assigns: one of its own (`DIAMOND_L3_F5 = 3.5`) after its
    /// includes, and `DIAMOND_LEVEL = 3`, which each level's files assign again over
    /// what the deeper levels said (1 in the end).
    package var settingNames: [String] {
        ["DIAMOND_LEVEL"] + (1...max(1, levels)).flatMap { level in (0..<width).map { Self.settingName(level, $0) } }
    }

    /// Writes the files into `folder`; returns the root.
    @discardableResult
    package func write(into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = folder.appendingPathComponent(Self.rootName)
        try Data(includes(ofLevel: 1).utf8).write(to: root)
        for level in 1...max(1, levels) {
            for file in 0..<width {
                let text = includes(ofLevel: level + 1) + "\(Self.settingName(level, file)) = \(level).\(file)\nDIAMOND_LEVEL = \(level)\n"
                try Data(text.utf8).write(to: folder.appendingPathComponent(Self.fileName(level, file)))
            }
        }
        return root
    }

    /// `#include` lines for every file of `level`; none past the last level.
    private func includes(ofLevel level: Int) -> String {
        guard level <= levels else { return "" }
        return (0..<width).map { "#include \"\(Self.fileName(level, $0))\"\n" }.joined()
    }

    static func fileName(_ level: Int, _ file: Int) -> String { "L\(level)F\(file).xcconfig" }
    static func settingName(_ level: Int, _ file: Int) -> String { "DIAMOND_L\(level)_F\(file)" }
}
