// BreedFavourites: the user's favourite encyclopaedia entries, kept in the store under the
// entry's name; names and aliases are resolved through the encyclopaedia first.
public import Foundation
public import SightlineStore

/// Favourite breeds.
public struct BreedFavourites: Sendable {
    public let favourites: Favourites
    public let encyclopaedia: BreedEncyclopaedia

    public init(store: Store, encyclopaedia: BreedEncyclopaedia) {
        self.favourites = store.favourites
        self.encyclopaedia = encyclopaedia
    }

    /// Marks the entry named `name` (or an alias) as a favourite; returns the entry and whether
    /// it was new.
    ///
    /// - Throws: `CatScannerError.unknownBreed` with suggestions, or `StoreError`.
    @discardableResult
    public func add(_ name: String, at date: Date = Date()) throws -> (breed: CatBreed, added: Bool) {
        let breed = try encyclopaedia.resolve(name)
        return (breed, try favourites.add(kind: .breed, key: breed.name, at: date))
    }

    /// Removes the entry named `name` (or an alias) from the favourites; false when it was not one.
    @discardableResult
    public func remove(_ name: String) throws -> Bool {
        // A favourite whose entry has since left the encyclopaedia can still be removed by name.
        let key = encyclopaedia.breed(named: name)?.name ?? name
        return try favourites.remove(kind: .breed, key: key)
    }

    /// The favourite entries, newest first. Favourites whose entry no longer exists are skipped.
    public func list() throws -> [CatBreed] {
        try favourites.list(kind: .breed).compactMap { encyclopaedia.breed(named: $0.key) }
    }

    /// The names of the favourite entries.
    public func names() throws -> Set<String> {
        Set(try favourites.list(kind: .breed).map(\.key))
    }
}
