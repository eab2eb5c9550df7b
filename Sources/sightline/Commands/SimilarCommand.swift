// SimilarCommand: `sightline similar` — ranks the photos of a folder by how much they look like
// a query photo, by the distance between their feature prints.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineVision

struct SimilarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "similar",
        abstract: "Rank photos by how similar they look to a query photo.",
        discussion: """
            Every photo gets a feature print: the model's penultimate activations (1280 numbers \
            for lite0), scaled to length 1. Photos are ranked by the distance between their \
            print and the query's: 0 for the same picture, about 1.41 (√2) for unrelated ones, \
            at most 2. The query itself is left out if it lies in DIR.

            DIR is walked recursively for .jpg, .jpeg, .png and .webp files (several folders or \
            files may be given). Results go to stdout: one line per photo, most similar first, \
            or with --json one object:
              {"query": "q.jpg", "model": "lite0", "results": [{"file": "photos/a.jpg", "distance": 0.41}], "errors": [{"file": "photos/b.jpg", "error": "…"}]}
            Files that cannot be read are reported (on stderr in text mode) and do not stop the \
            ranking; the exit status is 1 if there were any.
            """)

    @Argument(help: ArgumentHelp("The photo to compare with.", valueName: "query"))
    var query: String

    @Argument(help: ArgumentHelp("Folders (or files) of photos to rank.", valueName: "dir"))
    var paths: [String]

    @Option(help: "How many of the most similar photos to show.")
    var top = 10

    @OptionGroup var format: JSONOutputOptions

    @OptionGroup var modelOptions: ClassifierModelOptions

    @OptionGroup var engine: EngineOptions

    @Option(help: "Images run through the model together; the next batch is decoded meanwhile.")
    var batchSize = 8

    func validate() throws {
        guard top >= 1 else { throw ValidationError("--top must be at least 1, got \(top).") }
        guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1, got \(batchSize).") }
    }

    func run() throws {
        let queryURL = URL(fileURLWithPath: query).standardizedFileURL
        let files = try ImageFileCollector.collect(paths).filter { $0.url.standardizedFileURL.path != queryURL.path }
        guard !files.isEmpty else {
            throw CommandFailure("No image files (.jpg, .jpeg, .png, .webp) other than the query found in "
                + "\(paths.joined(separator: ", ")).")
        }
        let extractor = try FeaturePrintExtractor(model: modelOptions.installedModel(), options: engine.inferenceOptions)
        let queryPrint: FeaturePrint
        do {
            queryPrint = try extractor.featurePrint(imageAt: queryURL)
        } catch {
            throw CommandFailure("The query photo \(query) cannot be used: \(ClassificationJSON.message(for: error))")
        }
        var progress = ProgressBar(total: files.count)
        progress.draw()
        let ranking = try extractor.rankBySimilarity(to: queryPrint, imagesAt: files.map(\.url), batchSize: batchSize) { done in
            progress.advance(by: done - progress.completed)
        }
        progress.clear()

        let displayPath = Dictionary(files.map { ($0.url, $0.displayPath) }, uniquingKeysWith: { first, _ in first })
        let shown = ranking.ranked.prefix(top)
        if format.json {
            printJSON(SimilarityJSON(query: query, model: extractor.classifier.model.name, ranking: ranking, top: top) {
                displayPath[$0] ?? $0.path
            })
        } else {
            for failure in ranking.failures {
                StandardError.print("\(displayPath[failure.url] ?? failure.url.path): error: "
                    + ClassificationJSON.message(for: failure.error))
            }
            print("Most similar to \(query) (\(extractor.classifier.model.name) feature prints; distance 0 = same picture, "
                + "1.41 = unrelated):")
            let rows = shown.enumerated().map { rank, image in
                [String(rank + 1), String(format: "%.3f", image.distance), displayPath[image.url] ?? image.url.path]
            }
            print(TextTable(header: ["RANK", "DISTANCE", "FILE"], rows: rows).rendered)
            StandardError.print("\(files.count) photo\(files.count == 1 ? "" : "s") compared, \(ranking.failures.count) unreadable.")
        }
        if !ranking.failures.isEmpty { throw ExitCode(1) }
    }
}
