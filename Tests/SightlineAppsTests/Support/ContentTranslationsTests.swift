// ContentTranslationsTests: the apps' content in every language — every ImageNet class, breed
// entry and list word, ingredient, unit, cuisine, course, diet and recipe has its German and
// Ukrainian text (the loaders refuse a file that leaves one out), the texts are applied for a
// reader of that language while ids stay English, and numbers follow each language's rules.
import SightlineApps
import SightlineVision
import XCTest

final class ContentTranslationsTests: XCTestCase {
    func testEveryImageNetClassIsNamedInEveryLanguage() throws {
        let categories = try ObjectCategories.bundled()
        XCTAssertEqual(categories.labelNames.count, 1000)
        for (index, name) in categories.labelNames.enumerated() {
            XCTAssertEqual(name.en, categories.classLabels[index])
            for language in Language.allCases {
                XCTAssertFalse(name.text(in: language).isEmpty, "class \(index) in \(language)")
            }
        }
        let crane = (bird: try XCTUnwrap(categories.classLabels.firstIndex(of: "crane (bird)")),
                     machine: try XCTUnwrap(categories.classLabels.firstIndex(of: "crane (machine)")))
        XCTAssertNotEqual(categories.labelName(ofClass: crane.bird, in: .german), categories.labelName(ofClass: crane.machine, in: .german))
        XCTAssertEqual(categories.labelName(ofClass: 0, in: .english), "tench")
        XCTAssertEqual(categories.labelName(ofClass: 1000, in: .german), "class 1000")
    }

    func testALabelNameTableMustCoverEveryClassInOrder() throws {
        let categoryRows = [["id": "food", "en": "Food", "de": "Essen", "uk": "Їжа"]]
        let classRows = [["index": "0", "label": "bagel", "category": "food"], ["index": "1", "label": "pretzel", "category": "food"]]
        XCTAssertNoThrow(try ObjectCategories(categoryRows: categoryRows, classRows: classRows, labelNameRows: [
            ["index": "0", "en": "bagel", "de": "Bagel", "uk": "бейгл"], ["index": "1", "en": "pretzel", "de": "Brezel", "uk": "крендель"]]))
        for broken in [[["index": "0", "en": "bagel", "de": "Bagel", "uk": "бейгл"]],
                       [["index": "0", "en": "bagel", "de": "Bagel", "uk": "бейгл"], ["index": "1", "en": "pretzel", "de": "", "uk": "крендель"]],
                       [["index": "1", "en": "pretzel", "de": "Brezel", "uk": "крендель"], ["index": "0", "en": "bagel", "de": "Bagel", "uk": "бейгл"]]] {
            XCTAssertThrowsError(try ObjectCategories(categoryRows: categoryRows, classRows: classRows, labelNameRows: broken)) { error in
                XCTAssertTrue("\(error)".contains(ObjectCategories.labelNamesFile), "\(error)")
            }
        }
    }

    func testTheEncyclopaediaReadsInGermanAndUkrainian() throws {
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let translations = try BreedTranslations.bundled()
        for language in [Language.german, .ukrainian] {
            XCTAssertEqual(translations.texts[language]?.count, encyclopaedia.breeds.count, "\(language)")
        }
        let maineCoon = try XCTUnwrap(encyclopaedia.breed(named: "Maine Coon"))
        let entry = BreedEncyclopaediaEntry(breed: maineCoon, isRecognisedByScanner: true, isFavourite: false)
        let german = translations.translating(entry, to: .german)
        XCTAssertEqual(german.breed.name, "Maine Coon", "the id stays English")
        XCTAssertEqual(german.breed.size, maineCoon.size, "filter values stay English")
        XCTAssertNotEqual(german.breed.description, maineCoon.description)
        XCTAssertNotEqual(german.breed.temperament, maineCoon.temperament)
        let ukrainian = translations.translating(entry, to: .ukrainian)
        XCTAssertTrue(ukrainian.displayName.unicodeScalars.contains { (0x0400 ... 0x04FF).contains($0.value) }, ukrainian.displayName)
        XCTAssertEqual(translations.translating(entry, to: .english), entry)
    }

    func testTheKitchenReadsInGermanAndUkrainian() throws {
        let knowledge = try KitchenKnowledge.bundled()
        let translations = try KitchenTranslations.bundled()
        XCTAssertEqual(Set(translations.ingredients.keys), Set(knowledge.vocabulary.entries.map(\.name)))
        for language in [Language.german, .ukrainian] {
            XCTAssertEqual(translations.recipes[language]?.count, knowledge.recipes.recipes.count, "\(language)")
        }
        XCTAssertEqual(translations.ingredientName("tomato", in: .german), "Tomate")
        XCTAssertEqual(translations.ingredientName("garlic", in: .ukrainian), "часник")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .english, count: 2), "cloves")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .english, count: 1), "clove")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .german, count: 2), "Zehen")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .ukrainian, count: 1), "зубчик")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .ukrainian, count: 3), "зубчики")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .ukrainian, count: 5), "зубчиків")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .ukrainian, count: 12), "зубчиків")
        XCTAssertEqual(translations.term("clove", kind: "unit", in: .ukrainian, count: 22), "зубчики")

        let borscht = try XCTUnwrap(knowledge.recipes.recipes.first { $0.id == "ukrainian-borscht" })
        let german = translations.translating(borscht, to: .german)
        XCTAssertEqual(german.id, borscht.id)
        XCTAssertEqual(german.ingredients.map(\.name), borscht.ingredients.map(\.name), "ingredient names stay canonical")
        XCTAssertNotEqual(german.title, borscht.title)
        XCTAssertEqual(german.steps.count, borscht.steps.count)
        XCTAssertTrue(german.ingredients.allSatisfy { $0.displayName?.isEmpty == false })
        let english = translations.translating(borscht, to: .english)
        XCTAssertEqual(english.title, borscht.title)
        XCTAssertEqual(english.steps, borscht.steps)
    }

    func testShoppingListAmountsAndTitlesFollowTheLanguage() throws {
        let translations = try KitchenTranslations.bundled()
        XCTAssertEqual(translations.amount("2 cloves", in: .german), "2 Zehen")
        XCTAssertEqual(translations.amount("2 cloves", in: .ukrainian), "2 зубчики")
        XCTAssertEqual(translations.amount("1 clove + 5 cloves", in: .ukrainian), "1 зубчик + 5 зубчиків")
        XCTAssertEqual(translations.amount("0.5 l", in: .german), "0,5 l")
        XCTAssertEqual(translations.amount("1500 g", in: .german), "1.500 g")
        XCTAssertEqual(translations.amount("3", in: .german), "3")
        XCTAssertEqual(translations.amount("2 cloves", in: .english), "2 cloves")
        // What the user typed stays as typed.
        XCTAssertEqual(translations.amount("a big one", in: .german), "a big one")
        XCTAssertEqual(translations.amount("2 boxes", in: .german), "2 boxes")
        XCTAssertEqual(translations.recipeTitle(id: "ukrainian-borscht", in: .ukrainian), "Український борщ")
        XCTAssertNil(translations.recipeTitle(id: "no-such-recipe", in: .german))
        XCTAssertNil(translations.recipeTitle(id: "ukrainian-borscht", in: .english))
    }

    func testNumbersAndPercentagesFollowTheLanguage() {
        XCTAssertEqual(Language.english.percent(0.873), "87.3%")
        XCTAssertEqual(Language.german.percent(0.873), "87,3\u{00A0}%")
        XCTAssertEqual(Language.ukrainian.percent(0.873), "87,3%")
        XCTAssertEqual(Language.german.percent(0.14, fractionDigits: 0), "14\u{00A0}%")
        XCTAssertEqual(Language.german.number(1234.5), "1.234,5")
    }

    func testAGuessSaysItIsOne() {
        XCTAssertEqual(GuessWording.notSure(maybe: "lab coat", confidence: 0.139, in: .english), "Not sure — maybe a lab coat (14%)?")
        XCTAssertEqual(GuessWording.notSure(maybe: "orange", confidence: 0.3, in: .english), "Not sure — maybe an orange (30%)?")
        XCTAssertEqual(GuessWording.notSure(maybe: "sunglasses", confidence: 0.3, in: .english), "Not sure — maybe sunglasses (30%)?")
        XCTAssertEqual(GuessWording.notSure(maybe: "Laborkittel", confidence: 0.139, in: .german), "Nicht sicher – vielleicht Laborkittel (14\u{00A0}%)?")
        XCTAssertTrue(GuessWording.notSure(maybe: "халат", confidence: 0.139, in: .ukrainian).contains("халат (14%)"))
    }
}
