// RecognitionJSON: the Object Recognizer's answer for one photo as JSON — label, confidence,
// category, caption, the top five and, after a face scan, the faces — as
// `sightline recognize --json` prints it and `POST /api/v1/recognize` answers.
import Foundation
import SightlineApps
import SightlineVision

public enum RecognitionJSON {
    /// `{"file", "label", "index", "confidence", "confidence_text", "category", "category_name",
    /// "caption", "top5", ["faces", "face_boxes", "faces_text"], ["saved_id"]}`.
    public static func record(_ recognition: ObjectRecognition, file: String, language: Language, savedID: Int64?) -> JSONLine {
        var members: [(String, JSONLine)] = [
            ("file", .string(file)),
            ("label", .string(recognition.label)),
            ("index", .integer(recognition.best.index)),
            ("confidence", .number(recognition.confidence, digits: 6)),
            ("confidence_text", .string(recognition.confidenceText)),
            ("category", .string(recognition.category.id)),
            ("category_name", .string(recognition.category.name.text(in: language))),
            ("caption", .string(recognition.caption)),
            ("top5", .array(recognition.ranked.prefix(ObjectRecognizer.rankedCount).map(ClassificationJSON.observation))),
        ]
        if let scan = recognition.faceScan {
            members.append(("faces", .integer(scan.count)))
            members.append(("face_boxes", .array(scan.faces.map(FaceJSON.box))))
            members.append(("faces_text", .string(scan.summary(in: language))))
        }
        if let savedID {
            members.append(("saved_id", .integer(Int(savedID))))
        }
        return .object(members)
    }
}
