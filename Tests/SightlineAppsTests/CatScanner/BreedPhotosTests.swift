// BreedPhotosTests: the bundled list of the encyclopaedia's pictures names real entries and
// dataset paths; installing from a datasets folder (built here from the real fixture photos, one
// of them enlarged past the limit) writes every picture shrunk to at most 512 px and attaches its
// credit to exactly those entries; a missing or broken photo installs nothing.
import Foundation
import SightlineApps
import SightlineImaging
import XCTest

final class BreedPhotosTests: XCTestCase {
    private var home: URL!
    private var datasets: URL!

    override func setUpWithError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("breed-photos-\(UUID().uuidString)")
        home = root.appendingPathComponent("home")
        datasets = root.appendingPathComponent("datasets")
        try FileManager.default.createDirectory(at: datasets, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home.deletingLastPathComponent())
    }

    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil), name))
    }

    /// Puts a photo at every listed path: the fixture's bytes, or `bytes(name)` where it gives some.
    private func fillDatasets(_ photos: BreedPhotos, bytes: (String) throws -> Data?) throws {
        for (name, source) in photos.sources {
            let url = datasets.appendingPathComponent(source.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (try bytes(name) ?? fixture("cabbages.jpg")).write(to: url)
        }
    }

    func testTheListNamesTheTwelveOxfordBreedsWithTheirCredit() throws {
        let photos = try BreedPhotos(dataDirectory: home)
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        XCTAssertEqual(photos.sources.keys.sorted(), ["Abyssinian", "Bengal", "Birman", "Bombay", "British Shorthair", "Egyptian Mau",
                                                      "Maine Coon", "Persian", "Ragdoll", "Russian Blue", "Siamese", "Sphynx"])
        for (name, source) in photos.sources {
            XCTAssertEqual(encyclopaedia.breed(named: name)?.name, name)
            XCTAssertTrue(source.path.hasPrefix("cat-breeds-oxford/\(name.replacingOccurrences(of: " ", with: "_"))/"), source.path)
            XCTAssertEqual(source.photo.licence, "CC BY-SA 4.0")
            XCTAssertTrue(source.photo.credit.contains("Oxford-IIIT Pet"), source.photo.credit)
        }
    }

    func testInstallsShrunkPicturesAndAttachesTheirCreditOnlyWhereOneIs() throws {
        let photos = try BreedPhotos(dataDirectory: home)
        let large = try ImageEncoder.jpegData(try ImageDecoder.decode(data: fixture("cabbages.jpg")).resized(width: 1200, height: 900))
        try fillDatasets(photos) { $0 == "Persian" ? large : nil }
        XCTAssertNil(photos.photo(for: "Persian"))

        XCTAssertEqual(try photos.install(from: datasets), 12)

        for name in photos.sources.keys {
            let image = try ImageDecoder.decode(data: try XCTUnwrap(photos.jpegData(for: name), name))
            XCTAssertLessThanOrEqual(max(image.width, image.height), BreedPhotos.longestSide, name)
        }
        let persian = try ImageDecoder.decode(data: try XCTUnwrap(photos.jpegData(for: "Persian")))
        XCTAssertEqual([persian.width, persian.height], [512, 384])

        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let entries = encyclopaedia.entries(matching: "", filter: BreedFilter(), recognisedLabels: nil, favourites: [])
            .map(photos.attaching(to:))
        XCTAssertEqual(entries.filter { $0.photo != nil }.map(\.breed.name).sorted(), photos.sources.keys.sorted())
        XCTAssertNil(photos.jpegData(for: "Calico"))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try XCTUnwrap(entries.first { $0.breed.name == "Bengal" })))
        let photo = try XCTUnwrap((json as? [String: Any])?["photo"] as? [String: String])
        XCTAssertEqual(photo["licence_url"], "https://creativecommons.org/licenses/by-sa/4.0/")
        let calico = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try XCTUnwrap(entries.first { $0.breed.name == "Calico" })))
        XCTAssertTrue((calico as? [String: Any])?["photo"] is NSNull)
    }

    func testAMissingPhotoInstallsNothing() throws {
        let photos = try BreedPhotos(dataDirectory: home)
        try fillDatasets(photos) { _ in nil }
        let siamese = datasets.appendingPathComponent(try XCTUnwrap(photos.sources["Siamese"]).path)
        try FileManager.default.removeItem(at: siamese)
        XCTAssertThrowsError(try photos.install(from: datasets)) { error in
            XCTAssertEqual(error as? BreedPhotoError, .missing(path: photos.sources["Siamese"]!.path))
            XCTAssertTrue("\(error)".contains("cat-breeds-oxford"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: photos.directory.path))
        XCTAssertNil(photos.photo(for: "Bengal"))
    }

    func testABrokenPhotoInstallsNothingAndKeepsWhatWasInstalled() throws {
        let photos = try BreedPhotos(dataDirectory: home)
        try fillDatasets(photos) { _ in nil }
        try photos.install(from: datasets)
        let before = try XCTUnwrap(photos.jpegData(for: "Bombay"))

        let good = try fixture("beer-bottle.jpg")
        try fillDatasets(photos) { name in
            name == "Ragdoll" ? Data("<html>not a photo</html>".utf8) : name == "Bombay" ? good : nil
        }
        XCTAssertThrowsError(try photos.install(from: datasets)) { error in
            guard case let .unreadable(path, _)? = error as? BreedPhotoError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, photos.sources["Ragdoll"]?.path)
        }
        XCTAssertEqual(photos.jpegData(for: "Bombay"), before)
        XCTAssertNotNil(photos.photo(for: "Ragdoll"))
    }
}
