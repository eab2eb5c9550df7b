// RecognitionJSON: the Object Recognizer's answer for one photo as JSON — label and its name in
// the asked language, confidence, whether it is sure (the model's calibrated threshold) and the
// sentence to show, category, caption, the top five and, after a face scan, the faces — as
// `sightline recognize --json` prints it and `POST /api/v1/recognize` answers.
import Foundation
public import SightlineApps
import SightlineVision

/// `{"file", "label", "name", "index", "confidence", "confidence_text", "sure", "threshold",
/// "answer", "category", "category_name", "caption", "top5", ["faces", "face_boxes",
/// "faces_text"], ["saved_id"]}`: the face members only after a face scan, "saved_id" only when
/// the photo was saved.
public struct RecognitionJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Recognition" }

    /// What the face scan found.
    public struct Faces: Sendable {
        public var count: Int
        public var boxes: [FaceJSON.Box]
        public var text: String
    }

    /// One of the most likely classes with its name in the asked language.
    public struct Candidate: Encodable, Sendable {
        public var index: Int
        public var label: String
        public var name: String
        public var confidence: Double
    }

    public var file: String
    public var label: String
    public var name: String
    public var index: Int
    public var confidence: Double
    public var confidenceText: String
    public var sure: Bool
    public var threshold: Double
    public var answer: String
    public var category: String
    public var categoryName: String
    public var caption: String
    public var top5: [Candidate]
    public var faces: Faces?
    public var savedID: Int64?

    public init(_ recognition: ObjectRecognition, file: String, language: Language, savedID: Int64?) {
        self.file = file
        label = recognition.label
        name = recognition.name(in: language)
        index = recognition.best.index
        confidence = recognition.confidence
        confidenceText = recognition.confidenceText
        sure = recognition.isSure
        threshold = recognition.rule.threshold
        answer = recognition.answer(in: language)
        category = recognition.category.id
        categoryName = recognition.category.name.text(in: language)
        caption = recognition.caption
        top5 = zip(recognition.ranked, recognition.rankedNames).prefix(ObjectRecognizer.rankedCount).map { observation, name in
            Candidate(index: observation.index, label: observation.label, name: name.text(in: language),
                      confidence: Double(observation.confidence))
        }
        faces = recognition.faceScan.map { scan in
            Faces(count: scan.count, boxes: scan.faces.map(FaceJSON.Box.init), text: scan.summary(in: language))
        }
        self.savedID = savedID
    }

    private enum CodingKeys: String, CodingKey {
        case file, label, name, index, confidence, confidenceText = "confidence_text", sure, threshold, answer
        case category, categoryName = "category_name"
        case caption, top5, faces, faceBoxes = "face_boxes", facesText = "faces_text", savedID = "saved_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(label, forKey: .label)
        try container.encode(name, forKey: .name)
        try container.encode(index, forKey: .index)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(confidenceText, forKey: .confidenceText)
        try container.encode(sure, forKey: .sure)
        try container.encode(threshold, forKey: .threshold)
        try container.encode(answer, forKey: .answer)
        try container.encode(category, forKey: .category)
        try container.encode(categoryName, forKey: .categoryName)
        try container.encode(caption, forKey: .caption)
        try container.encode(top5, forKey: .top5)
        if let faces {
            try container.encode(faces.count, forKey: .faces)
            try container.encode(faces.boxes, forKey: .faceBoxes)
            try container.encode(faces.text, forKey: .facesText)
        }
        try container.encodeIfPresent(savedID, forKey: .savedID)
    }
}
