// BreedEncyclopaedia: the Cat Scanner's encyclopaedia — the bundled entries, looking one up by
// name or alias, searching by name, filtering by traits, and saying which entries the
// installed breed classifier can recognise (its labels are encyclopaedia names).
import Foundation

/// The encyclopaedia's entries, sorted by name.
public struct BreedEncyclopaedia: Sendable {
    /// The bundled file inside the apps' Resources.
    public static let resourcePath = "cats/breeds.json"

    /// Every entry, sorted by name.
    public let breeds: [CatBreed]
    /// Search key of every name and alias → the entry's index in `breeds`.
    private let indexByKey: [String: Int]

    /// An encyclopaedia of `breeds`.
    ///
    /// - Throws: `AppDataError.malformed` when two entries share a name or alias (compared as
    ///   search keys: case, accents and punctuation ignored), so every lookup finds one entry.
    public init(breeds: [CatBreed], source: String = BreedEncyclopaedia.resourcePath) throws {
        let sorted = breeds.sorted { $0.name < $1.name }
        var index: [String: Int] = [:]
        for (position, breed) in sorted.enumerated() {
            for name in breed.allNames {
                let key = BreedNameMatch.searchKey(name)
                guard !key.isEmpty else {
                    throw AppDataError.malformed(file: source, reason: "\(breed.name) has an empty name or alias")
                }
                if let other = index[key], other != position {
                    throw AppDataError.malformed(file: source, reason:
                        "'\(name)' names both \(sorted[other].name) and \(breed.name)")
                }
                index[key] = position
            }
        }
        self.breeds = sorted
        self.indexByKey = index
    }

    /// The encyclopaedia bundled with the apps.
    ///
    /// - Throws: `AppDataError` when the file is missing or malformed.
    public static func bundled() throws -> BreedEncyclopaedia {
        let data = try AppResources.data(resourcePath)
        let breeds: [CatBreed]
        do {
            breeds = try JSONDecoder().decode([CatBreed].self, from: data)
        } catch {
            throw AppDataError.malformed(file: resourcePath, reason: "\(error)")
        }
        return try BreedEncyclopaedia(breeds: breeds)
    }

    /// The entry whose name or alias is `name` (case, accents and punctuation ignored), or nil.
    public func breed(named name: String) -> CatBreed? {
        indexByKey[BreedNameMatch.searchKey(name)].map { breeds[$0] }
    }

    /// Entries whose name or an alias matches `query`, best match first (exact, then prefix,
    /// then word prefix, then substring; ties by name). An empty query returns every entry.
    public func search(_ query: String) -> [CatBreed] {
        guard !BreedNameMatch.searchKey(query).isEmpty else { return breeds }
        let ranked = breeds.compactMap { breed -> (CatBreed, BreedNameMatch)? in
            let best = breed.allNames.compactMap { BreedNameMatch.of(query: query, in: $0) }.min()
            return best.map { (breed, $0) }
        }
        return ranked.sorted { left, right in
            left.1 != right.1 ? left.1 < right.1 : left.0.name < right.0.name
        }.map(\.0)
    }

    /// The entries matching `query` (see `search`) and `filter`, as encyclopaedia pages that
    /// say whether the breed classifier with `recognisedLabels` (nil: none installed) knows them.
    public func entries(matching query: String = "", filter: BreedFilter = BreedFilter(),
                        recognisedLabels: [String]?, favourites: Set<String> = []) -> [BreedEncyclopaediaEntry] {
        let labels = Set(recognisedLabels ?? [])
        return search(query).compactMap { breed in
            let entry = BreedEncyclopaediaEntry(breed: breed, isRecognisedByScanner: labels.contains(breed.name),
                                                isFavourite: favourites.contains(breed.name))
            return filter.matches(entry) ? entry : nil
        }
    }

    /// The classifier labels that name no entry: they would give results without a page.
    /// Empty for a classifier trained as the README says.
    public func labelsWithoutEntry(_ labels: [String]) -> [String] {
        let names = Set(breeds.map(\.name))
        return labels.filter { !names.contains($0) }
    }

    /// How many entries there are of each kind.
    public func countByKind() -> [CatBreed.Kind: Int] {
        Dictionary(grouping: breeds, by: \.kind).mapValues(\.count)
    }
}
