// StoreValidation: the rules values must follow before they are written, checked in Swift so
// a caller gets a `StoreError.invalidValue` naming the field rather than an SQLite constraint
// error (the tables enforce the same rules as a last line of defence).
import Foundation

enum StoreValidation {
    /// Text must contain something other than white space, and no NUL: SQLite would keep only
    /// the text before it, so what was acknowledged would not be what was stored.
    static func requireText(_ text: String, field: String) throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw StoreError.invalidValue(field: field, reason: "it is empty")
        }
        guard !text.unicodeScalars.contains("\u{0}") else {
            throw StoreError.invalidValue(field: field, reason: "it holds a NUL character (U+0000)")
        }
    }

    /// A confidence is a probability: 0…1 (NaN is refused).
    static func requireConfidence(_ confidence: Double, field: String) throws {
        guard (0...1).contains(confidence) else {
            throw StoreError.invalidValue(field: field, reason: "\(confidence) is not between 0 and 1")
        }
    }

    /// Encoded images must have bytes.
    static func requireBytes(_ bytes: Data, field: String) throws {
        guard !bytes.isEmpty else {
            throw StoreError.invalidValue(field: field, reason: "it has no bytes")
        }
    }

    /// Paging values: a limit of zero or more and an offset of zero or more.
    static func requirePage(limit: Int, offset: Int) throws {
        guard limit >= 0 else {
            throw StoreError.invalidValue(field: "limit", reason: "\(limit) is negative")
        }
        guard offset >= 0 else {
            throw StoreError.invalidValue(field: "offset", reason: "\(offset) is negative")
        }
    }
}
