// InstalledTestModel: the real EfficientNet-Lite0 that `make test` installs before running the
// tests, loaded once and shared by every test that classifies photos.
import Foundation
import SightlineEngine
import SightlineVision
import XCTest

enum InstalledTestModel {
    /// Lite0 from the data directory ($SIGHTLINE_HOME or ~/.local/share/sightline).
    static func lite0() throws -> InstalledModel {
        do {
            return try ModelStore().model("lite0")
        } catch {
            throw MissingModelError(
                "EfficientNet-Lite0 is not installed (\(error)). Run `make test` from the repository root: "
                + "it installs the models before running the tests.")
        }
    }

    private static let sharedClassifier = Result { try ImageClassifier(model: lite0(), options: SessionOptions(threads: 2)) }

    /// One classifier for all tests (loading compiles the model).
    static func classifier() throws -> ImageClassifier {
        try sharedClassifier.get()
    }
}

/// Fails a test that needs an installed model, saying how to install it.
struct MissingModelError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
