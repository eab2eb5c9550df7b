// AppResources: where the apps' knowledge files are — the Resources folder bundled with this
// library (recognizer/, waste/, cats/, kitchen/) — and reading them with errors that name the file.
public import Foundation

/// The apps' bundled data files.
public enum AppResources {
    /// The bundled Resources folder.
    public static var root: URL {
        guard let url = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
            fatalError("The SightlineApps resource bundle has no Resources folder: the build is incomplete; rebuild with `swift build`.")
        }
        return url
    }

    /// The file at `path` inside Resources ("waste/classes.tsv").
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The text of the file at `path` inside Resources.
    ///
    /// - Throws: `AppDataError.unreadable` naming the file.
    public static func text(_ path: String) throws -> String {
        do {
            return try String(contentsOf: url(path), encoding: .utf8)
        } catch {
            throw AppDataError.unreadable(file: path, reason: error.localizedDescription)
        }
    }

    /// The bytes of the file at `path` inside Resources.
    public static func data(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: url(path))
        } catch {
            throw AppDataError.unreadable(file: path, reason: error.localizedDescription)
        }
    }

    /// The rows of a tab-separated file with a header line, as header → value dictionaries.
    ///
    /// - Throws: `AppDataError.malformed` for a row with a different number of fields than the header.
    public static func tableRows(_ path: String) throws -> [[String: String]] {
        let lines = try text(path).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else {
            throw AppDataError.malformed(file: path, reason: "the file is empty")
        }
        return try lines.dropFirst().enumerated().map { offset, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == header.count else {
                throw AppDataError.malformed(file: path, reason:
                    "line \(offset + 2) has \(fields.count) fields; the header has \(header.count)")
            }
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}
