// IngredientListChange: what adding text to the Kitchen ingredient list did — added a
// (normalised) name, found it already on the list, or ignored empty text.

/// The outcome of adding to the ingredient list.
public enum IngredientListChange: Sendable, Hashable {
    /// The normalised name was put on top of the list.
    case added(String)
    /// The normalised name was already on the list; nothing changed.
    case alreadyOnList(String)
    /// The text was empty or white space only; nothing changed.
    case ignoredEmpty

    /// The normalised name, or nil for empty text.
    public var name: String? {
        switch self {
        case .added(let name), .alreadyOnList(let name): name
        case .ignoredEmpty: nil
        }
    }
}
