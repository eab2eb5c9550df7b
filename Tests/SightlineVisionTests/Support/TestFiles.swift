// TestFiles: where the tests find their inputs — the repository's sample photos and data
// files, this target's fixtures, and scratch folders that are removed after each test.
import Foundation
import XCTest

enum TestFiles {
    /// The repository root, found from this file's location (Tests/SightlineVisionTests/Support/).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // SightlineVisionTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A photo from the repository's Samples/ folder (see Samples/LICENSES.md).
    static func sample(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Samples").appendingPathComponent(name)
    }

    /// A file from the repository (e.g. "Data/imagenet-classes.tsv").
    static func repository(_ path: String) -> URL {
        repositoryRoot.appendingPathComponent(path)
    }

    /// A file from this target's Fixtures/ (see Fixtures/LICENSES.md).
    static func fixture(_ name: String) -> URL {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("The Fixtures folder is missing from the SightlineVisionTests bundle")
        }
        return folder.appendingPathComponent(name)
    }
}

/// A fresh temporary folder, removed when the test that created it ends.
final class ScratchFolder {
    let url: URL

    init(testCase: XCTestCase) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-vision-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let url = self.url
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    }

    /// Writes `data` to `relativePath` (creating folders) and returns its URL.
    @discardableResult
    func write(_ data: Data, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }
}
