// LiveAnalyser: one live connection's analysis of frames — the Object Recognizer's label or
// WasteGuard's boxes — through the inference gate, smoothed over the frames before it.
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

    mutating func analyse(_ frame: LiveFrame) async throws -> JSONLine {
        let upload = PhotoUpload(data: frame.data, fileName: "frame-\(frame.number)")
        let maxPixels = services.configuration.maxPixels
        switch settings.app {
        case .recognizer:
            let recognizer = services.recognizer
            let recognition = try await services.infer {
                try recognizer.get().recognize(PhotoDecoding.decode(upload, maxPixels: maxPixels))
            }
            return RecognitionJSON.record(recognitionSmoother.add(recognition), file: upload.fileName,
                                          language: settings.language, savedID: nil)
        case .waste:
            let wasteGuard = try services.wasteGuard.get()
            let findings = try await services.infer {
                try wasteGuard.recognizer.findings(in: PhotoDecoding.decode(upload, maxPixels: maxPixels))
            }
            let knowledge = try services.wasteKnowledge.get()
            let municipality = try WasteGuardSettings(store: services.store, knowledge: knowledge).municipality()
            let report = wasteGuard.report(wasteSmoother.add(findings), mode: settings.mode, language: settings.language,
                                           municipality: municipality)
            return WasteReportJSON.record(report, file: upload.fileName, models: wasteGuard.selection?.modelNames ?? [],
                                          symbolLocation: WasteRoutes.symbolURL)
        }
    }
}
