// RecognizerHistory: the Object Recognizer's history of accepted captures over the store —
// accept (save the annotated JPEG and a thumbnail), list newest first, the latest capture's
// thumbnail as the history's own, delete one or all, and grouping by broad category.
public import Foundation
public import SightlineStore
import SightlineVision

/// One broad category and its captures, newest first.
public struct CategoryGroup: Sendable, Equatable {
    public var category: ObjectCategory
    public var captures: [RecognitionCaptureSummary]

    public init(category: ObjectCategory, captures: [RecognitionCaptureSummary]) {
        self.category = category
        self.captures = captures
    }
}

/// The saved captures of the Object Recognizer.
public struct RecognizerHistory: Sendable {
    public let store: Store
    public let categories: ObjectCategories

    public init(store: Store, categories: ObjectCategories) {
        self.store = store
        self.categories = categories
    }

    private var history: RecognitionHistory { store.recognitionHistory }

    /// Accepts `capture`: saves the annotated photo as JPEG, its thumbnail, the label,
    /// confidence, category, face count (when a face scan ran) and `date`; returns the entry.
    ///
    /// - Throws: `ImagingError` when the photo cannot be encoded, or `StoreError`.
    @discardableResult
    public func accept(_ capture: RecognizerCapture, at date: Date = Date()) throws -> RecognitionCaptureSummary {
        let recognition = capture.recognition
        let saved = try history.add(RecognitionCapture(
            createdAt: date, label: recognition.label, classIndex: recognition.best.index,
            confidence: recognition.confidence, categoryID: recognition.category.id,
            faceCount: recognition.faceScan?.count, image: capture.jpegData(), thumbnail: capture.thumbnailData()))
        guard let id = saved.id, let entry = try history.entry(id: id) else {
            throw StoreError.databaseFailure(path: store.fileURL.path, reason: "the saved capture cannot be read back")
        }
        return entry
    }

    /// Captures newest first, `limit` at most after skipping `offset`, optionally of one category.
    public func entries(limit: Int = 50, offset: Int = 0, categoryID: String? = nil) throws -> [RecognitionCaptureSummary] {
        try history.list(limit: limit, offset: offset, categoryID: categoryID)
    }

    /// Every capture, newest first.
    public func allEntries() throws -> [RecognitionCaptureSummary] {
        let count = try history.count()
        return count == 0 ? [] : try history.list(limit: count)
    }

    /// One capture, or nil when there is none with this id.
    public func entry(id: Int64) throws -> RecognitionCaptureSummary? {
        try history.entry(id: id)
    }

    /// The annotated photo (JPEG) of a capture, or nil.
    public func image(id: Int64) throws -> Data? {
        try history.image(id: id)
    }

    /// The thumbnail (JPEG) of a capture, or nil.
    public func thumbnail(id: Int64) throws -> Data? {
        try history.thumbnail(id: id)
    }

    /// The history's thumbnail: the latest capture's, or nil when the history is empty.
    public func latestThumbnail() throws -> Data? {
        guard let latest = try history.latest() else { return nil }
        return try history.thumbnail(id: latest.id)
    }

    /// Deletes one capture with its photo; false when there was none with this id.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try history.delete(id: id)
    }

    /// Deletes every capture; returns how many there were.
    @discardableResult
    public func clear() throws -> Int {
        try history.deleteAll()
    }

    /// The captures grouped by category, categories in the data file's order (empty ones
    /// left out), captures newest first within each. Captures saved under a category id the
    /// data no longer has come last, under that id as their name.
    public func groupedByCategory() throws -> [CategoryGroup] {
        var byCategory: [String: [RecognitionCaptureSummary]] = [:]
        for entry in try allEntries() {
            byCategory[entry.categoryID, default: []].append(entry)
        }
        return byCategory.keys
            .sorted { left, right in
                let (leftPosition, rightPosition) = (categories.displayPosition(ofCategory: left) ?? .max,
                                                     categories.displayPosition(ofCategory: right) ?? .max)
                return leftPosition != rightPosition ? leftPosition < rightPosition : left < right
            }
            .map { id in
                CategoryGroup(category: categories.category(id: id) ?? ObjectCategory(id: id, name: LocalizedText(en: id)),
                              captures: byCategory[id]!)
            }
    }
}
