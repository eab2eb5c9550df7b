// BreedPageFormat: how the encyclopaedia commands show entries — a table row per entry, the
// full page of one entry as text, and the note saying which breeds the installed breed
// classifier can recognise.
import Foundation
import SightlineApps
import SightlineVision

enum BreedPageFormat {
    /// The breed classifier's labels, or nil when it is not installed.
    static func recognisedLabels() throws -> [String]? {
        try CatScanner.breedModel.installedLabels(in: ModelStore())
    }

    /// Which entries the scanner can recognise, in one sentence.
    static func recognitionNote(_ labels: [String]?, encyclopaedia: BreedEncyclopaedia) -> String {
        guard let labels else {
            return "The breed classifier (\(CatScanner.breedModel.name)) is not installed, so the scanner recognises "
                + "no entry yet; install it with `\(CatScanner.breedModel.installCommand)`."
        }
        let known = encyclopaedia.breeds.filter { labels.contains($0.name) }.count
        return "The installed breed classifier recognises \(known) of the \(encyclopaedia.breeds.count) entries "
            + "(marked ✓); the others are described but cannot be recognised in photos."
    }

    static let tableHeader = ["", "name", "kind", "size", "coat", "origin"]

    static func tableRow(_ entry: BreedEncyclopaediaEntry) -> [String] {
        let breed = entry.breed
        let marks = (entry.isRecognisedByScanner ? "✓" : " ") + (entry.isFavourite ? "★" : " ")
        return [marks, breed.name, breed.kind.rawValue, breed.size.rawValue, breed.coat.length.rawValue, breed.origin]
    }

    /// The entries' installed pictures.
    static func photos() throws -> BreedPhotos {
        try BreedPhotos(dataDirectory: ModelStore().dataDirectory)
    }

    /// The whole entry as text.
    static func page(_ entry: BreedEncyclopaediaEntry, photos: BreedPhotos) -> String {
        let breed = entry.breed
        var lines: [String] = []
        var title = breed.name
        if breed.kind != .breed { title += " — \(breed.kind.phrase)" }
        if entry.isFavourite { title += "  ★ favourite" }
        lines.append(title)
        if !breed.aliases.isEmpty { lines.append("Also called: " + breed.aliases.joined(separator: ", ")) }
        lines.append(entry.isRecognisedByScanner
            ? "The Cat Scanner can recognise it in photos."
            : "The Cat Scanner's installed breed classifier cannot recognise it in photos.")
        lines += ["", breed.summary, "", breed.description, ""]
        lines.append("Origin: \(breed.origin)")
        lines.append("Temperament: " + breed.temperament.joined(separator: ", "))
        lines.append("Size: \(breed.size.rawValue), \(number(breed.weightKilograms.min))–\(number(breed.weightKilograms.max)) kg")
        lines.append("Life span: \(breed.lifeSpanYears.min)–\(breed.lifeSpanYears.max) years")
        lines.append("Coat: \(breed.coat.length.rawValue); pattern: \(breed.coat.pattern.joined(separator: ", ")); "
            + "colours: \(breed.coat.colours.joined(separator: ", "))")
        for (name, value) in [("Activity", breed.activity), ("Grooming", breed.grooming), ("Shedding", breed.shedding),
                              ("Affection", breed.affection), ("Vocality", breed.vocality)] {
            lines.append(name.padding(toLength: 10, withPad: " ", startingAt: 0) + scale(value))
        }
        lines.append("Good with children: \(yesNo(breed.goodWithChildren)); good with other pets: \(yesNo(breed.goodWithPets))")
        lines.append("Hypoallergenic: \(yesNo(breed.hypoallergenic)) (no cat is allergen-free)")
        lines.append("Health: \(breed.healthNotes)")
        lines.append("Registries: " + (breed.registries.isEmpty ? "none" : breed.registries.joined(separator: ", ")))
        lines.append("Sources:")
        lines += breed.sources.map { "  \($0.title) — \($0.url)" }
        if let photo = entry.photo {
            lines.append("Picture: \(photos.fileURL(for: breed.name).path) — \(photo.credit), \(photo.licence)")
        }
        return lines.joined(separator: "\n")
    }

    /// "●●●○○ 3/5"
    private static func scale(_ value: Int) -> String {
        String(repeating: "●", count: value) + String(repeating: "○", count: max(0, 5 - value)) + " \(value)/5"
    }

    private static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
