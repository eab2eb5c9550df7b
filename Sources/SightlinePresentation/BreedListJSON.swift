// BreedListJSON: the cat encyclopaedia's entries as JSON — a search (`{"breeds", "total",
// "recognised"}`, `GET /api/v1/breeds`), one entry, or the favourites (`{"breeds"}`) — as the API
// answers and `sightline cat breeds`/`breed` print them with --json.
public import SightlineApps

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
