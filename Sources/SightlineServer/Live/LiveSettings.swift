// LiveSettings: what a live-camera connection analyses — the app (recognizer or waste), the
// WasteGuard mode, the language — read from the upgrade request's query; WasteGuard's live view
// needs consent like its photo route.
import Foundation
import Hummingbird
import SightlineApps

struct LiveSettings: Sendable {
    var app: LiveRoute.App
    var mode: WasteGuardMode
    var language: Language
    var consent: ConsentGrant?

    /// - Parameter checkingConsent: whether WasteGuard's consent must already be given.
    init(_ request: Request, services: AppServices, checkingConsent: Bool) async throws {
        let rawApp = request.text("app") ?? LiveRoute.App.recognizer.rawValue
        guard let app = LiveRoute.App(rawValue: rawApp) else {
            throw APIError.invalid("app must be recognizer or waste, got \"\(rawApp)\".")
        }
        let rawMode = request.text("mode") ?? WasteGuardMode.check.rawValue
        guard let mode = WasteGuardMode(rawValue: rawMode) else {
            throw APIError.invalid("mode must be check or classify, got \"\(rawMode)\".")
        }
        self.app = app
        self.mode = mode
        language = try request.language()
        if app == .waste, checkingConsent {
            consent = try await WasteGuardConsent(store: services.store, texts: services.wasteKnowledge.get().texts).grant()
        }
    }
}
