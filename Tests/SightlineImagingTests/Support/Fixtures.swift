// Fixtures: locating the committed test images (see Fixtures/LICENSES.md) and reading them.
import Foundation
import XCTest

enum Fixtures {
    /// The copy of Tests/SightlineImagingTests/Fixtures that SwiftPM bundles with the tests.
    static let directory: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("The Fixtures folder is missing from the SightlineImagingTests bundle")
        }
        return url
    }()

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// The unmodified photos copied from ../shared/datasets.
    static let photos = [
        "photo-faces-2008_001322.jpg", "photo-faces-2008_001009.jpg", "photo-trashnet-glass21.jpg",
        "photo-grocery-tomato-001.jpg", "photo-grocery-carrot-011.jpg",
    ]
}
