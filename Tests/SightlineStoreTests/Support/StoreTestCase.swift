// StoreTestCase: the base of the store tests — a fresh folder under the temporary directory
// per test, opened as a real `Store` on disk and removed afterwards, and helpers to read the
// database file's bytes.
import Foundation
import SightlineStore
import XCTest

class StoreTestCase: XCTestCase {
    /// The data directory of this test (a test may point it at a folder inside `root`).
    var directory: URL!
    /// The folder created for this test, removed with everything in it afterwards.
    private var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("SightlineStoreTests-\(UUID().uuidString)", isDirectory: true)
        directory = root
    }

    override func tearDownWithError() throws {
        if let root, FileManager.default.fileExists(atPath: root.path) {
            try FileManager.default.removeItem(at: root)
        }
        try super.tearDownWithError()
    }

    /// Opens (creating when needed) the store in this test's directory.
    func openStore() throws -> SQLiteStore {
        try SQLiteStore(directory: directory)
    }

    var databaseURL: URL { directory.appendingPathComponent(SQLiteStore.fileName) }
    var logURL: URL { directory.appendingPathComponent(SQLiteStore.fileName + "-wal") }

    /// The bytes of a file, or empty when it does not exist. Only call this while no store is
    /// open on the file: closing a descriptor of the database file drops SQLite's locks on it.
    func bytes(of url: URL) throws -> Data {
        FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : Data()
    }
}

/// Reproducible, incompressible bytes that are unlikely to appear anywhere else in a database
/// file: a stand-in for the bytes of a photo.
func distinctiveBytes(count: Int, seed: UInt64) -> Data {
    var state = seed
    var bytes = Data(capacity: count)
    while bytes.count < count {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        withUnsafeBytes(of: z.littleEndian) { bytes.append(contentsOf: $0.prefix(count - bytes.count)) }
    }
    return bytes
}

/// A capture with distinctive image and thumbnail bytes.
func sampleCapture(label: String = "tabby, tabby cat", categoryID: String = "animals-cats",
                   createdAt: Date = Date(), seed: UInt64 = 1, imageSize: Int = 2_000) -> RecognitionCapture {
    RecognitionCapture(
        createdAt: createdAt, label: label, classIndex: 281, confidence: 0.873,
        categoryID: categoryID, faceCount: nil,
        image: distinctiveBytes(count: imageSize, seed: seed),
        thumbnail: distinctiveBytes(count: imageSize / 10 + 1, seed: seed &+ 1_000_000))
}

/// A cat scan with distinctive photo and thumbnail bytes.
func sampleCatScan(createdAt: Date = Date(), seed: UInt64 = 7, photoSize: Int = 2_000) -> CatScan {
    CatScan(
        createdAt: createdAt, isCat: true, catConfidence: 0.991,
        message: "This cat shares the features of:",
        breeds: [CatBreedMatch(name: "Bengal", confidence: 0.6123456789),
                 CatBreedMatch(name: "Egyptian Mau", confidence: 0.25),
                 CatBreedMatch(name: "Abyssinian", confidence: 0.1)],
        photo: distinctiveBytes(count: photoSize, seed: seed),
        thumbnail: distinctiveBytes(count: photoSize / 10 + 1, seed: seed &+ 1_000_000))
}
