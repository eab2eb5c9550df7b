// Store+Consent: which documents of which app the user has accepted, at which version —
// accept, withdraw, list, and the check an app's consent gate makes before first use.
public import Foundation
import GRDB

extension Store {
    /// The user's acceptance of each app's documents.
    public var consent: Consent { Consent(store: self) }
}

/// Consent per app and document. Accepting again replaces the earlier acceptance, so each
/// document has at most one, at the version last accepted.
public struct Consent: Sendable {
    let store: Store

    /// Records that the user accepted `version` of `document` of `app`.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty app, document or version.
    public func accept(app: String, document: String, version: String, at date: Date = Date()) throws {
        try StoreValidation.requireText(app, field: "consent app")
        try StoreValidation.requireText(document, field: "consent document")
        try StoreValidation.requireText(version, field: "consent version")
        try store.write { db in
            try ConsentRecord(app: app, document: document, version: version, acceptedAt: date).upsert(db)
        }
    }

    /// Withdraws the acceptance of one document of `app`, or of all its documents when
    /// `document` is nil; returns how many acceptances were withdrawn.
    @discardableResult
    public func withdraw(app: String, document: String? = nil) throws -> Int {
        try store.write { db in
            var request = ConsentRecord.filter(Column("app") == app)
            if let document {
                request = request.filter(Column("document") == document)
            }
            return try request.deleteAll(db)
        }
    }

    /// The documents of `app` the user has accepted, by document name.
    public func acceptances(app: String) throws -> [ConsentRecord] {
        try store.read { db in
            try ConsentRecord.filter(Column("app") == app).order(Column("document")).fetchAll(db)
        }
    }

    /// Whether the user has accepted every document in `required` (document → version) at
    /// exactly that version. An acceptance of another version — an older text — does not
    /// count: a changed document must be accepted again.
    public func hasAccepted(app: String, required: [String: String]) throws -> Bool {
        let accepted = try acceptances(app: app)
        let acceptedVersions = Dictionary(uniqueKeysWithValues: accepted.map { ($0.document, $0.version) })
        return required.allSatisfy { document, version in acceptedVersions[document] == version }
    }
}
