// CaptureEntryFormat: how `sightline recognize history` shows one saved Object Recognizer capture — a
// text line with its id, time, label, confidence, category and face count (JSON: CaptureEntryJSON).
import Foundation
import SightlineApps
import SightlineImaging
import SightlinePresentation
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

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
