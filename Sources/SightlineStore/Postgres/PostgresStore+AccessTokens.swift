// PostgresStore+AccessTokens: the PostgreSQL implementation of AccessTokens (see
// AccessTokens.swift). A token created through one server is accepted by every other.
public import Foundation
import PostgresNIO

/// The web app's access tokens in PostgreSQL.
public struct PostgresAccessTokens: AccessTokens {
    let store: PostgresStore

    @discardableResult
    public func create(name: String, tokenHash: Data, at date: Date = Date()) async throws -> AccessToken {
        try StoreValidation.requireText(name, field: "token name")
        guard tokenHash.count == AccessToken.hashLength else {
            throw StoreError.invalidValue(
                field: "token hash",
                reason: "it has \(tokenHash.count) bytes; a SHA-256 hash has \(AccessToken.hashLength)")
        }
        let rows = try await store.rows("""
            INSERT INTO access_token (name, token_hash, created_at) VALUES (\(name), \(tokenHash), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (token_hash) DO NOTHING RETURNING id
            """)
        guard let row = rows.first else {
            throw StoreError.invalidValue(field: "token hash", reason: "a token with this hash already exists")
        }
        return AccessToken(id: try row.decode(Int64.self), name: name, tokenHash: tokenHash, createdAt: date)
    }

    public func activeToken(hash: Data) async throws -> AccessToken? {
        try await store.rows("""
            SELECT \(unescaped: Self.columns) FROM access_token WHERE token_hash = \(hash) AND revoked_at IS NULL
            """).first.map(Self.token)
    }

    @discardableResult
    public func recordUse(id: Int64, at date: Date = Date()) async throws -> Bool {
        try await !store.rows("""
            UPDATE access_token SET last_used_at = \(date.timeIntervalSinceReferenceDate) WHERE id = \(id) RETURNING id
            """).isEmpty
    }

    public func list() async throws -> [AccessToken] {
        try await store.rows("SELECT \(unescaped: Self.columns) FROM access_token ORDER BY created_at, id").map(Self.token)
    }

    @discardableResult
    public func revoke(id: Int64, at date: Date = Date()) async throws -> Bool {
        try await !store.rows("""
            UPDATE access_token SET revoked_at = \(date.timeIntervalSinceReferenceDate)
            WHERE id = \(id) AND revoked_at IS NULL RETURNING id
            """).isEmpty
    }

    private static let columns = "id, name, token_hash, created_at, last_used_at, revoked_at"

    private static func token(_ row: PostgresRow) throws -> AccessToken {
        let (id, name, hash, createdAt, lastUsedAt, revokedAt) = try row.decode((Int64, String, Data, Double, Double?, Double?).self)
        return AccessToken(id: id, name: name, tokenHash: hash, createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
                           lastUsedAt: lastUsedAt.map(Date.init(timeIntervalSinceReferenceDate:)),
                           revokedAt: revokedAt.map(Date.init(timeIntervalSinceReferenceDate:)))
    }
}
