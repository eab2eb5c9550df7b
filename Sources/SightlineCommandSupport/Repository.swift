// Repository: finding the Sightline source checkout, which holds the Python scripts that
// install models and run the ONNX Runtime references, and its virtual environment.
import Foundation

/// The Sightline repository the running executable belongs to.
struct Repository {
    /// Overrides where the repository is looked for.
    static let environmentVariable = "SIGHTLINE_REPO"
    /// A file only the Sightline repository has, used to recognise it.
    static let markerFile = "scripts/install_models.py"

    let root: URL

    /// `$SIGHTLINE_REPO` when set; otherwise the nearest folder above the running executable
    /// (e.g. `.build/release/sightline`) that contains `scripts/install_models.py`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Repository {
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

    func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The repository's Python interpreter (`.venv/bin/python`, created by `make setup`).
    func python() throws -> URL {
        let interpreter = url(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: interpreter.path) else {
            throw CommandFailure("The Python virtual environment is missing (\(interpreter.path)). "
                + "Run `make setup` in \(root.path) first: it creates .venv with the packages the scripts need.")
        }
        return interpreter
    }
}
