// IndexedPhoto: one photo of the index as a reader sees it — the file it describes, where its
// analysis stands, and what was found in it (its ranked labels, how many faces, whether it has a
// feature print).
public import Foundation

/// A photo of the index and its findings.
public struct IndexedPhoto: Sendable, Equatable {
    /// Where a photo's analysis stands.
    public enum State: String, Sendable, Equatable, CaseIterable {
        /// Waiting for a worker.
        case pending
        /// A worker holds its lease (or held it: a lease that ran out is claimable again).
        case leased
        /// Analysed; its findings are recorded.
        case done
        /// Could not be analysed (`failure` says why).
        case failed
    }

    public var id: Int64
    public var path: String
    /// The file's size in bytes and modification date when it was added.
    public var size: Int
    public var modifiedAt: Date
    /// The SHA-256 of its bytes when it was added.
    public var contentHash: Data
    public var state: State
    /// Why it could not be analysed, for a failed photo.
    public var failure: String?
    /// The labels found in it, best first (empty when it was not classified).
    public var labels: [PhotoFindings.Label]
    /// How many faces, when faces were counted.
    public var faceCount: Int?
    /// The model that made its feature print, when it has one.
    public var featurePrintModel: String?
}
