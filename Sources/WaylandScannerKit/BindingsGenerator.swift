import Foundation

/// One generated Swift file.
package struct GeneratedFile: Sendable, Equatable {
    package var name: String
    package var contents: String
}

/// The scanner's entry point: protocol XML files in, Swift files out.
package enum BindingsGenerator {
    /// The file names `generate` produces for these XML files, known before
    /// any XML is read (the build plugin declares them as outputs).
    package static func outputFileNames(forXMLFiles paths: [String], side: BindingSide) -> [String] {
        paths.map { fileName(forXML: $0, side: side) } + [interfacesFileName(side)]
    }

    package static func generate(xmlFiles: [URL], side: BindingSide) throws -> [GeneratedFile] {
        let protocols = try xmlFiles.map(ProtocolParser.parse(contentsOf:))
        return try generate(protocols: protocols, xmlPaths: xmlFiles.map(\.path), side: side)
    }

    package static func generate(protocols: [ProtocolDefinition], xmlPaths: [String], side: BindingSide) throws -> [GeneratedFile] {
        let set = try ProtocolSet(protocols)
        var files: [GeneratedFile] = []
        for (proto, path) in zip(protocols, xmlPaths) {
            let contents =
                side == .client
                ? try ClientEmitter.emit(proto, in: set)
                : try ServerEmitter.emit(proto, in: set)
            files.append(GeneratedFile(name: fileName(forXML: path, side: side), contents: contents))
        }
        files.append(GeneratedFile(name: interfacesFileName(side), contents: InterfaceTableEmitter.emit(set, side: side)))
        return files
    }

    static func fileName(forXML path: String, side: BindingSide) -> String {
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return "\(base)+\(side.rawValue.capitalized).swift"
    }

    static func interfacesFileName(_ side: BindingSide) -> String {
        "Interfaces+\(side.rawValue.capitalized).swift"
    }
}
