// AccessTokens: the web app's access tokens for devices on the LAN — create one from the
// hash of a new secret, find the active token with a given hash, record its use, list, revoke.
// Generating secrets, hashing them and comparing in constant time belong to the server layer;
// the store only ever sees hashes.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// Access tokens, stored as SHA-256 hashes.
public protocol AccessTokens: Sendable {
    /// Stores a new token from the SHA-256 hash of its secret and returns it with its id.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty name, a hash that is not 32 bytes, or
    ///   a hash that is already stored (a secret must be new).
    @discardableResult
    func create(name: String, tokenHash: Data, at date: Date) async throws -> AccessToken

    /// The token with this hash if it has not been revoked, or nil. The lookup is by an
    /// indexed equality on the hash, which is safe to do in variable time: learning how much
    /// of a SHA-256 hash matched reveals nothing usable about a secret.
    func activeToken(hash: Data) async throws -> AccessToken?

    /// Records that a request presented the token `id` at `date`; returns false when there is
    /// no such token. Each call is a durable write, so a server records a use once in a while,
    /// not on every request.
    @discardableResult
    func recordUse(id: Int64, at date: Date) async throws -> Bool

    /// Every token, revoked ones included, oldest first.
    func list() async throws -> [AccessToken]

    /// Revokes the token `id`; returns false when there is no such token or it was already
    /// revoked (the first revocation time is kept).
    @discardableResult
    func revoke(id: Int64, at date: Date) async throws -> Bool
}
