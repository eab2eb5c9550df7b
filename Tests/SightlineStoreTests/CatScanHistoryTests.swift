// CatScanHistoryTests: saving cat scans with their ordered top breeds, listing newest first
// without photos, fetching one, its photo, and deletes.
import Foundation
import SightlineStore
import XCTest

final class CatScanHistoryTests: StoreTestCase {
    func testAddAndFetchKeepsTheBreedsInOrderAndExactly() throws {
        let store = try openStore()
        let scan = sampleCatScan()
        let saved = try store.catScanHistory.add(scan)
        let id = try XCTUnwrap(saved.id)

        let entry = try XCTUnwrap(store.catScanHistory.entry(id: id))
        XCTAssertEqual(entry, CatScanSummary(id: id, createdAt: scan.createdAt, isCat: true, catConfidence: 0.991,
                                             message: "This cat shares the features of:", breeds: scan.breeds))
        XCTAssertEqual(entry.breeds.map(\.name), ["Bengal", "Egyptian Mau", "Abyssinian"])
        XCTAssertEqual(entry.breeds[0].confidence, 0.6123456789)
        XCTAssertEqual(try store.catScanHistory.photo(id: id), scan.photo)
        XCTAssertEqual(try store.catScanHistory.thumbnail(id: id), scan.thumbnail)
    }

    func testANotCatScanKeepsItsMessageAndBreeds() throws {
        let store = try openStore()
        var scan = sampleCatScan()
        scan.isCat = false
        scan.catConfidence = 0.03
        scan.message = "I don't think this is a cat but if it was it would be:"
        let saved = try store.catScanHistory.add(scan)
        let entry = try XCTUnwrap(store.catScanHistory.entry(id: saved.id!))
        XCTAssertFalse(entry.isCat)
        XCTAssertEqual(entry.message, scan.message)
        XCTAssertEqual(entry.breeds, scan.breeds)
    }

    func testListIsNewestFirstAndPages() throws {
        let store = try openStore()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let first = try store.catScanHistory.add(sampleCatScan(createdAt: base, seed: 1))
        let third = try store.catScanHistory.add(sampleCatScan(createdAt: base + 20, seed: 3))
        let second = try store.catScanHistory.add(sampleCatScan(createdAt: base + 10, seed: 2))

        XCTAssertEqual(try store.catScanHistory.list().map(\.id), [third.id!, second.id!, first.id!])
        XCTAssertEqual(try store.catScanHistory.list(limit: 1, offset: 1).map(\.id), [second.id!])
        XCTAssertEqual(try store.catScanHistory.count(), 3)
    }

    func testDeleteOneAndAll() throws {
        let store = try openStore()
        let first = try store.catScanHistory.add(sampleCatScan(seed: 1))
        try store.catScanHistory.add(sampleCatScan(seed: 2))
        XCTAssertTrue(try store.catScanHistory.delete(id: first.id!))
        XCTAssertFalse(try store.catScanHistory.delete(id: first.id!))
        XCTAssertNil(try store.catScanHistory.entry(id: first.id!))
        XCTAssertNil(try store.catScanHistory.photo(id: first.id!))
        XCTAssertEqual(try store.catScanHistory.deleteAll(), 1)
        XCTAssertEqual(try store.catScanHistory.list(), [])
    }

    func testInvalidScansAreRefused() throws {
        let store = try openStore()
        var badBreed = sampleCatScan()
        badBreed.breeds.append(CatBreedMatch(name: "Korat", confidence: 2))
        var unnamed = sampleCatScan()
        unnamed.breeds[0].name = ""
        var badCat = sampleCatScan()
        badCat.catConfidence = -0.1
        var noPhoto = sampleCatScan()
        noPhoto.photo = Data()
        for scan in [badBreed, unnamed, badCat, noPhoto] {
            XCTAssertThrowsError(try store.catScanHistory.add(scan))
        }
        XCTAssertEqual(try store.catScanHistory.count(), 0)
    }
}
