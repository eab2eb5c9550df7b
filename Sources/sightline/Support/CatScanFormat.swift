// CatScanFormat: how the Cat Scanner commands show a scan — the verdict, then the message and
// "<Breed>: <value>%" lines (for a photo that is not a cat only when asked for) — and a saved
// history entry as a line (JSON: CatScanJSON).
import Foundation
import SightlineApps
import SightlinePresentation
import SightlineStore

enum CatScanFormat {
    /// The scan of one file as text: the file, the verdict, the message and the breed lines
    /// (marking a breed without an encyclopaedia page; for a non-cat only with `breedsAnyway`),
    /// the detector's confidence and the history id.
    static func text(_ result: CatScanResult, file: String, historyID: Int64?, encyclopaedia: BreedEncyclopaedia,
                     language: Language, breedsAnyway: Bool = false) -> String {
        var lines = [file, "  " + result.headline(in: language)]
        let showBreeds = result.isCat || breedsAnyway
        if showBreeds {
            lines.append("  " + result.message.text(in: language))
            for breed in result.breeds {
                let page = encyclopaedia.breed(named: breed.name) == nil ? "  (no encyclopaedia entry)" : ""
                lines.append("    \(breed.name): \(language.percent(breed.confidence))" + page)
            }
        }
        var footer = "  cat detector: \(language.percent(result.catConfidence)) cat"
        if let historyID { footer += " · saved as cat history #\(historyID)" }
        if showBreeds, let best = result.breeds.first, encyclopaedia.breed(named: best.name) != nil {
            footer += " · more: sightline cat breed \"\(best.name)\""
        }
        lines.append(footer)
        return lines.joined(separator: "\n")
    }

    /// "#12  2025-05-01 14:03  cat 98.2%  Bengal: 87.3%, Egyptian Mau: 6.1%, Ocicat: 2.0%"
    static func line(_ entry: CatScanSummary) -> String {
        let verdict = String(format: "%@ %.1f%%", entry.isCat ? "cat" : "not a cat", entry.catConfidence * 100)
        return "#\(entry.id)  \(timestamp(entry.createdAt))  \(verdict)  "
            + entry.breeds.map(\.displayText).joined(separator: ", ")
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
