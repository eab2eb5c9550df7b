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
    public let store: any Store
    public let categories: ObjectCategories

    public init(store: any Store, categories: ObjectCategories) {
        self.store = store
        self.categories = categories
    }

    private var history: any RecognitionHistory { store.recognitionHistory }

    /// Accepts `capture`: saves the annotated photo as JPEG, its thumbnail, the label,
    /// confidence, category, face count (when a face scan ran) and `date`; returns the entry.
    ///
    /// - Throws: `ImagingError` when the photo cannot be encoded, or `StoreError`.
    @discardableResult
    public func accept(_ capture: RecognizerCapture, at date: Date = Date()) async throws -> RecognitionCaptureSummary {
        try await accept(try entry(for: capture, at: date))
    }

    /// The entry `accept(_:at:)` saves, with the photo and thumbnail encoded: the CPU-bound half
    /// of accepting, for a caller that runs it on a worker thread and saves with `accept(_:)`.
    ///
    /// - Throws: `ImagingError` when the photo cannot be encoded.
    public func entry(for capture: RecognizerCapture, at date: Date = Date()) throws -> RecognitionCapture {
        let recognition = capture.recognition
        return RecognitionCapture(
            createdAt: date, label: recognition.label, classIndex: recognition.best.index,
            confidence: recognition.confidence, categoryID: recognition.category.id,
            faceCount: recognition.faceScan?.count, image: try capture.jpegData(), thumbnail: try capture.thumbnailData())
    }

    /// Saves an entry made by `entry(for:at:)`; returns it as listed.
    ///
    /// - Throws: `StoreError`.
    @discardableResult
    public func accept(_ entry: RecognitionCapture) async throws -> RecognitionCaptureSummary {
        let saved = try await history.add(entry)
        guard let id = saved.id, let entry = try await history.entry(id: id) else {
            throw StoreError.databaseFailure(path: store.locationDescription, reason: "the saved capture cannot be read back")
        }
        return entry
    }

    /// Captures newest first, `limit` at most after skipping `offset`, optionally of one category.
    public func entries(limit: Int = 50, offset: Int = 0, categoryID: String? = nil) async throws -> [RecognitionCaptureSummary] {
        try await history.list(limit: limit, offset: offset, categoryID: categoryID)
    }

    /// Every capture, newest first.
    public func allEntries() async throws -> [RecognitionCaptureSummary] {
        let count = try await history.count()
        return await count == 0 ? [] : try history.list(limit: count, offset: 0, categoryID: nil)
    }

    /// One capture, or nil when there is none with this id.
    public func entry(id: Int64) async throws -> RecognitionCaptureSummary? {
        try await history.entry(id: id)
    }

    /// The annotated photo (JPEG) of a capture, or nil.
    public func image(id: Int64) async throws -> Data? {
        try await history.image(id: id)
    }

    /// The thumbnail (JPEG) of a capture, or nil.
    public func thumbnail(id: Int64) async throws -> Data? {
        try await history.thumbnail(id: id)
    }

    /// The history's thumbnail: the latest capture's, or nil when the history is empty.
    public func latestThumbnail() async throws -> Data? {
        guard let latest = try await history.latest() else { return nil }
        return try await history.thumbnail(id: latest.id)
    }

    /// Deletes one capture with its photo; false when there was none with this id.
    @discardableResult
    public func delete(id: Int64) async throws -> Bool {
        try await history.delete(id: id)
    }

    /// Deletes every capture; returns how many there were.
    @discardableResult
    public func clear() async throws -> Int {
        try await history.deleteAll()
    }

    /// The captures grouped by category, categories in the data file's order (empty ones
    /// left out), captures newest first within each. Captures saved under a category id the
    /// data no longer has come last, under that id as their name.
    public func groupedByCategory() async throws -> [CategoryGroup] {
        var byCategory: [String: [RecognitionCaptureSummary]] = [:]
        for entry in try await allEntries() {
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
