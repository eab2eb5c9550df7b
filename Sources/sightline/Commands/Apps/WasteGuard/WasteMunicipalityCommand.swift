// WasteMunicipalityCommand: `sightline waste municipality` — lists the municipalities whose
// disposal rules WasteGuard has, marks the chosen one, and chooses another with --set.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct WasteMunicipalityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "municipality",
        abstract: "List the municipalities with disposal rules, or choose one with --set.",
        discussion: """
            The chosen municipality's rules give every analysed object its bin and reason; the \
            default is Ulm / Alb-Donau. The choice is stored in sightline.sqlite in the data \
            directory; `sightline waste --municipality ID` overrides it for one run. Rules are \
            files in Sources/SightlineApps/Resources/waste/municipalities/ (its README says how \
            to add one). --json prints {"selected", "municipalities": [{"id", "name", "default", \
            "source", "note"}]}.
            """)

    @Option(name: .customLong("set"), help: ArgumentHelp("Choose this municipality.", valueName: "id"))
    var choice: String?

    @Option(name: .customLong("lang"), help: "Language: en, de or uk.")
    var language: Language = .english

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let knowledge = try WasteKnowledge.bundled()
        let settings = WasteGuardSettings(store: try await AppDataStore.open(), knowledge: knowledge)
        if let choice {
            try await settings.setMunicipality(choice)
        }
        let selected = try await settings.municipality()
        if format.json {
            printJSON(WasteMunicipalityJSON(selected: selected, knowledge: knowledge, language: language))
            return
        }
        for municipality in knowledge.municipalities {
            let mark = municipality.id == selected.id ? "*" : " "
            print("\(mark) \(municipality.id)  \(municipality.name.text(in: language))\(municipality.isDefault ? " (default)" : "")")
            print("    \(municipality.source.title): \(municipality.source.url)")
        }
    }
}
