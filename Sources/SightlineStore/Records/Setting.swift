// Setting: one stored preference, a key and its text value (language, theme, municipality,
// tally opt-in…). Internal: callers use the `Settings` accessor's get/set by key.
import Foundation
import GRDB

struct Setting: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"

    var key: String
    var value: String
}
