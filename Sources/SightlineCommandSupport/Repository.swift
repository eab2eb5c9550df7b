// Repository: finding the Sightline source checkout the running executable belongs to, which
// holds the apps' trained heads (Models/heads/), the set-up's scripts and the lab's references.
public import Foundation

/// The Sightline repository the running executable belongs to.
package struct Repository {
    /// Overrides where the repository is looked for.
    package static let environmentVariable = "SIGHTLINE_REPO"
    /// A file only the Sightline repository has, used to recognise it.
    package static let markerFile = "scripts/install_models.py"

    package let root: URL

    package init(root: URL) {
        self.root = root
    }

    /// `$SIGHTLINE_REPO` when set; otherwise the nearest folder above the running executable
    /// (e.g. `.build/release/sightline`) that contains `scripts/install_models.py`.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Repository {
        if let configured = environment[environmentVariable], !configured.isEmpty {
            let root = URL(fileURLWithPath: configured, isDirectory: true)
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(markerFile).path) else {
                throw CommandFailure("$\(environmentVariable) is \(configured), but that folder has no \(markerFile); "
                    + "point it at the Sightline repository.")
            }
            return Repository(root: root)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(markerFile).path) {
                return Repository(root: folder)
            }
            folder = folder.deletingLastPathComponent()
        }
        throw CommandFailure("Cannot find the Sightline repository: no folder above \(executable.path) contains "
            + "\(markerFile). Run the sightline built inside the repository, or set $\(environmentVariable) "
            + "to the repository's path.")
    }

    package func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}
