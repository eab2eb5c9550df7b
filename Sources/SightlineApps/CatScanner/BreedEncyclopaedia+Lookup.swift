// BreedEncyclopaedia+Lookup: finding the one entry a user means by a name they typed, or
// saying which entries they might have meant.
import Foundation

extension BreedEncyclopaedia {
    /// The entry named `name` (or an alias); failing that, the only entry the search finds.
    ///
    /// - Throws: `CatScannerError.unknownBreed` with up to five suggestions from the search.
    public func resolve(_ name: String) throws -> CatBreed {
        if let breed = breed(named: name) { return breed }
        let found = search(name)
        if found.count == 1 { return found[0] }
        throw CatScannerError.unknownBreed(name: name, suggestions: found.prefix(5).map(\.name))
    }
}
