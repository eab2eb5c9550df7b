// LibraryRoutes: the photo library's index over HTTP — its progress, search by label or
// category, one photo with its findings, its picture (a thumbnail or a screen-sized JPEG made
// from the file now), the photos most like an indexed photo or like an uploaded one. Photos are
// named by their id in the index, so only files the index holds are ever read; the index itself
// is filled by `sightline index add` and `index work`, on any machine that reaches the store.
import Foundation
import Hummingbird
import SightlineApps
import SightlineImaging
import SightlinePresentation
import SightlineStore
import SightlineVision

struct LibraryRoutes {
    let services: AppServices

    /// The longer side of a thumbnail and of the picture a photo's page shows, in pixels.
    static let thumbnailMaxSide = 320
    static let pictureMaxSide = 1600

    func register(on api: RouterGroup<some RequestContext>) {
        api.get("library/status", use: status)
        api.get("library/search", use: search)
        api.post("library/similar", use: similarToUpload)
        api.get("library/photos/:id", use: photo)
        api.get("library/photos/:id/thumbnail", use: thumbnail)
        api.get("library/photos/:id/image", use: image)
        api.get("library/photos/:id/similar", use: similarToPhoto)
    }

    /// `{"total", "pending", "leased", "expired", "done", "failed", "workers", "photos_per_second",
    /// "rate_window_seconds", "recent_failures"}` as `sightline index status --json`.
    @Sendable func status(_ request: Request, context: some RequestContext) async throws -> Response {
        let status = try await services.store.photoIndex.status(now: Date(), rateWindow: 60, failures: 5)
        return try JSONResponse.make(PhotoIndexStatusJSON(status))
    }

    /// `?q=TEXT&limit=`: `{"query", "matches": [{"id", "file", "label", "category", "confidence", "rank"}]}`.
    @Sendable func search(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let text = request.text("q")?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            throw APIError.invalid("Give the text to search for as q, e.g. ?q=cat.")
        }
        guard text.count <= 100 else { throw APIError.invalid("The search text is longer than 100 characters.") }
        let limit = try request.integer("limit", default: 60, in: 1 ... 500)
        let matches = try await PhotoLibrary(index: services.store.photoIndex)
            .search(text, in: try request.language(), categories: try services.categories.get(), limit: limit)
        return try JSONResponse.make(PhotoIndexSearchJSON(query: text, matches: matches))
    }

    @Sendable func photo(_ request: Request, context: some RequestContext) async throws -> Response {
        let photo = try await indexedPhoto(context.id())
        return try JSONResponse.make(LibraryPhotoJSON(photo, categories: try services.categories.get(), language: try request.language()))
    }

    @Sendable func thumbnail(_ request: Request, context: some RequestContext) async throws -> Response {
        try await picture(request, context.id(), maxSide: Self.thumbnailMaxSide)
    }

    @Sendable func image(_ request: Request, context: some RequestContext) async throws -> Response {
        try await picture(request, context.id(), maxSide: Self.pictureMaxSide)
    }

    /// `?top=`: `{"query": "#ID", "model", "results": [{"id", "file", "distance"}]}`, nearest first.
    @Sendable func similarToPhoto(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        let top = try request.integer("top", default: 12, in: 1 ... 200)
        let (model, photos) = try await PhotoLibrary(index: services.store.photoIndex).similar(toPhoto: id, top: top)
        return try JSONResponse.make(PhotoIndexSimilarJSON(query: "#\(id)", model: model, results: photos))
    }

    /// A photo upload, `?top=&model=` (the classifier whose feature prints the index holds, lite0
    /// unless `index work` was given another): the indexed photos most like it.
    @Sendable func similarToUpload(_ request: Request, context: some RequestContext) async throws -> Response {
        let top = try request.integer("top", default: 12, in: 1 ... 200)
        let model = try request.modelName(default: ObjectRecognizer.defaultModelName)
        let (extractors, maxPixels) = (services.featurePrinters, services.configuration.maxPixels)
        let (print, fileName) = try await services.infer(uploadOf: request) { upload in
            try PhotoDecoding.admit(upload, maxPixels: maxPixels, targetSize: PhotoDecoding.classifierDecodingSize)
            return (try extractors.get(model).featurePrint(data: upload.data), upload.fileName)
        }
        let photos = try await PhotoLibrary(index: services.store.photoIndex).similar(to: print, model: model, top: top)
        return try JSONResponse.make(PhotoIndexSimilarJSON(query: fileName, model: model, results: photos))
    }

    private func indexedPhoto(_ id: Int64) async throws -> IndexedPhoto {
        guard let photo = try await services.store.photoIndex.photo(id: id) else { throw PhotoLibraryError.unknownPhoto(id: id) }
        return photo
    }

    /// The photo's file, decoded upright (a JPEG at the smallest scale that keeps `maxSide`),
    /// shrunk and encoded as JPEG — without the file's metadata (no location leaves the server).
    /// A browser keeps it and asks again each time (`no-cache` with the content hash as ETag):
    /// 304 while the file is the one the index read, a new picture or 410 once it changed or
    /// went away — never a stale picture of a removed file.
    private func picture(_ request: Request, _ id: Int64, maxSide: Int) async throws -> Response {
        let photo = try await indexedPhoto(id)
        let unchanged = LibraryPhotoFile.isUnchanged(photo)
        let tag = "\"\(photo.contentHash.map { String(format: "%02x", $0) }.joined())-\(maxSide)\""
        var headers = HTTPFields()
        headers[.cacheControl] = unchanged ? "private, no-cache" : "no-store"
        if unchanged {
            headers[.eTag] = tag
            let offered = request.headers[values: .ifNoneMatch].flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if offered.contains(tag) || offered.contains("*") { return Response(status: .notModified, headers: headers) }
        }
        let (limit, budget, maxPixels) = (services.configuration.maxUploadBytes, services.memory, services.configuration.maxPixels)
        let upload = try LibraryPhotoFile.read(photo, limit: limit, budget: budget)
        let jpeg = try await services.infer {
            let (image, _) = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: ImageSize(width: maxSide, height: maxSide))
            return try ImageEncoder.jpegData(ScanPhotoCompressor.shrunk(image, maxSide: maxSide), quality: 82)
        }
        var response = JSONResponse.bytes(jpeg, contentType: "image/jpeg")
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}
