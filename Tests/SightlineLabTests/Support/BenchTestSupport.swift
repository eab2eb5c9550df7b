// BenchTestSupport: what the lab's tests share — the repository they run in, the installed
// models, and scratch folders removed after each test.
import Foundation
import SightlineCommandSupport
@testable import SightlineLab
import SightlineTestSupport
import SightlineVision
import XCTest

enum BenchTestSupport {
    /// The repository, found from this file's location (Tests/SightlineLabTests/Support/).
    static let repository = Repository(root: TestRepository.root)

    /// An installed model from the data directory ($SIGHTLINE_HOME or ~/.local/share/sightline).
    static func installedModel(_ name: String) throws -> InstalledModel {
        try TestRequirement.installedModel(name)
    }
}

/// A fresh temporary folder, removed when the test that created it ends.
final class ScratchFolder {
    let url: URL

    init(testCase: XCTestCase) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let url = self.url
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    }
}
