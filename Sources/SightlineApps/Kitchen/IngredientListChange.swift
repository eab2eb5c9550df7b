// IngredientListChange: what adding text to the Kitchen ingredient list did — added a
// (normalised) name, found it already on the list, ignored empty text, or refused a word that
// could mean several ingredients (asking which) or that names none (offering the nearest).

/// The outcome of adding to the ingredient list.
public enum IngredientListChange: Sendable, Hashable {
    /// The normalised name was put on top of the list.
    case added(String)
    /// The normalised name was already on the list; nothing changed.
    case alreadyOnList(String)
    /// The text was empty or white space only; nothing changed.
    case ignoredEmpty
    /// The text could mean any of these ingredients ("pepper"); nothing changed.
    case ambiguous(meanings: [String])
    /// The text names no ingredient the Kitchen knows; nothing changed. `suggestions` are the
    /// known ingredients nearest to it, perhaps none.
    case unknown(suggestions: [String])

    /// The normalised name, or nil when nothing was added or found.
    public var name: String? {
        switch self {
        case .added(let name), .alreadyOnList(let name): name
        case .ignoredEmpty, .ambiguous, .unknown: nil
        }
    }

    /// The ingredients the user may have meant: the meanings of an ambiguous word or the
    /// suggestions for an unknown one; empty otherwise.
    public var options: [String] {
        switch self {
        case .ambiguous(let names), .unknown(let names): names
        case .added, .alreadyOnList, .ignoredEmpty: []
        }
    }
}
