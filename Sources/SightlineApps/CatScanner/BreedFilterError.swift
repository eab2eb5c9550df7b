// BreedFilterError: why a "key=value" breed filter expression was refused, with what it accepts.
public import Foundation

/// Why `BreedFilter(expressions:)` refused an expression.
public enum BreedFilterError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case notKeyValue(expression: String)
    case missingValue(expression: String)
    case unknownKey(expression: String, known: String)
    case invalidValue(expression: String, accepted: String)

    public var description: String {
        switch self {
        case let .notKeyValue(expression):
            return "The filter '\(expression)' is not of the form key=value (for example size=large)."
        case let .missingValue(expression):
            return "The filter '\(expression)' has no value after '='."
        case let .unknownKey(expression, known):
            return "The filter '\(expression)' uses an unknown key; known keys: \(known)."
        case let .invalidValue(expression, accepted):
            return "The filter '\(expression)' has a value that is not accepted; use \(accepted)."
        }
    }

    public var errorDescription: String? { description }
}
