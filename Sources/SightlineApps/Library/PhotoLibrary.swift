// PhotoLibrary: the indexed photo library as its users browse it — the photos a word in the
// user's language names, and the photos that look most like an indexed photo or like a photo
// brought along, by the distance between their stored feature prints. The CLI (`sightline index
// search`, `index similar`) and the server's Library routes share it.
public import SightlineStore
public import SightlineVision

/// Searching, reading and comparing the photos of a `PhotoIndex`.
public struct PhotoLibrary: Sendable {
    public let index: any PhotoIndex

    public init(index: any PhotoIndex) {
        self.index = index
    }

    /// The analysed photos with a label or category that `text` is part of — as the index spells
    /// them (English) or as `language` names them (`ObjectCategories.names(containing:in:)`) —
    /// each once, most confident first, at most `limit`.
    public func search(_ text: String, in language: Language, categories: ObjectCategories, limit: Int) async throws -> [IndexedPhotoMatch] {
        let named = categories.names(containing: text, in: language)
        return try await index.search(text, orLabels: named.labels, orCategories: named.categories, limit: limit)
    }

    /// The indexed photos whose feature prints (made by `model`) are nearest to `print`, nearest
    /// first, at most `top`; the query itself is left out, given as `excluding` (a photo id) or
    /// `excludingPath` (a file's path).
    ///
    /// - Throws: `PhotoLibraryError.noFeaturePrints` when no analysed photo has a print from `model`.
    public func similar(to print: FeaturePrint, model: String, top: Int, excluding: Int64? = nil,
                        excludingPath: String? = nil) async throws -> [SimilarLibraryPhoto] {
        let stored = try await index.featurePrints(model: model)
        guard !stored.isEmpty else { throw PhotoLibraryError.noFeaturePrints(model: model) }
        var ranked: [SimilarLibraryPhoto] = []
        ranked.reserveCapacity(stored.count)
        for entry in stored where entry.photoID != excluding && entry.path != excludingPath {
            let distance = try print.distance(to: FeaturePrint(activations: entry.vector))
            ranked.append(SimilarLibraryPhoto(photoID: entry.photoID, path: entry.path, distance: distance))
        }
        ranked.sort { ($0.distance, $0.photoID) < ($1.distance, $1.photoID) }
        return Array(ranked.prefix(top))
    }

    /// The photos that look most like the indexed photo `photoID`, by the print stored for it.
    ///
    /// - Throws: `PhotoLibraryError.unknownPhoto` or `.noFeaturePrint` (the photo was not
    ///   analysed for similarity).
    public func similar(toPhoto photoID: Int64, top: Int) async throws -> (model: String, photos: [SimilarLibraryPhoto]) {
        guard let stored = try await index.featurePrint(photoID: photoID) else {
            guard try await index.photo(id: photoID) != nil else { throw PhotoLibraryError.unknownPhoto(id: photoID) }
            throw PhotoLibraryError.noFeaturePrint(id: photoID)
        }
        let photos = try await similar(to: FeaturePrint(activations: stored.vector), model: stored.model, top: top, excluding: photoID)
        return (stored.model, photos)
    }
}

/// An indexed photo and how far its feature print is from a query's (0: the same picture,
/// about 1.41 for unrelated ones).
public struct SimilarLibraryPhoto: Sendable, Equatable {
    public var photoID: Int64
    public var path: String
    public var distance: Float
}
