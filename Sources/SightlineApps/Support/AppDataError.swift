// AppDataError: a bundled knowledge file (categories, rules, breeds, recipes) is missing or
// malformed — a packaging bug, reported with the file and the problem.
public import Foundation

public enum AppDataError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case unreadable(file: String, reason: String)
    case malformed(file: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "The app data file \(file) cannot be read (\(reason)); the installation is incomplete — rebuild Sightline."
        case let .malformed(file, reason):
            return "The app data file \(file) is malformed: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}
