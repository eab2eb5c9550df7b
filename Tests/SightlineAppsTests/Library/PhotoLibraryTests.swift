// PhotoLibraryTests: "similar photos" over a real index — lite0's feature prints of the sample
// photos recorded in a real SQLite file, then the nearest photos to one of them (itself left
// out, an exact copy of it first) and to a photo brought along; the errors for an unknown
// photo, a photo without a print and a library without prints of the model; and search by a
// word in German or Ukrainian over photos the index labelled in English.
import Foundation
import SightlineApps
import SightlineStore
import SightlineTestSupport
import SightlineVision
import XCTest

final class PhotoLibraryTests: XCTestCase {
    private static let samples = ["cabbage.jpg", "cardboard-box.jpg", "glass-bottle.jpg", "green-bell-pepper.jpg", "zucchini.jpg"]

    /// The samples, and a copy of the cabbage under another name, recorded with lite0's prints;
    /// the ids by file.
    private func analysedLibrary() async throws -> (library: PhotoLibrary, ids: [String: Int64], extractor: FeaturePrintExtractor) {
        let extractor = try FeaturePrintExtractor(model: TestEnvironment.lite0())
        let index = try TestEnvironment.store(for: self).photoIndex
        let files = Self.samples.map { TestRepository.sample($0).path } + ["/copies/cabbage-again.jpg"]
        try index.add(files.map { IndexedFile(path: $0, size: 1, modifiedAt: Date(), contentHash: Data(count: 32)) })
        let jobs = try index.claim(count: files.count, worker: "test", lease: 60)
        var ids: [String: Int64] = [:]
        for job in jobs {
            let source = job.path.hasPrefix("/copies/") ? TestRepository.sample("cabbage.jpg") : URL(fileURLWithPath: job.path)
            let print = try extractor.featurePrint(imageAt: source)
            try index.record(PhotoFindings(featurePrint: ("lite0", print.values)), for: job, worker: "test")
            ids[URL(fileURLWithPath: job.path).lastPathComponent] = job.id
        }
        return (PhotoLibrary(index: index), ids, extractor)
    }

    func testTheNearestPhotosToAnIndexedPhotoLeaveItOut() async throws {
        let (library, ids, _) = try await analysedLibrary()
        let cabbage = try XCTUnwrap(ids["cabbage.jpg"])
        let (model, photos) = try await library.similar(toPhoto: cabbage, top: 3)
        XCTAssertEqual(model, "lite0")
        XCTAssertEqual(photos.count, 3)
        XCTAssertFalse(photos.contains { $0.photoID == cabbage }, "the query itself is left out")
        XCTAssertEqual(photos[0].photoID, ids["cabbage-again.jpg"], "the same picture under another name is nearest")
        XCTAssertEqual(photos[0].distance, 0, accuracy: 1e-5)
        XCTAssertGreaterThan(photos[1].distance, 0.2, "another photo is clearly further")
        XCTAssertEqual(photos.map(\.distance), photos.map(\.distance).sorted(), "nearest first")
    }

    func testAPhotoBroughtAlongFindsItsCopyFirst() async throws {
        let (library, ids, extractor) = try await analysedLibrary()
        let query = try extractor.featurePrint(imageAt: TestRepository.sample("glass-bottle.jpg"))
        let photos = try await library.similar(to: query, model: "lite0", top: 10)
        XCTAssertEqual(photos.count, 6, "every analysed photo, at most top")
        XCTAssertEqual(photos.first?.photoID, ids["glass-bottle.jpg"])
        let excluded = try await library.similar(to: query, model: "lite0", top: 10,
                                                  excludingPath: TestRepository.sample("glass-bottle.jpg").path)
        XCTAssertEqual(excluded.count, 5)
        XCTAssertNotEqual(excluded.first?.photoID, ids["glass-bottle.jpg"])
    }

    func testWhatCannotBeComparedIsSaid() async throws {
        let (library, _, extractor) = try await analysedLibrary()
        do {
            _ = try await library.similar(toPhoto: 999, top: 3)
            XCTFail("an unknown photo")
        } catch {
            XCTAssertEqual(error as? PhotoLibraryError, .unknownPhoto(id: 999))
        }
        let query = try extractor.featurePrint(imageAt: TestRepository.sample("zucchini.jpg"))
        do {
            _ = try await library.similar(to: query, model: "lite2", top: 3)
            XCTFail("no prints of lite2")
        } catch {
            XCTAssertEqual(error as? PhotoLibraryError, .noFeaturePrints(model: "lite2"))
            XCTAssertFalse("\(error)".contains("sightline"), "the text names no command: \(error)")
        }
        let index = library.index
        try await index.add([IndexedFile(path: "/new.jpg", size: 1, modifiedAt: Date(), contentHash: Data(count: 32))], now: Date())
        let job = try await index.claim(count: 1, worker: "w", lease: 60, now: Date())[0]
        try await index.record(PhotoFindings(labels: [.init(label: "zucchini", category: nil, confidence: 0.9)]), for: job, worker: "w", now: Date())
        do {
            _ = try await library.similar(toPhoto: job.id, top: 3)
            XCTFail("a photo classified but not printed")
        } catch {
            XCTAssertEqual(error as? PhotoLibraryError, .noFeaturePrint(id: job.id))
        }
    }

    func testAWordInTheUsersLanguageFindsWhatTheIndexLabelledInEnglish() async throws {
        let categories = try ObjectCategories.bundled()
        let index = try TestEnvironment.store(for: self).photoIndex
        // Photos labelled as the recognizer labels them: the label and its category id.
        let photos = ["cat.jpg": 281, "pizza.jpg": 963, "tandem.jpg": 444, "monkey.jpg": 370]
        try index.add(photos.keys.sorted().map { IndexedFile(path: "/photos/\($0)", size: 1, modifiedAt: Date(), contentHash: Data(count: 32)) })
        for job in try index.claim(count: photos.count, worker: "test", lease: 60) {
            let classIndex = try XCTUnwrap(photos[URL(fileURLWithPath: job.path).lastPathComponent])
            let label = PhotoFindings.Label(label: categories.classLabels[classIndex], category: categories.category(ofClass: classIndex)?.id,
                                            confidence: 0.8)
            try index.record(PhotoFindings(labels: [label]), for: job, worker: "test")
        }
        let library = PhotoLibrary(index: index)
        func found(_ text: String, _ language: Language) async throws -> [String] {
            try await library.search(text, in: language, categories: categories, limit: 10).map { URL(fileURLWithPath: $0.path).lastPathComponent }.sorted()
        }
        let katze = try await found("katze", .german)
        XCTAssertEqual(katze, ["cat.jpg", "monkey.jpg"], "Tabby-Katze, and Meerkatze (a guenon) as part of a word")
        let fahrrad = try await found("Fahrrad", .german)
        XCTAssertEqual(fahrrad, ["tandem.jpg"])
        let essen = try await found("Essen", .german)
        XCTAssertEqual(essen, ["pizza.jpg"], "by the category's German name (Essen und Trinken)")
        let pizza = try await found("піца", .ukrainian)
        XCTAssertEqual(pizza, ["pizza.jpg"])
        let food = try await found("ЇЖА", .ukrainian)
        XCTAssertEqual(food, ["pizza.jpg"], "a category's Ukrainian name, in any case")
        let english = try await found("cat", .german)
        XCTAssertEqual(english, ["cat.jpg"], "the English label still matches in another language")
        let drink = try await found("drink", .english)
        XCTAssertEqual(drink, ["pizza.jpg"], "by the category's English name, not only its id")
        let katzeInEnglish = try await found("Katze", .english)
        XCTAssertEqual(katzeInEnglish, [], "a German word in an English search finds nothing")
        let beetles = categories.names(containing: "käfer", in: .german).labels
        XCTAssertEqual(beetles.count, 9, "eight beetles and the chiton (Käferschnecke)")
        XCTAssertEqual(categories.names(containing: "KAFER", in: .german).labels, beetles, "case and accents are ignored")
    }
}
