// IndexedFile: a photo file as `sightline index add` finds it — where it is, how large, when it
// last changed, and the SHA-256 of its bytes — which the photo index records as a job.
public import Foundation

/// A photo file to index.
public struct IndexedFile: Sendable, Equatable {
    /// The file's absolute path.
    public var path: String
    public var size: Int
    public var modifiedAt: Date
    /// SHA-256 of the file's bytes (32 bytes).
    public var contentHash: Data

    public init(path: String, size: Int, modifiedAt: Date, contentHash: Data) {
        self.path = path
        self.size = size
        self.modifiedAt = modifiedAt
        self.contentHash = contentHash
    }

    /// Throws `StoreError.invalidValue` for an empty path, a negative size or a hash that is not
    /// 32 bytes.
    func validate() throws {
        try StoreValidation.requireText(path, field: "path")
        guard size >= 0 else { throw StoreError.invalidValue(field: "size", reason: "\(size) is negative") }
        guard contentHash.count == 32 else {
            throw StoreError.invalidValue(field: "content hash", reason: "it has \(contentHash.count) bytes, not 32")
        }
    }
}
