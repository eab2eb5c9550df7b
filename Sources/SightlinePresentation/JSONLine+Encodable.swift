// JSONLine+Encodable: the one encoder behind every JSONAnswer — any Encodable value as a JSONLine,
// keeping object keys in the order the value encodes them (Foundation's JSONEncoder on Linux does
// not), so the CLI prints exactly what the web API serves. Doubles are rounded to six decimals;
// dates become ISO 8601 text.
import Foundation

extension JSONLine {
    /// `value` as JSON with its keys in encoding order.
    public static func encoding<Value: Encodable>(_ value: Value) throws -> JSONLine {
        let root = JSONNodeBox()
        try root.encode(value, codingPath: [])
        return root.line
    }
}

/// One value being built; containers hold boxes so nested encoders can fill them later.
private final class JSONNodeBox {
    enum Node {
        case unset
        case leaf(JSONLine)
        case object([(String, JSONNodeBox)])
        case array([JSONNodeBox])
    }

    var node: Node = .unset

    var line: JSONLine {
        switch node {
        case .unset: .null
        case .leaf(let line): line
        case .object(let members): .object(members.map { ($0.0, $0.1.line) })
        case .array(let elements): .array(elements.map(\.line))
        }
    }

    func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let date as Date:
            node = .leaf(.string(ISO8601DateFormatter().string(from: date)))
        case let url as URL:
            node = .leaf(.string(url.absoluteString))
        default:
            try value.encode(to: JSONNodeEncoder(box: self, codingPath: codingPath))
        }
    }

    func child(forKey key: String) -> JSONNodeBox {
        if case .object(let members) = node, let existing = members.first(where: { $0.0 == key }) {
            return existing.1
        }
        let box = JSONNodeBox()
        if case .object(let members) = node {
            node = .object(members + [(key, box)])
        } else {
            node = .object([(key, box)])
        }
        return box
    }

    func appendElement() -> JSONNodeBox {
        let box = JSONNodeBox()
        if case .array(let elements) = node {
            node = .array(elements + [box])
        } else {
            node = .array([box])
        }
        return box
    }

    var elementCount: Int {
        if case .array(let elements) = node { return elements.count }
        return 0
    }

    func makeObject() {
        if case .object = node { return }
        node = .object([])
    }

    func makeArray() {
        if case .array = node { return }
        node = .array([])
    }

    static func number<T: BinaryFloatingPoint>(_ value: T) -> JSONLine {
        .number(Double(value).rounded(digits: 6))
    }
}

private struct JSONNodeEncoder: Encoder {
    let box: JSONNodeBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return JSONUnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(box: box, codingPath: codingPath)
    }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONNodeBox
    let codingPath: [any CodingKey]

    private func set(_ line: JSONLine, _ key: Key) { box.child(forKey: key.stringValue).node = .leaf(line) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(JSONNodeBox.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(JSONNodeBox.number(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(Double(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try box.child(forKey: key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        let child = box.child(forKey: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = box.child(forKey: key.stringValue)
        child.makeArray()
        return JSONUnkeyedContainer(box: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        JSONNodeEncoder(box: box.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONNodeEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONNodeBox
    let codingPath: [any CodingKey]
    var count: Int { box.elementCount }

    private func append(_ line: JSONLine) { box.appendElement().node = .leaf(line) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(JSONNodeBox.number(value)) }
    mutating func encode(_ value: Float) throws { append(JSONNodeBox.number(value)) }
    mutating func encode(_ value: Int) throws { append(.integer(value)) }
    mutating func encode(_ value: Int8) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: UInt) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(.integer(Int(value))) }
    mutating func encode(_ value: UInt64) throws { append(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try box.appendElement().encode(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey> {
        let child = box.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = box.appendElement()
        child.makeArray()
        return JSONUnkeyedContainer(box: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        JSONNodeEncoder(box: box.appendElement(), codingPath: codingPath)
    }
}

private struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let box: JSONNodeBox
    let codingPath: [any CodingKey]

    private func set(_ line: JSONLine) { box.node = .leaf(line) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(JSONNodeBox.number(value)) }
    mutating func encode(_ value: Float) throws { set(JSONNodeBox.number(value)) }
    mutating func encode(_ value: Int) throws { set(.integer(value)) }
    mutating func encode(_ value: Int8) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: Int16) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: Int32) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: Int64) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: UInt) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: UInt16) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: UInt32) throws { set(.integer(Int(value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try box.encode(value, codingPath: codingPath)
    }
}
