// BreedEncyclopaediaTests: the bundled encyclopaedia loads with the original's 20 entries and
// enough breeds; lookup, search ranking, trait filters (counts checked against the file by
// hand), favourites marks and the "can recognise" flag from a label list.
import SightlineApps
import XCTest

final class BreedEncyclopaediaTests: XCTestCase {
    private var encyclopaedia: BreedEncyclopaedia!

    override func setUpWithError() throws {
        encyclopaedia = try BreedEncyclopaedia.bundled()
    }

    func testHoldsTheOriginalTwentyAndAtLeastSixtyBreeds() {
        let original = ["Abyssinian", "Bengal", "Birman", "Bombay", "British Shorthair", "Calico", "Chinchilla",
                        "Egyptian Mau", "Korat", "Lykoi", "Maine Coon", "Norwegian Forest Cat", "Persian", "Ragdoll",
                        "Rex", "Russian Blue", "Sand Cat", "Scottish Fold", "Siamese", "Sphynx"]
        for name in original {
            XCTAssertEqual(encyclopaedia.breed(named: name)?.name, name)
        }
        XCTAssertEqual(encyclopaedia.breeds.count, 80)
        let kinds = encyclopaedia.countByKind()
        XCTAssertEqual(kinds[.breed], 73)
        XCTAssertEqual(kinds[.coatPattern], 3)
        XCTAssertEqual(kinds[.colourVariety], 1)
        XCTAssertEqual(kinds[.wildSpecies], 1)
        XCTAssertEqual(kinds[.nonPedigree], 2)
        XCTAssertEqual(encyclopaedia.breed(named: "Calico")?.kind, .coatPattern)
        XCTAssertEqual(encyclopaedia.breed(named: "Sand Cat")?.kind, .wildSpecies)
        XCTAssertEqual(encyclopaedia.breeds.map(\.name), encyclopaedia.breeds.map(\.name).sorted())
    }

    func testEveryDatasetLabelNamesAnEntry() {
        let labels = ["Abyssinian", "American Bobtail", "American Curl", "American Shorthair", "American Wirehair",
                      "Bengal", "Birman", "Bombay", "British Shorthair", "Egyptian Mau", "Maine Coon", "Persian",
                      "Ragdoll", "Russian Blue", "Siamese", "Sphynx"]
        XCTAssertEqual(encyclopaedia.labelsWithoutEntry(labels), [])
        XCTAssertEqual(encyclopaedia.labelsWithoutEntry(["Bengal", "Maine_Coon", "Tabby Cat"]), ["Maine_Coon", "Tabby Cat"])
    }

    func testLookupByNameOrAliasIgnoresCaseAccentsAndPunctuation() {
        XCTAssertEqual(encyclopaedia.breed(named: "maine coon")?.name, "Maine Coon")
        XCTAssertEqual(encyclopaedia.breed(named: "  MAINE   COON ")?.name, "Maine Coon")
        XCTAssertEqual(encyclopaedia.breed(named: "Wegie")?.name, "Norwegian Forest Cat")
        XCTAssertEqual(encyclopaedia.breed(named: "pixie bob")?.name, "Pixiebob")
        XCTAssertEqual(encyclopaedia.breed(named: "Pixie-bob")?.name, "Pixiebob")
        XCTAssertEqual(encyclopaedia.breed(named: "Sïamese")?.name, "Siamese")
        XCTAssertEqual(encyclopaedia.breed(named: "st petersburg sphynx")?.name, "Peterbald")
        XCTAssertNil(encyclopaedia.breed(named: "Maine"))
    }

    func testSearchRanksExactThenPrefixThenWordPrefixThenSubstring() {
        XCTAssertEqual(encyclopaedia.search("rex").map(\.name), ["Rex", "Cornish Rex", "Devon Rex", "German Rex", "Selkirk Rex"])
        XCTAssertEqual(encyclopaedia.search("bob").map(\.name),
                       ["American Bobtail", "Japanese Bobtail", "Kurilian Bobtail", "Mekong Bobtail", "Pixiebob"])
        // "blue" is a word of "Russian Blue" and of the alias "British Blue".
        XCTAssertEqual(encyclopaedia.search("Blue").map(\.name), ["British Shorthair", "Russian Blue"])
        // "Siamese" starts with "sia"; "Asian" only contains it.
        XCTAssertEqual(encyclopaedia.search("sia").map(\.name).first, "Siamese")
        XCTAssertTrue(encyclopaedia.search("sia").map(\.name).contains("Asian"))
        XCTAssertEqual(encyclopaedia.search("").count, 80)
        XCTAssertEqual(encyclopaedia.search("zzz"), [])
    }

    func testResolveSuggestsWhenAmbiguous() throws {
        XCTAssertEqual(try encyclopaedia.resolve("norweg").name, "Norwegian Forest Cat")
        XCTAssertThrowsError(try encyclopaedia.resolve("rex cats")) { error in
            XCTAssertEqual(error as? CatScannerError, .unknownBreed(name: "rex cats", suggestions: []))
        }
        XCTAssertThrowsError(try encyclopaedia.resolve("bobtail")) { error in
            guard case let .unknownBreed(_, suggestions) = error as? CatScannerError else { return XCTFail("\(error)") }
            XCTAssertEqual(suggestions.first, "American Bobtail")
            XCTAssertTrue("\(error)".contains("Did you mean"))
        }
    }

    func testFiltersMatchHandCountedEntries() throws {
        func names(_ expressions: [String], query: String = "") throws -> [String] {
            encyclopaedia.entries(matching: query, filter: try BreedFilter(expressions: expressions),
                                  recognisedLabels: nil).map(\.breed.name)
        }
        XCTAssertEqual(try names(["size=large"]),
                       ["Chausie", "Highlander", "Maine Coon", "Norwegian Forest Cat", "Pixiebob", "RagaMuffin",
                        "Ragdoll", "Savannah", "Siberian", "Turkish Van"])
        XCTAssertEqual(try names(["hypoallergenic=true"]).count, 12)
        XCTAssertEqual(try names(["coat=hairless"]), ["Bambino", "Donskoy", "Peterbald", "Sphynx", "Ukrainian Levkoy"])
        XCTAssertEqual(try names(["coat=long,varies", "children=yes", "activity=2-"]),
                       ["Chinchilla", "Himalayan", "Persian", "Scottish Fold"])
        XCTAssertEqual(try names(["registry=fife", "pets=true", "shedding=4+"]),
                       ["British Longhair", "Chartreux", "Maine Coon", "Norwegian Forest Cat", "Persian", "Siberian"])
        XCTAssertEqual(try names(["origin=Thailand"]), ["Khao Manee", "Korat", "Oriental Shorthair", "Siamese", "Thai"])
        XCTAssertEqual(try names(["kind=coat-pattern,wild-species"]), ["Calico", "Sand Cat", "Tabby", "Tortoiseshell"])
        XCTAssertEqual(try names(["pattern=colourpoint"], query: "rex"), ["Rex", "Cornish Rex", "Devon Rex", "Selkirk Rex"])
        XCTAssertEqual(try names(["size=small", "size=large"]).count, 19)
    }

    func testRecognisedFlagFollowsTheLabelList() throws {
        let labels = ["Bengal", "Maine Coon", "Sphynx"]
        let entries = encyclopaedia.entries(recognisedLabels: labels, favourites: ["Korat"])
        XCTAssertEqual(entries.filter(\.isRecognisedByScanner).map(\.breed.name), labels)
        XCTAssertEqual(entries.filter(\.isFavourite).map(\.breed.name), ["Korat"])
        XCTAssertEqual(encyclopaedia.entries(recognisedLabels: nil).filter(\.isRecognisedByScanner), [])
        let recognised = encyclopaedia.entries(filter: try BreedFilter(expressions: ["recognised=true"]), recognisedLabels: labels)
        XCTAssertEqual(recognised.map(\.breed.name), labels)
        let notRecognised = encyclopaedia.entries(filter: try BreedFilter(expressions: ["recognized=no"]), recognisedLabels: labels)
        XCTAssertEqual(notRecognised.count, 77)
    }

    func testEntryEncodesEveryFieldOfTheFilePlusTheFlags() throws {
        let entry = BreedEncyclopaediaEntry(breed: try encyclopaedia.resolve("Korat"), isRecognisedByScanner: false,
                                            isFavourite: true)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), [
            "name", "aliases", "kind", "summary", "description", "origin", "temperament", "size", "weight_kg",
            "life_span_years", "coat", "activity", "grooming", "shedding", "affection", "vocality", "good_with_children",
            "good_with_pets", "hypoallergenic", "health_notes", "registries", "sources", "display_name", "recognised_by_scanner", "favourite",
            "photo",
        ])
        XCTAssertEqual(object["favourite"] as? Bool, true)
        XCTAssertTrue(object["photo"] is NSNull, "no picture given")
        XCTAssertEqual(object["aliases"] as? [String], ["Si-Sawat"])
    }

    func testDuplicateNamesAreRefused() throws {
        let korat = try encyclopaedia.resolve("Korat")
        var copy = try encyclopaedia.resolve("Bengal")
        copy.aliases = ["KORAT"]
        XCTAssertThrowsError(try BreedEncyclopaedia(breeds: [korat, copy])) { error in
            XCTAssertTrue("\(error)".contains("names both Bengal and Korat"), "\(error)")
        }
    }
}
