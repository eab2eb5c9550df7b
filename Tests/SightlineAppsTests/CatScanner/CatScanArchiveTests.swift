// CatScanArchiveTests: the Cat Scanner's history and favourites on a real SQLite file — scans
// saved with the photo shrunk and JPEG-compressed, listed newest first, deleted one by one or
// all at once; favourite breeds resolved through the encyclopaedia.
import Foundation
import SightlineApps
import SightlineImaging
import SightlineStore
import SightlineVision
import XCTest

final class CatScanArchiveTests: XCTestCase {
    private func result(_ best: String, catConfidence: Double) -> CatScanResult {
        CatScanResult(catConfidence: catConfidence, breedObservations: [
            ClassificationObservation(index: 0, label: best, confidence: 0.7),
            ClassificationObservation(index: 1, label: "Korat", confidence: 0.2),
            ClassificationObservation(index: 2, label: "Bombay", confidence: 0.1),
        ])
    }

    func testScansAreSavedCompressedAndListedNewestFirst() throws {
        let archive = CatScanArchive(store: try TestEnvironment.store(for: self))
        let bigPhoto = try SyntheticPhoto.data(width: 2400, height: 1200, format: "png")
        let first = try archive.save(result("Bengal", catConfidence: 0.9), photo: bigPhoto,
                                     at: Date(timeIntervalSinceReferenceDate: 1000))
        let second = try archive.save(result("Persian", catConfidence: 0.2), photo: SyntheticPhoto.data(width: 300, height: 200),
                                      at: Date(timeIntervalSinceReferenceDate: 2000))

        let entries = try archive.entries()
        XCTAssertEqual(entries.map(\.id), [second.id, first.id].compactMap { $0 })
        XCTAssertEqual(entries[0].message, "I don't think this is a cat but if it was it would be:")
        XCTAssertEqual(entries[1].breeds.map(\.displayText), ["Bengal: 70.0%", "Korat: 20.0%", "Bombay: 10.0%"])
        XCTAssertEqual(entries[1].createdAt, Date(timeIntervalSinceReferenceDate: 1000))

        let id = try XCTUnwrap(first.id)
        let photo = try XCTUnwrap(try archive.photo(id: id))
        let thumbnail = try XCTUnwrap(try archive.thumbnail(id: id))
        XCTAssertEqual(ImageFormat.detect(in: photo), .jpeg)
        XCTAssertEqual(try ImageDecoder.decode(data: photo).size, ImageSize(width: 1600, height: 800))
        XCTAssertEqual(try ImageDecoder.decode(data: thumbnail).size, ImageSize(width: 256, height: 128))
        let smallID = try XCTUnwrap(second.id)
        XCTAssertEqual(try ImageDecoder.decode(data: XCTUnwrap(archive.photo(id: smallID))).size,
                       ImageSize(width: 300, height: 200))

        XCTAssertTrue(try archive.delete(id: id))
        XCTAssertFalse(try archive.delete(id: id))
        XCTAssertNil(try archive.photo(id: id))
        XCTAssertEqual(try archive.entries().map(\.id), [smallID])
        XCTAssertEqual(try archive.deleteAll(), 1)
        XCTAssertEqual(try archive.count(), 0)
    }

    func testAPhotoThatIsNotAnImageIsNotSaved() throws {
        let archive = CatScanArchive(store: try TestEnvironment.store(for: self))
        XCTAssertThrowsError(try archive.save(result("Bengal", catConfidence: 0.9), photo: Data("not a photo".utf8)))
        XCTAssertEqual(try archive.count(), 0)
    }

    func testShrinkingKeepsTheAspectRatio() {
        let tall = RGBImage(width: 300, height: 1000, color: RGBColor(red: 1, green: 2, blue: 3))
        XCTAssertEqual(ScanPhotoCompressor.shrunk(tall, maxSide: 256).size, ImageSize(width: 77, height: 256))
        XCTAssertEqual(ScanPhotoCompressor.shrunk(tall, maxSide: 2000).size, tall.size)
    }

    func testFavouriteBreedsRoundTripThroughTheStore() throws {
        let store = try TestEnvironment.store(for: self)
        let favourites = BreedFavourites(store: store, encyclopaedia: try BreedEncyclopaedia.bundled())
        XCTAssertEqual(try favourites.add("wegie", at: Date(timeIntervalSinceReferenceDate: 1)).breed.name, "Norwegian Forest Cat")
        XCTAssertTrue(try favourites.add("korat", at: Date(timeIntervalSinceReferenceDate: 2)).added)
        XCTAssertFalse(try favourites.add("Korat").added)
        XCTAssertThrowsError(try favourites.add("Garfield")) { error in
            XCTAssertEqual(error as? CatScannerError, .unknownBreed(name: "Garfield", suggestions: []))
        }
        XCTAssertEqual(try favourites.list().map(\.name), ["Korat", "Norwegian Forest Cat"])
        XCTAssertEqual(try store.favourites.list(kind: .breed).map(\.key), ["Korat", "Norwegian Forest Cat"])
        XCTAssertTrue(try favourites.remove("Norwegian forest cat"))
        XCTAssertFalse(try favourites.remove("Norwegian Forest Cat"))
        XCTAssertEqual(try favourites.names(), ["Korat"])
    }
}
