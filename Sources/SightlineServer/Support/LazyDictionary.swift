// LazyDictionary: values made on first use per key and then shared (one classifier per model
// name asked for), made again next time when making one failed.
import Foundation

final class LazyDictionary<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let make: @Sendable (String) throws -> Value

    init(_ make: @escaping @Sendable (String) throws -> Value) {
        self.make = make
    }

    func get(_ key: String) throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[key] { return value }
        let made = try make(key)
        values[key] = made
        return made
    }
}
