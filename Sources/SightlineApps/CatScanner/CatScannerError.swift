// CatScannerError: what the Cat Scanner refuses — a breed name it does not know — with the
// names the user may have meant.
public import Foundation

/// Why a Cat Scanner request was refused.
public enum CatScannerError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// No encyclopaedia entry has this name or alias.
    case unknownBreed(name: String, suggestions: [String])

    public var description: String {
        switch self {
        case let .unknownBreed(name, suggestions):
            let hint = suggestions.isEmpty
                ? "Search the encyclopaedia with `sightline cat breeds QUERY`."
                : "Did you mean: \(suggestions.joined(separator: ", "))?"
            return "The encyclopaedia has no entry named '\(name)'. \(hint)"
        }
    }

    public var errorDescription: String? { description }
}
