// LiveAnalyser: one live connection's analysis of frames — the Object Recognizer's label or
// WasteGuard's boxes — through the inference gate, smoothed over the frames before it. A frame
// is decoded no larger than the analysis needs, its pixels reserved from the memory budget like
// an upload's.
import Foundation
import SightlineApps
import SightlineImaging
import SightlinePresentation

struct LiveAnalyser {
    private let settings: LiveSettings
    private let services: AppServices
    private var recognitionSmoother: RecognitionSmoother
    private var wasteSmoother = WasteObjectSmoother()

    init(settings: LiveSettings, services: AppServices) throws {
        self.settings = settings
        self.services = services
        recognitionSmoother = RecognitionSmoother(categories: try services.categories.get())
    }

    mutating func analyse(_ frame: LiveFrame) async throws -> LiveResultJSON.Result {
        // The frame's share of the memory budget grows by the pixels decoded from it.
        let upload = PhotoUpload(data: frame.data, fileName: "frame-\(frame.number)", reservation: frame.reservation)
        let maxPixels = services.configuration.maxPixels
        switch settings.app {
        case .recognizer:
            let recognizer = services.recognizer
            // Labels only (no face search): decoded no larger than the classifier needs.
            let recognition = try await services.infer {
                let photo = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: PhotoDecoding.classifierDecodingSize)
                return try recognizer.get().recognize(photo.image, fullSize: photo.fullSize)
            }
            return .recognition(RecognitionJSON(recognitionSmoother.add(recognition), file: upload.fileName,
                                                language: settings.language, savedID: nil))
        case .waste:
            let wasteGuard = try services.wasteGuard.get()
            let (findings, fullSize) = try await services.infer {
                let (photo, fullSize) = try PhotoDecoding.decode(upload, maxPixels: maxPixels, targetSize: WasteGuard.decodingSize)
                return (try wasteGuard.recognizer.findings(in: photo), fullSize)
            }
            let knowledge = try services.wasteKnowledge.get()
            let municipality = try await WasteGuardSettings(store: services.store, knowledge: knowledge).municipality()
            let report = wasteGuard.report(wasteSmoother.add(findings), mode: settings.mode, language: settings.language,
                                           municipality: municipality).inPhoto(of: fullSize)
            return .waste(WasteReportJSON(report, file: upload.fileName, models: wasteGuard.selection?.modelNames ?? [],
                                          symbolLocation: WasteRoutes.symbolURL))
        }
    }
}
