// BreedListJSON: the cat encyclopaedia's entries as JSON — a search (`{"breeds", "total",
// "recognised"}`, `GET /api/v1/breeds`) or the favourites (`{"breeds"}`) — and what changing a
// favourite did. `sightline cat breeds --json` prints the entries as an array.
import SightlineApps

public struct BreedListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "BreedList" }

    /// The entries matching the search and every filter, best name match first.
    public var breeds: [BreedEncyclopaediaEntry]
    /// How many entries the encyclopaedia has.
    public var total: Int
    /// How many entries the installed breed classifier recognises; null when it is not installed.
    @Nullable public var recognised: Int?

    public init(breeds: [BreedEncyclopaediaEntry], total: Int, recognised: Int?) {
        self.breeds = breeds
        self.total = total
        self.recognised = recognised
    }
}

/// One encyclopaedia entry, as `GET /api/v1/breeds/{name}` answers and `sightline cat breed
/// --json` prints it.
public struct BreedEntryJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "BreedEntry" }

    public var entry: BreedEncyclopaediaEntry

    public init(_ entry: BreedEncyclopaediaEntry) {
        self.entry = entry
    }

    public func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
    }
}

/// `{"breeds": [entry…]}`: the favourite entries.
public struct BreedFavouriteListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "BreedFavouriteList" }

    public var breeds: [BreedEncyclopaediaEntry]

    public init(breeds: [BreedEncyclopaediaEntry]) {
        self.breeds = breeds
    }
}

/// `{"name", "favourite", "added"}` or `{"name", "favourite", "removed"}`: what marking an entry
/// as a favourite, or no longer, did ("added"/"removed" false when nothing changed).
public struct BreedFavouriteChangeJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { favourite ? "BreedFavouriteAdded" : "BreedFavouriteRemoved" }

    public var name: String
    public var favourite: Bool
    public var changed: Bool

    public static func added(_ name: String, changed: Bool) -> BreedFavouriteChangeJSON {
        BreedFavouriteChangeJSON(name: name, favourite: true, changed: changed)
    }

    public static func removed(_ name: String, changed: Bool) -> BreedFavouriteChangeJSON {
        BreedFavouriteChangeJSON(name: name, favourite: false, changed: changed)
    }

    private enum CodingKeys: String, CodingKey { case name, favourite, added, removed }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(favourite, forKey: .favourite)
        try container.encode(changed, forKey: favourite ? .added : .removed)
    }
}
