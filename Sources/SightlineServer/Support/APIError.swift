// APIError: an error answer of the web API — a status and `{"error": {"code", "message"}}` —
// and the mapping of the lower layers' errors (unreadable photo, missing model, no consent, a
// database that cannot be reached, …) to the status and code that fit them, with messages that
// name files by their name only and never pass on an unexpected error's text.
import Foundation
public import HTTPTypes
public import Hummingbird
import NIOHTTP1
import SightlineApps
import SightlineEngine
import SightlineImaging
package import SightlinePresentation
import SightlineStore
import SightlineVision

public struct APIError: Error, Sendable, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONResponse.make(json, status: status, headers: headers)
    }

    /// `{"error": {"code", "message"}}`
    package var json: APIErrorJSON {
        APIErrorJSON(code: code, message: message)
    }

    /// `json` as text, for the places that write it outside a route (channel handlers, the live
    /// socket). Two strings always encode; the literal only keeps the shape should that change.
    package var body: String {
        (try? json.jsonText()) ?? #"{"error": {"code": "internal", "message": "The error could not be written."}}"#
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, code: "bad_request", message: message) }

    static func notFound(_ message: String) -> APIError { APIError(.notFound, code: "not_found", message: message) }

    static func invalid(_ message: String) -> APIError { APIError(.unprocessableContent, code: "invalid", message: message) }

    static func busy(retryAfterSeconds: Int) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfterSeconds)
        return APIError(.serviceUnavailable, code: "busy",
                        message: "Sightline is busy with other photos; try again in \(retryAfterSeconds) s.", headers: headers)
    }

    /// 503 `storage_unavailable` with `Retry-After`: the database is locked by another
    /// connection for longer than the store waits, or cannot be read or written just now.
    static func storageUnavailable(_ message: String) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "5"
        return APIError(.serviceUnavailable, code: "storage_unavailable", message: message, headers: headers)
    }

    /// `error` as the API answers it: its own status for an APIError or Hummingbird's HTTPError,
    /// a fitting one for the app layers' errors, 500 for anything else. File paths in the
    /// message are cut to the file's name, so no answer says where the data directory is.
    package static func from(_ error: any Error) -> APIError {
        var answer = mapped(error)
        answer.message = ErrorPaths.removed(from: answer.message, of: error)
        return answer
    }

    private static func mapped(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as HTTPError:
            return APIError(error.status, code: code(for: error.status), message: error.body ?? error.status.reasonPhrase)
        case let error as ImagingError:
            return photoError(error)
        case let error as ClassificationError:
            switch error {
            case .unreadableImage(_, let reason): return photoError(reason)
            case .unusableModel(let model, _, .exceedsLoadingLimit(let limit, let value, let maximum)):
                return modelTooLarge(model, limit: limit, value: value, maximum: maximum)
            case .notAClassifier: return invalid(error.description)
            default: return APIError(.internalServerError, code: "model_failed", message: error.description)
            }
        case let error as ObjectDetectionError:
            switch error {
            case .unreadableImage(_, let reason): return photoError(reason)
            case .unusableModel(let model, _, .exceedsLoadingLimit(let limit, let value, let maximum)):
                return modelTooLarge(model, limit: limit, value: value, maximum: maximum)
            case .notADetector, .unsupportedModel: return invalid(error.description)
            default: return APIError(.internalServerError, code: "model_failed", message: error.description)
            }
        case let error as SpoonacularError:
            switch error {
            case .missingAPIKey: return invalid(error.description)
            case .notFound: return notFound(error.description)
            default: return APIError(.badGateway, code: "recipe_service", message: error.description)
            }
        case let error as FaceDetectionError:
            if case .unreadableImage(_, let reason) = error { return photoError(reason) }
            if case .unusableModel(let model, _, .exceedsLoadingLimit(let limit, let value, let maximum)) = error {
                return modelTooLarge(model, limit: limit, value: value, maximum: maximum)
            }
            return APIError(.internalServerError, code: "model_failed", message: error.description)
        case let error as WasteGuardError:
            switch error {
            case .consentRequired: return APIError(.forbidden, code: "consent_required", message: error.description)
            case .noModelInstalled: return APIError(.notFound, code: "model_not_installed", message: error.description)
            case .unknownMunicipality: return invalid(error.description)
            case .unreadableImage(_, let reason): return unreadableImage(reason)
            case .incompatibleModel: return APIError(.internalServerError, code: "model_failed", message: error.description)
            }
        case let error as AppModelError:
            return APIError(.notFound, code: "model_not_installed", message: error.description)
        case let error as ModelStoreError:
            if case .notInstalled = error { return APIError(.notFound, code: "model_not_installed", message: error.description) }
            return APIError(.internalServerError, code: "model_store", message: error.description)
        case let error as CatScannerError:
            return notFound(error.description)
        case let error as PhotoLibraryError:
            switch error {
            case .unknownPhoto: return notFound(error.description)
            case .noFeaturePrint, .noFeaturePrints: return APIError(.conflict, code: "not_analysed", message: error.description)
            case .fileUnavailable: return APIError(.gone, code: "photo_unavailable", message: error.description)
            }
        case let error as KitchenError:
            switch error {
            case .unknownRecipe: return notFound(error.description)
            case .noIngredients: return invalid(error.description)
            case .onlineRecipeNeedsAPIKey: return notFound(error.description)
            }
        case let error as BreedFilterError:
            return invalid(error.description)
        case let error as StoreError:
            switch error {
            case .databaseFailure, .cannotOpen, .cannotConnect: return storageUnavailable(error.description)
            case .invalidValue: return invalid(error.description)
            default: return APIError(.internalServerError, code: "storage", message: error.description)
            }
        case let error as DecodingError:
            return APIError(.badRequest, code: "bad_json", message: "The JSON body does not fit: \(JSONBody.describe(error))")
        case let error as HTTPParserError:
            var headers = HTTPFields()
            headers[.connection] = "close"
            return APIError(.badRequest, code: "bad_request",
                            message: "The request is not valid HTTP/1.1 (\(error)); the connection is closed.", headers: headers)
        default:
            return APIError(.internalServerError, code: "internal",
                            message: "Sightline could not answer this request because of an unexpected error; the server's log has the details.")
        }
    }

    /// A photo that cannot be used: 413 naming the pixel limit when it has too many pixels, 422
    /// when one side is far longer than the other, otherwise 400 saying what is wrong with the bytes.
    static func photoError(_ error: ImagingError) -> APIError {
        if case .tooManyPixels = error {
            return APIError(.contentTooLarge, code: "too_large", message: error.description)
        }
        if case .extremeAspectRatio = error { return invalid(error.description) }
        return unreadableImage(error.description)
    }

    /// 422 `invalid` for a model bigger than the server's model limits (`--max-model-mb`,
    /// `--max-model-nodes`), naming the limit.
    static func modelTooLarge(_ model: String, limit: String, value: Int, maximum: Int) -> APIError {
        let found = limit == "maximumNodeCount"
            ? "its graph has \(value) nodes, more than the limit of \(maximum) (--max-model-nodes)"
            : "its file is \(value) bytes, more than the limit of \(maximum) bytes (--max-model-mb)"
        return invalid("The model '\(model)' is too large for this server: \(found). "
            + "Start `sightline serve` with a higher limit to use it.")
    }

    private static func unreadableImage(_ message: String) -> APIError {
        APIError(.badRequest, code: "unreadable_image", message: message)
    }

    private static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "token_required"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 408: "timeout"
        case 413: "too_large"
        case 415: "unsupported_media_type"
        case 422: "invalid"
        case 503: "busy"
        default: status.code >= 500 ? "internal" : "bad_request"
        }
    }
}
