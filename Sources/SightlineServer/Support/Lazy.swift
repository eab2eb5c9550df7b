// Lazy: a value made on first use and then shared by every request, made again on the next
// use when making it failed (so a model installed while the server runs is picked up).
import Foundation

final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private let make: @Sendable () throws -> Value

    init(_ make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    func get() throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = try make()
        value = made
        return made
    }
}
