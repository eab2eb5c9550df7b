// PostgresStore+Consent: the PostgreSQL implementation of Consent (see Consent.swift).
public import Foundation
import PostgresNIO

/// Accepted documents in PostgreSQL.
public struct PostgresConsent: Consent {
    let store: PostgresStore

    public func accept(app: String, document: String, version: String, at date: Date = Date()) async throws {
        try StoreValidation.requireText(app, field: "consent app")
        try StoreValidation.requireText(document, field: "consent document")
        try StoreValidation.requireText(version, field: "consent version")
        _ = try await store.rows("""
            INSERT INTO consent (app, document, version, accepted_at)
            VALUES (\(app), \(document), \(version), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (app, document) DO UPDATE SET version = excluded.version, accepted_at = excluded.accepted_at
            """)
    }

    @discardableResult
    public func withdraw(app: String, document: String? = nil) async throws -> Int {
        if let document {
            return try await store.rows("DELETE FROM consent WHERE app = \(app) AND document = \(document) RETURNING app").count
        }
        return try await store.rows("DELETE FROM consent WHERE app = \(app) RETURNING app").count
    }

    public func acceptances(app: String) async throws -> [ConsentRecord] {
        try await store.rows("""
            SELECT document, version, accepted_at FROM consent WHERE app = \(app) ORDER BY document COLLATE "C"
            """).map { row in
            let (document, version, acceptedAt) = try row.decode((String, String, Double).self)
            return ConsentRecord(app: app, document: document, version: version,
                                 acceptedAt: Date(timeIntervalSinceReferenceDate: acceptedAt))
        }
    }
}
