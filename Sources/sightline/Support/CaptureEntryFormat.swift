// CaptureEntryFormat: how `sightline history` shows one saved Object Recognizer capture — a
// text line or a JSON object with its id, time, label, confidence, category and face count.
import Foundation
import SightlineApps
import SightlineImaging
import SightlineStore

enum CaptureEntryFormat {
    /// "#12  2025-05-01 14:03  banana, 97.1%  [Fruit and vegetables]  2 faces"
    static func line(_ entry: RecognitionCaptureSummary, categories: ObjectCategories, language: Language) -> String {
        let category = categories.category(id: entry.categoryID)?.name.text(in: language) ?? entry.categoryID
        var text = "#\(entry.id)  \(timestamp(entry.createdAt))  \(entry.label), \(ImageAnnotator.percentage(entry.confidence))  [\(category)]"
        if let faces = entry.faceCount {
            text += "  " + FaceScan.summary(count: faces, in: language)
        }
        return text
    }

    /// {"id", "created_at" (ISO 8601, UTC), "label", "index", "confidence", "category",
    /// "category_name", "faces" (null when no face scan ran)}
    static func json(_ entry: RecognitionCaptureSummary, categories: ObjectCategories, language: Language) -> JSONLine {
        .object([
            ("id", .integer(Int(entry.id))),
            ("created_at", .string(ISO8601DateFormatter().string(from: entry.createdAt))),
            ("label", .string(entry.label)),
            ("index", .integer(entry.classIndex)),
            ("confidence", .number(entry.confidence, digits: 6)),
            ("category", .string(entry.categoryID)),
            ("category_name", .string(categories.category(id: entry.categoryID)?.name.text(in: language) ?? entry.categoryID)),
            ("faces", entry.faceCount.map { .integer($0) } ?? .null),
        ])
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
