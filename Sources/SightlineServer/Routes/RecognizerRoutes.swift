// RecognizerRoutes: the Object Recognizer over HTTP — recognise a photo (top-1 always, top 5,
// optional face scan, optional save of the captioned capture), the categories, and the capture
// history with its images, deletion one by one or all.
import Foundation
import Hummingbird
import SightlineApps
import SightlineImaging
import SightlinePresentation
import SightlineStore

struct RecognizerRoutes {
    let services: AppServices

    func register(on api: RouterGroup<some RequestContext>) {
        api.post("recognize", use: recognize)
        api.get("recognizer/categories", use: categories)
        api.get("recognizer/history", use: history)
        api.delete("recognizer/history", use: clear)
        api.get("recognizer/history/latest/thumbnail", use: latestThumbnail)
        api.get("recognizer/history/:id", use: entry)
        api.get("recognizer/history/:id/image", use: image)
        api.get("recognizer/history/:id/thumbnail", use: thumbnail)
        api.delete("recognizer/history/:id", use: delete)
    }

    /// `?faces=true&save=true&caption=true&lang=en` (`caption=false` saves the photo without the
    /// caption band)
    @Sendable func recognize(_ request: Request, context: some RequestContext) async throws -> Response {
        let language = try request.language()
        let scanFaces = try request.flag("faces", default: false)
        let save = try request.flag("save", default: false)
        let caption = try request.flag("caption", default: true)
        let (recognizer, maxPixels, store) = (services.recognizer, services.configuration.maxPixels, services.store)
        let (recognition, entry, fileName, categories) = try await services.infer(uploadOf: request) { upload in
            let recognizer = try recognizer.get()
            // A large JPEG is decoded no larger than the face search needs (so the history keeps
            // it at that size too); faces are given in the uploaded photo's pixels.
            let photo: (image: RGBImage, fullSize: ImageSize)
            if let size = recognizer.decodingSize {
                photo = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: size)
            } else {
                let image = try PhotoDecoding.decode(upload, maxPixels: maxPixels)
                photo = (image, image.size)
            }
            let recognition = try recognizer.recognize(photo.image, fullSize: photo.fullSize, scanFaces: scanFaces)
            let history = RecognizerHistory(store: store, categories: recognizer.categories)
            let entry = save ? try history.entry(for: try RecognizerCapture(photo: photo.image, recognition: recognition,
                                                                            caption: caption, fullSize: photo.fullSize)) : nil
            return (recognition, entry, upload.fileName, recognizer.categories)
        }
        var savedID: Int64?
        if let entry {
            // A request already answered 408 (past the request time limit) saves nothing.
            try Task.checkCancellation()
            savedID = try await RecognizerHistory(store: store, categories: categories).accept(entry).id
        }
        return try JSONResponse.make(RecognitionJSON(recognition, file: fileName, language: language, savedID: savedID))
    }

    /// `{"categories": [{"id", "name"}]}`
    @Sendable func categories(_ request: Request, context: some RequestContext) async throws -> Response {
        let language = try request.language()
        return try JSONResponse.make(CategoryListJSON(try services.categories.get(), language: language))
    }

    /// `?category=ID&limit=&offset=&lang=`: `{"captures": [entry…]}`, newest first.
    @Sendable func history(_ request: Request, context: some RequestContext) async throws -> Response {
        let language = try request.language()
        let limit = try request.integer("limit", default: 50, in: 1 ... 500)
        let offset = try request.integer("offset", default: 0, in: 0 ... Int(Int32.max))
        let categories = try services.categories.get()
        let history = RecognizerHistory(store: services.store, categories: categories)
        let entries = try await history.entries(limit: limit, offset: offset, categoryID: request.text("category"))
        return try JSONResponse.make(CaptureListJSON(captures: entries.map { CaptureEntryJSON($0, categories: categories, language: language) }))
    }

    @Sendable func entry(_ request: Request, context: some RequestContext) async throws -> Response {
        let categories = try services.categories.get()
        let id = try context.id()
        guard let entry = try await RecognizerHistory(store: services.store, categories: categories).entry(id: id) else {
            throw Self.missing(id)
        }
        return try JSONResponse.make(CaptureEntryJSON(entry, categories: categories, language: try request.language()))
    }

    @Sendable func image(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard let data = try await history().image(id: id) else { throw Self.missing(id) }
        return JSONResponse.bytes(data, contentType: "image/jpeg")
    }

    @Sendable func thumbnail(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard let data = try await history().thumbnail(id: id) else { throw Self.missing(id) }
        return JSONResponse.bytes(data, contentType: "image/jpeg")
    }

    /// The newest capture's thumbnail, the history button's picture.
    @Sendable func latestThumbnail(_ request: Request, context: some RequestContext) async throws -> Response {
        guard let data = try await history().latestThumbnail() else { throw APIError.notFound("The history is empty.") }
        var response = JSONResponse.bytes(data, contentType: "image/jpeg")
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func delete(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard try await history().delete(id: id) else { throw Self.missing(id) }
        return try JSONResponse.make(DeletedJSON(1))
    }

    @Sendable func clear(_ request: Request, context: some RequestContext) async throws -> Response {
        try await JSONResponse.make(DeletedJSON(try history().clear()))
    }

    private func history() throws -> RecognizerHistory {
        RecognizerHistory(store: services.store, categories: try services.categories.get())
    }

    private static func missing(_ id: Int64) -> APIError {
        APIError.notFound("There is no capture #\(id) in the history.")
    }
}
