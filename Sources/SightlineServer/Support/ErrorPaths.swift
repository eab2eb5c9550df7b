// ErrorPaths: the file and folder paths the lower layers' errors name (the models folder, a
// model's file or manifest, the database, a library photo's file), and an error's message
// with each cut to its last component — the CLI tells its user where a file is; the API never
// tells a client where the data directory is.
import Foundation
import SightlineApps
import SightlineEngine
import SightlineStore
import SightlineVision

enum ErrorPaths {
    /// `message` with every path `error` names replaced by its last component ("models",
    /// "model.onnx", "sightline.sqlite").
    static func removed(from message: String, of error: any Error) -> String {
        paths(in: error).filter { !$0.isEmpty }.sorted { $0.count > $1.count }.reduce(message) { text, path in
            text.replacingOccurrences(of: path, with: URL(fileURLWithPath: path).lastPathComponent)
        }
    }

    static func paths(in error: any Error) -> [String] {
        switch error {
        case let error as StoreError:
            switch error {
            case let .corrupt(path, _), let .newerVersion(path, _, _, _), let .cannotOpen(path, _),
                 let .databaseFailure(path, _):
                return [path]
            case .invalidValue, .cannotConnect: return []
            }
        case let error as ModelStoreError:
            switch error {
            case let .notInstalled(_, directory, _): return [directory]
            case let .modelFileNotFound(path), let .unreadableManifest(path, _), let .unreadableModelsDirectory(path, _),
                 let .unwritableManifest(path, _):
                return [path]
            case let .manifestMissing(modelPath, manifest): return [modelPath, manifest]
            case let .manifestDescribesAnotherFile(modelPath, manifestPath, _): return [modelPath, manifestPath]
            case .ambiguousReference, .unsupportedManifest: return []
            }
        case let error as AppModelError:
            if case let .notInstalled(_, _, directory, _) = error { return [directory] }
            return []
        case let error as WasteGuardError:
            if case let .noModelInstalled(directory) = error { return [directory] }
            return []
        case let error as ClassificationError:
            switch error {
            case let .unusableModel(_, path, reason): return [path] + paths(in: reason)
            case let .inferenceFailed(_, reason): return paths(in: reason)
            default: return []
            }
        case let error as ObjectDetectionError:
            switch error {
            case let .unusableModel(_, path, reason): return [path] + paths(in: reason)
            case let .unreadableLabels(path, _): return [path]
            default: return []
            }
        case let error as PhotoLibraryError:
            if case let .fileUnavailable(_, path, _) = error { return [path] }
            return []
        case let error as FaceDetectionError:
            if case let .unusableModel(_, path, reason) = error { return [path] + paths(in: reason) }
            return []
        case let error as EngineError:
            switch error {
            case let .unreadableFile(path, _), let .unwritableFile(path, _): return [path]
            default: return []
            }
        default:
            return []
        }
    }
}
