// WasteRoutes: WasteGuard over HTTP — the consent gate, analysing a photo in either mode (the
// photo is decoded in memory and never written anywhere), the "?" help, the object overview,
// the bins' symbols, the municipality and the opt-in tally.
import Foundation
import HTTPTypes
import Hummingbird
import SightlineApps
import SightlinePresentation
import SightlineStore

struct WasteRoutes {
    let services: AppServices

    /// Where the bins' SVG symbols are served.
    static let symbolsPath = "/api/v1/waste/symbols/"

    func register(on api: RouterGroup<some RequestContext>) {
        api.post("waste", use: analyse)
        api.get("waste/consent", use: consentStatus)
        api.post("waste/consent", use: grantConsent)
        api.delete("waste/consent", use: withdrawConsent)
        api.get("waste/help", use: help)
        api.get("waste/overview", use: overview)
        api.get("waste/symbols/:file", use: symbol)
        api.get("waste/municipality", use: municipality)
        api.put("waste/municipality", use: setMunicipality)
        api.get("waste/tally", use: tally)
        api.put("waste/tally", use: setTally)
    }

    /// `?mode=check|classify&lang=&municipality=`
    @Sendable func analyse(_ request: Request, context: some RequestContext) async throws -> Response {
        let mode = try Self.mode(request) ?? .check
        let language = try request.language()
        let knowledge = try services.wasteKnowledge.get()
        let consent = try await WasteGuardConsent(store: services.store, texts: knowledge.texts).grant()
        let settings = WasteGuardSettings(store: services.store, knowledge: knowledge)
        let rules: Municipality
        if let id = request.text("municipality") {
            guard let chosen = knowledge.municipality(id: id) else {
                throw WasteGuardError.unknownMunicipality(id: id, known: knowledge.municipalities.map(\.id))
            }
            rules = chosen
        } else {
            rules = try await settings.municipality()
        }
        let (wasteGuard, maxPixels) = (services.wasteGuard, services.configuration.maxPixels)
        let (report, fileName, models) = try await services.infer(uploadOf: request) { upload in
            let wasteGuard = try wasteGuard.get()
            let (photo, fullSize) = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: WasteGuard.decodingSize)
            let report = try wasteGuard.analyse(photo, mode: mode, language: language, municipality: rules, consent: consent)
                .inPhoto(of: fullSize)
            return (report, upload.fileName, wasteGuard.selection?.modelNames ?? [])
        }
        try await WasteTallyRecorder(settings: settings).record(report)
        return try JSONResponse.make(WasteReportJSON(report, file: fileName, models: models, symbolLocation: Self.symbolURL))
    }

    static func symbolURL(_ bin: WasteBin) -> String {
        symbolsPath + bin.symbolFile
    }

    @Sendable func consentStatus(_ request: Request, context: some RequestContext) async throws -> Response {
        try await consentAnswer(request, change: { _ in })
    }

    /// Body `{"documents": ["privacy", "disclaimer", "terms"]}`; all three when there is no body.
    @Sendable func grantConsent(_ request: Request, context: some RequestContext) async throws -> Response {
        let documents = try await JSONBody.decodeIfPresent(ConsentGrantBody.self, from: request,
                                                           limit: services.configuration.maxJSONBytes)?.documents
        return try await consentAnswer(request) { consent in
            for document in documents ?? ConsentDocument.allCases {
                try await consent.accept(document)
            }
        }
    }

    @Sendable func withdrawConsent(_ request: Request, context: some RequestContext) async throws -> Response {
        try await consentAnswer(request) { consent in try await consent.withdraw() }
    }

    private func consentAnswer(_ request: Request, change: (WasteGuardConsent) async throws -> Void) async throws -> Response {
        let language = try request.language()
        let texts = try services.wasteKnowledge.get().texts
        let consent = WasteGuardConsent(store: services.store, texts: texts)
        try await change(consent)
        return try JSONResponse.make(WasteConsentJSON(try await consent.status(), texts: texts, language: language))
    }

    /// `?mode=check|classify` (both when absent)
    @Sendable func help(_ request: Request, context: some RequestContext) async throws -> Response {
        let modes = try Self.mode(request).map { [$0] } ?? WasteGuardMode.allCases
        return try JSONResponse.make(WasteHelpJSON(modes, texts: try services.wasteKnowledge.get().texts, language: try request.language()))
    }

    @Sendable func overview(_ request: Request, context: some RequestContext) async throws -> Response {
        let knowledge = try services.wasteKnowledge.get()
        let selection = try WasteModelSelection.choose(in: services.models, knowledge: knowledge, detectorName: nil)
        return try JSONResponse.make(WasteOverviewJSON(WasteObjectOverview(selection: selection, knowledge: knowledge, materials: try WasteMaterials.bundled()),
                                                    texts: knowledge.texts, language: try request.language()))
    }

    /// A bin's symbol by its file name, only among the bins WasteGuard knows.
    @Sendable func symbol(_ request: Request, context: some RequestContext) async throws -> Response {
        let file = try context.text("file")
        let knowledge = try services.wasteKnowledge.get()
        guard let bin = knowledge.bins.first(where: { $0.symbolFile == file }) else {
            throw APIError.notFound("There is no bin symbol \(file).")
        }
        var response = JSONResponse.bytes(Data(try knowledge.symbolSVG(of: bin).utf8), contentType: "image/svg+xml")
        response.headers[.cacheControl] = "public, max-age=86400"
        return response
    }

    @Sendable func municipality(_ request: Request, context: some RequestContext) async throws -> Response {
        let knowledge = try services.wasteKnowledge.get()
        let selected = try await WasteGuardSettings(store: services.store, knowledge: knowledge).municipality()
        return try JSONResponse.make(WasteMunicipalityJSON(selected: selected, knowledge: knowledge, language: try request.language()))
    }

    /// Body `{"id": "berlin"}`
    @Sendable func setMunicipality(_ request: Request, context: some RequestContext) async throws -> Response {
        let choice = try await JSONBody.decode(MunicipalityChoiceBody.self, from: request, limit: services.configuration.maxJSONBytes)
        let knowledge = try services.wasteKnowledge.get()
        try await WasteGuardSettings(store: services.store, knowledge: knowledge).setMunicipality(choice.id)
        return try await municipality(request, context: context)
    }

    @Sendable func tally(_ request: Request, context: some RequestContext) async throws -> Response {
        let knowledge = try services.wasteKnowledge.get()
        let settings = WasteGuardSettings(store: services.store, knowledge: knowledge)
        return try await JSONResponse.make(WasteTallyJSON(enabled: try settings.isTallyEnabled(),
                                                 counts: try WasteTallyRecorder(settings: settings).counts(),
                                                 knowledge: knowledge, language: try request.language()))
    }

    /// Body `{"enabled": true|false}` and optionally `"reset": true`
    @Sendable func setTally(_ request: Request, context: some RequestContext) async throws -> Response {
        let change = try await JSONBody.decode(TallyChangeBody.self, from: request, limit: services.configuration.maxJSONBytes)
        let settings = WasteGuardSettings(store: services.store, knowledge: try services.wasteKnowledge.get())
        if let enabled = change.enabled { try await settings.setTallyEnabled(enabled) }
        if change.reset == true { _ = try await WasteTallyRecorder(settings: settings).reset() }
        return try await tally(request, context: context)
    }

    private static func mode(_ request: Request) throws -> WasteGuardMode? {
        guard let raw = request.text("mode") else { return nil }
        guard let mode = WasteGuardMode(rawValue: raw) else {
            throw APIError.invalid("mode must be check or classify, got \"\(raw)\".")
        }
        return mode
    }
}

/// `{"documents": ["privacy", "disclaimer", "terms"]}`
package struct ConsentGrantBody: Decodable {
    var documents: [ConsentDocument]?
}

/// `{"id": "berlin"}`
package struct MunicipalityChoiceBody: Decodable {
    var id: String
}

/// `{"enabled": true, "reset": false}`
package struct TallyChangeBody: Decodable {
    var enabled: Bool?
    var reset: Bool?
}
