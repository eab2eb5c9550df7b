// TestEnvironment: what the app tests share — a temporary folder removed after the test, a real
// Store in it, the repository's sample photos and the installed models, lite0 and the apps' heads
// (`make test` installs them; see TestRequirement for a fresh clone without them).
import Foundation
import SightlineImaging
import SightlineStore
import SightlineTestSupport
import SightlineVision
import XCTest

enum TestEnvironment {
    /// A photo of `Samples/` (see Samples/LICENSES.md), decoded upright.
    static func samplePhoto(_ name: String) throws -> RGBImage {
        try ImageDecoder.decode(contentsOf: TestRepository.sample(name))
    }

    /// A new empty folder that is removed when `testCase` ends.
    static func temporaryDirectory(for testCase: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-apps-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A store on a real SQLite file in a temporary folder.
    static func store(for testCase: XCTestCase) throws -> SQLiteStore {
        try SQLiteStore(directory: temporaryDirectory(for: testCase))
    }

    /// The installed lite0 model.
    static func lite0() throws -> InstalledModel {
        try installedModel("lite0")
    }

    /// The installed model `name` (lite0, or an app head such as waste-organic); the test is
    /// skipped without it (failed under `make test`, see TestRequirement).
    static func installedModel(_ name: String) throws -> InstalledModel {
        try TestRequirement.installedModel(name)
    }
}
