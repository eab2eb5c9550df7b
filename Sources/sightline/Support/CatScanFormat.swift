// CatScanFormat: how the Cat Scanner commands show a scan — the message and "<Breed>: <value>%"
// lines with the detector's verdict — and a saved history entry as a line (JSON: CatScanJSON).
import Foundation
import SightlineApps
import SightlinePresentation
import SightlineStore

enum CatScanFormat {
    /// The scan of one file as text: the file, the message, the three breed lines (marking a
    /// breed without an encyclopaedia page), the detector's confidence and the history id.
    static func text(_ result: CatScanResult, file: String, historyID: Int64?, encyclopaedia: BreedEncyclopaedia,
                     language: Language) -> String {
        var lines = [file, "  " + result.message.text(in: language)]
        for breed in result.breeds {
            let page = encyclopaedia.breed(named: breed.name) == nil ? "  (no encyclopaedia entry)" : ""
            lines.append("  " + breed.displayText + page)
        }
        var footer = String(format: "  cat detector: %.1f%% cat", result.catConfidence * 100)
        if let historyID { footer += " · saved as cat history #\(historyID)" }
        if let best = result.breeds.first, encyclopaedia.breed(named: best.name) != nil {
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
