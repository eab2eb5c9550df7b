// SpoonacularError: why a request to Spoonacular failed — no key, key refused, quota used up,
// not found, rate limited, other status, no connection, an answer that is not Spoonacular's
// JSON — each saying what to do. Messages never contain the API key.
public import Foundation

/// Why the online recipe provider failed.
public enum SpoonacularError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// No API key was given.
    case missingAPIKey
    /// 401: the key was refused.
    case unauthorized(message: String?)
    /// 402: the plan's daily quota ("points") is used up.
    case quotaExceeded(message: String?)
    /// 404: no such recipe or endpoint.
    case notFound(path: String)
    /// 429: too many requests in a short time.
    case rateLimited
    /// Any other status that is not 2xx.
    case httpStatus(code: Int, path: String, message: String?)
    /// The server could not be reached or the connection failed.
    case transport(host: String, reason: String)
    /// The answer is not the JSON Spoonacular sends.
    case invalidResponse(path: String, reason: String)

    public var description: String {
        let offline = "Without Spoonacular, use the bundled recipes (`--source offline`)."
        switch self {
        case .missingAPIKey:
            return "No Spoonacular API key: set \(SpoonacularClient.apiKeyEnvironmentVariable) to use the online "
                + "recipes. \(offline)"
        case let .unauthorized(message):
            return "Spoonacular refused the API key (401\(Self.detail(message))). Check "
                + "\(SpoonacularClient.apiKeyEnvironmentVariable). \(offline)"
        case let .quotaExceeded(message):
            return "The Spoonacular API key's daily quota is used up (402\(Self.detail(message))). Try again "
                + "tomorrow. \(offline)"
        case let .notFound(path):
            return "Spoonacular has nothing at \(path) (404): the recipe id does not exist."
        case .rateLimited:
            return "Spoonacular is limiting requests (429 Too Many Requests); wait a minute and try again."
        case let .httpStatus(code, path, message):
            return "Spoonacular answered \(path) with HTTP status \(code)\(Self.detail(message)). "
                + "Try again later. \(offline)"
        case let .transport(host, reason):
            return "Cannot reach Spoonacular at \(host): \(reason). Check the network connection"
                + " (or \(SpoonacularClient.baseURLEnvironmentVariable)). \(offline)"
        case let .invalidResponse(path, reason):
            return "Spoonacular's answer to \(path) is not the JSON it should send: \(reason)."
        }
    }

    public var errorDescription: String? { description }

    private static func detail(_ message: String?) -> String {
        guard let message, !message.isEmpty else { return "" }
        return ": \(message)"
    }
}
