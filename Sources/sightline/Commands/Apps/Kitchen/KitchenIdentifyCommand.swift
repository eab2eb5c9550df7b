// KitchenIdentifyCommand: `sightline kitchen identify PATH…` — recognises the ingredient in
// photos and adds it to the list only at confidence ≥ 0.8; otherwise offers the top three.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineEngine
import SightlinePresentation
import SightlineVision

struct KitchenIdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Recognise the ingredient in photos and add it to the list.",
        discussion: """
            Uses the installed ingredient classifier (model kitchen-ingredients, installed by \
            `sightline models install`; `sightline models list` shows it). As in the original app, the recognised ingredient is added to the \
            list only when its confidence is at least 0.8; below that nothing is added and the \
            three most likely ingredients are offered — add one with `sightline kitchen add \
            NAME`. A photo that cannot be read is reported as an error, never added. \
            --no-add only shows the result.

            With --json each photo is one JSON object per line:
              {"file", "ingredient": name or null, "confidence", "candidates": [{"name", "confidence"} ×3], "added"}
              {"file", "error"}
            "added" is true when the ingredient was new on the list.
            """)

    @Flag(help: "Print one JSON object per photo instead of text.")
    var json = false

    @Flag(help: "Do not add recognised ingredients to the list.")
    var noAdd = false

    @Option(help: "Engine threads (0: one per core).")
    var threads = 0

    @Argument(help: ArgumentHelp("Photos and folders of photos.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        guard threads >= 0 else { throw ValidationError("--threads must be 0 (all cores) or more, got \(threads).") }
    }

    func run() throws {
        let files = try ImageFileCollector.collectSome(paths)
        let knowledge = try KitchenKnowledge.bundled()
        let identifier = try IngredientIdentifier.installed(vocabulary: knowledge.vocabulary,
                                                            options: SessionOptions(threads: threads))
        let list = noAdd ? nil : KitchenIngredientList(store: try AppDataStore.open(), vocabulary: knowledge.vocabulary)
        try PhotoBytesLoop(files: files, json: json).run { file, photo in
            let identification = try identifier.identify(photo: photo)
            let change = try list?.add(identification)
            guard json else { return text(identification, file: file.displayPath, change: change) }
            let added: Bool
            if case .added = change { added = true } else { added = false }
            return try JSONLine.encoding(identification)
                .prepending([("file", .string(file.displayPath))])
                .appending([("added", .bool(added))]).text
        }
    }

    private func text(_ identification: IngredientIdentification, file: String, change: IngredientListChange?) -> String {
        let candidates = identification.candidates.map { String(format: "%@ %.1f%%", $0.name, $0.confidence * 100) }
            .joined(separator: ", ")
        guard let ingredient = identification.ingredient else {
            return "\(file)\n  Not sure (below 80%); pick one with `sightline kitchen add NAME`: \(candidates)"
        }
        let outcome: String
        switch change {
        case .added?: outcome = "added to the list"
        case .alreadyOnList?: outcome = "already on the list"
        default: outcome = "not added (--no-add)"
        }
        return String(format: "%@\n  %@ (%.1f%%): %@", file, ingredient, identification.confidence * 100, outcome)
    }
}
