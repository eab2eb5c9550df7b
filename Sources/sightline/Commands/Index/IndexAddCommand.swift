// IndexAddCommand: `sightline index add DIR…` — records photo files in the index as jobs, each
// with its size, modification date and the SHA-256 of its bytes, so that adding the same folders
// again leaves unchanged photos alone and sends changed ones back to be analysed.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineStore
import SightlineVision

struct IndexAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Record photos as jobs for `index work` (unchanged ones are skipped, changed ones redone).",
        discussion: """
            Folders are walked recursively for .jpg, .jpeg, .png and .webp files. With --json \
            one object: {"added", "changed", "unchanged", "errors": [{"file", "error"}]}. Files \
            that cannot be read are reported and left out; the exit status is 1 if there were any.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("Photo folders or files.", valueName: "path"))
    var paths: [String]

    @OptionGroup var format: JSONOutputOptions

    /// Files are recorded in transactions of this many.
    static let transactionSize = 500

    func run() async throws {
        let files = try ImageFileCollector.collect(paths)
        let index = try await database.open().photoIndex
        var addition = PhotoIndexAddition(added: 0, changed: 0, unchanged: 0)
        var errors: [(file: String, error: String)] = []
        var progress = ProgressBar(total: files.count)
        progress.draw()
        for chunk in stride(from: 0, to: files.count, by: Self.transactionSize).map({ files[$0 ..< min($0 + Self.transactionSize, files.count)] }) {
            var indexed: [IndexedFile] = []
            for file in chunk {
                do {
                    indexed.append(try Self.indexedFile(at: file.url))
                } catch {
                    errors.append((file.displayPath, error.localizedDescription))
                }
            }
            let part = try await index.add(indexed, now: Date())
            addition.added += part.added
            addition.changed += part.changed
            addition.unchanged += part.unchanged
            progress.advance(by: chunk.count)
        }
        progress.clear()
        if format.json {
            printJSON(PhotoIndexAdditionJSON(addition, errors: errors))
        } else {
            for failure in errors { StandardError.print("\(failure.file): error: \(failure.error)") }
            print("Added \(addition.added) photos, \(addition.changed) changed (to be analysed again), \(addition.unchanged) unchanged.")
        }
        if !errors.isEmpty { throw ExitCode.failure }
    }

    /// The file's absolute path, size, modification date and content hash.
    static func indexedFile(at url: URL) throws -> IndexedFile {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        return IndexedFile(path: path, size: data.count,
                           modifiedAt: attributes[.modificationDate] as? Date ?? Date(timeIntervalSinceReferenceDate: 0),
                           contentHash: ContentHash.sha256(of: data))
    }
}
