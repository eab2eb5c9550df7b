// PostgresStore+PhotoIndex: the PostgreSQL implementation of PhotoIndex (see PhotoIndex.swift).
// Workers on any number of machines claim photos with `SELECT … FOR UPDATE SKIP LOCKED`: each
// claim locks the rows it takes and passes over the ones another worker's claim holds, so
// claims never wait on each other nor take the same photo; recording checks the lease under a
// row lock, so a photo whose lease ran out and went to another worker is recorded once.
public import Foundation
import Logging
import NIOCore
import PostgresNIO

/// The photo library's index in PostgreSQL.
public struct PostgresPhotoIndex: PhotoIndex {
    let store: PostgresStore

    @discardableResult
    public func add(_ files: [IndexedFile], now: Date = Date()) async throws -> PhotoIndexAddition {
        for file in files {
            try file.validate()
        }
        let logger = store.logger
        return try await store.transaction { connection in
            var addition = PhotoIndexAddition(added: 0, changed: 0, unchanged: 0)
            for file in files {
                let modifiedAt = file.modifiedAt.timeIntervalSinceReferenceDate
                let inserted = try await connection.query("""
                    INSERT INTO indexed_photo (path, size, modified_at, content_hash, added_at)
                    VALUES (\(file.path), \(file.size), \(modifiedAt), \(file.contentHash), \(now.timeIntervalSinceReferenceDate))
                    ON CONFLICT (path) DO NOTHING RETURNING id
                    """, logger: logger).collect()
                if !inserted.isEmpty {
                    addition.added += 1
                    continue
                }
                let changed = try await connection.query("""
                    UPDATE indexed_photo SET size = \(file.size), modified_at = \(modifiedAt), content_hash = \(file.contentHash),
                        state = 'pending', lease_owner = NULL, lease_expires_at = NULL, attempts = 0, failure = NULL,
                        face_count = NULL, done_at = NULL
                    WHERE path = \(file.path)
                      AND (size <> \(file.size) OR modified_at <> \(modifiedAt) OR content_hash <> \(file.contentHash))
                    RETURNING id
                    """, logger: logger).collect()
                guard let row = changed.first else {
                    addition.unchanged += 1
                    continue
                }
                let id = try row.decode(Int64.self)
                try await connection.query("DELETE FROM indexed_photo_label WHERE photo_id = \(id)", logger: logger)
                try await connection.query("DELETE FROM indexed_photo_feature WHERE photo_id = \(id)", logger: logger)
                addition.changed += 1
            }
            return addition
        }
    }

    public func claim(count: Int, worker: String, lease: TimeInterval, maxAttempts: Int, now: Date = Date()) async throws -> [PhotoJob] {
        try StoreValidation.requireText(worker, field: "worker")
        guard count > 0 else { return [] }
        let nowSeconds = now.timeIntervalSinceReferenceDate
        let logger = store.logger
        let rows = try await store.transaction { connection in
            try await connection.query("""
                UPDATE indexed_photo SET state = 'failed', lease_owner = NULL, lease_expires_at = NULL,
                    failure = \(PhotoJob.abandonedMessage(attempts: maxAttempts)), done_at = \(nowSeconds)
                WHERE id IN (SELECT id FROM indexed_photo
                             WHERE state = 'leased' AND lease_expires_at <= \(nowSeconds) AND attempts >= \(maxAttempts)
                             FOR UPDATE SKIP LOCKED)
                """, logger: logger)
            return try await connection.query("""
                WITH picked AS (
                    SELECT id FROM indexed_photo
                    WHERE state = 'pending' OR (state = 'leased' AND lease_expires_at <= \(nowSeconds) AND attempts < \(maxAttempts))
                    ORDER BY id LIMIT \(count)
                    FOR UPDATE SKIP LOCKED)
                UPDATE indexed_photo AS p
                SET state = 'leased', lease_owner = \(worker), lease_expires_at = \(nowSeconds + lease), attempts = p.attempts + 1
                FROM picked WHERE p.id = picked.id
                RETURNING p.id, p.path, p.content_hash, p.attempts
                """, logger: logger).collect()
        }
        return try rows.map { row in
            let (id, path, hash, attempts) = try row.decode((Int64, String, Data, Int).self)
            return PhotoJob(id: id, path: path, contentHash: hash, attempts: attempts)
        }.sorted { $0.id < $1.id }
    }

    @discardableResult
    public func record(_ findings: PhotoFindings, for job: PhotoJob, worker: String, now: Date = Date()) async throws -> Bool {
        try await record([(job, findings)], worker: worker, now: now)[0]
    }

    /// One transaction of six statements whatever the batch's size (each value list sent as an
    /// array and unnested), so that a worker's batch costs a few round trips, not one per label.
    public func record(_ batch: [(job: PhotoJob, findings: PhotoFindings)], worker: String,
                       now: Date = Date()) async throws -> [Bool] {
        for (_, findings) in batch {
            try findings.validate()
        }
        let logger = store.logger
        return try await store.transaction { connection in
            // The jobs this worker still holds under the lease (owner and attempt) that claimed
            // them, locked until the transaction ends.
            var attempts: [Int64: Int] = [:]
            for row in try await connection.query("""
                SELECT id, attempts FROM indexed_photo
                WHERE id = ANY(\(batch.map(\.job.id))) AND state = 'leased' AND lease_owner = \(worker)
                ORDER BY id FOR UPDATE
                """, logger: logger).collect() {
                let (id, attempt) = try row.decode((Int64, Int).self)
                attempts[id] = attempt
            }
            var taken = Set<Int64>()
            let recorded = batch.map { item in attempts[item.job.id] == item.job.attempts && taken.insert(item.job.id).inserted }
            let held = zip(batch, recorded).filter(\.1).map(\.0)
            guard !held.isEmpty else { return recorded }

            let vocabulary = PhotoFindings.vocabulary(of: held.map(\.findings))
            try await connection.query("""
                INSERT INTO indexed_label (label, category)
                SELECT label, CASE WHEN has_category THEN category END
                FROM unnest(\(vocabulary.map(\.label)), \(vocabulary.map { $0.category ?? "" }),
                            \(vocabulary.map { $0.category != nil })) AS v(label, category, has_category)
                ON CONFLICT (label) DO NOTHING
                """, logger: logger)

            let labelled = held.filter { $0.findings.labels != nil }
            let labels = labelled.flatMap { item in
                (item.findings.labels ?? []).enumerated().map { (item.job.id, Int32($0.offset), $0.element) }
            }
            try await connection.query("""
                DELETE FROM indexed_photo_label WHERE photo_id = ANY(\(labelled.map(\.job.id)))
                """, logger: logger)
            try await connection.query("""
                INSERT INTO indexed_photo_label (photo_id, rank, label, category, confidence)
                SELECT id, rank, label, CASE WHEN has_category THEN category END, confidence
                FROM unnest(\(labels.map(\.0)), \(labels.map(\.1)), \(labels.map(\.2.label)),
                            \(labels.map { $0.2.category ?? "" }), \(labels.map { $0.2.category != nil }),
                            \(labels.map(\.2.confidence))) AS v(id, rank, label, category, has_category, confidence)
                """, logger: logger)

            let printed = held.compactMap { item in item.findings.featurePrint.map { (item.job.id, $0) } }
            try await connection.query("""
                INSERT INTO indexed_photo_feature (photo_id, model, vector)
                SELECT * FROM unnest(\(printed.map(\.0)), \(printed.map(\.1.model)),
                                     \(printed.map { $0.1.vector.withUnsafeBytes { ByteBuffer(bytes: $0) } }))
                ON CONFLICT (photo_id) DO UPDATE SET model = excluded.model, vector = excluded.vector
                """, logger: logger)

            try await connection.query("""
                UPDATE indexed_photo AS p SET state = 'done', lease_owner = NULL, lease_expires_at = NULL, failure = NULL,
                    face_count = CASE WHEN v.has_faces THEN v.faces ELSE p.face_count END,
                    done_at = \(now.timeIntervalSinceReferenceDate)
                FROM unnest(\(held.map(\.job.id)), \(held.map { Int32(clamping: $0.findings.faceCount ?? 0) }),
                            \(held.map { $0.findings.faceCount != nil })) AS v(id, faces, has_faces)
                WHERE p.id = v.id
                """, logger: logger)
            return recorded
        }
    }

    @discardableResult
    public func fail(_ job: PhotoJob, worker: String, message: String, now: Date = Date()) async throws -> Bool {
        try await endAttempt(job, worker: worker, message: message, failed: true, now: now)
    }

    @discardableResult
    public func retry(_ job: PhotoJob, worker: String, message: String, now: Date = Date()) async throws -> Bool {
        try await endAttempt(job, worker: worker, message: message, failed: false, now: now)
    }

    /// Ends a failed attempt under the worker's lease: the photo failed for good, or pending to
    /// be tried again; either way with why.
    private func endAttempt(_ job: PhotoJob, worker: String, message: String, failed: Bool, now: Date) async throws -> Bool {
        let logger = store.logger
        let (state, doneAt) = failed ? ("failed", Optional(now.timeIntervalSinceReferenceDate)) : ("pending", nil)
        return try await store.transaction { connection in
            guard try await Self.holds(job, worker: worker, connection: connection, logger: logger) else { return false }
            try await connection.query("""
                UPDATE indexed_photo SET state = \(state), lease_owner = NULL, lease_expires_at = NULL, failure = \(message),
                    done_at = \(doneAt)
                WHERE id = \(job.id)
                """, logger: logger)
            return true
        }
    }

    @discardableResult
    public func release(worker: String) async throws -> Int {
        try await store.rows("""
            UPDATE indexed_photo SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL
            WHERE state = 'leased' AND lease_owner = \(worker) RETURNING id
            """).count
    }

    @discardableResult
    public func retryFailed() async throws -> Int {
        try await store.rows("""
            UPDATE indexed_photo SET state = 'pending', failure = NULL, done_at = NULL, attempts = 0 WHERE state = 'failed' RETURNING id
            """).count
    }

    public func status(now: Date = Date(), rateWindow: TimeInterval = 60, failures: Int = 5) async throws -> PhotoIndexStatus {
        let nowSeconds = now.timeIntervalSinceReferenceDate
        // One statement, so the counts, the workers and the failures are one snapshot.
        let rows = try await store.rows("""
            SELECT count(*),
                count(*) FILTER (WHERE state = 'pending'),
                count(*) FILTER (WHERE state = 'leased' AND lease_expires_at > \(nowSeconds)),
                count(*) FILTER (WHERE state = 'leased' AND lease_expires_at <= \(nowSeconds)),
                count(*) FILTER (WHERE state = 'done'),
                count(*) FILTER (WHERE state = 'failed'),
                count(*) FILTER (WHERE state = 'done' AND done_at > \(nowSeconds - rateWindow)),
                (SELECT coalesce(jsonb_agg(jsonb_build_array(owner, leased) ORDER BY owner COLLATE "C"), '[]')::text
                 FROM (SELECT lease_owner AS owner, count(*) AS leased FROM indexed_photo
                       WHERE state = 'leased' AND lease_expires_at > \(nowSeconds) GROUP BY lease_owner) w),
                (SELECT coalesce(jsonb_agg(jsonb_build_array(path, coalesce(failure, '')) ORDER BY done_at DESC, id DESC), '[]')::text
                 FROM (SELECT path, failure, done_at, id FROM indexed_photo WHERE state = 'failed'
                       ORDER BY done_at DESC, id DESC LIMIT \(failures)) f)
            FROM indexed_photo
            """)
        let (total, pending, leased, expired, done, failed, recent, workersJSON, failuresJSON) =
            try rows[0].decode((Int, Int, Int, Int, Int, Int, Int, String, String).self)
        let workers = try Self.pairs(workersJSON).map { (name: $0.0, leased: Int($0.1) ?? 0) }
        let recentFailures = try Self.pairs(failuresJSON).map { PhotoIndexStatus.Failure(path: $0.0, message: $0.1) }
        return PhotoIndexStatus(
            total: total, pending: pending, leased: leased, expired: expired, done: done, failed: failed, workers: workers,
            photosPerSecond: Double(recent) / rateWindow, rateWindow: rateWindow, recentFailures: recentFailures)
    }

    public func search(_ text: String, orLabels labels: [String] = [], orCategories categories: [String] = [],
                       limit: Int = 50) async throws -> [IndexedPhotoMatch] {
        try StoreValidation.requireText(text, field: "search text")
        try StoreValidation.requirePage(limit: limit, offset: 0)
        let (pattern, categoryPattern) = PhotoFindings.searchPatterns(for: text)
        // The text is matched against the distinct labels (indexed_label); the matching labels'
        // rows come from the index on the exact label (which includes photo, rank and
        // confidence), DISTINCT ON keeps each photo's best-ranked one, and only the best photos
        // are looked up.
        let rows = try await store.rows("""
            WITH best AS (
                SELECT photo_id, rank, confidence FROM (
                    SELECT DISTINCT ON (photo_id) photo_id, rank, confidence FROM indexed_photo_label
                    WHERE label IN (SELECT label FROM indexed_label WHERE label ILIKE \(pattern) OR category ILIKE \(categoryPattern)
                                    OR label = ANY(\(labels)) OR category = ANY(\(categories)))
                    ORDER BY photo_id, rank) firsts
                ORDER BY confidence DESC, photo_id LIMIT \(limit))
            SELECT b.photo_id, p.path, l.label, l.category, l.confidence, l.rank FROM best b
            JOIN indexed_photo_label l ON l.photo_id = b.photo_id AND l.rank = b.rank
            JOIN indexed_photo p ON p.id = b.photo_id
            WHERE p.state = 'done'
            ORDER BY b.confidence DESC, b.photo_id
            """)
        return try rows.map { row in
            let (photoID, path, label, category, confidence, rank) = try row.decode((Int64, String, String, String?, Double, Int).self)
            return IndexedPhotoMatch(photoID: photoID, path: path, label: label, category: category, confidence: confidence, rank: rank)
        }
    }

    public func featurePrints(model: String) async throws -> [IndexedFeaturePrint] {
        try await store.rows("""
            SELECT p.id, p.path, f.vector FROM indexed_photo_feature f JOIN indexed_photo p ON p.id = f.photo_id
            WHERE p.state = 'done' AND f.model = \(model) ORDER BY p.id
            """).map { row in
            let (id, path, bytes) = try row.decode((Int64, String, Data).self)
            return IndexedFeaturePrint(photoID: id, path: path, vector: Self.floats(bytes))
        }
    }

    public func photo(id: Int64) async throws -> IndexedPhoto? {
        let rows = try await store.rows("""
            SELECT p.id, p.path, p.size, p.modified_at, p.content_hash, p.state, p.failure, p.face_count, f.model
            FROM indexed_photo p LEFT JOIN indexed_photo_feature f ON f.photo_id = p.id WHERE p.id = \(id)
            """)
        guard let row = rows.first else { return nil }
        let (photoID, path, size, modifiedAt, contentHash, state, failure, faceCount, model)
            = try row.decode((Int64, String, Int, Double, Data, String, String?, Int?, String?).self)
        let labels = try await store.rows("""
            SELECT label, category, confidence FROM indexed_photo_label WHERE photo_id = \(id) ORDER BY rank
            """).map { row in
            let (label, category, confidence) = try row.decode((String, String?, Double).self)
            return PhotoFindings.Label(label: label, category: category, confidence: confidence)
        }
        return IndexedPhoto(id: photoID, path: path, size: size, modifiedAt: Date(timeIntervalSinceReferenceDate: modifiedAt),
                            contentHash: contentHash, state: IndexedPhoto.State(rawValue: state) ?? .pending, failure: failure,
                            labels: labels, faceCount: faceCount, featurePrintModel: model)
    }

    public func featurePrint(photoID: Int64) async throws -> (model: String, vector: [Float])? {
        try await store.rows("SELECT model, vector FROM indexed_photo_feature WHERE photo_id = \(photoID)").first.map { row in
            let (model, bytes) = try row.decode((String, Data).self)
            return (model, Self.floats(bytes))
        }
    }

    public func faceCounts() async throws -> (photos: Int, withFaces: Int, faces: Int) {
        let row = try await store.rows("""
            SELECT count(*), count(*) FILTER (WHERE face_count > 0), coalesce(sum(face_count), 0)
            FROM indexed_photo WHERE state = 'done' AND face_count IS NOT NULL
            """)[0]
        let (photos, withFaces, faces) = try row.decode((Int, Int, Int).self)
        return (photos, withFaces, faces)
    }

    /// Whether `worker` still holds `job`'s lease; locks the photo's row until the transaction
    /// ends, so the lease cannot run out and be recorded by another worker in between.
    private static func holds(_ job: PhotoJob, worker: String, connection: PostgresConnection, logger: Logger) async throws -> Bool {
        let rows = try await connection.query("""
            SELECT state = 'leased' AND lease_owner = \(worker) AND attempts = \(job.attempts)
            FROM indexed_photo WHERE id = \(job.id) FOR UPDATE
            """, logger: logger).collect()
        return try rows.first?.decode(Bool.self) ?? false
    }

    /// A stored vector's float32 values.
    private static func floats(_ bytes: Data) -> [Float] {
        bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// A JSON array of two-element arrays as string pairs (numbers as their text).
    private static func pairs(_ json: String) throws -> [(String, String)] {
        let array = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] ?? []
        return array.map { pair in
            (pair.first.map { "\($0)" } ?? "", pair.count > 1 ? "\(pair[1])" : "")
        }
    }
}
