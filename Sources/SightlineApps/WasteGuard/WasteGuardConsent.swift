// WasteGuardConsent: WasteGuard's consent gate — the privacy policy, the disclaimer and the
// terms of use, each accepted separately at its current version and remembered in the store.
// A document's version is a fingerprint of its text in every language, so any change to a
// document asks the user again. Only a complete set of acceptances yields the `ConsentGrant`
// that `WasteGuard.analyse` requires.
public import Foundation
public import SightlineStore
import SightlineVision

/// One of the documents the user accepts before WasteGuard's first use.
public enum ConsentDocument: String, Sendable, Hashable, Codable, CaseIterable {
    case privacy
    case disclaimer
    case terms
}

/// Proof that the user has accepted every WasteGuard document at its current version; only
/// `WasteGuardConsent.grant()` makes one.
public struct ConsentGrant: Sendable {
    /// When the last of the documents was accepted.
    public let acceptedAt: Date

    init(acceptedAt: Date) {
        self.acceptedAt = acceptedAt
    }
}

/// The state of one document.
public struct ConsentStatus: Sendable, Hashable {
    public enum State: String, Sendable, Hashable {
        /// Accepted at the current version.
        case accepted
        /// Accepted, but the text has changed since: must be accepted again.
        case outdated
        case notAccepted = "not-accepted"
    }

    public var document: ConsentDocument
    /// The current text's version.
    public var version: String
    public var state: State
    /// When the user accepted it (any version), or nil.
    public var acceptedAt: Date?
}

/// WasteGuard's consent, read from and written to the store.
public struct WasteGuardConsent: Sendable {
    /// The app name consent is stored under.
    public static let app = "wasteguard"

    public let store: any Store
    public let texts: WasteTexts

    public init(store: any Store, texts: WasteTexts) {
        self.store = store
        self.texts = texts
    }

    /// The current version of `document`: the first 12 hex digits of the SHA-256 of its title
    /// and body in every language.
    public func version(of document: ConsentDocument) -> String {
        let text = texts.consentDocument(document)
        let parts = Language.allCases.flatMap { [text.title.text(in: $0), text.body.text(in: $0)] }
        return String(HexDigest.sha256(of: Data(parts.joined(separator: "\u{1F}").utf8)).prefix(12))
    }

    /// Every document's state, in the order privacy, disclaimer, terms.
    public func status() async throws -> [ConsentStatus] {
        let accepted = Dictionary(try await store.consent.acceptances(app: Self.app).map { ($0.document, $0) },
                                  uniquingKeysWith: { first, _ in first })
        return ConsentDocument.allCases.map { document in
            let version = version(of: document)
            let record = accepted[document.rawValue]
            let state: ConsentStatus.State = record == nil ? .notAccepted : record?.version == version ? .accepted : .outdated
            return ConsentStatus(document: document, version: version, state: state, acceptedAt: record?.acceptedAt)
        }
    }

    /// Records that the user accepted the current version of `document`.
    public func accept(_ document: ConsentDocument, at date: Date = Date()) async throws {
        try await store.consent.accept(app: Self.app, document: document.rawValue, version: version(of: document), at: date)
    }

    /// Withdraws the acceptance of `document`, or of all three when nil.
    public func withdraw(_ document: ConsentDocument? = nil) async throws {
        try await store.consent.withdraw(app: Self.app, document: document?.rawValue)
    }

    /// The documents still to be accepted (never accepted, or changed since).
    public func missing() async throws -> [ConsentDocument] {
        try await status().filter { $0.state != .accepted }.map(\.document)
    }

    /// The grant `WasteGuard.analyse` needs.
    ///
    /// - Throws: `WasteGuardError.consentRequired` listing the documents still to accept.
    public func grant() async throws -> ConsentGrant {
        let status = try await status()
        let missing = status.filter { $0.state != .accepted }.map(\.document)
        guard missing.isEmpty else { throw WasteGuardError.consentRequired(missing: missing) }
        return ConsentGrant(acceptedAt: status.compactMap(\.acceptedAt).max() ?? Date())
    }
}
