// InstalledTestModel: the real EfficientNet-Lite0 that `make test` installs before running the
// tests, loaded once and shared by every test that classifies photos.
import Foundation
import SightlineEngine
import SightlineTestSupport
import SightlineVision
import XCTest

enum InstalledTestModel {
    /// Lite0 from the data directory ($SIGHTLINE_HOME or ~/.local/share/sightline).
    static func lite0() throws -> InstalledModel {
        try TestRequirement.installedModel("lite0")
    }

    private static let sharedClassifier = Result { try ImageClassifier(model: lite0(), options: InferenceOptions(threads: 2)) }

    /// One classifier for all tests (loading compiles the model).
    static func classifier() throws -> ImageClassifier {
        try sharedClassifier.get()
    }
}
