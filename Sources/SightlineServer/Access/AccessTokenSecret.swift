// AccessTokenSecret: the secret of an access token — 32 random bytes written as URL-safe
// base64 — and its SHA-256 hash, the only form the store keeps. Presented secrets are checked
// against the active tokens' hashes with a constant-time comparison.
import Crypto
public import Foundation
public import SightlineStore

public enum AccessTokenSecret {
    /// A new random secret (256 bits), URL-safe.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0 ..< 32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 hash of `secret`, as stored.
    public static func hash(_ secret: String) -> Data {
        Data(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Creates and stores a token; the secret is returned once and never stored.
    public static func create(name: String, in store: any Store) async throws -> (token: AccessToken, secret: String) {
        let secret = generate()
        return (try await store.accessTokens.create(name: name, tokenHash: hash(secret), at: Date()), secret)
    }

    /// The active token whose hash equals the hash of `secret`, compared in constant time
    /// against every active token.
    static func verify(_ secret: String, in store: any Store) async throws -> AccessToken? {
        let presented = hash(secret)
        var match: AccessToken?
        for token in try await store.accessTokens.list() where token.isActive {
            if constantTimeEqual(token.tokenHash, presented) { match = token }
        }
        return match
    }

    static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
