// DatabaseOptions: `--database`, shared by the commands that servers and index workers run —
// the PostgreSQL database (`postgres://…`) or the data folder whose SQLite file to use; without
// it $SIGHTLINE_DATABASE_URL, then the data directory's SQLite file.
import ArgumentParser
import SightlineStore

struct DatabaseOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Where the app data is: a postgres://user:password@host:port/database URL, or a folder for the SQLite file "
            + "(default: $SIGHTLINE_DATABASE_URL, else sightline.sqlite in the data directory).",
        valueName: "url-or-folder"))
    var database: String?

    /// Opens the store; a URL that cannot be used is an error, never a fall-back to SQLite.
    func open() async throws -> any Store {
        try await AppDataStore.open(database: database)
    }
}
