// TestRequirement: what a test needs that a fresh clone does not have — the installed models and
// the Python virtual environment with the references. `swift test` on a fresh clone skips the
// tests that need them, each with a one-line reason; `make test` sets SIGHTLINE_TESTS_REQUIRE_ALL=1
// (after installing both), so there a missing model or reference fails the test instead of
// skipping it.
import Foundation
public import SightlineVision
import XCTest

public enum TestRequirement {
    /// The environment variable that turns a missing requirement from a skip into a failure.
    public static let strictVariable = "SIGHTLINE_TESTS_REQUIRE_ALL"

    /// True when a missing requirement fails the test (`make test`).
    public static var isStrict: Bool {
        ProcessInfo.processInfo.environment[strictVariable] == "1"
    }

    /// Ends the test: skipped with `reason`, or failed when requirements are strict.
    public static func unavailable(_ reason: String) throws -> Never {
        if isStrict {
            throw MissingRequirement(description: reason + " (\(strictVariable)=1: this fails rather than skips)")
        }
        throw XCTSkip(reason)
    }

    /// The installed model `name` of the data directory ($SIGHTLINE_HOME or
    /// ~/.local/share/sightline), which `make models` installs.
    public static func installedModel(_ name: String, in store: ModelStore = ModelStore()) throws -> InstalledModel {
        do {
            return try store.model(name)
        } catch let error as ModelStoreError {
            guard case .notInstalled = error else { throw error }
            try unavailable("the model \(name) is not installed in \(store.modelsDirectory.path): run `make models`")
        }
    }

    /// Skips (or fails) unless every model of `names` is installed.
    public static func installedModels(_ names: String...) throws {
        try installedModels(names)
    }

    /// Skips (or fails) unless every model of `names` is installed.
    public static func installedModels(_ names: [String]) throws {
        for name in names { _ = try installedModel(name) }
    }

    /// Skips (or fails) unless the repository's .venv, which runs the Python references, exists.
    public static func pythonReferences() throws {
        guard FileManager.default.isExecutableFile(atPath: ReferencePython.interpreter.path) else {
            try unavailable("the Python virtual environment with the references is missing "
                + "(\(ReferencePython.interpreter.path)): run `make setup`")
        }
    }
}

/// A requirement that is missing where requirements are strict.
public struct MissingRequirement: Error, CustomStringConvertible {
    public let description: String
}
