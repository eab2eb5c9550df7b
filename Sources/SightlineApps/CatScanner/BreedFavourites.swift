// BreedFavourites: the user's favourite encyclopaedia entries, kept in the store under the
// entry's name; names and aliases are resolved through the encyclopaedia first.
public import Foundation
public import SightlineStore

/// Favourite breeds.
public struct BreedFavourites: Sendable {
    public let favourites: any Favourites
    public let encyclopaedia: BreedEncyclopaedia

    public init(store: any Store, encyclopaedia: BreedEncyclopaedia) {
        self.favourites = store.favourites
        self.encyclopaedia = encyclopaedia
    }

    /// Marks the entry named `name` (or an alias) as a favourite; returns the entry and whether
    /// it was new.
    ///
    /// - Throws: `CatScannerError.unknownBreed` with suggestions, or `StoreError`.
    @discardableResult
    public func add(_ name: String, at date: Date = Date()) async throws -> (breed: CatBreed, added: Bool) {
        let breed = try encyclopaedia.resolve(name)
        return (breed, try await favourites.add(kind: .breed, key: breed.name, at: date))
    }

    /// Removes the entry named `name` (or an alias) from the favourites; false when it was not one.
    @discardableResult
    public func remove(_ name: String) async throws -> Bool {
        // A favourite whose entry has since left the encyclopaedia can still be removed by name.
        let key = encyclopaedia.breed(named: name)?.name ?? name
        return try await favourites.remove(kind: .breed, key: key)
    }

    /// The favourite entries, newest first. Favourites whose entry no longer exists are skipped.
    public func list() async throws -> [CatBreed] {
        try await favourites.list(kind: .breed).compactMap { encyclopaedia.breed(named: $0.key) }
    }

    /// The names of the favourite entries.
    public func names() async throws -> Set<String> {
        Set(try await favourites.list(kind: .breed).map(\.key))
    }
}
