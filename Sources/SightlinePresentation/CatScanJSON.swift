// CatScanJSON: a Cat Scanner scan and a saved history entry as JSON, as `sightline cat --json`
// and `sightline cat history --json` print them and `/api/v1/cat` answers.
import Foundation
import SightlineApps
import SightlineStore

public enum CatScanJSON {
    /// `{"file", "is_cat", "cat_confidence", "message", "breeds": [{"name", "confidence"}], "history_id"}`;
    /// "message" in `language`; "history_id" is null when the scan was not saved.
    public static func record(_ result: CatScanResult, file: String, historyID: Int64?,
                              language: Language = .english) throws -> JSONLine {
        try JSONLine.encoding(result).prepending([("file", .string(file))])
            .replacing("message", with: .string(result.message.text(in: language)))
            .appending([("history_id", historyID.map { .integer(Int($0)) } ?? .null)])
    }

    /// {"id", "created_at" (ISO 8601, UTC), "is_cat", "cat_confidence", "message", "breeds": [{"name", "confidence"}]}
    public static func entry(_ entry: CatScanSummary) -> JSONLine {
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
}
