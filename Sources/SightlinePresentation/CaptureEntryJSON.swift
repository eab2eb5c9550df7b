// CaptureEntryJSON: one saved Object Recognizer capture as JSON, as `sightline recognize history
// --json` prints it and `/api/v1/recognizer/history` answers: {"id", "created_at" (ISO 8601,
// UTC), "label", "name" (the label in the asked language), "index", "confidence", "category",
// "category_name", "faces" (null when no face scan ran)}.
public import Foundation
public import SightlineApps
public import SightlineStore

public struct CaptureEntryJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Capture" }

    public var id: Int64
    public var createdAt: Date
    public var label: String
    public var name: String
    public var index: Int
    public var confidence: Double
    public var category: String
    public var categoryName: String
    @Nullable public var faces: Int?

    public init(_ entry: RecognitionCaptureSummary, categories: ObjectCategories, language: Language) {
        id = entry.id
        createdAt = entry.createdAt
        label = entry.label
        name = categories.classLabels.indices.contains(entry.classIndex) && categories.classLabels[entry.classIndex] == entry.label
            ? categories.labelName(ofClass: entry.classIndex, in: language) : entry.label
        index = entry.classIndex
        confidence = entry.confidence
        category = entry.categoryID
        categoryName = categories.category(id: entry.categoryID)?.name.text(in: language) ?? entry.categoryID
        faces = entry.faceCount
    }

    private enum CodingKeys: String, CodingKey {
        case id, createdAt = "created_at", label, name, index, confidence, category, categoryName = "category_name", faces
    }
}

/// `{"captures": [capture…]}`: a page of the capture history, newest first.
public struct CaptureListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "CaptureList" }

    public var captures: [CaptureEntryJSON]

    public init(captures: [CaptureEntryJSON]) {
        self.captures = captures
    }
}

/// `{"category", "category_name", "captures": [capture…]}`: one category's captures, as
/// `sightline recognize history --group --json` prints them.
public struct CaptureGroupJSON: JSONAnswer, Sendable {
    public var category: String
    public var categoryName: String
    public var captures: [CaptureEntryJSON]

    public init(_ group: CategoryGroup, categories: ObjectCategories, language: Language) {
        category = group.category.id
        categoryName = group.category.name.text(in: language)
        captures = group.captures.map { CaptureEntryJSON($0, categories: categories, language: language) }
    }

    private enum CodingKeys: String, CodingKey {
        case category, categoryName = "category_name", captures
    }
}
