// RequestValues: the query parameters the routes share, read and checked — `lang`, `top`,
// boolean flags, model names (installed names only, never paths) and numeric ids — with a
// 422 that names the parameter when one is wrong.
import Foundation
import Hummingbird
import SightlineApps

extension Request {
    /// `?lang=en|de|uk`, English when absent.
    func language() throws -> Language {
        guard let raw = uri.queryParameters.get("lang"), !raw.isEmpty else { return .english }
        guard let language = Language(rawValue: raw) else {
            throw APIError.invalid("lang must be en, de or uk, got \"\(raw)\".")
        }
        return language
    }

    /// An integer parameter within `range`, or `defaultValue` when absent.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let raw = uri.queryParameters.get(name), !raw.isEmpty else { return defaultValue }
        guard let value = Int(raw), range.contains(value) else {
            throw APIError.invalid("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(raw)\".")
        }
        return value
    }

    /// `true`/`false` (also 1/0, yes/no), or `defaultValue` when absent.
    func flag(_ name: String, default defaultValue: Bool) throws -> Bool {
        guard let raw = uri.queryParameters.get(name)?.lowercased(), !raw.isEmpty else { return defaultValue }
        switch raw {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw APIError.invalid("\(name) must be true or false, got \"\(raw)\".")
        }
    }

    /// A string parameter, nil when absent or empty. Read as a browser's form encoding sends it
    /// (`URLSearchParams`, an HTML form): '+' is a space, "%2B" a plus sign.
    func text(_ name: String) -> String? {
        for pair in (uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard Self.formDecoded(parts[0]) == name else { continue }
            let value = parts.count > 1 ? Self.formDecoded(parts[1]) : ""
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func formDecoded(_ raw: Substring) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// An installed model's name: letters, digits, '.', '_' and '-', never a path.
    func modelName(_ name: String = "model", default defaultValue: String? = nil) throws -> String {
        guard let raw = text(name) ?? defaultValue else { throw APIError.invalid("The query parameter \(name) is required.") }
        try Self.checkModelName(raw, parameter: name)
        return raw
    }

    static func checkModelName(_ raw: String, parameter: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard !raw.isEmpty, raw.count <= 64, raw.unicodeScalars.allSatisfy(allowed.contains), !raw.hasPrefix("."),
              !raw.lowercased().hasSuffix(".onnx") else {
            throw APIError.invalid("\(parameter) must be the name of an installed model (see /api/v1/models), got \"\(raw)\".")
        }
    }
}

extension RequestContext {
    /// The path parameter `name` as a positive id.
    func id(_ name: String = "id") throws -> Int64 {
        guard let raw = parameters.get(name), let id = Int64(raw), id > 0 else {
            throw APIError.notFound("\(parameters.get(name) ?? "") is not an id.")
        }
        return id
    }

    /// The path parameter `name`, percent-decoded.
    func text(_ name: String) throws -> String {
        guard let raw = parameters.get(name) else { throw APIError.badRequest("The path has no \(name).") }
        return raw.removingPercentEncoding ?? raw
    }
}
