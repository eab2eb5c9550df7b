// FavouriteChangeJSON: what marking a breed or a recipe as a favourite, or no longer, did —
// `{"name" | "id", "favourite", "added" | "removed"}`, "added"/"removed" false when nothing
// changed — as `/api/v1/breeds/favourites/{name}` and `/api/v1/kitchen/favourites/{id}` answer.
public struct FavouriteChangeJSON: JSONAnswer, Sendable {
    /// What was marked: an encyclopaedia entry (by "name") or a recipe (by "id").
    public enum Subject: Sendable {
        case breed
        case recipe
    }

    public var openAPISchema: String? {
        (subject == .breed ? "Breed" : "Recipe") + (favourite ? "FavouriteAdded" : "FavouriteRemoved")
    }

    public var subject: Subject
    /// The entry's name or the recipe's id.
    public var identifier: String
    public var favourite: Bool
    public var changed: Bool

    public static func added(_ subject: Subject, _ identifier: String, changed: Bool) -> FavouriteChangeJSON {
        FavouriteChangeJSON(subject: subject, identifier: identifier, favourite: true, changed: changed)
    }

    public static func removed(_ subject: Subject, _ identifier: String, changed: Bool) -> FavouriteChangeJSON {
        FavouriteChangeJSON(subject: subject, identifier: identifier, favourite: false, changed: changed)
    }

    private enum CodingKeys: String, CodingKey { case name, id, favourite, added, removed }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: subject == .breed ? .name : .id)
        try container.encode(favourite, forKey: .favourite)
        try container.encode(changed, forKey: favourite ? .added : .removed)
    }
}
