// SpoonacularClient: the two Spoonacular endpoints the original Kitchen app used —
// `GET /recipes/findByIngredients` and `GET /recipes/{id}/information` — over URLSession, with
// the key in the `x-api-key` header, query values percent-encoded exactly once, lenient
// decoding and errors by status. The base URL is configurable (tests use a loopback server).
public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client of Spoonacular's recipe API.
public struct SpoonacularClient: Sendable {
    /// The environment variable holding the API key.
    public static let apiKeyEnvironmentVariable = "SPOONACULAR_API_KEY"
    /// The environment variable that overrides the base URL.
    public static let baseURLEnvironmentVariable = "SPOONACULAR_BASE_URL"
    public static let defaultBaseURL = URL(string: "https://api.spoonacular.com")!

    public let apiKey: String
    /// Requests go to `baseURL` + "/recipes/…"; a path in it is kept.
    public let baseURL: URL
    /// Seconds a request may take.
    public let timeout: TimeInterval
    private let session: URLSession

    public init(apiKey: String, baseURL: URL = SpoonacularClient.defaultBaseURL, timeout: TimeInterval = 20) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    /// A client configured by `SPOONACULAR_API_KEY` and optionally `SPOONACULAR_BASE_URL`, or
    /// nil when no key is set.
    ///
    /// - Throws: `SpoonacularError.transport` when the base URL is not an http(s) URL.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> SpoonacularClient? {
        guard let key = environment[apiKeyEnvironmentVariable]?.trimmingCharacters(in: .whitespaces), !key.isEmpty else {
            return nil
        }
        guard let base = environment[baseURLEnvironmentVariable], !base.isEmpty else {
            return SpoonacularClient(apiKey: key)
        }
        guard let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw SpoonacularError.transport(host: base, reason: "\(baseURLEnvironmentVariable) is not an http(s) URL")
        }
        return SpoonacularClient(apiKey: key, baseURL: url)
    }

    /// Recipes using the ingredients, `GET /recipes/findByIngredients?ingredients=a,b&number=N&ranking=R&ignorePantry=B`.
    public func findByIngredients(_ ingredients: [String], number: Int, ranking: RecipeRanking,
                                  ignorePantry: Bool) async throws -> [SpoonacularFoundRecipe] {
        try await get("/recipes/findByIngredients", query: [
            ("ingredients", ingredients.joined(separator: ",")),
            ("number", String(number)),
            ("ranking", String(ranking.spoonacularValue)),
            ("ignorePantry", ignorePantry ? "true" : "false"),
        ])
    }

    /// One recipe's details, `GET /recipes/{id}/information?includeNutrition=false`.
    public func recipeInformation(id: Int) async throws -> SpoonacularRecipeInformation {
        try await get("/recipes/\(id)/information", query: [("includeNutrition", "false")])
    }

    /// The URL of `path` with `query` appended, each name and value percent-encoded once: every
    /// byte outside A–Z a–z 0–9 - . _ ~ becomes %XX, so "bell pepper,egg" is sent as
    /// "bell%20pepper%2Cegg" and the server decodes it back exactly.
    public func url(path: String, query: [(String, String)]) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let encoded = query.map { Self.percentEncoded($0.0) + "=" + Self.percentEncoded($0.1) }.joined(separator: "&")
        guard let url = URL(string: base + path + (encoded.isEmpty ? "" : "?" + encoded)) else {
            preconditionFailure("a percent-encoded query on a valid base URL is a valid URL: \(base)\(path)")
        }
        return url
    }

    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "a") ... UInt8(ascii: "z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    private func get<Response: Decodable>(_ path: String, query: [(String, String)]) async throws -> Response {
        var request = URLRequest(url: url(path: path, query: query), timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue(apiKey, forHTTPHeaderField: "x-api-key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw SpoonacularError.transport(host: baseURL.host ?? baseURL.absoluteString,
                                             reason: Self.transportReason(error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw SpoonacularError.invalidResponse(path: path, reason: "the answer is not HTTP")
        }
        guard (200 ..< 300).contains(http.statusCode) else {
            let message = Self.errorMessage(in: data)
            switch http.statusCode {
            case 401: throw SpoonacularError.unauthorized(message: message)
            case 402: throw SpoonacularError.quotaExceeded(message: message)
            case 404: throw SpoonacularError.notFound(path: path)
            case 429: throw SpoonacularError.rateLimited
            default: throw SpoonacularError.httpStatus(code: http.statusCode, path: path, message: message)
            }
        }
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            let expected = Response.self is [SpoonacularFoundRecipe].Type ? "a JSON array of recipes" : "a JSON object"
            throw SpoonacularError.invalidResponse(path: path, reason: "expected \(expected) (\(data.count) bytes received)")
        }
    }

    /// Spoonacular's error bodies are {"status": "failure", "code": 402, "message": "…"}.
    private static func errorMessage(in data: Data) -> String? {
        struct ErrorBody: Decodable { var message: String? }
        return (try? JSONDecoder().decode(ErrorBody.self, from: data))?.message
    }

    private static func transportReason(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "the request timed out"
            case .cannotConnectToHost: return "the connection was refused"
            case .cannotFindHost, .dnsLookupFailed: return "the host name cannot be resolved"
            case .notConnectedToInternet: return "there is no network connection"
            default: break
            }
        }
        return error.localizedDescription
    }
}
