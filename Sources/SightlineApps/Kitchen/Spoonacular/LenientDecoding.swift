// LenientDecoding: reading a JSON field that may be missing, null or of an unexpected type as
// nil instead of failing the whole response — how every field of Spoonacular's answers is read.
import Foundation

extension KeyedDecodingContainer {
    /// The value for `key`, or nil when it is absent, null or not a `T`.
    func lenientValue<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
