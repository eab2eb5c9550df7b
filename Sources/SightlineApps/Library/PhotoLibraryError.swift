// PhotoLibraryError: why the photo library cannot answer — an id the index does not have, a
// photo or a whole library not analysed for similar photos, a photo whose file cannot be read
// any more. The texts name no command: the web page shows them as they are.
public import Foundation

public enum PhotoLibraryError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The index has no photo with this id.
    case unknownPhoto(id: Int64)
    /// The photo has no feature print (it was not analysed with the features task, or not yet).
    case noFeaturePrint(id: Int64)
    /// No analysed photo has a feature print made by `model`.
    case noFeaturePrints(model: String)
    /// The photo's file, at `path`, cannot be read or decoded now.
    case fileUnavailable(id: Int64, path: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownPhoto(id):
            return "The photo library has no photo #\(id)."
        case let .noFeaturePrint(id):
            return "Photo #\(id) has not been analysed for similar photos yet."
        case let .noFeaturePrints(model):
            return "No photo of the library has been analysed for similar photos with \(model) yet."
        case let .fileUnavailable(id, _, reason):
            return "The file of photo #\(id) cannot be shown: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
