// PostgresSchema: the PostgreSQL schema as an ordered list of named migrations, the same steps
// (and names) as the SQLite schema's, recorded in `sightline_migration`. A migration is never
// edited once released; a change is a new step at the end. Several servers starting together
// run them once: each applies them inside one transaction that first takes an advisory lock,
// so the others wait and then find nothing left to do.
import Foundation
import Logging
import PostgresNIO

enum PostgresSchema {
    /// One step of the schema's history: its name and its statements.
    struct Step: Sendable {
        let identifier: String
        let statements: [String]
    }

    /// The advisory lock key the migrations hold (any constant; "SIGHTLINE" in ASCII).
    static let migrationLockKey: Int64 = 0x5349_4748_544C_494E

    /// The schema's history, oldest first. Conventions, kept equal to SQLite's so both stores
    /// answer alike: dates are `double precision` seconds since 2001-01-01 UTC (a `Date` reads
    /// back bit for bit and sorts as time); ids are identity columns, never reused, so a page
    /// still showing a deleted entry cannot open a newer one.
    static let steps: [Step] = [
        Step(identifier: "createRecognitionCapture", statements: [
            """
            CREATE TABLE recognition_capture (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                created_at double precision NOT NULL,
                label text NOT NULL,
                class_index integer NOT NULL CHECK (class_index >= 0),
                confidence double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
                category_id text NOT NULL,
                face_count integer CHECK (face_count >= 0),
                image bytea NOT NULL,
                thumbnail bytea NOT NULL)
            """,
            "CREATE INDEX recognition_capture_created ON recognition_capture (created_at DESC, id DESC)",
            "CREATE INDEX recognition_capture_category ON recognition_capture (category_id, created_at DESC, id DESC)",
        ]),
        Step(identifier: "createCatScan", statements: [
            """
            CREATE TABLE cat_scan (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                created_at double precision NOT NULL,
                is_cat boolean NOT NULL,
                cat_confidence double precision NOT NULL CHECK (cat_confidence >= 0 AND cat_confidence <= 1),
                message text NOT NULL,
                breeds jsonb NOT NULL CHECK (jsonb_typeof(breeds) = 'array'),
                photo bytea NOT NULL,
                thumbnail bytea NOT NULL)
            """,
            "CREATE INDEX cat_scan_created ON cat_scan (created_at DESC, id DESC)",
        ]),
        Step(identifier: "createFavourite", statements: [
            """
            CREATE TABLE favourite (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                kind text NOT NULL CHECK (kind IN ('breed', 'recipe')),
                key text NOT NULL CHECK (length(key) > 0),
                created_at double precision NOT NULL,
                UNIQUE (kind, key))
            """,
        ]),
        Step(identifier: "createKitchenIngredient", statements: [
            """
            CREATE TABLE kitchen_ingredient (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                name text NOT NULL UNIQUE CHECK (length(name) > 0),
                added_at double precision NOT NULL)
            """,
        ]),
        Step(identifier: "createShoppingListItem", statements: [
            """
            CREATE TABLE shopping_list_item (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                name text NOT NULL UNIQUE CHECK (length(name) > 0),
                amount text,
                recipe_id text,
                recipe_title text,
                is_checked boolean NOT NULL DEFAULT false,
                created_at double precision NOT NULL)
            """,
        ]),
        Step(identifier: "createConsent", statements: [
            """
            CREATE TABLE consent (
                app text NOT NULL CHECK (length(app) > 0),
                document text NOT NULL CHECK (length(document) > 0),
                version text NOT NULL CHECK (length(version) > 0),
                accepted_at double precision NOT NULL,
                PRIMARY KEY (app, document))
            """,
        ]),
        Step(identifier: "createSetting", statements: [
            "CREATE TABLE setting (key text PRIMARY KEY CHECK (length(key) > 0), value text NOT NULL)",
        ]),
        Step(identifier: "createWasteTally", statements: [
            // Counts per label and nothing else: WasteGuard never stores what it analysed.
            "CREATE TABLE waste_tally (label text PRIMARY KEY CHECK (length(label) > 0), count bigint NOT NULL CHECK (count >= 0))",
        ]),
        Step(identifier: "createAccessToken", statements: [
            // Only the SHA-256 hash of a token is stored: a copy of the database does not let
            // anyone in.
            """
            CREATE TABLE access_token (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                name text NOT NULL,
                token_hash bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
                created_at double precision NOT NULL,
                last_used_at double precision,
                revoked_at double precision)
            """,
        ]),
        Step(identifier: "createPhotoIndex", statements: [
            // One row per photo file, which is also its job; see PhotoIndex for the leases.
            """
            CREATE TABLE indexed_photo (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                path text NOT NULL UNIQUE CHECK (length(path) > 0),
                size bigint NOT NULL CHECK (size >= 0),
                modified_at double precision NOT NULL,
                content_hash bytea NOT NULL CHECK (length(content_hash) = 32),
                state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'leased', 'done', 'failed')),
                lease_owner text,
                lease_expires_at double precision,
                attempts integer NOT NULL DEFAULT 0,
                failure text,
                face_count integer CHECK (face_count >= 0),
                added_at double precision NOT NULL,
                done_at double precision)
            """,
            "CREATE INDEX indexed_photo_state ON indexed_photo (state, lease_expires_at)",
            "CREATE INDEX indexed_photo_done ON indexed_photo (done_at)",
            """
            CREATE TABLE indexed_photo_label (
                photo_id bigint NOT NULL REFERENCES indexed_photo ON DELETE CASCADE,
                rank integer NOT NULL CHECK (rank >= 0),
                label text NOT NULL CHECK (length(label) > 0),
                category text,
                confidence double precision NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
                PRIMARY KEY (photo_id, rank))
            """,
            "CREATE INDEX indexed_photo_label_label ON indexed_photo_label (lower(label))",
            "CREATE INDEX indexed_photo_label_category ON indexed_photo_label (category)",
            """
            CREATE TABLE indexed_photo_feature (
                photo_id bigint PRIMARY KEY REFERENCES indexed_photo ON DELETE CASCADE,
                model text NOT NULL,
                vector bytea NOT NULL CHECK (length(vector) > 0))
            """,
        ]),
        Step(identifier: "createIndexedLabel", statements: [
            // The distinct labels with their category, which a search matches its text against
            // before finding the photos by exact label (as in SQLite).
            "CREATE TABLE indexed_label (label text PRIMARY KEY CHECK (length(label) > 0), category text)",
            "INSERT INTO indexed_label (label, category) SELECT label, min(category) FROM indexed_photo_label GROUP BY label",
            "DROP INDEX indexed_photo_label_label",
            "CREATE INDEX indexed_photo_label_label ON indexed_photo_label (label) INCLUDE (photo_id, rank, confidence)",
        ]),
    ]

    /// Applies the steps `connection`'s database lacks, in one transaction under the advisory
    /// lock.
    ///
    /// - Throws: `StoreError.newerVersion` when the database records steps this build does not
    ///   have (nothing is changed then); errors of PostgreSQL as they come.
    static func migrate(_ connection: PostgresConnection, location: String, logger: Logger) async throws {
        try await connection.query("BEGIN", logger: logger)
        do {
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLockKey))", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS sightline_migration (
                    position integer PRIMARY KEY, identifier text NOT NULL UNIQUE, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied: [String] = []
            for try await identifier in try await connection.query(
                "SELECT identifier FROM sightline_migration ORDER BY position", logger: logger
            ).decode(String.self) {
                applied.append(identifier)
            }
            let known = steps.map(\.identifier)
            let unknown = applied.filter { !known.contains($0) }
            if !unknown.isEmpty || applied.count > known.count {
                throw StoreError.newerVersion(path: location, fileSchemaVersion: applied.count,
                                              supportedSchemaVersion: known.count, unknownMigrations: unknown)
            }
            for (position, step) in steps.enumerated() where position >= applied.count {
                for statement in step.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO sightline_migration (position, identifier) VALUES (\(position + 1), \(step.identifier))",
                    logger: logger)
            }
            try await connection.query("COMMIT", logger: logger)
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}
