// TestRepository: the repository checkout the tests run in — the one place they find its root,
// for the sample photos, the data files and the reference scripts.
public import Foundation

public enum TestRepository {
    /// The repository root, found from this file's location (Tests/SightlineTestSupport/).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SightlineTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A file or folder of the repository, e.g. "Data/imagenet-classes.tsv".
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// A photo from Samples/ (see Samples/LICENSES.md).
    public static func sample(_ name: String) -> URL {
        url("Samples").appendingPathComponent(name)
    }
}
