// DataHome: where Sightline keeps what it installs and saves — the models (Vision's ModelStore)
// and the apps' database (Store) — worked out in one place so the two always agree:
// `$SIGHTLINE_HOME`, or `~/.local/share/sightline` when it is unset or empty.
public import Foundation

public enum DataHome {
    /// The environment variable that overrides the data directory.
    public static let environmentVariable = "SIGHTLINE_HOME"

    /// The data directory for `environment` (the process's own by default).
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment[environmentVariable], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        let userHome = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return userHome.appendingPathComponent(".local/share/sightline", isDirectory: true)
    }
}
