// Store+AccessTokens: the web app's access tokens for devices on the LAN — create one from the
// hash of a new secret, find the active token with a given hash, record its use, list, revoke.
// Generating secrets, hashing them and comparing in constant time belong to the server layer;
// the store only ever sees hashes.
public import Foundation
import GRDB

extension Store {
    /// The web app's access tokens (hashes only).
    public var accessTokens: AccessTokens { AccessTokens(store: self) }
}

/// Access tokens, stored as SHA-256 hashes.
public struct AccessTokens: Sendable {
    let store: Store

    /// Stores a new token from the SHA-256 hash of its secret and returns it with its id.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty name, a hash that is not 32 bytes, or
    ///   a hash that is already stored (a secret must be new).
    @discardableResult
    public func create(name: String, tokenHash: Data, at date: Date = Date()) throws -> AccessToken {
        try StoreValidation.requireText(name, field: "token name")
        guard tokenHash.count == AccessToken.hashLength else {
            throw StoreError.invalidValue(
                field: "token hash",
                reason: "it has \(tokenHash.count) bytes; a SHA-256 hash has \(AccessToken.hashLength)")
        }
        return try store.write { db in
            guard try AccessToken.filter(Column("tokenHash") == tokenHash).isEmpty(db) else {
                throw StoreError.invalidValue(field: "token hash", reason: "a token with this hash already exists")
            }
            var token = AccessToken(name: name, tokenHash: tokenHash, createdAt: date)
            try token.insert(db)
            return token
        }
    }

    /// The token with this hash if it has not been revoked, or nil. The lookup is by an
    /// indexed equality on the hash, which is safe to do in variable time: learning how much
    /// of a SHA-256 hash matched reveals nothing usable about a secret.
    public func activeToken(hash: Data) throws -> AccessToken? {
        try store.read { db in
            try AccessToken
                .filter(Column("tokenHash") == hash && Column("revokedAt") == nil)
                .fetchOne(db)
        }
    }

    /// Records that a request presented the token `id` at `date`; returns false when there is
    /// no such token. Each call is a durable write, so a server records a use once in a while,
    /// not on every request.
    @discardableResult
    public func recordUse(id: Int64, at date: Date = Date()) throws -> Bool {
        try store.write { db in
            guard var token = try AccessToken.fetchOne(db, key: id) else { return false }
            token.lastUsedAt = date
            try token.update(db)
            return true
        }
    }

    /// Every token, revoked ones included, oldest first.
    public func list() throws -> [AccessToken] {
        try store.read { db in try AccessToken.order(Column("createdAt"), Column("id")).fetchAll(db) }
    }

    /// Revokes the token `id`; returns false when there is no such token or it was already
    /// revoked (the first revocation time is kept).
    @discardableResult
    public func revoke(id: Int64, at date: Date = Date()) throws -> Bool {
        try store.write { db in
            guard var token = try AccessToken.fetchOne(db, key: id), token.isActive else { return false }
            token.revokedAt = date
            try token.update(db)
            return true
        }
    }
}
