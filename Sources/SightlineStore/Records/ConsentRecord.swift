// ConsentRecord: that the user accepted one document (privacy policy, disclaimer, terms of
// use…) of one app, at which version and when.
public import Foundation
public import GRDB

/// The acceptance of one document of one app at one version.
public struct ConsentRecord: Codable, Sendable, Equatable {
    /// The app asking for consent, such as "wasteguard".
    public var app: String
    /// The document, such as "privacy", "disclaimer" or "terms".
    public var document: String
    /// The version of the document's text that was accepted.
    public var version: String
    public var acceptedAt: Date

    public init(app: String, document: String, version: String, acceptedAt: Date = Date()) {
        self.app = app
        self.document = document
        self.version = version
        self.acceptedAt = acceptedAt
    }
}

extension ConsentRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "consent"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSinceReferenceDate
    }
}
