// AppDataStore: opens the apps' database (`sightline.sqlite` in $SIGHTLINE_HOME or
// ~/.local/share/sightline) for the commands that read or write app data.
import SightlineStore

enum AppDataStore {
    /// The store in the data directory, created on first use.
    ///
    /// - Throws: `StoreError`, whose message says what is wrong with the file and what to do.
    static func open() throws -> Store {
        try Store(directory: Store.defaultDirectory())
    }
}
