// SQLiteStore+PhotoIndex: PhotoIndex (see PhotoIndex.swift) in the SQLite file, through GRDB.
// One write transaction per claim or record: SQLite lets one writer at a time in, so two
// workers never lease the same photo.
public import Foundation
import GRDB

extension SQLiteStore {
    public var photoIndex: SQLitePhotoIndex { SQLitePhotoIndex(store: self) }
}

/// PhotoIndex in the SQLite file.
public struct SQLitePhotoIndex: PhotoIndex {
    let store: SQLiteStore


    @discardableResult
    public func add(_ files: [IndexedFile], now: Date = Date()) throws -> PhotoIndexAddition {
        for file in files {
            try file.validate()
        }
        return try store.write { db in
            var addition = PhotoIndexAddition(added: 0, changed: 0, unchanged: 0)
            for file in files {
                let known = try Row.fetchOne(db, sql: "SELECT id, size, modifiedAt, contentHash FROM indexedPhoto WHERE path = ?",
                                             arguments: [file.path])
                guard let known else {
                    try db.execute(sql: """
                        INSERT INTO indexedPhoto (path, size, modifiedAt, contentHash, addedAt) VALUES (?, ?, ?, ?, ?)
                        """, arguments: [file.path, file.size, file.modifiedAt.timeIntervalSinceReferenceDate, file.contentHash,
                                         now.timeIntervalSinceReferenceDate])
                    addition.added += 1
                    continue
                }
                let same = known["size"] as Int == file.size
                    && known["modifiedAt"] as Double == file.modifiedAt.timeIntervalSinceReferenceDate
                    && known["contentHash"] as Data == file.contentHash
                if same {
                    addition.unchanged += 1
                    continue
                }
                let id: Int64 = known["id"]
                try db.execute(sql: "DELETE FROM indexedPhotoLabel WHERE photoID = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM indexedPhotoFeature WHERE photoID = ?", arguments: [id])
                try db.execute(sql: """
                    UPDATE indexedPhoto SET size = ?, modifiedAt = ?, contentHash = ?, state = 'pending', leaseOwner = NULL,
                        leaseExpiresAt = NULL, attempts = 0, failure = NULL, faceCount = NULL, doneAt = NULL
                    WHERE id = ?
                    """, arguments: [file.size, file.modifiedAt.timeIntervalSinceReferenceDate, file.contentHash, id])
                addition.changed += 1
            }
            return addition
        }
    }

    /// `claim` with no limit on a photo's attempts.
    public func claim(count: Int, worker: String, lease: TimeInterval, now: Date = Date()) throws -> [PhotoJob] {
        try claim(count: count, worker: worker, lease: lease, maxAttempts: .max, now: now)
    }

    public func claim(count: Int, worker: String, lease: TimeInterval, maxAttempts: Int, now: Date = Date()) throws -> [PhotoJob] {
        try StoreValidation.requireText(worker, field: "worker")
        guard count > 0 else { return [] }
        let nowSeconds = now.timeIntervalSinceReferenceDate
        return try store.write { db in
            try db.execute(sql: """
                UPDATE indexedPhoto SET state = 'failed', leaseOwner = NULL, leaseExpiresAt = NULL, failure = ?, doneAt = ?
                WHERE state = 'leased' AND leaseExpiresAt <= ? AND attempts >= ?
                """, arguments: [PhotoJob.abandonedMessage(attempts: maxAttempts), nowSeconds, nowSeconds, maxAttempts])
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, path, contentHash, attempts FROM indexedPhoto
                WHERE state = 'pending' OR (state = 'leased' AND leaseExpiresAt <= ?)
                ORDER BY id LIMIT ?
                """, arguments: [nowSeconds, count])
            var jobs: [PhotoJob] = []
            for row in rows {
                let id: Int64 = row["id"]
                try db.execute(sql: """
                    UPDATE indexedPhoto SET state = 'leased', leaseOwner = ?, leaseExpiresAt = ?, attempts = attempts + 1
                    WHERE id = ?
                    """, arguments: [worker, nowSeconds + lease, id])
                jobs.append(PhotoJob(id: id, path: row["path"], contentHash: row["contentHash"], attempts: (row["attempts"] as Int) + 1))
            }
            return jobs
        }
    }

    @discardableResult
    public func record(_ findings: PhotoFindings, for job: PhotoJob, worker: String, now: Date = Date()) throws -> Bool {
        try record([(job, findings)], worker: worker, now: now)[0]
    }

    public func record(_ batch: [(job: PhotoJob, findings: PhotoFindings)], worker: String, now: Date = Date()) throws -> [Bool] {
        for (_, findings) in batch {
            try findings.validate()
        }
        let vocabulary = PhotoFindings.vocabulary(of: batch.map(\.findings))
        return try store.write { db in
            for (label, category) in vocabulary {
                try db.execute(sql: "INSERT INTO indexedLabel (label, category) VALUES (?, ?) ON CONFLICT (label) DO NOTHING",
                               arguments: [label, category])
            }
            return try batch.map { job, findings in
                guard try holds(job, worker: worker, db: db) else { return false }
                if let labels = findings.labels {
                    try db.execute(sql: "DELETE FROM indexedPhotoLabel WHERE photoID = ?", arguments: [job.id])
                    for (rank, label) in labels.enumerated() {
                        try db.execute(sql: """
                            INSERT INTO indexedPhotoLabel (photoID, rank, label, category, confidence) VALUES (?, ?, ?, ?, ?)
                            """, arguments: [job.id, rank, label.label, label.category, label.confidence])
                    }
                }
                if let print = findings.featurePrint {
                    let bytes = print.vector.withUnsafeBufferPointer { Data(buffer: $0) }
                    try db.execute(sql: """
                        INSERT INTO indexedPhotoFeature (photoID, model, vector) VALUES (?, ?, ?)
                        ON CONFLICT (photoID) DO UPDATE SET model = excluded.model, vector = excluded.vector
                        """, arguments: [job.id, print.model, bytes])
                }
                try db.execute(sql: """
                    UPDATE indexedPhoto SET state = 'done', leaseOwner = NULL, leaseExpiresAt = NULL, failure = NULL,
                        faceCount = COALESCE(?, faceCount), doneAt = ?
                    WHERE id = ?
                    """, arguments: [findings.faceCount, now.timeIntervalSinceReferenceDate, job.id])
                return true
            }
        }
    }

    @discardableResult
    public func fail(_ job: PhotoJob, worker: String, message: String, now: Date = Date()) throws -> Bool {
        try endAttempt(job, worker: worker, message: message, failed: true, now: now)
    }

    @discardableResult
    public func retry(_ job: PhotoJob, worker: String, message: String, now: Date = Date()) throws -> Bool {
        try endAttempt(job, worker: worker, message: message, failed: false, now: now)
    }

    /// Ends a failed attempt under the worker's lease: the photo failed for good, or pending to
    /// be tried again; either way with why.
    private func endAttempt(_ job: PhotoJob, worker: String, message: String, failed: Bool, now: Date) throws -> Bool {
        try store.write { db in
            guard try holds(job, worker: worker, db: db) else { return false }
            try db.execute(sql: """
                UPDATE indexedPhoto SET state = ?, leaseOwner = NULL, leaseExpiresAt = NULL, failure = ?, doneAt = ?
                WHERE id = ?
                """, arguments: [failed ? "failed" : "pending", message, failed ? now.timeIntervalSinceReferenceDate : nil, job.id])
            return true
        }
    }

    @discardableResult
    public func release(worker: String) throws -> Int {
        try store.write { db in
            try db.execute(sql: """
                UPDATE indexedPhoto SET state = 'pending', leaseOwner = NULL, leaseExpiresAt = NULL
                WHERE state = 'leased' AND leaseOwner = ?
                """, arguments: [worker])
            return db.changesCount
        }
    }

    @discardableResult
    public func retryFailed() throws -> Int {
        try store.write { db in
            try db.execute(sql: "UPDATE indexedPhoto SET state = 'pending', failure = NULL, doneAt = NULL, attempts = 0 WHERE state = 'failed'")
            return db.changesCount
        }
    }

    public func status(now: Date = Date(), rateWindow: TimeInterval = 60, failures: Int = 5) throws -> PhotoIndexStatus {
        let nowSeconds = now.timeIntervalSinceReferenceDate
        return try store.read { db in
            let counts = try Row.fetchOne(db, sql: """
                SELECT count(*) AS total,
                    coalesce(sum(state = 'pending'), 0) AS pending,
                    coalesce(sum(state = 'leased' AND leaseExpiresAt > ?), 0) AS leased,
                    coalesce(sum(state = 'leased' AND leaseExpiresAt <= ?), 0) AS expired,
                    coalesce(sum(state = 'done'), 0) AS done,
                    coalesce(sum(state = 'failed'), 0) AS failed,
                    coalesce(sum(state = 'done' AND doneAt > ?), 0) AS recent
                FROM indexedPhoto
                """, arguments: [nowSeconds, nowSeconds, nowSeconds - rateWindow])!
            let workers = try Row.fetchAll(db, sql: """
                SELECT leaseOwner, count(*) AS leased FROM indexedPhoto
                WHERE state = 'leased' AND leaseExpiresAt > ? GROUP BY leaseOwner ORDER BY leaseOwner
                """, arguments: [nowSeconds]).map { (name: $0["leaseOwner"] as String, leased: $0["leased"] as Int) }
            let recentFailures = try Row.fetchAll(db, sql: """
                SELECT path, failure FROM indexedPhoto WHERE state = 'failed' ORDER BY doneAt DESC, id DESC LIMIT ?
                """, arguments: [failures]).map { PhotoIndexStatus.Failure(path: $0["path"], message: $0["failure"] ?? "") }
            return PhotoIndexStatus(
                total: counts["total"], pending: counts["pending"], leased: counts["leased"], expired: counts["expired"],
                done: counts["done"], failed: counts["failed"], workers: workers,
                photosPerSecond: Double(counts["recent"] as Int) / rateWindow, rateWindow: rateWindow,
                recentFailures: recentFailures)
        }
    }

    public func search(_ text: String, orLabels labels: [String] = [], orCategories categories: [String] = [],
                       limit: Int = 50) throws -> [IndexedPhotoMatch] {
        try StoreValidation.requireText(text, field: "search text")
        try StoreValidation.requirePage(limit: limit, offset: 0)
        let (pattern, categoryPattern) = PhotoFindings.searchPatterns(for: text)
        let (labelList, categoryList) = (try PhotoFindings.jsonArray(labels), try PhotoFindings.jsonArray(categories))
        // The text is matched against the distinct labels (indexedLabel); the matching labels'
        // rows come from the covering index on the exact label, and only the 50 (`limit`) best
        // photos are looked up. min(rank) makes SQLite take the other columns (the confidence)
        // from each photo's best-ranked matching row. CROSS JOIN keeps the order of the joins.
        return try store.read { db in
            try Row.fetchAll(db, sql: """
                WITH matching AS (
                    SELECT label FROM indexedLabel WHERE label LIKE ?1 ESCAPE '\\' OR category LIKE ?2 ESCAPE '\\'
                        OR label IN (SELECT value FROM json_each(?4)) OR category IN (SELECT value FROM json_each(?5))),
                best AS (
                    SELECT photoID, min(rank) AS rank, confidence FROM indexedPhotoLabel WHERE label IN matching
                    GROUP BY photoID ORDER BY confidence DESC, photoID LIMIT ?3)
                SELECT b.photoID, p.path, l.label, l.category, l.confidence, l.rank FROM best b
                CROSS JOIN indexedPhotoLabel l ON l.photoID = b.photoID AND l.rank = b.rank
                CROSS JOIN indexedPhoto p ON p.id = b.photoID
                WHERE p.state = 'done'
                ORDER BY b.confidence DESC, b.photoID
                """, arguments: [pattern, categoryPattern, limit, labelList, categoryList]).map {
                IndexedPhotoMatch(photoID: $0["photoID"], path: $0["path"], label: $0["label"], category: $0["category"], confidence: $0["confidence"],
                                  rank: $0["rank"])
            }
        }
    }

    public func featurePrints(model: String) throws -> [IndexedFeaturePrint] {
        try store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, p.path, f.vector FROM indexedPhotoFeature f JOIN indexedPhoto p ON p.id = f.photoID
                WHERE p.state = 'done' AND f.model = ? ORDER BY p.id
                """, arguments: [model]).map { row in
                IndexedFeaturePrint(photoID: row["id"], path: row["path"], vector: Self.floats(row["vector"]))
            }
        }
    }

    public func photo(id: Int64) throws -> IndexedPhoto? {
        try store.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT p.id, p.path, p.size, p.modifiedAt, p.contentHash, p.state, p.failure, p.faceCount, f.model
                FROM indexedPhoto p LEFT JOIN indexedPhotoFeature f ON f.photoID = p.id WHERE p.id = ?
                """, arguments: [id]) else { return nil }
            let labels = try Row.fetchAll(db, sql: """
                SELECT label, category, confidence FROM indexedPhotoLabel WHERE photoID = ? ORDER BY rank
                """, arguments: [id]).map { PhotoFindings.Label(label: $0["label"], category: $0["category"], confidence: $0["confidence"]) }
            return IndexedPhoto(
                id: row["id"], path: row["path"], size: row["size"],
                modifiedAt: Date(timeIntervalSinceReferenceDate: row["modifiedAt"]), contentHash: row["contentHash"],
                state: IndexedPhoto.State(rawValue: row["state"]) ?? .pending, failure: row["failure"], labels: labels,
                faceCount: row["faceCount"], featurePrintModel: row["model"])
        }
    }

    public func featurePrint(photoID: Int64) throws -> (model: String, vector: [Float])? {
        try store.read { db in
            try Row.fetchOne(db, sql: "SELECT model, vector FROM indexedPhotoFeature WHERE photoID = ?", arguments: [photoID])
                .map { ($0["model"], Self.floats($0["vector"])) }
        }
    }

    public func faceCounts() throws -> (photos: Int, withFaces: Int, faces: Int) {
        try store.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*) AS photos, coalesce(sum(faceCount > 0), 0) AS withFaces, coalesce(sum(faceCount), 0) AS faces
                FROM indexedPhoto WHERE state = 'done' AND faceCount IS NOT NULL
                """)!
            return (row["photos"], row["withFaces"], row["faces"])
        }
    }

    /// A stored vector's float32 values.
    private static func floats(_ bytes: Data) -> [Float] {
        bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    private func holds(_ job: PhotoJob, worker: String, db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT state = 'leased' AND leaseOwner = ? AND attempts = ? FROM indexedPhoto WHERE id = ?
            """, arguments: [worker, job.attempts, job.id]) ?? false
    }
}
