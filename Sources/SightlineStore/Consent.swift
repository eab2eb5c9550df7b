// Consent: which documents of which app the user has accepted, at which version —
// accept, withdraw, list, and the check an app's consent gate makes before first use.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// Consent per app and document. Accepting again replaces the earlier acceptance, so each
/// document has at most one, at the version last accepted.
public protocol Consent: Sendable {
    /// Records that the user accepted `version` of `document` of `app`.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty app, document or version.
    func accept(app: String, document: String, version: String, at date: Date) async throws

    /// Withdraws the acceptance of one document of `app`, or of all its documents when
    /// `document` is nil; returns how many acceptances were withdrawn.
    @discardableResult
    func withdraw(app: String, document: String?) async throws -> Int

    /// The documents of `app` the user has accepted, by document name.
    func acceptances(app: String) async throws -> [ConsentRecord]
}

extension Consent {
    /// Whether the user has accepted every document in `required` (document → version) at
    /// exactly that version. An acceptance of another version — an older text — does not
    /// count: a changed document must be accepted again.
    public func hasAccepted(app: String, required: [String: String]) async throws -> Bool {
        let accepted = try await acceptances(app: app)
        let acceptedVersions = Dictionary(uniqueKeysWithValues: accepted.map { ($0.document, $0.version) })
        return required.allSatisfy { document, version in acceptedVersions[document] == version }
    }
}
