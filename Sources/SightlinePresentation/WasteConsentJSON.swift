// WasteConsentJSON: the state of WasteGuard's three consent documents as JSON, with their
// texts in one language, as `sightline waste consent --json` prints it and
// `/api/v1/waste/consent` answers: {"privacy": {"version", "state", "accepted_at", "title",
// "body"}, "disclaimer": …, "terms": …, "granted": bool}.
import Foundation
import SightlineApps

public enum WasteConsentJSON {
    public static func record(_ status: [ConsentStatus], texts: WasteTexts, language: Language) -> JSONLine {
        let documents: [(String, JSONLine)] = status.map { state in
            let document = texts.consentDocument(state.document)
            return (state.document.rawValue, .object([
                ("version", .string(state.version)),
                ("state", .string(state.state.rawValue)),
                ("accepted_at", state.acceptedAt.map { .string(ISO8601DateFormatter().string(from: $0)) } ?? .null),
                ("title", .string(document.title.text(in: language))),
                ("body", .string(document.body.text(in: language))),
            ]))
        }
        return .object(documents + [("granted", .bool(status.allSatisfy { $0.state == .accepted }))])
    }
}
