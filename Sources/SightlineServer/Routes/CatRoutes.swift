// CatRoutes: the Cat Scanner over HTTP — scan a photo (cat detector, message, top three breeds,
// saved to the history unless save=false), the scan history with its photos, and the
// encyclopaedia: search and trait filters, one breed's page and picture, favourites.
import Foundation
import Hummingbird
import SightlineApps
import SightlinePresentation
import SightlineStore

struct CatRoutes {
    let services: AppServices

    func register(on api: RouterGroup<some RequestContext>) {
        api.post("cat", use: scan)
        api.get("cat/history", use: history)
        api.delete("cat/history", use: clear)
        api.get("cat/history/:id", use: entry)
        api.get("cat/history/:id/photo", use: photo)
        api.get("cat/history/:id/thumbnail", use: thumbnail)
        api.delete("cat/history/:id", use: delete)
        api.get("breeds", use: breeds)
        api.get("breeds/favourites", use: favourites)
        api.put("breeds/favourites/:name", use: addFavourite)
        api.delete("breeds/favourites/:name", use: removeFavourite)
        api.get("breeds/:name", use: breed)
        api.get("breeds/:name/photo", use: breedPhoto)
    }

    /// `?save=true|false` (default true), `?save-non-cats=true|false` (default true: with false a
    /// photo the detector does not judge a cat is not saved), `?lang=`
    @Sendable func scan(_ request: Request, context: some RequestContext) async throws -> Response {
        let save = try request.flag("save", default: true)
        let saveNonCats = try request.flag("save-non-cats", default: true)
        let language = try request.language()
        let (scanner, store, maxPixels) = (services.catScanner, services.store, services.configuration.maxPixels)
        let archive = CatScanArchive(store: store)
        let (result, scan, fileName) = try await services.infer(uploadOf: request) { upload in
            // The header refuses a photo over the pixel limit before the models see it.
            try PhotoDecoding.admit(upload, maxPixels: maxPixels, targetSize: PhotoDecoding.classifierDecodingSize)
            let result = try scanner.get().scan(photo: upload.data)
            let saved = save && (result.isCat || saveNonCats)
            return (result, saved ? try archive.scan(result, photo: upload.data) : nil, upload.fileName)
        }
        var historyID: Int64?
        if let scan {
            // A request already answered 408 (past the request time limit) saves nothing.
            try Task.checkCancellation()
            historyID = try await archive.save(scan).id
        }
        return try JSONResponse.make(CatScanJSON(result, file: fileName, historyID: historyID, language: language))
    }

    /// `?limit=&offset=&lang=`: `{"scans": [entry…], "total"}`, newest first.
    @Sendable func history(_ request: Request, context: some RequestContext) async throws -> Response {
        let limit = try request.integer("limit", default: 50, in: 1 ... 500)
        let offset = try request.integer("offset", default: 0, in: 0 ... Int(Int32.max))
        let archive = CatScanArchive(store: services.store)
        return try await JSONResponse.make(CatScanListJSON(scans: try archive.entries(limit: limit, offset: offset), total: try archive.count(),
                                                           language: try request.language()))
    }

    @Sendable func entry(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard let entry = try await CatScanArchive(store: services.store).entry(id: id) else { throw Self.missing(id) }
        return try JSONResponse.make(CatScanEntryJSON(entry, language: try request.language()))
    }

    @Sendable func photo(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard let data = try await CatScanArchive(store: services.store).photo(id: id) else { throw Self.missing(id) }
        return JSONResponse.bytes(data, contentType: "image/jpeg")
    }

    @Sendable func thumbnail(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard let data = try await CatScanArchive(store: services.store).thumbnail(id: id) else { throw Self.missing(id) }
        return JSONResponse.bytes(data, contentType: "image/jpeg")
    }

    @Sendable func delete(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        guard try await CatScanArchive(store: services.store).delete(id: id) else { throw Self.missing(id) }
        return try JSONResponse.make(DeletedJSON(1))
    }

    @Sendable func clear(_ request: Request, context: some RequestContext) async throws -> Response {
        try await JSONResponse.make(DeletedJSON(try CatScanArchive(store: services.store).deleteAll()))
    }

    /// `?q=TEXT&filter=coat=long&filter=size=large&lang=`: `{"breeds": [entry…], "total", "recognised"}`,
    /// the entries' texts in `lang`.
    @Sendable func breeds(_ request: Request, context: some RequestContext) async throws -> Response {
        let filter = try BreedFilter(expressions: request.uri.queryParameters.getAll("filter").map { String($0) })
        let encyclopaedia = try services.encyclopaedia.get()
        let labels = try recognisedLabels()
        let favourites = try await BreedFavourites(store: services.store, encyclopaedia: encyclopaedia).names()
        let translations = try BreedTranslations.bundled()
        let photos = try services.breedPhotos.get()
        let language = try request.language()
        let entries = encyclopaedia.entries(matching: request.text("q") ?? "", filter: filter, recognisedLabels: labels,
                                            favourites: favourites).map { photos.attaching(to: translations.translating($0, to: language)) }
        return try JSONResponse.make(BreedListJSON(
            breeds: entries, total: encyclopaedia.breeds.count,
            recognised: labels.map { labels in encyclopaedia.breeds.filter { labels.contains($0.name) }.count }))
    }

    @Sendable func breed(_ request: Request, context: some RequestContext) async throws -> Response {
        let encyclopaedia = try services.encyclopaedia.get()
        let breed = try encyclopaedia.resolve(try context.text("name"))
        let favourites = try await BreedFavourites(store: services.store, encyclopaedia: encyclopaedia).names()
        let entry = BreedEncyclopaediaEntry(breed: breed, isRecognisedByScanner: (try recognisedLabels() ?? []).contains(breed.name),
                                            isFavourite: favourites.contains(breed.name),
                                            photo: try services.breedPhotos.get().photo(for: breed.name))
        return try JSONResponse.make(BreedEntryJSON(try BreedTranslations.bundled().translating(entry, to: try request.language())))
    }

    /// The entry's picture (JPEG); 404 when it has none installed. Its credit is the entry's `photo`.
    @Sendable func breedPhoto(_ request: Request, context: some RequestContext) async throws -> Response {
        let breed = try services.encyclopaedia.get().resolve(try context.text("name"))
        guard let data = try services.breedPhotos.get().jpegData(for: breed.name) else {
            throw APIError.notFound("The encyclopaedia has no picture of \(breed.name).")
        }
        return JSONResponse.bytes(data, contentType: "image/jpeg")
    }

    /// `{"breeds": [entry…]}`
    @Sendable func favourites(_ request: Request, context: some RequestContext) async throws -> Response {
        let encyclopaedia = try services.encyclopaedia.get()
        let labels = Set(try recognisedLabels() ?? [])
        let translations = try BreedTranslations.bundled()
        let photos = try services.breedPhotos.get()
        let language = try request.language()
        let entries = try await BreedFavourites(store: services.store, encyclopaedia: encyclopaedia).list().map {
            translations.translating(BreedEncyclopaediaEntry(breed: $0, isRecognisedByScanner: labels.contains($0.name), isFavourite: true,
                                                             photo: photos.photo(for: $0.name)),
                                     to: language)
        }
        return try JSONResponse.make(BreedFavouriteListJSON(breeds: entries))
    }

    @Sendable func addFavourite(_ request: Request, context: some RequestContext) async throws -> Response {
        let favourites = BreedFavourites(store: services.store, encyclopaedia: try services.encyclopaedia.get())
        let (breed, added) = try await favourites.add(try context.text("name"))
        return try JSONResponse.make(FavouriteChangeJSON.added(.breed, breed.name, changed: added))
    }

    @Sendable func removeFavourite(_ request: Request, context: some RequestContext) async throws -> Response {
        let encyclopaedia = try services.encyclopaedia.get()
        let breed = try encyclopaedia.resolve(try context.text("name"))
        let removed = try await BreedFavourites(store: services.store, encyclopaedia: encyclopaedia).remove(breed.name)
        return try JSONResponse.make(FavouriteChangeJSON.removed(.breed, breed.name, changed: removed))
    }

    /// The installed breed classifier's labels, nil when it is not installed.
    private func recognisedLabels() throws -> [String]? {
        try CatScanner.breedModel.installedLabels(in: services.models)
    }

    private static func missing(_ id: Int64) -> APIError {
        APIError.notFound("There is no cat scan #\(id) in the history.")
    }
}
