// AppDataStore: opens the apps' data for the commands that read or write it — the PostgreSQL
// database of `--database` or $SIGHTLINE_DATABASE_URL when one is given, otherwise
// `sightline.sqlite` in $SIGHTLINE_HOME or ~/.local/share/sightline.
import SightlineStore

enum AppDataStore {
    /// The store `database` (a `postgres://` URL or a folder) names, or the default one; the
    /// SQLite file is created on first use.
    ///
    /// - Throws: `StoreError`, whose message says what is wrong (the file, the URL, the server)
    ///   and what to do.
    static func open(database: String? = nil) async throws -> any Store {
        try await StoreLocation.resolve(database: database).open()
    }
}
