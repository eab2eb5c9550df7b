// CatScanArchiveTests: the Cat Scanner's history and favourites on a real SQLite file — scans
// saved with the photo shrunk and JPEG-compressed, listed newest first, deleted one by one or
// all at once; favourite breeds resolved through the encyclopaedia.
import Foundation
import SightlineApps
import SightlineImaging
import SightlineStore
import SightlineVision
import SightlineTestSupport
import XCTest

final class CatScanArchiveTests: XCTestCase {
    private func result(_ best: String, catConfidence: Double) -> CatScanResult {
        CatScanResult(catConfidence: catConfidence, breedObservations: [
            ClassificationObservation(index: 0, label: best, confidence: 0.7),
            ClassificationObservation(index: 1, label: "Korat", confidence: 0.2),
            ClassificationObservation(index: 2, label: "Bombay", confidence: 0.1),
        ])
    }

    func testScansAreSavedCompressedAndListedNewestFirst() async throws {
        let archive = CatScanArchive(store: try TestEnvironment.store(for: self))
        let bigPhoto = try SyntheticPhoto.data(width: 2400, height: 1200, format: "png")
        let first = try await archive.save(result("Bengal", catConfidence: 0.9), photo: bigPhoto,
                                     at: Date(timeIntervalSinceReferenceDate: 1000))
        let second = try await archive.save(result("Persian", catConfidence: 0.2), photo: SyntheticPhoto.data(width: 300, height: 200),
                                      at: Date(timeIntervalSinceReferenceDate: 2000))

        let entries = try await archive.entries()
        XCTAssertEqual(entries.map(\.id), [second.id, first.id].compactMap { $0 })
        XCTAssertEqual(entries[0].message, "I don't think this is a cat but if it was it would be:")
        XCTAssertEqual(entries[1].breeds.map(\.displayText), ["Bengal: 70.0%", "Korat: 20.0%", "Bombay: 10.0%"])
        XCTAssertEqual(entries[1].createdAt, Date(timeIntervalSinceReferenceDate: 1000))

        let id = try XCTUnwrap(first.id)
        let value1 = try await archive.photo(id: id)
        let photo = try XCTUnwrap(value1)
        let value2 = try await archive.thumbnail(id: id)
        let thumbnail = try XCTUnwrap(value2)
        XCTAssertEqual(ImageFormat.detect(in: photo), .jpeg)
        XCTAssertEqual(try ImageDecoder.decode(data: photo).size, ImageSize(width: 1600, height: 800))
        XCTAssertEqual(try ImageDecoder.decode(data: thumbnail).size, ImageSize(width: 256, height: 128))
        let smallID = try XCTUnwrap(second.id)
        let value3 = try await archive.photo(id: smallID)
        XCTAssertEqual(try ImageDecoder.decode(data: XCTUnwrap(value3)).size,
                       ImageSize(width: 300, height: 200))

        let value4 = try await archive.delete(id: id)
        XCTAssertTrue(value4)
        let value5 = try await archive.delete(id: id)
        XCTAssertFalse(value5)
        let value6 = try await archive.photo(id: id)
        XCTAssertNil(value6)
        let value7 = try await archive.entries().map(\.id)
        XCTAssertEqual(value7, [smallID])
        let value8 = try await archive.deleteAll()
        XCTAssertEqual(value8, 1)
        let value9 = try await archive.count()
        XCTAssertEqual(value9, 0)
    }

    func testAPhotoThatIsNotAnImageIsNotSaved() async throws {
        let archive = CatScanArchive(store: try TestEnvironment.store(for: self))
        await assertThrowsAsync(try await archive.save(result("Bengal", catConfidence: 0.9), photo: Data("not a photo".utf8)))
        let value2 = try await archive.count()
        XCTAssertEqual(value2, 0)
    }

    func testShrinkingKeepsTheAspectRatio() {
        let tall = RGBImage(width: 300, height: 1000, color: RGBColor(red: 1, green: 2, blue: 3))
        XCTAssertEqual(ScanPhotoCompressor.shrunk(tall, maxSide: 256).size, ImageSize(width: 77, height: 256))
        XCTAssertEqual(ScanPhotoCompressor.shrunk(tall, maxSide: 2000).size, tall.size)
    }

    func testFavouriteBreedsRoundTripThroughTheStore() async throws {
        let store = try TestEnvironment.store(for: self)
        let favourites = BreedFavourites(store: store, encyclopaedia: try BreedEncyclopaedia.bundled())
        let value1 = try await favourites.add("wegie", at: Date(timeIntervalSinceReferenceDate: 1)).breed.name
        XCTAssertEqual(value1, "Norwegian Forest Cat")
        let value2 = try await favourites.add("korat", at: Date(timeIntervalSinceReferenceDate: 2)).added
        XCTAssertTrue(value2)
        let value3 = try await favourites.add("Korat").added
        XCTAssertFalse(value3)
        await assertThrowsAsync(try await favourites.add("Garfield")) { error in
            XCTAssertEqual(error as? CatScannerError, .unknownBreed(name: "Garfield", suggestions: []))
        }
        let value5 = try await favourites.list().map(\.name)
        XCTAssertEqual(value5, ["Korat", "Norwegian Forest Cat"])
        XCTAssertEqual(try store.favourites.list(kind: .breed).map(\.key), ["Korat", "Norwegian Forest Cat"])
        let value6 = try await favourites.remove("Norwegian forest cat")
        XCTAssertTrue(value6)
        let value7 = try await favourites.remove("Norwegian Forest Cat")
        XCTAssertFalse(value7)
        let value8 = try await favourites.names()
        XCTAssertEqual(value8, ["Korat"])
    }
}
