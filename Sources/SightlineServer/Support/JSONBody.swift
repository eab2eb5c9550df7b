// JSONBody: a small JSON request body ({"name": …}, {"enabled": …}) read within the size limit
// and decoded, with errors that say which member was wrong.
import Foundation
import Hummingbird
import NIOCore

enum JSONBody {
    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request, limit: Int) async throws -> Value {
        guard let value = try await decodeIfPresent(type, from: request, limit: limit) else {
            throw APIError.badRequest("The request needs a JSON body.")
        }
        return value
    }

    /// The body decoded, or nil when the request has no body.
    static func decodeIfPresent<Value: Decodable>(_ type: Value.Type, from request: Request, limit: Int) async throws -> Value? {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, code: "too_large",
                           message: "The JSON body is larger than the limit of \(limit) bytes (max-json-bytes).")
        }
        guard buffer.readableBytes > 0 else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: "bad_json", message: "The JSON body does not fit: \(describe(error))")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "" : " at \"\(keys)\""
        }
        switch error {
        case .dataCorrupted(let context): return "it is not valid JSON\(path(context))."
        case .keyNotFound(let key, let context): return "the member \"\(key.stringValue)\" is missing\(path(context))."
        case .typeMismatch(let type, let context): return "expected \(type)\(path(context))."
        case .valueNotFound(let type, let context): return "expected \(type)\(path(context)), found null."
        @unknown default: return "\(error)"
        }
    }
}
