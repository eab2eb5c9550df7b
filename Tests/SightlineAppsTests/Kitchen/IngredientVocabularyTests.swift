// IngredientVocabularyTests: what typed text becomes on the ingredient list — the issue's
// examples (eggs/egg, pepper/bell pepper/capsicum), plurals, German and Ukrainian words,
// unknown words — and the English plural rules behind unknown words.
import SightlineApps
import XCTest

final class IngredientVocabularyTests: XCTestCase {
    private var vocabulary: IngredientVocabulary!

    override func setUpWithError() throws {
        vocabulary = try IngredientVocabulary.bundled()
    }

    func testNormalisationTable() {
        let table: [(String, String?)] = [
            ("eggs", "egg"), ("Egg", "egg"), ("  EGGS  ", "egg"), ("Eier", "egg"), ("яйця", "egg"),
            ("Peppers", "bell pepper"), ("bell pepper", "bell pepper"),
            ("Bell   Peppers", "bell pepper"), ("capsicum", "bell pepper"), ("Paprikaschoten", "bell pepper"),
            ("перці", "bell pepper"), ("ground pepper", "black pepper"), ("Pfeffer", "black pepper"),
            ("Tomatoes", "tomato"), ("potatoes", "potato"), ("Kartoffeln", "potato"), ("картопля", "potato"),
            ("Zwiebeln", "onion"), ("цибуля", "onion"), ("yellow onions", "onion"), ("zucchini", "courgette"),
            ("Äpfel", "apple"), ("peaches", "peach"), ("radishes", "radish"), ("green beans", "green bean"),
            ("oats", "oats"), ("bay leaves", "bay leaf"), ("litchi", "lychee"), ("qiwi", "kiwi"),
            // Unknown words: kept as typed, lowercased and trimmed, English plural stripped.
            ("Kumquats", "kumquat"), ("cherries", "cherry"), ("Hummus", "hummus"), ("dragon fruits", "dragon fruit"),
            ("  Smoked   Tofu ", "smoked tofu"), ("couscous", "couscous"),
            ("", nil), ("   \t ", nil),
        ]
        for (text, expected) in table {
            XCTAssertEqual(vocabulary.normalisedName(text), expected, "'\(text)'")
        }
    }

    func testAmbiguousWordsAndSuggestions() {
        // "pepper" could be either; it is no synonym, so it is asked about rather than guessed.
        XCTAssertEqual(vocabulary.meanings(of: " Pepper "), ["bell pepper", "black pepper"])
        XCTAssertEqual(vocabulary.meanings(of: "перець"), ["bell pepper", "black pepper"])
        XCTAssertNil(vocabulary.meanings(of: "tomato"))
        XCTAssertEqual(vocabulary.suggestions(for: "tomatp").first, "tomato")
        XCTAssertEqual(vocabulary.suggestions(for: "Knobluch").first, "garlic", "a German synonym one letter off")
        XCTAssertEqual(vocabulary.suggestions(for: "spag"), ["spaghetti"], "the start of a name")
        XCTAssertEqual(vocabulary.suggestions(for: "xyzzy"), [])
        XCTAssertLessThanOrEqual(vocabulary.suggestions(for: "rice").count, 3)
        XCTAssertThrowsError(try IngredientVocabulary(entries: [.init(name: "bell pepper", category: .vegetable, synonyms: [])],
                                                      ambiguous: ["pepper": ["bell pepper", "black pepper"]])) { error in
            XCTAssertTrue("\(error)".contains(IngredientVocabulary.ambiguousPath), "\(error)")
        }
    }

    func testFamiliesCountForTheirMembersAndBack() throws {
        let families = try IngredientFamilies.bundled(vocabulary: vocabulary)
        XCTAssertTrue(families.expanding(["pasta"]).contains("spaghetti"))
        XCTAssertTrue(families.expanding(["feta"]).contains("cheese"))
        XCTAssertFalse(families.expanding(["feta"]).contains("mozzarella"), "members do not stand for each other")
        XCTAssertEqual(families.expanding(["tomato"]), ["tomato"])
        XCTAssertThrowsError(try IngredientFamilies(members: ["pasta": ["penne rigate"]], vocabulary: vocabulary))
    }

    func testCanonicalNamesAndCategories() {
        XCTAssertTrue(vocabulary.contains("bell pepper"))
        XCTAssertFalse(vocabulary.contains("pepper"))
        XCTAssertEqual(vocabulary.canonicalName(of: "Capsicum"), "bell pepper")
        XCTAssertNil(vocabulary.canonicalName(of: "kumquats"))
        XCTAssertEqual(vocabulary.category(of: "egg"), .egg)
        XCTAssertEqual(vocabulary.category(of: "black pepper"), .spice)
        XCTAssertGreaterThanOrEqual(vocabulary.entries.count, 200)
        for original in ["bread", "carrot", "cucumber", "egg", "garlic", "onion", "bell pepper", "potato", "tomato"] {
            XCTAssertTrue(vocabulary.contains(original), original)
        }
    }

    func testASynonymOfTwoNamesIsRefused() {
        let entries = [
            IngredientVocabulary.Entry(name: "bell pepper", category: .vegetable, synonyms: ["pepper"]),
            IngredientVocabulary.Entry(name: "black pepper", category: .spice, synonyms: ["pepper"]),
        ]
        XCTAssertThrowsError(try IngredientVocabulary(entries: entries)) { error in
            XCTAssertTrue("\(error)".contains("'pepper' is a synonym of both"), "\(error)")
        }
        XCTAssertThrowsError(try IngredientVocabulary(entries: [
            IngredientVocabulary.Entry(name: "Egg", category: .egg, synonyms: []),
        ]))
    }

    func testEnglishPluralRules() {
        XCTAssertEqual(EnglishPlural.singularCandidates(of: "cherries"), ["cherry", "cherrie"])
        XCTAssertEqual(EnglishPlural.singularCandidates(of: "tomatoes"), ["tomato", "tomatoe"])
        XCTAssertEqual(EnglishPlural.singularCandidates(of: "peaches"), ["peach", "peache"])
        XCTAssertEqual(EnglishPlural.singularCandidates(of: "knives"), ["knive", "knif", "knife"])
        XCTAssertEqual(EnglishPlural.singularCandidates(of: "red lentils"), ["red lentil"])
        XCTAssertEqual(EnglishPlural.singular(of: "pies"), "pie")
        XCTAssertEqual(EnglishPlural.singular(of: "keys"), "key")
        XCTAssertEqual(EnglishPlural.singular(of: "peas"), "pea")
        for word in ["glass", "hummus", "asparagus", "mais", "gas", "egg"] {
            XCTAssertEqual(EnglishPlural.singular(of: word), word, word)
        }
    }
}
