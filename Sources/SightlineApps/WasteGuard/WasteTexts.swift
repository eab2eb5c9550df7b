// WasteTexts: WasteGuard's longer texts from `waste/texts.json` — title and help per mode, the
// object overview's title and introduction, the three consent documents and the tally's
// explanation, each in English, German and Ukrainian (simple Markdown).

/// The texts of `waste/texts.json`.
public struct WasteTexts: Sendable, Hashable, Codable {
    /// A titled text: a mode's help or a consent document.
    public struct Document: Sendable, Hashable, Codable {
        public var title: LocalizedText
        public var body: LocalizedText

        public init(title: LocalizedText, body: LocalizedText) {
            self.title = title
            self.body = body
        }
    }

    public struct Modes: Sendable, Hashable, Codable {
        public var check: Document
        public var classify: Document
    }

    public struct Overview: Sendable, Hashable, Codable {
        public var title: LocalizedText
        public var intro: LocalizedText
    }

    public struct ConsentDocuments: Sendable, Hashable, Codable {
        public var privacy: Document
        public var disclaimer: Document
        public var terms: Document
    }

    public struct Tally: Sendable, Hashable, Codable {
        public var explanation: LocalizedText
    }

    public var modes: Modes
    public var overview: Overview
    public var consent: ConsentDocuments
    public var tally: Tally

    /// The help of `mode`: its title and body.
    public func help(for mode: WasteGuardMode) -> Document {
        switch mode {
        case .check: modes.check
        case .classify: modes.classify
        }
    }

    /// The consent document `document`.
    public func consentDocument(_ document: ConsentDocument) -> Document {
        switch document {
        case .privacy: consent.privacy
        case .disclaimer: consent.disclaimer
        case .terms: consent.terms
        }
    }
}

extension WasteTexts.Document {
    /// The modes' help is stored with the key "help" rather than "body".
    private enum CodingKeys: String, CodingKey {
        case title, body, help
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(LocalizedText.self, forKey: .title)
        body = try container.decodeIfPresent(LocalizedText.self, forKey: .body)
            ?? container.decode(LocalizedText.self, forKey: .help)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
    }
}
