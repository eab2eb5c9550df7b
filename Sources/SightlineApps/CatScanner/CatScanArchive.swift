// CatScanArchive: the Cat Scanner's history over the store — saving a scan with its photo
// compressed, listing newest first (breeds linked to encyclopaedia entries), fetching a photo
// or thumbnail, deleting one scan or all of them.
public import Foundation
public import SightlineStore

/// The saved scans.
public struct CatScanArchive: Sendable {
    public let history: any CatScanHistory
    public let compressor: ScanPhotoCompressor

    public init(store: any Store, compressor: ScanPhotoCompressor = ScanPhotoCompressor()) {
        self.history = store.catScanHistory
        self.compressor = compressor
    }

    /// Saves `result` with `photo` (the encoded photo that was scanned), stored as a JPEG of at
    /// most `compressor.photoMaxSide` pixels plus a thumbnail. The message is kept in English.
    ///
    /// - Throws: `ImagingError` for a photo that cannot be decoded, `StoreError` when saving fails.
    /// - Returns: the saved scan with its id and the stored JPEG bytes.
    @discardableResult
    public func save(_ result: CatScanResult, photo: Data, at date: Date = Date()) async throws -> CatScan {
        try await save(try scan(result, photo: photo, at: date))
    }

    /// The scan `save(_:photo:at:)` stores, with its photo compressed: the CPU-bound half of
    /// saving, for a caller that runs it on a worker thread and saves with `save(_:)`.
    ///
    /// - Throws: `ImagingError` for a photo that cannot be decoded.
    public func scan(_ result: CatScanResult, photo: Data, at date: Date = Date()) throws -> CatScan {
        let compressed = try compressor.compress(photo)
        return CatScan(createdAt: date, isCat: result.isCat, catConfidence: result.catConfidence,
                       message: result.message.text(in: .english), breeds: result.breeds,
                       photo: compressed.photo, thumbnail: compressed.thumbnail)
    }

    /// Saves a scan made by `scan(_:photo:at:)`; returns it with its id.
    ///
    /// - Throws: `StoreError` when saving fails.
    @discardableResult
    public func save(_ scan: CatScan) async throws -> CatScan {
        try await history.add(scan)
    }

    /// Saved scans, newest first.
    public func entries(limit: Int = 50, offset: Int = 0) async throws -> [CatScanSummary] {
        try await history.list(limit: limit, offset: offset)
    }

    /// One saved scan, or nil.
    public func entry(id: Int64) async throws -> CatScanSummary? {
        try await history.entry(id: id)
    }

    /// A saved scan's JPEG photo, or nil when there is no such scan.
    public func photo(id: Int64) async throws -> Data? {
        try await history.photo(id: id)
    }

    /// A saved scan's JPEG thumbnail, or nil when there is no such scan.
    public func thumbnail(id: Int64) async throws -> Data? {
        try await history.thumbnail(id: id)
    }

    /// How many scans are saved.
    public func count() async throws -> Int {
        try await history.count()
    }

    /// Deletes one scan and its photo; false when there was none with this id.
    @discardableResult
    public func delete(id: Int64) async throws -> Bool {
        try await history.delete(id: id)
    }

    /// Deletes every scan; returns how many there were.
    @discardableResult
    public func deleteAll() async throws -> Int {
        try await history.deleteAll()
    }
}
