// WasteConsentJSON: the state of WasteGuard's three consent documents as JSON, with their
// texts in one language, as `sightline waste consent --json` prints it and
// `/api/v1/waste/consent` answers: {"privacy": {"version", "state", "accepted_at", "title",
// "body"}, "disclaimer": …, "terms": …, "granted": bool}.
public import Foundation
public import SightlineApps

public struct WasteConsentJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Consent" }

    /// One document: its version, whether it is accepted (and when), its title and text.
    public struct Document: Encodable, Sendable {
        public var version: String
        public var state: String
        @Nullable public var acceptedAt: Date?
        public var title: String
        public var body: String

        private enum CodingKeys: String, CodingKey { case version, state, acceptedAt = "accepted_at", title, body }
    }

    /// In the order the consent status lists them.
    public var documents: [(name: String, document: Document)]
    public var granted: Bool

    public init(_ status: [ConsentStatus], texts: WasteTexts, language: Language) {
        documents = status.map { state in
            let document = texts.consentDocument(state.document)
            return (state.document.rawValue, Document(version: state.version, state: state.state.rawValue,
                                                      acceptedAt: state.acceptedAt, title: document.title.text(in: language),
                                                      body: document.body.text(in: language)))
        }
        granted = status.allSatisfy { $0.state == .accepted }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, document) in documents {
            try container.encode(document, forKey: Key(stringValue: name))
        }
        try container.encode(granted, forKey: Key(stringValue: "granted"))
    }
}
