// SQLiteStore+Consent: Consent (see Consent.swift) in the SQLite file, through GRDB.
public import Foundation
import GRDB

extension SQLiteStore {
    public var consent: SQLiteConsent { SQLiteConsent(store: self) }
}

/// Consent in the SQLite file.
public struct SQLiteConsent: Consent {
    let store: SQLiteStore

    public func accept(app: String, document: String, version: String, at date: Date = Date()) throws {
        try StoreValidation.requireText(app, field: "consent app")
        try StoreValidation.requireText(document, field: "consent document")
        try StoreValidation.requireText(version, field: "consent version")
        try store.write { db in
            try ConsentRecord(app: app, document: document, version: version, acceptedAt: date).upsert(db)
        }
    }

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

    public func acceptances(app: String) throws -> [ConsentRecord] {
        try store.read { db in
            try ConsentRecord.filter(Column("app") == app).order(Column("document")).fetchAll(db)
        }
    }
}
