// CatScanFormat: how the Cat Scanner commands show a scan — the message and "<Breed>: <value>%"
// lines with the detector's verdict, or JSON — and a saved history entry as a line or JSON.
import Foundation
import SightlineApps
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
            footer += " · more: sightline breed \"\(best.name)\""
        }
        lines.append(footer)
        return lines.joined(separator: "\n")
    }

    /// `{"file", "is_cat", "cat_confidence", "message", "breeds": [{"name", "confidence"}], "history_id"}`;
    /// "history_id" is null when the scan was not saved.
    static func json(_ result: CatScanResult, file: String, historyID: Int64?) throws -> JSONLine {
        try JSONLine.encoding(result).prepending([("file", .string(file))])
            .appending([("history_id", historyID.map { .integer(Int($0)) } ?? .null)])
    }

    /// "#12  2025-05-01 14:03  cat 98.2%  Bengal: 87.3%, Egyptian Mau: 6.1%, Ocicat: 2.0%"
    static func line(_ entry: CatScanSummary) -> String {
        let verdict = String(format: "%@ %.1f%%", entry.isCat ? "cat" : "not a cat", entry.catConfidence * 100)
        return "#\(entry.id)  \(timestamp(entry.createdAt))  \(verdict)  "
            + entry.breeds.map(\.displayText).joined(separator: ", ")
    }

    /// {"id", "created_at" (ISO 8601, UTC), "is_cat", "cat_confidence", "message", "breeds": [{"name", "confidence"}]}
    static func json(_ entry: CatScanSummary) -> JSONLine {
        .object([
            ("id", .integer(Int(entry.id))),
            ("created_at", .string(ISO8601DateFormatter().string(from: entry.createdAt))),
            ("is_cat", .bool(entry.isCat)),
            ("cat_confidence", .number(entry.catConfidence, digits: 6)),
            ("message", .string(entry.message)),
            ("breeds", .array(entry.breeds.map { breed in
                .object([("name", .string(breed.name)), ("confidence", .number(breed.confidence, digits: 6))])
            })),
        ])
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
