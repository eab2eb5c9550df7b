// PhotoIndex: the photo library's index — photo files recorded as jobs, leased in batches
// by workers (any number, in any processes that open the store), their findings (labels,
// faces, feature prints) recorded only by the worker that still holds the lease, so a photo is
// never recorded twice; a lease that runs out, because its worker was killed, makes the photo
// claimable again. A file added again with another size, date or content is redone.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// Photos as jobs, their leases and their findings.
public protocol PhotoIndex: Sendable {
    /// Records `files` as jobs, in one transaction.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty path, a negative size or a hash that is
    ///   not 32 bytes (nothing is recorded then).
    @discardableResult
    func add(_ files: [IndexedFile], now: Date) async throws -> PhotoIndexAddition

    /// Leases up to `count` photos to `worker` until `now + lease`: pending photos, and leased
    /// ones whose lease has run out, in the order they were added. One transaction, so two
    /// workers never lease the same photo. A photo whose lease ran out after its
    /// `maxAttempts`-th claim is marked failed instead (its worker stopped each time while
    /// analysing it), so a photo that brings workers down cannot hold up the index.
    func claim(count: Int, worker: String, lease: TimeInterval, maxAttempts: Int, now: Date) async throws -> [PhotoJob]

    /// Records `findings` for a photo `worker` leased and marks it done, replacing any earlier
    /// findings — only if the lease is still the worker's (it may have run out and gone to
    /// another worker). Returns whether it was recorded.
    @discardableResult
    func record(_ findings: PhotoFindings, for job: PhotoJob, worker: String, now: Date) async throws -> Bool

    /// Records the findings of a batch of photos in one transaction (one sync to disk), each
    /// only if its lease is still the worker's; whether each was recorded, in order.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty label, a confidence outside 0…1 or a
    ///   negative face count (nothing of the batch is recorded then).
    func record(_ batch: [(job: PhotoJob, findings: PhotoFindings)], worker: String, now: Date) async throws -> [Bool]

    /// Marks a photo `worker` leased as failed, with why, if the lease is still the worker's.
    @discardableResult
    func fail(_ job: PhotoJob, worker: String, message: String, now: Date) async throws -> Bool

    /// Gives a photo `worker` leased back to be tried again after a failed attempt, keeping
    /// why it failed, if the lease is still the worker's. Its attempts stay counted.
    @discardableResult
    func retry(_ job: PhotoJob, worker: String, message: String, now: Date) async throws -> Bool

    /// Gives back every lease `worker` holds (a worker stopping cleanly), so other workers take
    /// its photos at once rather than when the leases run out. Returns how many.
    @discardableResult
    func release(worker: String) async throws -> Int

    /// Sends every failed photo back to pending with its attempts counted afresh (after the
    /// cause was fixed). Returns how many.
    @discardableResult
    func retryFailed() async throws -> Int

    /// The index's progress now; the rate counts photos done in the last `rateWindow` seconds.
    func status(now: Date, rateWindow: TimeInterval, failures: Int) async throws -> PhotoIndexStatus

    /// Done photos with a label containing `text` or in a category whose id contains it (spaces
    /// read as the ids' hyphens: "fruit and" finds fruit-and-vegetables), in any case, or with
    /// one of `labels` or in one of `categories` exactly (what the text names in another
    /// language), most confident first (photos as confident in the order they were added), each
    /// photo once (its best-ranked matching label).
    func search(_ text: String, orLabels labels: [String], orCategories categories: [String], limit: Int) async throws -> [IndexedPhotoMatch]

    /// Every done photo's feature print made by `model`, in the order the photos were added.
    func featurePrints(model: String) async throws -> [IndexedFeaturePrint]

    /// The photo with this id and its findings; nil when the index has no such photo.
    func photo(id: Int64) async throws -> IndexedPhoto?

    /// The feature print stored for the photo with this id (and the model that made it); nil
    /// when it has none.
    func featurePrint(photoID: Int64) async throws -> (model: String, vector: [Float])?

    /// Faces in the done photos whose faces were counted: how many photos, how many of them
    /// show faces, and how many faces in all.
    func faceCounts() async throws -> (photos: Int, withFaces: Int, faces: Int)
}

extension PhotoIndex {
    /// `claim` with no limit on a photo's attempts.
    public func claim(count: Int, worker: String, lease: TimeInterval, now: Date) async throws -> [PhotoJob] {
        try await claim(count: count, worker: worker, lease: lease, maxAttempts: .max, now: now)
    }

    /// `search` by the text alone.
    public func search(_ text: String, limit: Int) async throws -> [IndexedPhotoMatch] {
        try await search(text, orLabels: [], orCategories: [], limit: limit)
    }
}
