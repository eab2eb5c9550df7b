// WasteOverviewCommand: `sightline waste overview` — WasteGuard's object overview: which of its
// objects the installed models recognise, and on what basis.
import ArgumentParser
import SightlineApps
import SightlinePresentation
import SightlineVision

struct WasteOverviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "List WasteGuard's objects and which of them the installed models recognise.",
        discussion: """
            The overview describes exactly the models an analysis uses: an installed waste \
            detector recognises its labels; without one, lite0 recognises the objects that have \
            ImageNet counterparts (named per object). With --json: {"detector", "imagenet_model", \
            "recognised", "classes": [{"label", "display_name", "organic", "recognised", "basis", \
            "imagenet_classes"}], "heads": [{"model", "labels"}]}.
            """)

    @Option(name: .customLong("lang"), help: "Language: en, de or uk.")
    var language: Language = .english

    @Option(help: ArgumentHelp("Describe this installed waste detector instead of the default choice.", valueName: "name"))
    var detector: String?

    @OptionGroup var format: JSONOutputOptions

    func run() throws {
        let knowledge = try WasteKnowledge.bundled()
        let selection = try WasteModelSelection.choose(in: ModelStore(), knowledge: knowledge, detectorName: detector)
        let overview = WasteObjectOverview(selection: selection, knowledge: knowledge, materials: try WasteMaterials.bundled())
        guard format.json else {
            print(overview.text(in: language, texts: knowledge.texts), terminator: "")
            return
        }
        printJSON(WasteOverviewJSON(overview, texts: knowledge.texts, language: language))
    }
}
