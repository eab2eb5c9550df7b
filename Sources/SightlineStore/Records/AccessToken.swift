// AccessToken: a token that lets a device on the LAN use the web app — its name, the SHA-256
// hash of the secret (never the secret), and when it was made, last used and revoked.
public import Foundation
public import GRDB

/// An access token as stored: the SHA-256 hash of the secret, not the secret.
public struct AccessToken: Codable, Sendable, Equatable {
    /// The length of a SHA-256 hash in bytes.
    public static let hashLength = 32

    /// Nil until the token is saved; tokens the store returns have one.
    public var id: Int64?
    /// A name the user gave it, such as "kitchen tablet".
    public var name: String
    /// SHA-256 of the secret, 32 bytes.
    public var tokenHash: Data
    public var createdAt: Date
    /// When a request last presented it, as recorded by `AccessTokens.recordUse`.
    public var lastUsedAt: Date?
    /// When it was revoked; a revoked token lets no one in.
    public var revokedAt: Date?

    public init(id: Int64? = nil, name: String, tokenHash: Data, createdAt: Date = Date(),
                lastUsedAt: Date? = nil, revokedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    /// Whether the token still grants access.
    public var isActive: Bool { revokedAt == nil }
}

extension AccessToken: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "accessToken"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
