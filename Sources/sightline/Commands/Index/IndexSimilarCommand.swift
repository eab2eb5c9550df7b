// IndexSimilarCommand: `sightline index similar PHOTO` — the indexed photos that look most like
// a query photo, by the distance between their stored feature prints and the query's (the
// `features` task of `index work` stores them), nearest first.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation
import SightlineStore
import SightlineVision

struct IndexSimilarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "similar",
        abstract: "The indexed photos that look most like a photo (needs `index work --tasks …,features`).",
        discussion: """
            Distances are between feature prints of length 1, as `sightline similar` gives them: \
            0 for the same picture, about 1.41 for unrelated ones. The query itself is left out \
            when it is in the index. With --json one object: {"query", "model", "results": \
            [{"id", "file", "distance"}]}.
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The photo to compare with.", valueName: "photo"))
    var photo: String

    @Option(help: "How many of the nearest photos to show.")
    var top = 10

    @OptionGroup var format: JSONOutputOptions

    @OptionGroup var modelOptions: ClassifierModelOptions

    @OptionGroup var engine: EngineOptions

    func validate() throws {
        guard top >= 1 else { throw ValidationError("--top must be at least 1, got \(top).") }
    }

    func run() async throws {
        let extractor = try FeaturePrintExtractor(model: modelOptions.installedModel(), options: engine.inferenceOptions)
        let queryURL = URL(fileURLWithPath: photo).standardizedFileURL.resolvingSymlinksInPath()
        let query: FeaturePrint
        do {
            query = try extractor.featurePrint(imageAt: queryURL)
        } catch {
            throw CommandFailure("The photo \(photo) cannot be used: \(ClassificationJSON.message(for: error))")
        }
        let model = extractor.classifier.model.name
        let ranked: [SimilarLibraryPhoto]
        do {
            ranked = try await PhotoLibrary(index: database.open().photoIndex)
                .similar(to: query, model: model, top: top, excludingPath: queryURL.path)
        } catch PhotoLibraryError.noFeaturePrints {
            throw CommandFailure("No indexed photo has a feature print from \(model) yet: run `sightline index work --tasks "
                + "classify,features` (with the same --model).")
        }
        if format.json {
            printJSON(PhotoIndexSimilarJSON(query: photo, model: model, results: ranked))
            return
        }
        for entry in ranked { print(String(format: "%.3f  %@", Double(entry.distance), entry.path)) }
    }
}
