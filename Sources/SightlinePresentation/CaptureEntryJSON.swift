// CaptureEntryJSON: one saved Object Recognizer capture as JSON, as `sightline recognize history --json`
// prints it and `/api/v1/recognizer/history` answers.
import Foundation
import SightlineApps
import SightlineStore

public enum CaptureEntryJSON {
    /// {"id", "created_at" (ISO 8601, UTC), "label", "index", "confidence", "category",
    /// "category_name", "faces" (null when no face scan ran)}
    public static func record(_ entry: RecognitionCaptureSummary, categories: ObjectCategories, language: Language) -> JSONLine {
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
}
