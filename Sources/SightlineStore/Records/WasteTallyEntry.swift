// WasteTallyEntry: how many times WasteGuard found one kind of object, for users who opted in
// to the tally. Counts only — never an image, a time or a place.
import Foundation
public import GRDB

/// The number of times WasteGuard detected objects with one label.
public struct WasteTallyEntry: Codable, Sendable, Equatable {
    /// The model label, such as "plastic bag".
    public var label: String
    public var count: Int

    public init(label: String, count: Int) {
        self.label = label
        self.count = count
    }
}

extension WasteTallyEntry: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "wasteTally"
}
