// KitchenIdentifyCommand: `sightline kitchen identify PATH…` — finds the ingredients in photos:
// with the ingredient detector every one, with its boxes, adding those at confidence ≥ 0.8 and
// offering the others; with the classifier one per photo, added at ≥ 0.8, else the top three.
import ArgumentParser
import Foundation
import SightlineApps
import SightlinePresentation
import SightlineVision

struct KitchenIdentifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Find the ingredients in photos and add them to the list.",
        discussion: """
            With the ingredient detector installed (model kitchen-detector, made by `sightline \
            train-detector`), every ingredient in a photo is found, each with its boxes: every \
            one found with confidence at least 0.8 is added to the list, the others (from 0.3) \
            are offered — add one with `sightline kitchen add NAME`. Boxes are printed as \
            (left, top) width×height in fractions of the photo, origin top-left. Without the \
            detector, the ingredient classifier (model kitchen-ingredients, installed by \
            `make models`) names one ingredient per photo, as in the original app: \
            it is added only when its confidence is at least 0.8; below that nothing is added \
            and the three most likely ingredients are offered. `sightline models list` shows \
            which are installed. A photo that cannot be read is reported as an error, never \
            added. --no-add only shows the result.

            With --json each photo is one JSON object per line:
              {"file", "method", "ingredient", "confidence", "candidates", "found",
               "added"}
              {"file", "error"}
            "method" is "detector" or "classifier"; "ingredient" is the (most confident) \
            ingredient added, or null; "candidates" are the best three {"name", "confidence"}; \
            "added" is true when "ingredient" was new on the list. "found" lists every \
            ingredient the detector found, most confident first (empty with the classifier), \
            each {"name", "confidence", "accepted", "added", "boxes": [{"confidence", "x", "y", \
            "width", "height"}]}: "accepted" is true at 0.8 or more, otherwise it is offered.
            """)

    @OptionGroup var format: JSONOutputOptions

    @Flag(help: "Do not add recognised ingredients to the list.")
    var noAdd = false

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("Photos and folders of photos.", valueName: "path"))
    var paths: [String]

    func validate() throws {
    }

    func run() async throws {
        let files = try ImageFileCollector.collectSome(paths)
        let knowledge = try KitchenKnowledge.bundled()
        let finder = try IngredientFinder.installed(vocabulary: knowledge.vocabulary, options: engine.inferenceOptions)
        let list = noAdd ? nil : KitchenIngredientList(store: try await AppDataStore.open(), vocabulary: knowledge.vocabulary)
        try await PhotoBytesLoop(files: files, json: format.json).run { file, photo in
            let identification = try finder.identify(photo: photo)
            let changes = try await list?.add(identification)
            guard format.json else {
                return identification.method == .detector
                    ? detectorText(identification, file: file.displayPath, changes: changes)
                    : text(identification, file: file.displayPath, change: changes?.first)
            }
            return try KitchenIdentificationJSON(identification, file: file.displayPath, changes: changes ?? []).jsonText()
        }
    }

    private func text(_ identification: IngredientIdentification, file: String, change: IngredientListChange?) -> String {
        let candidates = identification.candidates.map { String(format: "%@ %.1f%%", $0.name, $0.confidence * 100) }
            .joined(separator: ", ")
        guard let ingredient = identification.ingredient else {
            return "\(file)\n  Not sure (below 80%); pick one with `sightline kitchen add NAME`: \(candidates)"
        }
        return String(format: "%@\n  %@ (%.1f%%): %@", file, ingredient, identification.confidence * 100, outcome(change))
    }

    /// Every found ingredient on its own line with its boxes: the added ones, then those offered.
    private func detectorText(_ identification: IngredientIdentification, file: String, changes: [IngredientListChange]?)
        -> String {
        guard !identification.found.isEmpty else {
            return "\(file)\n  No ingredient found (none at 30% or more); add it with `sightline kitchen add NAME`."
        }
        func line(_ found: FoundIngredient) -> String {
            let boxes = found.boxes.map {
                String(format: "(%.2f, %.2f) %.2f×%.2f", $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height)
            }
            return String(format: "%@ %.1f%%", found.name, found.confidence * 100) + " at " + boxes.joined(separator: ", ")
        }
        var lines = [file]
        for found in identification.accepted {
            lines.append("  \(line(found)): \(outcome(changes?.first { $0.name == found.name }))")
        }
        if !identification.offered.isEmpty {
            lines.append("  Not sure (below 80%); add one with `sightline kitchen add NAME`:")
            lines += identification.offered.map { "    \(line($0))" }
        }
        return lines.joined(separator: "\n")
    }

    private func outcome(_ change: IngredientListChange?) -> String {
        switch change {
        case .added?: "added to the list"
        case .alreadyOnList?: "already on the list"
        default: "not added (--no-add)"
        }
    }
}
