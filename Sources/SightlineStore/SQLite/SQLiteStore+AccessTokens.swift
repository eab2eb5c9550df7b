// SQLiteStore+AccessTokens: AccessTokens (see AccessTokens.swift) in the SQLite file, through GRDB.
public import Foundation
import GRDB

extension SQLiteStore {
    public var accessTokens: SQLiteAccessTokens { SQLiteAccessTokens(store: self) }
}

/// AccessTokens in the SQLite file.
public struct SQLiteAccessTokens: AccessTokens {
    let store: SQLiteStore

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

    public func activeToken(hash: Data) throws -> AccessToken? {
        try store.read { db in
            try AccessToken
                .filter(Column("tokenHash") == hash && Column("revokedAt") == nil)
                .fetchOne(db)
        }
    }

    @discardableResult
    public func recordUse(id: Int64, at date: Date = Date()) throws -> Bool {
        try store.write { db in
            guard var token = try AccessToken.fetchOne(db, key: id) else { return false }
            token.lastUsedAt = date
            try token.update(db)
            return true
        }
    }

    public func list() throws -> [AccessToken] {
        try store.read { db in try AccessToken.order(Column("createdAt"), Column("id")).fetchAll(db) }
    }

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
